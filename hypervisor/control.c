// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hand-over and the cell lifecycle (JH_HC_CELL_*).
 *
 * A CPU that runs no guest code sits in cpu_park() inside the trap handler
 * that parked it. Other CPUs talk to it only through its request fields,
 * written under control_lock and followed by a kick (IPI).
 *
 * All lifecycle calls run under control_lock. Everything a cell needs is
 * allocated in cell create; start, load, shutdown and destroy allocate
 * nothing (root mappings given to a cell are cleared with pt_clear, which
 * keeps the tables, and loadable regions come and go in the root cell
 * with pt_map_keep_tables and pt_clear). Destroy maps the cell's memory
 * back into the root cell with pt_map, which merges the split tables into
 * blocks again, so that the pool is back where it was before create.
 */
#include <jailhouse/config-check.h>
#include <jailhouse/console.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/paging.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/scrub.h>
#include <hv/setup.h>
#include <hv/string.h>
#include <asm/processor.h>

#define MAX_CELL_CONFIG_SIZE	(64 * 1024)
#define DEFAULT_REPLY_TIMEOUT_MS 1000
#define PARK_TIMEOUT_US		200000
/* Worst case of new tables when the root cell loses one region. */
#define TABLES_PER_REGION	(2 * (PT_LEVELS - 1))

void cpu_park(struct per_cpu *pcpu)
{
	bool fresh;

	smp_mb();
	for (;;) {
		if (READ_ONCE(pcpu->request) == CPU_REQ_OFF)
			cpu_arch_power_off(pcpu);
		if (READ_ONCE(pcpu->request) == CPU_REQ_START)
			break;
		if (READ_ONCE(pcpu->request) == CPU_REQ_PARK)
			WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
		cpu_arch_wait(pcpu);
	}
	smp_rmb();

	fresh = pcpu->req_cell != pcpu->guest_cell;
	pcpu->cell = pcpu->req_cell;
	pcpu->guest_cell = pcpu->req_cell;
	cpu_arch_enter_cell(pcpu);
	cpu_arch_reset(pcpu, pcpu->req_entry, pcpu->req_context, fresh);
	pcpu->state = CPU_RUNNING;
	smp_wmb();
	WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
}

void cpu_request_start(struct per_cpu *target, struct cell *cell,
		       uint64_t entry, uint64_t context)
{
	target->req_cell = cell;
	target->req_entry = entry;
	target->req_context = context;
	smp_wmb();
	WRITE_ONCE(target->request, CPU_REQ_START);
	cpu_arch_kick(target->cpu_id);
}

void cpu_check_requests(struct per_cpu *pcpu)
{
	if (READ_ONCE(pcpu->request) != CPU_REQ_PARK)
		return;
	pcpu->state = CPU_PARKED;
	smp_wmb();
	WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
	cpu_park(pcpu);
}

/* Asks target to park; does not wait. Control lock held. */
static void ask_to_park(struct per_cpu *target)
{
	if (target->state != CPU_RUNNING || target == this_cpu())
		return;
	WRITE_ONCE(target->request, CPU_REQ_PARK);
	cpu_arch_kick(target->cpu_id);
}

/*
 * Waits until target is no longer running. Called with control_lock held;
 * the lock is dropped while waiting, because the target may itself be
 * spinning for it in a trap (its cell is marked stopping, so nothing can
 * restart CPUs meanwhile).
 */
static int wait_parked(struct per_cpu *target)
{
	uint64_t start = timer_arch_now_us();
	unsigned long spins;

	spin_unlock(&control_lock);
	for (spins = 0; READ_ONCE(target->state) == CPU_RUNNING; spins++) {
		if (timer_arch_now_us() - start > PARK_TIMEOUT_US ||
		    spins > 100000000UL)
			break;
		cpu_relax();
	}
	spin_lock(&control_lock);
	if (target->state != CPU_RUNNING)
		return 0;
	hv_error("CPU %u of cell \"%s\" did not stop within %u ms",
		 target->cpu_id, target->cell->name, PARK_TIMEOUT_US / 1000);
	return -JH_EBUSY;
}

int cpu_request_park(struct per_cpu *target)
{
	ask_to_park(target);
	return wait_parked(target);
}

static int park_cell_cpus(struct cell *cell)
{
	unsigned int cpu;
	int err = 0;

	cell->stopping = true;
	for_each_cell_cpu(cpu, cell)
		ask_to_park(per_cpu(cpu));
	for_each_cell_cpu(cpu, cell)
		if (!err)
			err = wait_parked(per_cpu(cpu));
	return err;
}

static void comm_write_state(struct cell *cell, uint32_t state)
{
	if (!cell->comm_region)
		return;
	cell->comm_region->cell_state = state;
	cache_arch_flush(cell->comm_region, PAGE_SIZE);
}

static void comm_reset(struct cell *cell)
{
	struct jh_comm_region *comm = cell->comm_region;

	memset(comm, 0, PAGE_SIZE);
	memcpy(comm->signature, JH_COMM_SIGNATURE, JH_SIGNATURE_SIZE);
	comm->revision = JH_COMM_REVISION;
	comm->cell_state = JH_CELL_SHUT_DOWN;
	comm->msg_to_cell = JH_MSG_NONE;
	comm->reply_from_cell = JH_REPLY_NONE;
	comm->flags = cell->config->flags;
	comm->num_cpus = cell->num_cpus;
	comm->timer_frequency = timer_arch_frequency();
	comm->console = cell->config->console;
	comm_arch_fill(comm);
	cache_arch_flush(comm, PAGE_SIZE);
}

static bool has_comm_region(const struct cell *cell)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->config);
	unsigned int n;

	for (n = 0; n < cell->config->num_memory_regions; n++)
		if (mem[n].flags & JH_MEM_COMM_REGION)
			return true;
	return false;
}

/*
 * The shutdown handshake (include/jailhouse/comm-region.h). Returns 0 if
 * the cell may be stopped, -JH_EPERM if it refuses.
 */
static int ask_for_shutdown(struct cell *cell)
{
	struct jh_comm_region *comm = cell->comm_region;
	uint64_t timeout_ms = cell->config->msg_reply_timeout ?:
		DEFAULT_REPLY_TIMEOUT_MS;
	uint64_t start = timer_arch_now_us();
	uint32_t reply = JH_REPLY_NONE;
	unsigned long spins;

	if (cell->state != JH_CELL_RUNNING &&
	    cell->state != JH_CELL_RUNNING_LOCKED)
		return 0;
	if ((cell->config->flags & JH_CELL_PASSIVE_COMMREG) ||
	    !has_comm_region(cell))
		return 0;

	cache_arch_flush(comm, PAGE_SIZE);
	if (comm->cell_state == JH_CELL_RUNNING_LOCKED) {
		hv_error("cell \"%s\" is locked and refuses to shut down",
			 cell->name);
		return -JH_EPERM;
	}

	comm->reply_from_cell = JH_REPLY_NONE;
	smp_wmb();
	comm->msg_to_cell = JH_MSG_SHUTDOWN_REQUEST;
	cache_arch_flush(comm, PAGE_SIZE);

	for (spins = 0; spins < 1000000000UL; spins++) {
		cache_arch_flush(comm, PAGE_SIZE);
		reply = READ_ONCE(comm->reply_from_cell);
		if (reply != JH_REPLY_NONE ||
		    timer_arch_now_us() - start > timeout_ms * 1000)
			break;
		cpu_relax();
	}
	comm->msg_to_cell = JH_MSG_NONE;
	cache_arch_flush(comm, PAGE_SIZE);

	if (reply == JH_REPLY_REQUEST_DENIED) {
		hv_error("cell \"%s\" refused to shut down", cell->name);
		return -JH_EPERM;
	}
	if (reply == JH_REPLY_NONE)
		printk("cell \"%s\" did not answer the shutdown request within %llu ms: stopping it\n",
		       cell->name, (unsigned long long)timeout_ms);
	return 0;
}

/* Stops the cell's CPUs (parked, failed ones stay parked). */
static int stop_cell(struct cell *cell)
{
	unsigned int cpu;
	int err;

	err = park_cell_cpus(cell);
	if (err)
		return err;
	for_each_cell_cpu(cpu, cell)
		if (per_cpu(cpu)->state == CPU_FAILED)
			per_cpu(cpu)->state = CPU_PARKED;
	cell->state = JH_CELL_SHUT_DOWN;
	comm_write_state(cell, JH_CELL_SHUT_DOWN);
	return 0;
}

static struct cell *find_cell(unsigned long id, const char *what)
{
	struct cell *cell = id ? cell_by_id(id) : NULL;

	if (!cell)
		hv_error("%s: no cell with id %lu", what, id);
	return cell;
}

/* Is [phys, phys + size) plain RAM of the root cell (IPA == PA)? */
static bool root_owns_ram(paddr_t phys, uint64_t size)
{
	unsigned long flags;
	uint64_t off;
	paddr_t pa;

	if (size == 0 || phys + size < phys)
		return false;
	for (off = ALIGN_DOWN(phys, PAGE_SIZE); off < phys + size;
	     off += PAGE_SIZE)
		if (pt_translate(&root_cell.guest_pt, off, &pa, &flags) ||
		    pa != off || (flags & PT_DEVICE) || !(flags & PT_READ))
			return false;
	return true;
}

static int copy_from_root(void *dst, paddr_t src, uint64_t size)
{
	void *map = hv_map_temporary(src, size);

	if (!map)
		return -JH_ENOMEM;
	memcpy(dst, map, size);
	hv_unmap_temporary(map, size);
	return 0;
}

/* The config at root address addr, copied into hypervisor memory. */
static struct jh_cell_desc *fetch_config(paddr_t addr, uint64_t *size)
{
	struct jh_cell_desc head, *copy;

	if (!root_owns_ram(addr, sizeof(head)) ||
	    copy_from_root(&head, addr, sizeof(head))) {
		hv_error("cell create: config address 0x%llx is not in the root cell's RAM",
			 (unsigned long long)addr);
		return NULL;
	}
	*size = jh_cell_config_size(&head);
	if (*size > MAX_CELL_CONFIG_SIZE) {
		hv_error("cell create: config of %llu bytes is larger than %u",
			 (unsigned long long)*size, MAX_CELL_CONFIG_SIZE);
		return NULL;
	}
	if (!root_owns_ram(addr, *size)) {
		hv_error("cell create: config 0x%llx+0x%llx is not in the root cell's RAM",
			 (unsigned long long)addr, (unsigned long long)*size);
		return NULL;
	}
	copy = page_alloc(&hv.pool, PAGES(*size));
	if (!copy) {
		hv_error("cell create: no memory for the config (%llu bytes)",
			 (unsigned long long)*size);
		return NULL;
	}
	if (copy_from_root(copy, addr, *size)) {
		page_free(&hv.pool, copy, PAGES(*size));
		hv_error("cell create: cannot map config at 0x%llx",
			 (unsigned long long)addr);
		return NULL;
	}
	return copy;
}

static int check_config(const struct jh_cell_desc *desc, uint64_t size)
{
	struct jh_config_error cerr;
	char msg[JH_LAST_ERROR_LEN];
	unsigned int id;
	int err;

	err = jh_check_cell_config(desc, size, hv.sysconfig->arch, &cerr);
	if (!err)
		err = jh_check_cell_addr_bits(desc, paging_arch_phys_bits(),
					      &cerr);
	if (!err)
		err = jh_check_cell_in_system(hv.sysconfig, desc, &cerr);
	for (id = 1; !err && id < HV_MAX_CELLS; id++)
		if (cells[id])
			err = jh_check_cells_disjoint(cells[id]->config, desc,
						      &cerr);
	if (err) {
		jh_format_config_error(msg, sizeof(msg), &cerr);
		hv_error("cell config: %s", msg);
	}
	return err;
}

/* The cell's CPUs must have been taken from Linux: parked root CPUs. */
static int check_cpus(const struct jh_cell_desc *desc)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (!jh_cpu_in_set(desc, cpu))
			continue;
		pcpu = per_cpu(cpu);
		if (!pcpu || pcpu->cell != &root_cell) {
			hv_error("cell \"%.32s\": CPU %u is not a root cell CPU under the hypervisor",
				 desc->name, cpu);
			return -JH_EINVAL;
		}
		/* x86: Linux's offline CPUs still run (hlt); park them now. */
		if (pcpu->state == CPU_RUNNING &&
		    cpu_arch_offline_cpus_keep_running() &&
		    cpu_request_park(pcpu))
			return -JH_EBUSY;
		if (pcpu->state != CPU_PARKED) {
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

	for (id = 1; id < HV_MAX_CELLS; id++)
		if (!cells[id])
			return id;
	return 0;
}

static bool gives_up_root_memory(const struct jh_memory_region *mem)
{
	return !(mem->flags & (JH_MEM_COMM_REGION | JH_MEM_ROOTSHARED));
}

/* The root cell's own region around phys (validated to exist). */
static const struct jh_memory_region *root_region_at(paddr_t phys)
{
	const struct jh_cell_desc *root = root_cell.config;
	const struct jh_memory_region *mem = jh_cell_mem_regions(root);
	unsigned int n;

	for (n = 0; n < root->num_memory_regions; n++)
		if (phys >= mem[n].phys_start &&
		    phys - mem[n].phys_start < mem[n].size)
			return &mem[n];
	return NULL;
}

/* Gives [mem] back to the root cell with the root's own attributes. */
static int remap_to_root(const struct jh_memory_region *mem)
{
	const struct jh_memory_region *owner = root_region_at(mem->phys_start);
	struct jh_memory_region back = *mem;

	if (!owner)
		return -JH_EINVAL;
	back.virt_start = mem->phys_start;
	back.flags = owner->flags;
	return cell_map_region(&root_cell, &back);
}

static void free_cell(struct cell *cell, uint64_t config_size)
{
	if (cell->guest_pt.root)
		pt_destroy(&cell->guest_pt);
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

static int build_cell(struct cell *cell, unsigned int id,
		      const struct jh_cell_desc *desc)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(desc);
	unsigned int n;
	int err;

	cell->id = id;
	cell->config = desc;
	strscpy_hv(cell->name, desc->name, sizeof(cell->name));
	cell->state = JH_CELL_SHUT_DOWN;
	cell->comm_region = page_alloc(&hv.pool, 1);
	if (!cell->comm_region)
		return -JH_ENOMEM;
	err = pt_create(&cell->guest_pt, paging_arch_guest_format(),
			&hv.pool);
	for (n = 0; !err && n < desc->num_memory_regions; n++)
		err = cell_map_region(cell, &mem[n]);
	if (!err)
		err = cell_arch_init(cell);
	if (!err)
		cell_guest_pt_live(cell);
	return err;
}

long control_cell_create(struct per_cpu *pcpu, unsigned long config_addr)
{
	const struct jh_memory_region *mem;
	struct jh_cell_desc *desc;
	uint64_t size, cpus[BITMAP_WORDS(HV_MAX_CPUS)] = { 0 };
	struct cell *cell;
	unsigned int id, n, cpu;
	long err;

	spin_lock(&control_lock);
	desc = fetch_config(config_addr, &size);
	if (!desc) {
		spin_unlock(&control_lock);
		return -JH_EINVAL;
	}
	err = check_config(desc, size);
	if (!err)
		err = check_cpus(desc);
	if (err) {
		page_free(&hv.pool, desc, PAGES(size));
		goto out;
	}

	id = free_cell_id();
	cell = page_alloc(&hv.pool, PAGES(sizeof(*cell)));
	if (!id || !cell) {
		page_free(&hv.pool, cell, PAGES(sizeof(*cell)));
		page_free(&hv.pool, desc, PAGES(size));
		hv_error("cell create: %s", !id ? "too many cells" :
			 "no memory for the cell");
		err = !id ? -JH_E2BIG : -JH_ENOMEM;
		goto out;
	}
	cell_set_cpus(cell, desc);	/* as the config says, for now */
	memcpy(cpus, cell->cpu_set, sizeof(cpus));
	memset(cell->cpu_set, 0, sizeof(cell->cpu_set));
	cell->num_cpus = 0;
	err = build_cell(cell, id, desc);
	/* Nothing of the memory's previous owner is visible to the cell. */
	if (!err)
		err = scrub_cell_memory(desc);
	if (!err && hv.pool.pages - hv.pool.used <
	    (desc->num_memory_regions + 2) * TABLES_PER_REGION)
		err = -JH_ENOMEM;
	if (err) {
		hv_error("cell \"%s\": cannot set it up (error %ld, page pool %lu/%lu used)",
			 cell->name, err, hv.pool.used, hv.pool.pages);
		free_cell(cell, size);
		goto out;
	}

	/* From here on nothing fails: the pool has room for any split. */
	mem = jh_cell_mem_regions(desc);
	for (n = 0; n < desc->num_memory_regions; n++)
		if (gives_up_root_memory(&mem[n]))
			pt_clear(&root_cell.guest_pt, mem[n].phys_start,
				 mem[n].size);
	move_cpus(&root_cell, cell, cpus);
	cell_arch_assign(cell);
	cell_arch_flush_tlb(&root_cell);
	comm_reset(cell);
	cells[id] = cell;

	printk("Created cell \"%s\" (id %u): CPUs", cell->name, id);
	for_each_cell_cpu(cpu, cell)
		printk(" %u", cpu);
	printk(", %u memory regions, page pool %lu/%lu used\n",
	       desc->num_memory_regions, hv.pool.used, hv.pool.pages);
	err = id;
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

	if (cell->loadable == loadable)
		return 0;
	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (!(mem[n].flags & JH_MEM_LOADABLE))
			continue;
		if (loadable) {
			r = mem[n];
			r.virt_start = r.phys_start;
			r.flags = JH_MEM_READ | JH_MEM_WRITE;
			err = cell_map_region_keep_tables(&root_cell, &r);
		} else if (!(mem[n].flags & JH_MEM_ROOTSHARED)) {
			err = pt_clear(&root_cell.guest_pt, mem[n].phys_start,
				       mem[n].size);
		}
		if (err)
			break;
	}
	cell_arch_flush_tlb(&root_cell);
	cell->loadable = loadable;
	return err;
}

long control_cell_set_loadable(struct per_cpu *pcpu, unsigned long id)
{
	struct cell *cell;
	long err = -JH_ENOENT;

	spin_lock(&control_lock);
	cell = find_cell(id, "cell load");
	if (cell)
		err = stop_cell(cell);
	if (cell && !err) {
		err = set_loadable(cell, true);
		if (err)
			hv_error("cell \"%s\": cannot map its loadable memory into the root cell (error %ld)",
				 cell->name, err);
	}
	spin_unlock(&control_lock);
	return err;
}

long control_cell_start(struct per_cpu *pcpu, unsigned long id)
{
	struct cell *cell;
	unsigned int first;
	long err = -JH_ENOENT;

	spin_lock(&control_lock);
	cell = find_cell(id, "cell start");
	if (cell)
		err = stop_cell(cell);
	if (cell && !err)
		err = set_loadable(cell, false);
	if (cell && !err) {
		comm_reset(cell);
		comm_write_state(cell, JH_CELL_RUNNING);
		cell_arch_flush_tlb(cell);
		cell->stopping = false;
		cell->state = JH_CELL_RUNNING;
		first = bitmap_next_set(cell->cpu_set, HV_MAX_CPUS, 0);
		cpu_request_start(per_cpu(first), cell,
				  cell->config->cpu_reset_address, 0);
		printk("Started cell \"%s\" on CPU %u at 0x%llx\n", cell->name,
		       first,
		       (unsigned long long)cell->config->cpu_reset_address);
	}
	spin_unlock(&control_lock);
	return err;
}

long control_cell_shutdown(struct per_cpu *pcpu, unsigned long id)
{
	struct cell *cell;
	long err = -JH_ENOENT;

	spin_lock(&control_lock);
	cell = find_cell(id, "cell shutdown");
	if (cell)
		err = ask_for_shutdown(cell);
	if (cell && !err)
		err = stop_cell(cell);
	if (cell && !err)
		printk("Cell \"%s\" shut down\n", cell->name);
	spin_unlock(&control_lock);
	return err;
}

long control_cell_destroy(struct per_cpu *pcpu, unsigned long id)
{
	const struct jh_memory_region *mem;
	uint64_t cpus[BITMAP_WORDS(HV_MAX_CPUS)];
	struct cell *cell;
	unsigned int n;
	long err = -JH_ENOENT;

	spin_lock(&control_lock);
	cell = find_cell(id, "cell destroy");
	if (cell)
		err = ask_for_shutdown(cell);
	if (cell && !err)
		err = stop_cell(cell);
	if (!cell || err)
		goto out;

	/* Everything goes back to the root cell, with nothing of the cell's
	 * data in its RAM. */
	set_loadable(cell, false);
	if (scrub_cell_memory(cell->config))
		printk("cell \"%s\": could not zero its memory (page pool %lu/%lu used)\n",
		       cell->name, hv.pool.used, hv.pool.pages);
	mem = jh_cell_mem_regions(cell->config);
	for (n = 0; n < cell->config->num_memory_regions; n++)
		if (gives_up_root_memory(&mem[n]) && remap_to_root(&mem[n]))
			printk("cell \"%s\": memory 0x%llx+0x%llx could not be given back to the root cell\n",
			       cell->name,
			       (unsigned long long)mem[n].phys_start,
			       (unsigned long long)mem[n].size);
	memcpy(cpus, cell->cpu_set, sizeof(cpus));
	move_cpus(cell, &root_cell, cpus);
	cell_arch_release(cell);
	cell_arch_exit(cell);
	cell_arch_flush_tlb(&root_cell);
	cell_arch_flush_tlb(cell);

	cells[id] = NULL;
	printk("Destroyed cell \"%s\" (id %lu)\n", cell->name, id);
	free_cell(cell, jh_cell_config_size(cell->config));
	printk("  page pool %lu/%lu used\n", hv.pool.used, hv.pool.pages);
	err = 0;
out:
	spin_unlock(&control_lock);
	return err;
}

long control_cell_get_state(struct per_cpu *pcpu, unsigned long id)
{
	struct cell *cell = cell_by_id(id);

	return cell ? (long)cell->state : -JH_ENOENT;
}

/* The calling CPU leaves its cell; all others of the cell are asked to. */
static void stop_from_inside(struct per_cpu *pcpu, uint32_t state,
			     enum cpu_state cpu_state)
{
	struct cell *cell = pcpu->cell;
	unsigned int cpu;

	spin_lock(&control_lock);
	cell->stopping = true;
	cell->state = state;
	comm_write_state(cell, state);
	for_each_cell_cpu(cpu, cell)
		ask_to_park(per_cpu(cpu));
	pcpu->state = cpu_state;
	spin_unlock(&control_lock);
	cpu_park(pcpu);
}

void cell_fail(struct per_cpu *pcpu, const char *why)
{
	printk("Cell \"%s\" FAILED on CPU %u: %s; its CPUs are stopped\n",
	       pcpu->cell->name, pcpu->cpu_id, why);
	stop_from_inside(pcpu, JH_CELL_FAILED, CPU_FAILED);
}

void control_cell_stop_self(struct per_cpu *pcpu)
{
	stop_from_inside(pcpu, JH_CELL_SHUT_DOWN, CPU_PARKED);
}
