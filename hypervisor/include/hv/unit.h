/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Units: the subsystems the core drives without naming them (the IOMMU
 * core, the inter-cell links, the interrupt controller backends, ...).
 * Each one defines a struct unit with DEFINE_UNIT; the linker collects
 * them in the order of the object lists (hypervisor/Makefile, then the
 * arch's objs.mk), and the core calls every unit's hook at each step of
 * the hypervisor's and of a cell's life (core/unit.c). A unit leaves out
 * the hooks it does not need.
 *
 * Order: every hook runs in table order but shutdown and cell_exit, which
 * run in reverse, so a unit may rely on the ones before it being set up.
 * The core calls release after the arch has quiesced the cell's devices,
 * so an IOMMU gives a device back to the root only once it is silent,
 * and before the cell's RAM goes back to the root.
 *
 * Context: init and shutdown on the first CPU in and the last CPU out;
 * every cell hook with control_lock held and the cell's CPUs parked (a
 * non-root cell's) or not yet under the hypervisor (the root's, at init).
 * Hooks that return void run after cell create's point of no return and
 * must not fail: anything they need is allocated by cell_init.
 */
#ifndef HV_UNIT_H
#define HV_UNIT_H

#include <jailhouse/config.h>
#include <hv/mmio_access.h>
#include <hv/types.h>

struct cell;
struct per_cpu;

struct unit {
	const char *name;
	/* Enable, after the root cell is built: set up for it too. */
	int (*init)(void);
	/* Disable: leave the hardware as Linux found it. */
	void (*shutdown)(void);
	/*
	 * Cell create (also for the root cell, while enable builds it): the
	 * cell's guest page table exists. May allocate. A failure makes
	 * create call cell_exit of every unit, so cell_exit must cope with
	 * a cell this hook did not finish.
	 */
	int (*cell_init)(struct cell *cell);
	void (*cell_exit)(struct cell *cell);
	/* The cell's resources move from the root to it, and back. */
	void (*assign)(struct cell *cell);
	void (*release)(struct cell *cell);
	/* The cell stops or restarts: its devices go to their reset state. */
	void (*reset)(struct cell *cell);
	/* A memory region enters the cell's guest-physical space. */
	int (*map_region)(struct cell *cell, const struct jh_memory_region *mem,
			  bool merge);
	/* The root cell gives up [phys, phys + size) to a new cell. */
	void (*root_unmap)(uint64_t phys, uint64_t size);
	/* Page tables per memory region it keeps besides the guest's. */
	unsigned int (*tables_per_region)(void);
	/* A trapped access the fixed MMIO table did not claim. */
	enum mmio_result (*mmio)(struct per_cpu *pcpu, struct mmio_access *acc);
	/* Housekeeping on the root's hypercalls (bounded, rate-limited). */
	void (*poll)(void);
};

#define DEFINE_UNIT(sym)						\
	static const struct unit sym					\
	__attribute__((used, section("units"), aligned(8)))

int units_init(void);
void units_shutdown(void);
int units_cell_init(struct cell *cell);
void units_cell_exit(struct cell *cell);
void units_assign(struct cell *cell);
void units_release(struct cell *cell);
void units_reset(struct cell *cell);
int units_map_region(struct cell *cell, const struct jh_memory_region *mem,
		     bool merge);
void units_root_unmap(uint64_t phys, uint64_t size);
unsigned int units_tables_per_region(void);
enum mmio_result units_mmio(struct per_cpu *pcpu, struct mmio_access *acc);
void units_poll(void);

#endif /* HV_UNIT_H */
