// SPDX-License-Identifier: GPL-2.0
/*
 * Bring-up and tear-down of the hypervisor: the core's main file.
 *
 * Every CPU Linux has online enters through the arch entry code, which
 * turns the MMU on and calls hv_cpu_entry(). The first CPU in does the
 * global initialisation under init_lock while the others wait for it;
 * then each CPU sets itself up and returns to Linux, which now runs as
 * the root cell.
 *
 * Memory layout (hypervisor memory, from the system config):
 *
 *   0                     image (header, text, data), console page, bss
 *   sysconfig_offset      copy of the system config (driver)
 *   percpu_offset         HV_MAX_CPUS per-CPU areas of PERCPU_SIZE
 *   pool_offset .. end    page pool
 *
 * Lock order (take outer before inner, never the other way):
 *
 *   init_lock       only at entry, before anything else exists; it also
 *                   covers the page pool and page tables until then
 *   control_lock    cell lifecycle, page pool, all page tables, CPU
 *                   hand-over requests, PSCI CPU_ON
 *   ivshmem_lock    the ends of every link (doorbells from other CPUs)
 *   arch locks      arm64: a CPU's pending-interrupt queue, the GICD and
 *                   GICR read-modify-write locks, pci_lock, the SMMU's
 *                   queue locks (never nested);
 *                   x86, outer to inner: AMD-Vi evt_lock, pci_lock,
 *                   msix_lock; ioapic_lock (also inside ivshmem_lock);
 *                   then the IOMMU's remapping locks, VT-d ir_lock before
 *                   iq_lock, or AMD-Vi cmd_lock (see the x86 folders' READMEs)
 *   cell con_lock   a cell's console line buffer
 *   console_lock    innermost: printk may run under any of the above
 *
 * Waits for another CPU are bounded. Waiting for a CPU to park and the
 * shutdown handshake (at most the cell's msg_reply_timeout, capped in
 * comm_region.c) drop control_lock: the CPU waited for may be spinning
 * for it in a trap. Before dropping it, the lifecycle call claims its
 * cell (struct cell.busy, control.c); other calls on a claimed cell are
 * refused, never waited for, so a claim is not a lock of this order. A
 * cell being stopped is also marked stopping, so none of its CPUs can be
 * restarted meanwhile. A TLB shootdown (x86) waits for the other CPUs'
 * acknowledgement with control_lock held; CPUs spinning for the lock in
 * a trap count as acknowledged (control_lock_in_trap).
 */
#include <jailhouse/config-check.h>
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/console.h>
#include <hv/control_lock.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/paging.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/root_cell.h>
#include <hv/setup.h>
#include <hv/string.h>
#include <hv/unit.h>
#include <asm/layout.h>

/* Smallest pool that can hold the tables of a root cell and a cell. */
#define MIN_POOL_PAGES		64

static DEFINE_SPINLOCK(init_lock);
static bool init_done;
static int init_result;

static uint64_t percpu_offset(void)
{
	return PAGE_ALIGN_UP(hv_header.sysconfig_offset +
			     hv_header.sysconfig_size);
}

static int check_header(paddr_t phys)
{
	uint64_t core = (uintptr_t)__core_end - (uintptr_t)__image_start;

	if (hv_header.hv_phys_base != phys) {
		hv_error("header: hv_phys_base 0x%llx differs from the entry's header address 0x%llx",
			 (unsigned long long)hv_header.hv_phys_base,
			 (unsigned long long)phys);
		return -JH_EINVAL;
	}
	if (hv_header.sysconfig_offset < core ||
	    !IS_ALIGNED(hv_header.sysconfig_offset, PAGE_SIZE)) {
		hv_error("header: sysconfig_offset 0x%llx is not page aligned at or after the core (0x%llx bytes)",
			 (unsigned long long)hv_header.sysconfig_offset,
			 (unsigned long long)core);
		return -JH_EINVAL;
	}
	if (hv_header.sysconfig_size < sizeof(struct jh_system_desc) ||
	    hv_header.sysconfig_size > HV_MAX_SYSCONFIG_SIZE) {
		hv_error("header: sysconfig_size %llu is out of range (%u..%u)",
			 (unsigned long long)hv_header.sysconfig_size,
			 (unsigned int)sizeof(struct jh_system_desc),
			 HV_MAX_SYSCONFIG_SIZE);
		return -JH_EINVAL;
	}
	return 0;
}

static int check_sysconfig(paddr_t phys)
{
	const struct jh_system_desc *sys;
	struct jh_config_error cerr;
	char msg[JH_LAST_ERROR_LEN];
	uint64_t need;
	unsigned int cpu;

	sys = hv_phys2virt(phys + hv_header.sysconfig_offset);
	if (jh_check_system_config(sys, hv_header.sysconfig_size,
				   HV_ARCH_ID, &cerr) ||
	    jh_check_system_addr_bits(sys, paging_arch_phys_bits(), &cerr)) {
		jh_format_config_error(msg, sizeof(msg), &cerr);
		hv_error("system config: %s", msg);
		return cerr.code ? cerr.code : -JH_EINVAL;
	}
	if (sys->hypervisor_memory.phys_start != phys) {
		hv_error("system config: hypervisor memory 0x%llx is not where the hypervisor was loaded (0x%llx)",
			 (unsigned long long)sys->hypervisor_memory.phys_start,
			 (unsigned long long)phys);
		return -JH_EINVAL;
	}
	need = percpu_offset() + HV_MAX_CPUS * PERCPU_SIZE +
		MIN_POOL_PAGES * PAGE_SIZE;
	if (sys->hypervisor_memory.size < need ||
	    sys->hypervisor_memory.size > HV_MAX_MEM_SIZE) {
		hv_error("system config: hypervisor memory size 0x%llx is out of range (0x%llx..0x%llx)",
			 (unsigned long long)sys->hypervisor_memory.size,
			 (unsigned long long)need,
			 (unsigned long long)HV_MAX_MEM_SIZE);
		return -JH_EINVAL;
	}
	for (cpu = HV_MAX_CPUS; cpu < sys->root_cell.cpu_set_size * 8; cpu++) {
		if (jh_cpu_in_set(&sys->root_cell, cpu)) {
			hv_error("root cell: CPU %u is beyond the %u CPUs this hypervisor supports",
				 cpu, HV_MAX_CPUS);
			return -JH_E2BIG;
		}
	}

	hv.sysconfig = sys;
	hv.sysconfig_size = hv_header.sysconfig_size;
	hv.mem_size = sys->hypervisor_memory.size;
	return 0;
}

static int init_pool(void)
{
	uint64_t pool_offset = percpu_offset() + HV_MAX_CPUS * PERCPU_SIZE;
	int err;

	percpu_base = hv_phys2virt(hv.phys_base + percpu_offset());
	err = page_pool_init(&hv.pool, hv_phys2virt(hv.phys_base + pool_offset),
			     hv.phys_base + pool_offset,
			     (hv.mem_size - pool_offset) / PAGE_SIZE);
	if (err != 0) {
		hv_error("hypervisor memory too small for the page pool");
	}
	return err;
}

static void print_banner(void)
{
	printk("\nJailhouse-style hypervisor %s (%s) starting\n",
	       hv_header.version, HV_ARCH_NAME);
	printk("  hypervisor memory 0x%llx-0x%llx, core %llu KiB, %u per-CPU areas of %u KiB\n",
	       (unsigned long long)hv.phys_base,
	       (unsigned long long)(hv.phys_base + hv.mem_size - 1),
	       (unsigned long long)(((uintptr_t)__core_end -
				     (uintptr_t)__image_start) >> 10),
	       HV_MAX_CPUS, PERCPU_SIZE >> 10);
	printk("  page pool: %lu pages, %lu used\n", hv.pool.pages,
	       hv.pool.used);
}

/*
 * The console names its failure by the error code alone: printing is
 * printk's, which sits on top of it.
 */
static int start_console(const struct jh_console *con)
{
	int err = console_init(con, hv_map_device);

	if (err == -JH_EINVAL) {
		hv_error("debug console: type %u is not supported on this architecture",
			 con->type);
	}
	if (err == -JH_ENOMEM) {
		hv_error("debug console: cannot map 0x%llx",
			 (unsigned long long)con->address);
	}
	return err;
}

/* The first CPU only, under init_lock. */
static int global_init(paddr_t phys)
{
	int err;

	hv.phys_base = phys;
	err = check_header(phys);
	if (!err) {
		err = check_sysconfig(phys);
	}
	if (!err) {
		err = init_pool();
	}
	if (!err) {
		err = setup_arch_early();
	}
	if (!err) {
		err = hv_paging_init();
	}
	if (err != 0) {
		return err;
	}

	paging_arch_hv_activate(hv.paging.root_phys);
	err = start_console(&hv.sysconfig->debug_console);
	if (err != 0) {
		return err;
	}
	print_banner();

	err = setup_arch_init();
	if (!err) {
		err = cell_init_root();
	}
	if (!err) {
		err = units_init();
	}
	if (!err) {
		printk("  root cell \"%s\": %u CPUs, %u memory regions, page pool %lu/%lu pages used\n",
		       root_cell.name, root_cell.num_cpus,
		       root_cell.config->num_memory_regions, hv.pool.used,
		       hv.pool.pages);
	}
	return err;
}

/*
 * The CPU number comes from the root's driver: it must be one the root
 * cell's config has, not taken yet, and name no physical CPU that entered
 * already under another number.
 */
static int check_cpu_number(unsigned int cpu, uint64_t hw_id)
{
	unsigned int other;

	if (!cell_has_cpu(&root_cell, cpu)) {
		hv_error("CPU %u entered, but it is not in the root cell's CPU set",
			 cpu);
		return -JH_EINVAL;
	}
	if (bitmap_test(cpus_present, cpu)) {
		hv_error("CPU %u entered twice", cpu);
		return -JH_EEXIST;
	}
	for_each_set_bit(other, cpus_present, HV_MAX_CPUS) {
		if (per_cpu(other)->hw_id == hw_id) {
			hv_error("CPU %u entered on the physical CPU (id 0x%llx) of CPU %u",
				 cpu, (unsigned long long)hw_id, other);
			return -JH_EEXIST;
		}
	}
	return 0;
}

static int cpu_init(unsigned int cpu, struct per_cpu *pcpu)
{
	uint64_t hw_id = cpu_arch_hw_id();
	int err;

	err = check_cpu_number(cpu, hw_id);
	if (err != 0) {
		return err;
	}

	if ((uint8_t *)pcpu != percpu_base + cpu * PERCPU_SIZE) {
		hv_error("CPU %u: per-CPU area at %p, expected %p", cpu,
			 (void *)pcpu,
			 (void *)(percpu_base + cpu * PERCPU_SIZE));
		return -JH_EINVAL;
	}

	pcpu->cpu_id = cpu;
	pcpu->hw_id = hw_id;
	pcpu->cell = &root_cell;
	pcpu->guest_cell = &root_cell;
	bitmap_set(cpus_present, cpu);
	paging_arch_hv_activate(hv.paging.root_phys);
	err = setup_arch_cpu_init(pcpu);
	if (err != 0) {
		bitmap_clear(cpus_present, cpu);
		return err;
	}
	pcpu->state = CPU_RUNNING;
	return 0;
}

int hv_cpu_entry(unsigned int cpu, struct per_cpu *pcpu, paddr_t phys)
{
	int err;

	spin_lock(&init_lock);
	if (!init_done) {
		init_result = global_init(phys);
		init_done = true;
	}
	err = init_result;
	if (!err) {
		err = cpu_init(cpu, pcpu);
	}
	if (!err) {
		hv.entered_cpus++;
		printk("  CPU %u activated (%u of %u)\n", cpu,
		       hv.entered_cpus, hv_header.online_cpus);
		if (hv.entered_cpus == hv_header.online_cpus) {
			printk("Hypervisor running on %u CPUs\n",
			       hv.entered_cpus);
		}
	}
	spin_unlock(&init_lock);
	return err;
}

/*
 * Root CPUs that Linux took offline are parked here. On disable they are
 * turned off in firmware, so that Linux can bring them up again later
 * without the hypervisor. Control lock held; the CPUs asked go to asked.
 */
static void request_power_off(uint64_t *asked)
{
	struct per_cpu *target;
	unsigned int cpu;

	for_each_cell_cpu(cpu, &root_cell) {
		target = per_cpu(cpu);
		if (!target || target->state != CPU_PARKED) {
			continue;
		}
		bitmap_set(asked, cpu);
		WRITE_ONCE(target->request, CPU_REQ_OFF);
		cpu_arch_kick(cpu);
	}
}

static void wait_powered_off(const uint64_t *asked)
{
	struct per_cpu *target;
	unsigned int cpu;

	for_each_set_bit(cpu, asked, HV_MAX_CPUS) {
		target = per_cpu(cpu);
		if (cpu_arch_wait_off(target) != 0) {
			printk("  CPU %u (offline in Linux) did not power off; it may not come online again\n",
			       cpu);
			continue;
		}
		target->state = CPU_ABSENT;
		printk("  CPU %u (offline in Linux) powered off\n", cpu);
	}
}

/* May disable start? Control lock held. */
static long check_disable(void)
{
	struct per_cpu *other;
	unsigned int cpu, id;

	for (id = 1; id < HV_MAX_CELLS; id++) {
		if (cells[id] != NULL) {
			hv_error("cannot disable: cell \"%s\" (id %u) still exists",
				 cells[id]->name, id);
			return -JH_EBUSY;
		}
	}
	if (cpu_arch_can_power_off()) {
		return 0;
	}
	for_each_cell_cpu(cpu, &root_cell) {
		other = per_cpu(cpu);
		if (other && other->state == CPU_PARKED) {
			hv_error("cannot disable: root cell CPU %u is offline; bring it online first",
				 cpu);
			return -JH_EBUSY;
		}
	}
	return 0;
}

long hv_disable_cpu(struct per_cpu *pcpu)
{
	uint64_t asked[BITMAP_WORDS(HV_MAX_CPUS)] = { 0 };
	bool first = false;
	long err = 0;

	if (pcpu->cell != &root_cell) {
		return -JH_EPERM;
	}

	control_lock_in_trap(pcpu);
	if (!hv.disabling) {
		err = check_disable();
		if (err != 0) {
			goto out;
		}
		printk("Shutting down hypervisor\n");
		hv.disabling = true;
		first = true;
		units_shutdown();
		request_power_off(asked);
	}
	hv.entered_cpus--;
	pcpu->state = CPU_ABSENT;
	printk("  CPU %u released\n", pcpu->cpu_id);
out:
	spin_unlock(&control_lock);
	if (err != 0) {
		return err;
	}
	/* Before this CPU leaves: the parked ones run hypervisor code. */
	if (first) {
		wait_powered_off(asked);
	}
	setup_arch_cpu_exit(pcpu);
}
