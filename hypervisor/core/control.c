// SPDX-License-Identifier: GPL-2.0
/*
 * The cell lifecycle (JH_HC_CELL_*); CPU hand-over and a cell's own stop
 * and restart (PSCI) are in cpu_handover.c, the shutdown handshake in
 * comm_region.c, create's config fetch and check in cell_config.c.
 *
 * All lifecycle calls run under control_lock, taken first. A call that
 * must wait for another CPU (a CPU to park, the cell to answer the
 * shutdown request) drops the lock meanwhile; before it does, it claims
 * the cell (cell->busy; create claims the new cell from the moment it is
 * entered into cells[], with its config, so that concurrent creates check
 * against it; a cell's own restart claims it too), and every other call
 * on a claimed cell is refused with -JH_EBUSY. After taking the lock
 * again it relies only on what the claim protects: the cell, its CPUs and
 * resources. Everything a cell needs is allocated in cell create; start,
 * load, shutdown and destroy allocate nothing (root mappings given to a
 * cell are cleared with pt_clear, which keeps the tables, and loadable
 * regions come and go in the root cell with pt_map_keep_tables and
 * pt_clear). Destroy maps the cell's memory back into the root cell with
 * pt_map, which merges the split tables into blocks again.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/cell_config.h>
#include <hv/comm_region.h>
#include <hv/control.h>
#include <hv/control_lock.h>
#include <hv/cpu_handover.h>
#include <hv/format.h>
#include <hv/hypervisor.h>
#include <hv/paging.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/scrub.h>
#include <hv/string.h>
#include <hv/unit.h>
#include <asm/processor.h>

/* Worst case of new tables when the root cell loses one region. */
#define TABLES_PER_REGION	(2 * (PT_LEVELS - 1))

/* Stops the cell's CPUs (parked, failed ones stay parked). */
static int stop_cell(struct cell *cell)
{
	unsigned int cpu;
	int err;

	err = cell_park_cpus(cell);
	if (err != 0) {
		return err;
	}
	for_each_cell_cpu(cpu, cell) {
		if (per_cpu(cpu)->state == CPU_FAILED) {
			per_cpu(cpu)->state = CPU_PARKED;
		}
	}
	cell->state = JH_CELL_SHUT_DOWN;
	/*
	 * Its devices reset: link peers see its state drop to 0, and its
	 * PCI devices stop mastering, so that no transfer of this run lands
	 * in RAM the root loads a new image into or gets back.
	 */
	units_reset(cell);
	cell_arch_reset_devices(cell);
	comm_write_state(cell, JH_CELL_SHUT_DOWN);
	return 0;
}

/*
 * Every call that stops a running cell (start of a running cell, set
 * loadable, shutdown, destroy) asks it first, unless the root forces it.
 */
static int ask_and_stop(struct cell *cell, unsigned long flags)
{
	int err = comm_ask_shutdown(cell, flags & JH_HC_FORCE);

	return (err != 0) ? err : stop_cell(cell);
}

/*
 * Claims cell id for one lifecycle operation (control lock held). While
 * claimed, the operation may drop the lock (to wait for CPUs to park or
 * for the shutdown handshake) and no other operation can touch or free
 * the cell: they are refused with -JH_EBUSY instead.
 */
static long claim_cell(unsigned long id, const char *what, struct cell **out)
{
	struct cell *cell = id ? cell_by_id(id) : NULL;

	if (!cell) {
		hv_error("%s: no cell with id %lu", what, id);
		return -JH_ENOENT;
	}
	if (cell->busy != NULL) {
		hv_error("%s: cell \"%s\" is busy (%s in progress)", what,
			 cell->name, cell->busy);
		return -JH_EBUSY;
	}
	cell->busy = what;
	*out = cell;
	return 0;
}

static void release_cell(struct cell *cell)
{
	cell->busy = NULL;
}

static long check_flags(unsigned long flags, const char *what)
{
	if ((flags & ~(unsigned long)JH_HC_FORCE) != 0U) {
		hv_error("%s: unknown flags 0x%lx", what, flags);
		return -JH_EINVAL;
	}
	return 0;
}

/*
 * The start of every call on an existing cell (cell load, start,
 * shutdown, destroy): takes the control lock, checks flags, claims the
 * cell and stops it (asking it first unless forced). Returns with the
 * lock held either way; on success the cell is claimed and stopped, on
 * failure nothing is claimed.
 */
static long begin_cell_call(struct per_cpu *pcpu, unsigned long id,
			    unsigned long flags, const char *what,
			    struct cell **cell)
{
	long err;

	control_lock_in_trap(pcpu);
	err = check_flags(flags, what);
	if (!err) {
		err = claim_cell(id, what, cell);
	}
	if (err != 0) {
		return err;
	}
	err = ask_and_stop(*cell, flags);
	if (err != 0) {
		release_cell(*cell);
	}
	return err;
}

/* Is cpu a root CPU under the hypervisor? Names the one that is not. */
static bool root_cpu(const struct jh_cell_desc *desc, unsigned int cpu)
{
	struct per_cpu *pcpu = per_cpu(cpu);

	if (pcpu && pcpu->cell == &root_cell && pcpu->state != CPU_ABSENT) {
		return true;
	}
	hv_error("cell \"%.32s\": CPU %u is not a root cell CPU under the hypervisor",
		 desc->name, cpu);
	return false;
}

/*
 * x86: Linux's offline CPUs still run (hlt); parks them. Drops the control
 * lock while waiting: the caller has reserved the cell, whose config keeps
 * concurrent creates off these CPUs.
 */
static int park_offline_cpus(const struct jh_cell_desc *desc)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (!jh_cpu_in_set(desc, cpu)) {
			continue;
		}
		if (!root_cpu(desc, cpu)) {
			return -JH_EINVAL;
		}
		pcpu = per_cpu(cpu);
		if (pcpu->state == CPU_RUNNING &&
		    cpu_arch_offline_cpus_keep_running() &&
		    cpu_request_park(pcpu)) {
			return -JH_EBUSY;
		}
	}
	return 0;
}

/*
 * The cell's CPUs must have been taken from Linux: parked root CPUs.
 * Checked again right before they move, under the same hold of the lock.
 */
static int check_cpus_parked(const struct jh_cell_desc *desc)
{
	unsigned int cpu;

	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (!jh_cpu_in_set(desc, cpu)) {
			continue;
		}
		if (!root_cpu(desc, cpu)) {
			return -JH_EINVAL;
		}
		if (per_cpu(cpu)->state != CPU_PARKED) {
			hv_error("cell \"%.32s\": CPU %u is still online in the root cell",
				 desc->name, cpu);
			return -JH_EBUSY;
		}
	}
	return 0;
}

static unsigned int free_cell_id(void)
{
	unsigned int id;

	for (id = 1; id < HV_MAX_CELLS; id++) {
		if (!cells[id]) {
			return id;
		}
	}
	return 0;
}

static bool gives_up_root_memory(const struct jh_memory_region *mem)
{
	return !(mem->flags & (JH_MEM_COMM_REGION | JH_MEM_ROOTSHARED));
}

/* Also a half-built one (its fields zeroed by page_alloc). */
static void free_cell(struct cell *cell, uint64_t config_size)
{
	units_cell_exit(cell);
	cell_arch_exit(cell);
	if (cell->guest_pt.root != NULL) {
		pt_destroy(&cell->guest_pt);
	}
	page_free(&hv.pool, cell->comm_region, 1);
	page_free(&hv.pool, (void *)cell->config, PAGES(config_size));
	page_free(&hv.pool, cell, PAGES(sizeof(*cell)));
}

static void move_cpus(struct cell *from, struct cell *to,
		      const uint64_t *set)
{
	unsigned int cpu;

	for_each_set_bit(cpu, set, HV_MAX_CPUS) {
		bitmap_clear(from->cpu_set, cpu);
		from->num_cpus--;
		bitmap_set(to->cpu_set, cpu);
		to->num_cpus++;
		per_cpu(cpu)->cell = to;
		/* Whoever runs it next starts from a clean state. */
		per_cpu(cpu)->guest_cell = NULL;
	}
}

static int build_cell(struct cell *cell, const struct jh_cell_desc *desc)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(desc);
	unsigned int n;
	int err;

	cell->comm_region = page_alloc(&hv.pool, 1);
	if (!cell->comm_region) {
		return -JH_ENOMEM;
	}
	err = pt_create(&cell->guest_pt, paging_arch_guest_format(),
			&hv.pool);
	for (n = 0; !err && n < desc->num_memory_regions; n++) {
		err = cell_map_region(cell, &mem[n]);
	}
	if (!err) {
		err = units_cell_init(cell);
	}
	if (!err) {
		err = cell_arch_init(cell);
	}
	if (!err) {
		cell_guest_pt_live(cell);
	}
	/* Nothing of the memory's previous owner is visible to the cell. */
	if (!err) {
		err = scrub_cell_memory(desc);
	}
	if (!err && hv.pool.pages - hv.pool.used <
	    (desc->num_memory_regions + desc->num_links + 2) *
	    TABLES_PER_REGION * (1 + units_tables_per_region())) {
		err = -JH_ENOMEM;
	}
	if (err != 0) {
		hv_error("cell \"%s\": cannot set it up (error %d, page pool %lu/%lu used)",
			 cell->name, err, hv.pool.used, hv.pool.pages);
	}
	return err;
}

/*
 * Takes a free id and enters the cell into cells[] at once, claimed by
 * create and not yet built: from here on, concurrent creates check their
 * configs against this one, and every other call on it is refused, while
 * create drops the lock to park CPUs.
 */
static long reserve_cell(struct jh_cell_desc *desc, struct cell **out)
{
	unsigned int id = free_cell_id();
	struct cell *cell;

	if (!id) {
		hv_error("cell create: too many cells (at most %u)",
			 HV_MAX_CELLS - 1);
		return -JH_E2BIG;
	}
	cell = page_alloc(&hv.pool, PAGES(sizeof(*cell)));
	if (!cell) {
		hv_error("cell create: no memory for the cell");
		return -JH_ENOMEM;
	}
	cell->id = id;
	cell->config = desc;
	strscpy_hv(cell->name, desc->name, sizeof(cell->name));
	cell->state = JH_CELL_SHUT_DOWN;
	cell->busy = "cell create";
	cells[id] = cell;
	*out = cell;
	return 0;
}

/* The new cell takes its CPUs and memory from the root. Nothing fails. */
static void assign_cell(struct cell *cell)
{
	const struct jh_cell_desc *desc = cell->config;
	const struct jh_memory_region *mem = jh_cell_mem_regions(desc);
	uint64_t cpus[BITMAP_WORDS(HV_MAX_CPUS)] = { 0 };
	unsigned int n, cpu;

	/* The pool has room for any split (build_cell checked). */
	for (n = 0; n < desc->num_memory_regions; n++) {
		if (gives_up_root_memory(&mem[n])) {
			pt_clear(&root_cell.guest_pt, mem[n].phys_start,
				 mem[n].size);
			units_root_unmap(mem[n].phys_start, mem[n].size);
		}
	}
	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (jh_cpu_in_set(desc, cpu)) {
			bitmap_set(cpus, cpu);
		}
	}
	move_cpus(&root_cell, cell, cpus);
	cell_arch_assign(cell);
	units_assign(cell);
	cell_arch_flush_tlb(&root_cell);
	comm_reset(cell);
}

static bool refuse_in_transition(void)
{
	if (!hv_root_in_transition()) {
		return false;
	}
	hv_error("cell create: the hypervisor is %s (%u of %u CPUs under it)",
		 READ_ONCE(hv.disabling) ? "being disabled" : "still being enabled",
		 READ_ONCE(hv.entered_cpus), hv_header.online_cpus);
	return true;
}

long control_cell_create(struct per_cpu *pcpu, unsigned long config_addr)
{
	struct jh_cell_desc *desc;
	struct cell *cell = NULL;
	unsigned int cpu;
	char cpus[128];
	size_t len = 0;
	uint64_t size;
	long err;

	cpus[0] = '\0';
	control_lock_in_trap(pcpu);
	if (refuse_in_transition()) {
		spin_unlock(&control_lock);
		return -JH_EBUSY;
	}
	desc = cell_config_fetch(config_addr, &size);
	if (!desc) {
		spin_unlock(&control_lock);
		return -JH_EINVAL;
	}
	err = cell_config_check(desc, size);
	if (!err) {
		err = reserve_cell(desc, &cell);
	}
	if (err != 0) {
		page_free(&hv.pool, desc, PAGES(size));
		goto out;
	}
	err = park_offline_cpus(desc);
	if (!err) {
		err = build_cell(cell, desc);
	}
	if (!err) {
		err = check_cpus_parked(desc);
	}
	if (err != 0) {
		cells[cell->id] = NULL;
		free_cell(cell, size);
		goto out;
	}

	assign_cell(cell);
	release_cell(cell);
	/* One printk: another CPU's line must not land inside this one. */
	for_each_cell_cpu(cpu, cell) {
		len += format_string(&cpus[len], sizeof(cpus) - len, " %u", cpu);
	}
	printk("Created cell \"%s\" (id %u): CPUs%s, %u memory regions, page pool %lu/%lu used\n",
	       cell->name, cell->id, cpus, desc->num_memory_regions,
	       hv.pool.used, hv.pool.pages);
	err = cell->id;
out:
	spin_unlock(&control_lock);
	return err;
}

static int set_loadable(struct cell *cell, bool loadable)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->config);
	struct jh_memory_region r;
	unsigned int n;
	int err = 0;

	if (cell->loadable == loadable) {
		return 0;
	}
	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (!(mem[n].flags & JH_MEM_LOADABLE)) {
			continue;
		}
		if (loadable) {
			r = mem[n];
			r.virt_start = r.phys_start;
			r.flags = JH_MEM_READ | JH_MEM_WRITE;
			err = cell_map_region_keep_tables(&root_cell, &r);
		} else if (!(mem[n].flags & JH_MEM_ROOTSHARED)) {
			err = pt_clear(&root_cell.guest_pt, mem[n].phys_start,
				       mem[n].size);
		}
		if (err != 0) {
			break;
		}
	}
	/* Synchronous: no root CPU keeps a loadable mapping after this. */
	cell_arch_flush_tlb(&root_cell);
	cell->loadable = loadable;
	return err;
}

long control_cell_set_loadable(struct per_cpu *pcpu, unsigned long id,
			       unsigned long flags)
{
	struct cell *cell;
	long err;

	err = begin_cell_call(pcpu, id, flags, "cell load", &cell);
	if (!err) {
		err = set_loadable(cell, true);
		if (err != 0) {
			hv_error("cell \"%s\": cannot map its loadable memory into the root cell (error %ld)",
				 cell->name, err);
		}
		release_cell(cell);
	}
	spin_unlock(&control_lock);
	return err;
}

long control_cell_start(struct per_cpu *pcpu, unsigned long id,
			unsigned long flags)
{
	struct cell *cell;
	unsigned int first;
	long err;

	err = begin_cell_call(pcpu, id, flags, "cell start", &cell);
	if (err != 0) {
		goto out;
	}
	err = set_loadable(cell, false);
	if (!err) {
		first = cell_start_cpus(cell);
		printk("Started cell \"%s\" on CPU %u at 0x%llx\n", cell->name,
		       first,
		       (unsigned long long)cell->config->cpu_reset_address);
	}
	release_cell(cell);
out:
	spin_unlock(&control_lock);
	return err;
}

long control_cell_shutdown(struct per_cpu *pcpu, unsigned long id,
			   unsigned long flags)
{
	struct cell *cell;
	long err;

	err = begin_cell_call(pcpu, id, flags, "cell shutdown", &cell);
	if (!err) {
		printk("Cell \"%s\" shut down\n", cell->name);
		release_cell(cell);
	}
	spin_unlock(&control_lock);
	return err;
}

/*
 * Everything of a stopped cell goes back to the root cell, its devices
 * first: they leave its I/O page table, and the units are flushed, before
 * its RAM is zeroed and mapped back, so that no transfer of theirs still
 * in flight lands in RAM the root owns.
 */
static void give_back(struct cell *cell)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->config);
	uint64_t cpus[BITMAP_WORDS(HV_MAX_CPUS)];
	unsigned int n;

	memcpy(cpus, cell->cpu_set, sizeof(cpus));
	move_cpus(cell, &root_cell, cpus);
	cell_arch_release(cell);
	units_release(cell);
	/* Nothing of the cell's data stays in the RAM root gets back. */
	set_loadable(cell, false);
	if (scrub_cell_memory(cell->config) != 0) {
		printk("cell \"%s\": could not zero its memory (page pool %lu/%lu used)\n",
		       cell->name, hv.pool.used, hv.pool.pages);
	}
	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (gives_up_root_memory(&mem[n]) &&
		    cell_give_back_to_root(&mem[n])) {
			printk("cell \"%s\": memory 0x%llx+0x%llx could not be given back to the root cell\n",
			       cell->name,
			       (unsigned long long)mem[n].phys_start,
			       (unsigned long long)mem[n].size);
		}
	}
	cell_arch_flush_tlb(&root_cell);
	cell_arch_flush_tlb(cell);
}

long control_cell_destroy(struct per_cpu *pcpu, unsigned long id,
			  unsigned long flags)
{
	struct cell *cell;
	long err;

	err = begin_cell_call(pcpu, id, flags, "cell destroy", &cell);
	if (err != 0) {
		goto out;
	}
	give_back(cell);
	cells[id] = NULL;
	printk("Destroyed cell \"%s\" (id %lu)\n", cell->name, id);
	free_cell(cell, jh_cell_config_size(cell->config));
	printk("  page pool %lu/%lu used\n", hv.pool.used, hv.pool.pages);
out:
	spin_unlock(&control_lock);
	return err;
}

long control_cell_get_state(struct per_cpu *pcpu, unsigned long id)
{
	struct cell *cell;
	long ret;

	/* Under the lock: a concurrent destroy may be freeing the cell. */
	control_lock_in_trap(pcpu);
	cell = cell_by_id(id);
	ret = cell ? (long)cell->state : -JH_ENOENT;
	spin_unlock(&control_lock);
	return ret;
}
