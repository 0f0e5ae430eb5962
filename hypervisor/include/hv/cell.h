/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cells: the root cell (Linux) and the cells created from it. A cell owns
 * CPUs, memory (its stage-2 / nested page table), interrupts and, unless
 * it is the root cell, a comm region page.
 */
#ifndef HV_CELL_H
#define HV_CELL_H

#include <jailhouse/config.h>
#include <jailhouse/comm-region.h>
#include <hv/bitmap.h>
#include <hv/paging.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <hv/types.h>
#include <asm/cell.h>
#include <asm/percpu.h>

#define HV_MAX_CELLS		16	/* root included */
#define CELL_CONSOLE_LINE	120	/* console hypercall line buffer */

struct cell {
	unsigned int id;		/* 0: root */
	char name[JH_CELL_NAME_LEN];
	/* Copy in hypervisor memory; the root's points into the sysconfig. */
	const struct jh_cell_desc *config;
	uint64_t cpu_set[BITMAP_WORDS(HV_MAX_CPUS)];
	unsigned int num_cpus;
	volatile uint32_t state;	/* JH_CELL_* */
	struct paging guest_pt;		/* guest-physical -> physical */
	/* Its devices' view: JH_MEM_DMA regions only (hv/iommu.h). */
	struct paging dma_pt;
	struct jh_comm_region *comm_region;	/* NULL for the root cell */
	bool loadable;			/* loadable regions mapped to root */
	volatile bool stopping;		/* no PSCI CPU_ON while set */
	/* Lifecycle call that claimed the cell, NULL if none (control.c). */
	const char *busy;
	struct cell_arch arch;

	/* The console hypercalls collect a line before printing it. */
	spinlock_t con_lock;
	char con_line[CELL_CONSOLE_LINE];
	unsigned int con_len;
	struct ratelimit con_rl;	/* lines a non-root cell prints */
	struct ratelimit msg_rl;	/* messages it causes (cell_printk) */
};

extern struct cell root_cell;
/* Every existing cell by id, root at 0; NULL entries are free. */
extern struct cell *cells[HV_MAX_CELLS];

static inline struct cell *cell_by_id(unsigned long id)
{
	return id < HV_MAX_CELLS ? cells[id] : NULL;
}

static inline bool cell_has_cpu(const struct cell *cell, unsigned int cpu)
{
	return cpu < HV_MAX_CPUS && bitmap_test(cell->cpu_set, cpu);
}

#define for_each_cell_cpu(cpu, cell)					\
	for_each_set_bit(cpu, (cell)->cpu_set, HV_MAX_CPUS)

unsigned int cell_count(void);


/* Fills cell->cpu_set and num_cpus from desc. */
void cell_set_cpus(struct cell *cell, const struct jh_cell_desc *desc);

/*
 * Maps one config memory region into the cell's guest page table (with
 * pt_map, or with pt_map_keep_tables for mappings that come and go while
 * the cell exists, so that taking them away again allocates nothing).
 */
int cell_map_region(struct cell *cell, const struct jh_memory_region *mem);
int cell_map_region_keep_tables(struct cell *cell,
				const struct jh_memory_region *mem);
/*
 * Maps [mem] (physical range; its virt_start and flags are ignored) back
 * into the root cell with the attributes of the root region holding it
 * (control lock held). -JH_EINVAL if no root region holds it.
 */
int cell_give_back_to_root(const struct jh_memory_region *mem);

/*
 * CPUs may use the cell's guest table from now on (its VMID is set up):
 * later changes get break-before-make and merging (hv/paging.h).
 */
void cell_guest_pt_live(struct cell *cell);

/*
 * Was a guest translation fault at gpa only a break-before-make window of
 * a concurrent table change? True if gpa is mapped by now: the guest then
 * just retries. Takes the control lock; for fault paths only.
 */
bool cell_fault_is_transient(struct cell *cell, uint64_t gpa);

/*
 * printk for a message a (non-root) cell's guest can cause at will:
 * rate-limited per cell, so one cell can neither flood the console nor
 * silence the messages of another.
 */
void cell_printk(struct cell *cell, const char *fmt, ...) __printf(2, 3);

/*
 * The console hypercalls (cell_console.c), which print whole lines: one
 * character, or len bytes at gpa of the calling CPU's cell (the result of
 * JH_HC_DEBUG_CONSOLE_WRITE).
 */
void cell_console_putc(struct cell *cell, char c);
long cell_console_write(struct per_cpu *pcpu, uint64_t gpa, uint64_t len);

/* Arch hooks. */
int cell_arch_init(struct cell *cell);
void cell_arch_exit(struct cell *cell);
/* Arch-specific mappings beside the config's regions. */
int cell_arch_map_platform(struct cell *cell);
/*
 * Moves the arch resources (interrupts, redistributor frames, PCI
 * devices) of a new cell from the root cell to it, and back when it is
 * destroyed. CPU sets are already updated; memory too on assign, but on
 * release the cell's RAM goes back only after (its devices first).
 */
void cell_arch_assign(struct cell *cell);
void cell_arch_release(struct cell *cell);
/*
 * At every stop and start of the cell: its interrupts and devices as
 * cell_arch_assign left them (the previous run's enabled, pending or
 * active interrupts gone, its PCI devices' decoding, bus mastering and
 * MSIs off), so that no DMA of a stopped run lands in the image the root
 * loads or the RAM it gets back. Default: none.
 */
void cell_arch_reset_devices(struct cell *cell);
/* Guest TLB entries of the cell, on every CPU. */
void cell_arch_flush_tlb(struct cell *cell);
/*
 * Guest TLB entries of [gpa, gpa + size) of the cell, on every CPU (the
 * default, in arch_defaults.c, flushes the whole cell).
 */
void cell_arch_flush_tlb_range(struct cell *cell, uint64_t gpa,
			       uint64_t size);
const struct pt_format *paging_arch_guest_format(void);

#endif /* HV_CELL_H */
