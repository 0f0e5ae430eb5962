/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VT-d units (vtd_unit.c), which every file of the driver reaches:
 * their registers, what they have in common, and their global commands.
 * Every unit points at the same tables: the system config says nothing
 * about which devices sit behind which unit.
 */
#ifndef ASM_VTD_UNIT_H
#define ASM_VTD_UNIT_H

#include <jailhouse/config.h>
#include <hv/spinlock.h>
#include <hv/types.h>

struct cell;
struct iommu_msi_msg;
struct paging;

/* Bounded waits for the hardware: a command, an invalidation. */
#define VTD_TIMEOUT_US		100000

struct vtd_unit {
	volatile uint8_t *regs;		/* NULL: not taken over */
	paddr_t base;
	uint64_t cap, ecap;
	unsigned int fro, nfr;		/* fault records: offset, count */
	/* Invalidation queue: one page, tail in descriptors. */
	uint64_t *iq;
	unsigned int iq_tail;
	spinlock_t iq_lock;
	uint32_t iq_status __aligned(8);	/* wait descriptor writes */
	spinlock_t fault_lock;
};

/* What all units have in common, fixed by the last unit_init. */
struct vtd_common {
	unsigned int units;
	unsigned int sagaw, sllps, mgaw;
	unsigned long domains;		/* fewest of any unit */
	bool coherent;			/* every unit snoops its walks */
	bool ir;			/* every unit remaps interrupts */
	bool rwbf;			/* some unit needs write-buffer flush */
};

extern struct vtd_unit vtd_units[JH_MAX_IOMMUS];
extern struct vtd_common vtd;

static inline uint32_t vtd_read32(const struct vtd_unit *u, unsigned int reg)
{
	return *(volatile uint32_t *)(u->regs + reg);
}

static inline uint64_t vtd_read64(const struct vtd_unit *u, unsigned int reg)
{
	return *(volatile uint64_t *)(u->regs + reg);
}

static inline void vtd_write32(struct vtd_unit *u, unsigned int reg,
			       uint32_t val)
{
	*(volatile uint32_t *)(u->regs + reg) = val;
}

static inline void vtd_write64(struct vtd_unit *u, unsigned int reg,
			       uint64_t val)
{
	*(volatile uint64_t *)(u->regs + reg) = val;
}

/* One GCMD command (bit set or cleared), waiting for GSTS. */
int vtd_gcmd(struct vtd_unit *u, uint32_t bit, bool set);
/* Posted table writes reach memory before the unit walks them. */
void vtd_write_buffer_flush(struct vtd_unit *u);
/* Writes back the lines of [virt, virt + size) for non-snooping units. */
void vtd_clflush(const void *virt, unsigned long size);

#endif /* ASM_VTD_UNIT_H */
