/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DMA and interrupt remapping units (IOMMUs), as the core sees them.
 *
 * The core keeps one I/O page table per cell (cell->dma_pt): the cell's
 * JH_MEM_DMA regions, guest-physical to physical, in the unit's own
 * format. It maps and unmaps there exactly when it changes the cell's
 * memory (cell create, destroy); a driver only points its hardware at
 * those tables, moves devices between cells and flushes. Every PCI device
 * a non-root cell does not own belongs to the root cell's table, from
 * enable to disable, so no bus master sees the hypervisor or a cell it
 * does not belong to.
 *
 * Drivers (amd_iommu*.c, vtd*.c, smmuv3*.c) register with
 * DEFINE_IOMMU_DRIVER; the system config's iommus[] pick one by type. The
 * hooks run on one CPU at a time: at enable and disable under init, and
 * later under the control lock, except poll_faults (any root CPU) and the
 * x86 remapping hooks msi_remap and ioapic_remap (trap paths, under the
 * arch's pci_lock, msix_lock or ioapic_lock); the driver locks what those
 * share.
 */
#ifndef HV_IOMMU_H
#define HV_IOMMU_H

#include <jailhouse/config.h>
#include <hv/paging.h>
#include <hv/types.h>

struct cell;

/* An x86 MSI in compatibility format: address 0xfeeXXXXX and data. */
struct iommu_msi_msg {
	uint64_t address;
	uint32_t data;
};

struct iommu_driver {
	uint16_t type;		/* JH_IOMMU_* */
	const char *name;
	/*
	 * Enable, first CPU: take over unit index of the config (map its
	 * registers, check its features, allocate its tables). Translation
	 * stays off until enable(). Called for every configured unit before
	 * anything else.
	 */
	int (*unit_init)(unsigned int index, const struct jh_iommu *cfg);
	/* Format of the I/O page tables, valid after unit_init. */
	const struct pt_format *(*pt_format)(void);
	/*
	 * After enable: do all units take an entry replaced in one write
	 * (struct paging's in_place)? Then a table that memory coming back
	 * leaves mapping one block is merged and freed. NULL or false: it
	 * is kept (a break would fault the root's DMA in flight), one table
	 * per block a cell split.
	 */
	bool (*merge_in_place)(void);
	/*
	 * A cell's table exists and holds its DMA memory (the root cell's
	 * first, before enable): give it a domain. May allocate.
	 */
	int (*cell_init)(struct cell *cell);
	void (*cell_exit)(struct cell *cell);
	/*
	 * Device bdf (domain 0) now belongs to cell: its DMA goes through
	 * cell->dma_pt, its interrupts are remapped only as msi_remap says.
	 * Never allocates (cell create has returned by then).
	 */
	void (*attach)(struct cell *cell, uint16_t bdf);
	/* Start translating and remapping, with every device on the root. */
	int (*enable)(void);
	/* Disable: translation off, units left as Linux found them. */
	void (*shutdown)(void);
	/* After a change of cell->dma_pt: no unit uses a stale entry. */
	void (*flush)(struct cell *cell);
	/* Report what the units recorded (bounded, rate-limited). */
	void (*poll_faults)(void);
	/*
	 * x86 interrupt remapping, NULL if the driver has none. Message n
	 * (MSI vector offset or MSI-X entry) of device bdf, owned by cell,
	 * shall deliver msg (checked by the caller: a vector and CPUs of
	 * cell). Programs the unit and returns in *hw what the device must
	 * send instead. Never allocates.
	 */
	int (*msi_remap)(struct cell *cell, uint16_t bdf, unsigned int n,
			 const struct iommu_msi_msg *msg,
			 struct iommu_msi_msg *hw);
	/*
	 * x86, NULL without: IOAPIC entry index (IOAPIC number *
	 * IOMMU_IOAPIC_PINS + pin) shall deliver msg (vector, delivery mode
	 * and destination, checked by ioapic.c for the pin's owner).
	 * Programs the unit and returns in *rte the redirection entry's
	 * routing bits to write instead (vector, delivery and destination
	 * mode, destination, format; ioapic.c adds mask, trigger and
	 * polarity). Never allocates.
	 */
	int (*ioapic_remap)(unsigned int index, const struct iommu_msi_msg *msg,
			    uint64_t *rte);
};

/* IOAPIC entries per IOAPIC in the index of ioapic_remap. */
#define IOMMU_IOAPIC_PINS	120

/*
 * The section name is a C identifier so that a host linker provides
 * __start_/__stop_ symbols too (the unit tests register fakes this way).
 */
#define DEFINE_IOMMU_DRIVER(var)					\
	static const struct iommu_driver var				\
	__used __section("iommu_drivers") __aligned(8)

extern const struct iommu_driver __start_iommu_drivers[];
extern const struct iommu_driver __stop_iommu_drivers[];

/*
 * Enable, first CPU, after the root cell is set up: takes over the
 * configured units, confines every device to the root cell's memory and
 * starts translating. 0 if the config has no unit.
 */
int iommu_init(void);
/* Disable, once, with no cell but the root left. */
void iommu_shutdown(void);

/* Does an IOMMU confine every device's DMA (and MSIs, where it can)? */
bool iommu_active(void);

/* Cell create (may allocate) and the end of a cell. */
int iommu_cell_init(struct cell *cell);
void iommu_cell_exit(struct cell *cell);

/*
 * Region mem of cell was mapped / [phys, phys + size) of the root cell
 * was taken: the same for the cell's I/O page table, if it has one.
 */
int iommu_map_region(struct cell *cell, const struct jh_memory_region *mem,
		     bool merge);
void iommu_clear_root(uint64_t phys, uint64_t size);

/*
 * The cell's PCI devices move to it / back to the root cell; TLBs of both
 * tables are flushed. Never allocate.
 */
void iommu_cell_assign(struct cell *cell);
void iommu_cell_release(struct cell *cell);

/* Faults the units recorded, on the console. Any root CPU. */
void iommu_poll_faults(void);

/*
 * For drivers: one fault line (rate-limited) naming unit, device, the
 * cell that owns the device, the address and what went wrong.
 */
void iommu_report_fault(unsigned int unit, uint16_t bdf, uint64_t addr,
			bool write, const char *what);

/* See struct iommu_driver.ioapic_remap; -JH_ENOSYS without. */
int iommu_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		       uint64_t *rte);

/* See struct iommu_driver.msi_remap; -JH_ENOSYS without remapping. */
int iommu_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		    const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw);

#endif /* HV_IOMMU_H */
