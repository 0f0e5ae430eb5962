// SPDX-License-Identifier: GPL-2.0
/*
 * x86 cell setup: the I/O and MSR permission bitmaps, and hand-over of
 * ports, PCI devices and IOAPIC pins between the root cell and the cells
 * created from it.
 *
 * Ports. A non-root cell reaches exactly the ports of its pio_regions
 * directly; the root cell every port except those of other cells. PCI
 * configuration ports 0xcf8-0xcff always trap (pci.c mediates them).
 *
 * MSRs, a fixed policy (the config format has no MSR list), written into
 * the backend's bitmap format (asm/msr_bitmap.h; MSRs outside a format's
 * ranges always trap):
 * - the root cell reaches every MSR except the ones that would take SVM
 *   or VMX from the hypervisor (EFER writes are emulated; VM_HSAVE_PA and
 *   VM_CR writes, IA32_FEATURE_CONTROL writes and the VMX capability
 *   MSRs refused), writes of IA32_APIC_BASE (only rewriting its value is
 *   allowed), the x2APIC range (apic_x2apic.c serves it; reads, EOI and
 *   TPR pass where the APICs are in hardware x2APIC mode) and writes of
 *   the MSRs msr_policy.c guards (MTRRs, memory map, SMM, microcode, DS
 *   area: the values stay as at enable);
 * - a non-root cell reaches only what a bare-metal program in long mode
 *   needs and that touches nothing outside its CPU: TSC (read), PAT,
 *   EFER (read; writes emulated), FS/GS base, KERNEL_GS_BASE, the
 *   syscall MSRs, TSC_AUX (read), IA32_APIC_BASE (read; where the CPU
 *   has x2APIC, reads and writes trap: the switch to the emulated x2APIC
 *   mode, whose MSRs trap too, apic_x2apic.c). Everything else gets #GP.
 * - where the APICs are in hardware x2APIC mode, the root cell and cells
 *   with JH_CELL_DIRECT_IRQ read the x2APIC registers and write EOI and
 *   TPR directly (x2apic_direct_policy).
 *
 * The local APIC, the IOAPICs and the PCI ECAM are in no cell's nested
 * page table: they trap and are emulated (apic.c, ioapic.c, pci.c).
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/page_pool.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/apic.h>
#include <asm/apic_hw.h>
#include <asm/apic_regs.h>
#include <asm/ioapic.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/msr_policy.h>
#include <asm/pci.h>
#include <asm/vendor.h>

#define PCI_PORT_FIRST		0xcf8
#define PCI_PORT_LAST		0xcff
#define CPUID1_EDX_MTRR		(1U << 12)
#define CPUID1_EDX_DS		(1U << 21)

enum msr_access { MSR_READ = 1, MSR_WRITE = 2, MSR_RW = 3 };

static void msrpm_set(struct cell *cell, uint32_t msr, enum msr_access acc,
		      bool trap)
{
	unsigned int n;
	long bit;

	for (n = 0; n < 2; n++) {
		bit = x86_msr_bitmap_bit(x86_vendor->msr_format, msr, n == 1);
		if (!(acc & (1U << n)) || bit < 0) {
			continue;
		}
		if (trap) {
			cell->arch.msrpm[bit / 8] |= 1U << (bit % 8);
		} else {
			cell->arch.msrpm[bit / 8] &= ~(1U << (bit % 8));
		}
	}
}

/*
 * One bit per port, in both formats: SVM's IOPM is these 8 KiB (and a
 * page it ignores here), VMX's I/O bitmaps A and B are its two pages.
 */
static void iopm_set(uint8_t *iopm, unsigned int first, unsigned int count,
		     bool trap)
{
	unsigned int port;

	for (port = first; port < first + count && port <= 0xffff; port++) {
		if (trap) {
			iopm[port / 8] |= 1U << (port % 8);
		} else {
			iopm[port / 8] &= ~(1U << (port % 8));
		}
	}
}

static void iopm_set_regions(uint8_t *iopm, const struct jh_cell_desc *desc,
			     bool trap)
{
	const struct jh_pio_region *pio = jh_cell_pio_regions(desc);
	unsigned int n;

	for (n = 0; n < desc->num_pio_regions; n++) {
		iopm_set(iopm, pio[n].base, pio[n].length, trap);
	}
}

/* Is a guarded MSR (msr_policy.c) there on this CPU to be trapped? */
static bool msr_present(uint32_t msr)
{
	uint32_t a, b, c, d;
	uint64_t cap;

	cpuid(1, 0, &a, &b, &c, &d);
	if (msr == MSR_DS_AREA) {
		return d & CPUID1_EDX_DS;
	}
	if (msr < MSR_MTRR_PHYS_BASE0 || msr > MSR_MTRR_DEF_TYPE) {
		return true;
	}
	if (!(d & CPUID1_EDX_MTRR)) {
		return false;
	}
	cap = rdmsr(MSR_MTRR_CAP);
	if (msr == MSR_MTRR_DEF_TYPE) {
		return true;
	}
	if (msr <= MSR_MTRR_PHYS_LAST) {
		return (msr - MSR_MTRR_PHYS_BASE0) / 2 < MTRR_CAP_VCNT(cap);
	}
	/* The fixed-range MTRRs; the ranges hold nothing else here. */
	return cap & MTRR_CAP_FIX;
}

/*
 * Hardware x2APIC (apic_x2apic_direct): every x2APIC register of the CPU
 * the cell owns may be read, EOI and TPR written, without an exit. What
 * reaches beyond the CPU or could hide an interrupt source stays trapped
 * and checked: ICR, SELF IPI (IPIs), the LVTs (delivery modes, vectors),
 * and the rest (SVR, timer, ESR; IA32_APIC_BASE is not in the range).
 * Reads of a register x2APIC mode lacks raise #GP in the guest.
 */
static void x2apic_direct_policy(struct cell *cell)
{
	uint32_t msr;

	if (!apic_x2apic_direct(cell)) {
		return;
	}
	for (msr = MSR_X2APIC_FIRST; msr <= MSR_X2APIC_LAST; msr++) {
		msrpm_set(cell, msr, MSR_READ, false);
	}
	msrpm_set(cell, X2APIC_MSR(APIC_EOI), MSR_WRITE, false);
	msrpm_set(cell, X2APIC_MSR(APIC_TPR), MSR_WRITE, false);
}

static void root_msr_policy(struct cell *cell)
{
	const struct x86_msr_range *r;
	unsigned int n, num;
	uint32_t msr;

	num = x86_root_guarded_msrs(x86_vendor->msr_format, &r);
	for (n = 0; n < num; n++) {
		for (msr = r[n].first; msr <= r[n].last; msr++) {
			if (msr_present(msr)) {
				msrpm_set(cell, msr, MSR_WRITE, true);
			}
		}
	}

	msrpm_set(cell, MSR_EFER, MSR_WRITE, true);
	msrpm_set(cell, MSR_VM_HSAVE_PA, MSR_WRITE, true);
	msrpm_set(cell, MSR_VM_CR, MSR_WRITE, true);
	msrpm_set(cell, MSR_FEATURE_CONTROL, MSR_WRITE, true);
	for (msr = MSR_VMX_FIRST; msr <= MSR_VMX_LAST; msr++) {
		msrpm_set(cell, msr, MSR_RW, true);
	}
	msrpm_set(cell, MSR_APIC_BASE, MSR_WRITE, true);
	for (msr = MSR_X2APIC_FIRST; msr <= MSR_X2APIC_LAST; msr++) {
		msrpm_set(cell, msr, MSR_RW, true);
	}
	x2apic_direct_policy(cell);
}

static void cell_msr_policy(struct cell *cell)
{
	memset(cell->arch.msrpm, 0xff, MSRPM_PAGES * PAGE_SIZE);
	msrpm_set(cell, MSR_TSC, MSR_READ, false);
	msrpm_set(cell, MSR_PAT, MSR_RW, false);
	msrpm_set(cell, MSR_EFER, MSR_READ, false);
	msrpm_set(cell, MSR_STAR, MSR_RW, false);
	msrpm_set(cell, MSR_LSTAR, MSR_RW, false);
	msrpm_set(cell, MSR_CSTAR, MSR_RW, false);
	msrpm_set(cell, MSR_SFMASK, MSR_RW, false);
	msrpm_set(cell, MSR_FS_BASE, MSR_RW, false);
	msrpm_set(cell, MSR_GS_BASE, MSR_RW, false);
	msrpm_set(cell, MSR_KERNEL_GS_BASE, MSR_RW, false);
	msrpm_set(cell, MSR_TSC_AUX, MSR_READ, false);
	/* IA32_APIC_BASE reads show an x2APIC switch (apic_x2apic.c). */
	if (!apic_x2apic_offered()) {
		msrpm_set(cell, MSR_APIC_BASE, MSR_READ, false);
	}
	x2apic_direct_policy(cell);
}

/* Which interrupt path a cell asking for direct delivery got, and why. */
static void report_delivery(const struct cell *cell)
{
	if ((cell->config->flags & JH_CELL_DIRECT_IRQ) == 0U) {
		/* Nothing asked for: the trapped path, as always. */
	} else if (apic_x2apic_direct(cell)) {
		printk("  cell \"%s\": interrupt delivery: direct (x2APIC reads, EOI and TPR without exits)\n",
		       cell->name);
	} else {
		printk("  cell \"%s\": interrupt delivery: trapped (direct delivery asked for, but %s)\n",
		       cell->name, apic_hw_x2apic() ?
		       "an IOMMU of the hypervisor's needs the EOIs" :
		       "the APICs are in xAPIC mode");
	}
}

int cell_arch_init(struct cell *cell)
{
	cell->arch.iopm = page_alloc(&hv.pool, IOPM_PAGES);
	cell->arch.msrpm = page_alloc(&hv.pool, MSRPM_PAGES);
	if (!cell->arch.iopm || !cell->arch.msrpm) {
		hv_error("cell \"%s\": no memory for the I/O and MSR permission bitmaps",
			 cell->name);
		return -JH_ENOMEM;
	}
	cell->arch.iopm_pa = hv_virt2phys(cell->arch.iopm);
	cell->arch.msrpm_pa = hv_virt2phys(cell->arch.msrpm);

	if (cell == &root_cell) {
		/* page_alloc zeroes: every port and MSR direct by default. */
		root_msr_policy(cell);
	} else {
		memset(cell->arch.iopm, 0xff, IOPM_PAGES * PAGE_SIZE);
		iopm_set_regions(cell->arch.iopm, cell->config, false);
		cell_msr_policy(cell);
		report_delivery(cell);
	}
	iopm_set(cell->arch.iopm, PCI_PORT_FIRST,
		 PCI_PORT_LAST - PCI_PORT_FIRST + 1, true);
	return 0;
}

void cell_arch_exit(struct cell *cell)
{
	page_free(&hv.pool, cell->arch.iopm, IOPM_PAGES);
	page_free(&hv.pool, cell->arch.msrpm, MSRPM_PAGES);
}

/* Nothing of the platform is mapped: see the top of this file. */
int cell_arch_map_platform(struct cell *cell)
{
	return 0;
}

/* Control lock held; the new cell's CPUs are parked. */
void cell_arch_assign(struct cell *cell)
{
	iopm_set_regions(root_cell.arch.iopm, cell->config, true);
	iopm_set(root_cell.arch.iopm, PCI_PORT_FIRST,
		 PCI_PORT_LAST - PCI_PORT_FIRST + 1, true);
	pci_cell_assign(cell);
	ioapic_cell_assign(cell);
}

/*
 * At every stop and start of the cell: its PCI devices quiesced, as at
 * create, so that the old run's DMA neither lands in a new image nor in
 * RAM going back to the root. (Its IOAPIC pins keep their entries.)
 */
void cell_arch_reset_devices(struct cell *cell)
{
	pci_cell_quiesce(cell);
}

void cell_arch_release(struct cell *cell)
{
	iopm_set_regions(root_cell.arch.iopm, cell->config, false);
	iopm_set(root_cell.arch.iopm, PCI_PORT_FIRST,
		 PCI_PORT_LAST - PCI_PORT_FIRST + 1, true);
	pci_cell_release(cell);
	ioapic_cell_release(cell);
}

/*
 * Microseconds on hardware; under TCG on a loaded host a vCPU may not run
 * for tens of milliseconds (50 ms were seen to run out). Never forever.
 */
#define FLUSH_ACK_TIMEOUT_US	250000

/*
 * Has target stopped using stale translations? It clears flush_tlb in
 * its exit path right before the flush (SVM: TLB_CONTROL on VMRUN; VMX:
 * INVEPT), so a cleared flag means no guest code of it runs unflushed.
 * A CPU spinning for control_lock in a trap (which the caller holds) runs
 * no guest code either and sees the flag before it enters its guest.
 */
static bool flush_acked(struct per_cpu *target)
{
	return !READ_ONCE(target->arch.flush_tlb) ||
		READ_ONCE(target->state) != CPU_RUNNING ||
		READ_ONCE(target->waits_for_control);
}

/*
 * Each CPU flushes the cell's guest translations at its next VM entry
 * (SVM: whole TLB, no flush-by-ASID; VMX: INVEPT). CPUs running guest
 * code get there at once through a kick.
 */
static void request_flush(struct cell *cell, struct per_cpu *self)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		pcpu = per_cpu(cpu);
		if (!pcpu) {
			continue;
		}
		WRITE_ONCE(pcpu->arch.flush_tlb, true);
		if (pcpu != self && pcpu->state == CPU_RUNNING) {
			cpu_arch_kick(cpu);
		}
	}
}

/*
 * Synchronous: when this returns, no CPU but the caller itself (which
 * flushes before it returns to its guest) uses a translation removed
 * before the call, e.g. a root mapping of memory a cell is about to run
 * in. Every change that takes memory from the root cell ends with this
 * call (control.c: assign_cell, set_loadable).
 */
void cell_arch_flush_tlb(struct cell *cell)
{
	struct per_cpu *pcpu, *self = this_cpu();
	uint64_t start;
	unsigned int cpu;

	request_flush(cell, self);
	smp_mb();
	start = timer_arch_now_us();
	for_each_cell_cpu(cpu, cell) {
		pcpu = per_cpu(cpu);
		if (!pcpu || pcpu == self) {
			continue;
		}
		while (!flush_acked(pcpu)) {
			if (timer_arch_now_us() - start > FLUSH_ACK_TIMEOUT_US) {
				printk("CPU %u did not acknowledge a TLB flush of cell \"%s\" within %u ms\n",
				       cpu, cell->name,
				       FLUSH_ACK_TIMEOUT_US / 1000);
				break;
			}
			cpu_relax();
		}
	}
}

/*
 * The break-before-make steps inside a table change (hv/paging.h) need no
 * wait: x86 has no TLB conflict rule, and every lifecycle call that
 * changes the root's tables (create, set loadable, start, destroy) ends
 * with the synchronous cell_arch_flush_tlb() of the root before it drops
 * the control lock, so that neither a translation taken away nor a table
 * freed meanwhile (and reusable by the next call) is still cached then.
 */
void cell_arch_flush_tlb_range(struct cell *cell, uint64_t gpa,
			       uint64_t size)
{
	request_flush(cell, this_cpu());
}
