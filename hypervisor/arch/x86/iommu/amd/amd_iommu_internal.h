/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals shared by the AMD-Vi driver's files: amd_iommu.c (units,
 * device table, cells), amd_iommu_cmd.c (command buffer, event log),
 * amd_iommu_pt.c (I/O page table format), amd_iommu_ir.c (interrupt
 * remapping).
 */
#ifndef AMD_IOMMU_INTERNAL_H
#define AMD_IOMMU_INTERNAL_H

#include <jailhouse/config.h>
#include <hv/paging.h>
#include <hv/spinlock.h>
#include <hv/types.h>
#include <asm/amd_iommu.h>

struct cell;
struct iommu_msi_msg;

/* Command buffer and event log: one page each, 256 entries. */
#define AMD_RING_ENTRIES	256
#define AMD_RING_LEN_LOG2	8

struct amd_unit {
	unsigned int index;		/* in the system config */
	uint16_t bdf;			/* its own PCI function */
	volatile uint8_t *mmio;
	uint64_t efr;
	uint8_t *cmd;			/* command buffer */
	paddr_t cmd_phys;
	uint32_t cmd_tail;		/* byte offset of the next command */
	uint64_t cw_seq;		/* last COMPLETION_WAIT number */
	spinlock_t cmd_lock;
	uint8_t *evt;			/* event log */
	paddr_t evt_phys;
	/* What Linux left in the registers we change, for shutdown. */
	uint64_t saved_cmd, saved_evt, saved_excl;
	uint64_t saved_control;
	spinlock_t evt_lock;		/* poll_faults runs on any root CPU */
};

extern struct amd_unit amd_units[JH_MAX_IOMMUS];
extern unsigned int amd_num_units;

static inline uint64_t amd_read(const struct amd_unit *u, unsigned int reg)
{
	return *(volatile uint64_t *)(u->mmio + reg);
}

static inline void amd_write(const struct amd_unit *u, unsigned int reg,
			     uint64_t val)
{
	*(volatile uint64_t *)(u->mmio + reg) = val;
}

/* amd_iommu_cmd.c */
struct amd_cmd {
	uint64_t q0, q1;
};

void amd_cmd_reset(struct amd_unit *u);
/* Runs num commands and waits (bounded) until the unit finished them. */
int amd_cmd_run(struct amd_unit *u, const struct amd_cmd *cmds,
		unsigned int num);
/* The same on every unit; the last error, if any. */
int amd_cmd_run_all(const struct amd_cmd *cmds, unsigned int num);
void amd_evt_reset(struct amd_unit *u);
/* Forgets the target aborts the unit signalled so far. */
void amd_clear_aborts(const struct amd_unit *u);
void amd_poll_faults(void);

/* amd_iommu_pt.c */
extern const struct pt_format amd_pt_format;
/* Rewrites the empty entries of pg so that a walk hitting them faults. */
void amd_pt_mark_empty(struct paging *pg);

/* amd_iommu_ir.c */
int amd_ir_cell_init(struct cell *cell);
void amd_ir_cell_exit(struct cell *cell);
/* Physical address of the table of cell's device bdf, 0 if none. */
paddr_t amd_ir_table(const struct cell *cell, uint16_t bdf);
/* The devices of cell that have a table: their number, *bdf their IDs. */
unsigned int amd_ir_devices(const struct cell *cell, const uint16_t **bdf);
/*
 * The root's IOAPIC table (for its device IDs without one of their own)
 * if the units can remap the IOAPIC, else 0; and ioapic_remap.
 */
bool amd_ioapic_ok(void);
paddr_t amd_ir_ioapic_table(void);
int amd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte);
/* Can an entry say msg? And the 32-bit entry that does. */
bool amd_msi_msg_ok(const struct iommu_msi_msg *msg);
uint32_t amd_irte(const struct iommu_msi_msg *msg);
int amd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw);
/* log2 of the entries of each table (the DTE's IntTabLen). */
#define AMD_IRT_LEN_LOG2	9

#endif /* AMD_IOMMU_INTERNAL_H */
