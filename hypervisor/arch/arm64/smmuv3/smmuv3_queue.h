/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SMMUv3 driver's view of one unit and its queues (smmuv3_queue.c),
 * which the table side (smmuv3.c) builds on. Private to smmuv3/.
 */
#ifndef SMMUV3_SMMUV3_QUEUE_H
#define SMMUV3_SMMUV3_QUEUE_H

#include <hv/spinlock.h>
#include <hv/types.h>

/* A circular queue in hypervisor memory: 2^log2 entries of size bytes. */
struct smmu_queue {
	uint64_t *base;
	paddr_t phys;
	unsigned int log2;
	unsigned int size;
	uint32_t prod, cons;	/* index with wrap bit, our copy */
	uint64_t prod_reg, cons_reg;
};

struct smmu_unit {
	unsigned int index;
	uint64_t regs;		/* mapped 1:1 */
	uint32_t gbpa;		/* as found: what the unit does when off */
	bool enabled;
	bool bbml2;		/* IDR3.BBML: tables merge in place */
	unsigned int sid_bits;	/* stream table covers 2^sid_bits IDs */
	uint64_t *strtab;
	paddr_t strtab_phys;
	struct smmu_queue cmdq, evtq;
	spinlock_t evtq_lock;	/* poll_faults runs on any root CPU */
	spinlock_t gerror_lock;	/* GERRORN: the command path and poll */
};

/* Zeroed pages, physically aligned to their size (a power of two). */
void *smmu_alloc(unsigned long pages, paddr_t *phys);
/* Queues (smmuv3_queue.c). */
/* q->log2 set: its memory, empty. */
int smmu_queue_alloc(struct smmu_queue *q, unsigned int entry_size,
		     uint64_t prod_reg, uint64_t cons_reg);
/* The value for SMMU_CMDQ_BASE / SMMU_EVENTQ_BASE. */
uint64_t smmu_queue_base(const struct smmu_queue *q);
/*
 * Queues one command, then a CMD_SYNC, and waits (bounded) until the
 * unit consumed both. 0 or -JH_EBUSY (said on the console).
 */
int smmu_cmd_sync(struct smmu_unit *u, uint64_t cmd0, uint64_t cmd1);
/* Reports what the event queue holds and consumes it (bounded). */
void smmu_drain_events(struct smmu_unit *u);
/*
 * Waits (bounded) until the 32-bit register at off reads want under
 * mask. 0 or -JH_EBUSY (said on the console, naming what).
 */
int smmu_wait(struct smmu_unit *u, unsigned int off, uint32_t mask,
	      uint32_t want, const char *what);

#endif /* SMMUV3_SMMUV3_QUEUE_H */
