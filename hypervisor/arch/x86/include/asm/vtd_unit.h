/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VT-d driver's own state, shared by its files (vtd.c: units,
 * enable and disable; vtd_tables.c: root, context and second-level
 * tables; vtd_qi.c: queued invalidation; vtd_ir.c: interrupt remapping;
 * vtd_fault.c: fault records). Every unit points at the same tables: the
 * system config says nothing about which devices sit behind which unit.
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


/* vtd.c: one GCMD command (bit set or cleared), waiting for GSTS. */
int vtd_gcmd(struct vtd_unit *u, uint32_t bit, bool set);
/* Writes back the lines of [virt, virt + size) for non-snooping units. */
void vtd_clflush(const void *virt, unsigned long size);

/* vtd_tables.c */
/* The domain id of a cell: id + 1 (0 is reserved in caching mode). */
uint16_t vtd_domain(const struct cell *cell);
int vtd_tables_init(void);
paddr_t vtd_root_table_phys(void);
const struct pt_format *vtd_pt_format(void);
int vtd_cell_init(struct cell *cell);
void vtd_cell_exit(struct cell *cell);
void vtd_attach(struct cell *cell, uint16_t bdf);
/* Makes the cell's tables visible to non-snooping units. */
void vtd_tables_writeback(const struct paging *pg);

/* vtd_qi.c */
int vtd_qi_enable(struct vtd_unit *u);
void vtd_qi_disable(struct vtd_unit *u);
int vtd_qi_submit(struct vtd_unit *u, const uint64_t (*desc)[2],
		  unsigned int count);
int vtd_invalidate_all(struct vtd_unit *u);
void vtd_flush(struct cell *cell);

/* vtd_ir.c */
int vtd_ir_init(void);
int vtd_ir_enable(struct vtd_unit *u);
/* Are compatibility-format interrupts blocked (no root MSI-X function)? */
bool vtd_ir_compat_blocked(void);
int vtd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte);
void vtd_ir_release(uint16_t bdf);
int vtd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw);

/* vtd_fault.c */
void vtd_poll_faults(void);

#endif /* ASM_VTD_UNIT_H */
