/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared-memory links between cells: one ivshmem 2.0 device per link end
 * (Documentation/ivshmem.md). ivshmem.c keeps the links across the cell
 * lifecycle, ivshmem_dev.c emulates a device's config space and
 * registers. All lifecycle hooks run under the control lock; the device
 * accesses take ivshmem_lock.
 */
#ifndef HV_IVSHMEM_H
#define HV_IVSHMEM_H

#include <jailhouse/config.h>
#include <hv/cell.h>
#include <hv/mmio.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <hv/types.h>

/* Every end of every link fits: each cell holds at most JH_MAX_LINKS. */
#define IVSHMEM_MAX_LINKS	(HV_MAX_CELLS * JH_MAX_LINKS / 2)

/*
 * Doorbells one end may ring per window before they are dropped (the
 * refusal text in ivshmem_dev.c says the same). Each costs the target CPU
 * at most one kick; pending interrupts merge. 64 per ms dropped doorbells
 * of the demo under icount (round trips of 1.6 us): it must stay above
 * what a ping-pong between two cells does on fast hardware.
 */
#define IVSHMEM_DB_WINDOW_US	1000
#define IVSHMEM_DB_BURST	1000

/* One end: the device a peer's cell sees. */
struct ivshmem_end {
	struct cell *cell;		/* NULL: this peer is not there */
	const struct jh_link *cfg;	/* in the cell's config */
	uint32_t state;			/* State register */
	uint32_t int_ctrl;		/* Interrupt Control register */
	uint16_t command;		/* PCI COMMAND, writable bits only */
	bool int_status;		/* PCI STATUS interrupt status */
	uint8_t int_line;		/* PCI interrupt line, as written */
	uint8_t sizing;			/* bit n: BARn was written all ones */
	bool bar2;			/* root end: BAR2 shows the memory */
	uint16_t msix_ctrl;		/* MSI-X Message Control, writable bits */
	uint32_t msix_entry[4];		/* the one table entry, as written */
	bool msix_ok;			/* entry checked: msix_cpu takes it */
	unsigned int msix_cpu;
	uint64_t db_window;		/* timer_arch_now_us() */
	unsigned int db_count;
	struct ratelimit refused_rl;
};

struct ivshmem_link {
	unsigned int users;		/* ends reserved by created cells */
	uint32_t id;
	bool taken;			/* the memory is off the root cell */
	paddr_t phys;
	uint64_t size;
	uint32_t state_size;		/* bytes of the state table */
	volatile uint32_t *state_table;	/* hypervisor mapping */
	struct ivshmem_end ends[JH_LINK_MAX_PEERS];
};

extern spinlock_t ivshmem_lock;
extern struct ivshmem_link ivshmem_links[IVSHMEM_MAX_LINKS];

/* Lifecycle (control lock held; see hypervisor/core/control.c). */
int ivshmem_cell_init(struct cell *cell);	/* maps the memory */
void ivshmem_cell_assign(struct cell *cell);	/* takes it from root */
void ivshmem_cell_reset(struct cell *cell);	/* start, stop */
void ivshmem_cell_release(struct cell *cell);	/* gives it back */
void ivshmem_cell_exit(struct cell *cell);	/* frees the slots */

/* Lock held: an end's state change reaches the other peers. */
void ivshmem_set_state(struct ivshmem_link *link, unsigned int peer,
		       uint32_t state);
/* Lock held: interrupt peer of link (if it listens). */
void ivshmem_ring(struct ivshmem_link *link, unsigned int peer);

/*
 * The cell's end of link with the virtual device at bdf (domain 0), or
 * whose BARs hold gpa; NULL if none. Lock held.
 */
struct ivshmem_end *ivshmem_end_at_bdf(const struct cell *cell, uint16_t bdf,
				       struct ivshmem_link **link);
struct ivshmem_end *ivshmem_end_at_gpa(const struct cell *cell, uint64_t gpa,
				       struct ivshmem_link **link);

/*
 * Config space of a link's device (ivshmem_dev.c): true if bdf is one of
 * the cell's link devices, and then *value is what a read returns. reg is
 * naturally aligned for size 1, 2 or 4.
 */
bool ivshmem_cfg_access(struct cell *cell, uint16_t bdf, unsigned int reg,
			unsigned int size, bool is_write, uint32_t *value);

/* BAR0/BAR1 of the cell's link devices; MMIO_UNHANDLED if none. */
enum mmio_result ivshmem_mmio(struct per_cpu *pcpu, struct mmio_access *acc);

/*
 * Arch: inject the link interrupt irq into the cell (one of its running
 * CPUs); whether this arch implements links at all.
 */
void ivshmem_arch_inject(struct cell *cell, uint32_t irq);
bool ivshmem_arch_supported(void);

/*
 * MSI-X (ivshmem_msix.c), on arches whose link interrupts are MSI-X
 * (ivshmem_arch_msix()): the capability in config space, the table in
 * BAR1, delivery. Lock held.
 */
bool ivshmem_msix_cfg_read(const struct ivshmem_end *end, unsigned int reg,
			   uint32_t *value);
void ivshmem_msix_cfg_write(struct ivshmem_end *end, unsigned int reg,
			    unsigned int size, uint32_t value);
void ivshmem_msix_table(struct ivshmem_end *end, struct mmio_access *acc,
			uint64_t off);
void ivshmem_msix_deliver(struct ivshmem_end *end);
void ivshmem_msix_reset(struct ivshmem_end *end);

/*
 * Arch: whether link interrupts are MSI-X; why the message (address,
 * data) of a cell's table entry may not be sent (NULL: it may, to *cpu);
 * sending it.
 */
bool ivshmem_arch_msix(void);
const char *ivshmem_arch_msix_check(const struct cell *cell, uint64_t addr,
				    uint32_t data, unsigned int *cpu);
void ivshmem_arch_msix_send(unsigned int cpu, uint32_t data);

#endif /* HV_IVSHMEM_H */
