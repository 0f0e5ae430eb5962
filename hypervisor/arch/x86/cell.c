// SPDX-License-Identifier: GPL-2.0
/*
 * x86 cell setup: I/O and MSR permission bitmaps, platform mappings.
 *
 * For now the root cell may use every port and every MSR directly: both
 * bitmaps are all zero except for the MSRs that would let it take SVM
 * away from the hypervisor (EFER writes, VM_HSAVE_PA, VM_CR), which trap.
 * Restricting ports for non-root cells (pio_regions) comes with them.
 *
 * The local APIC, IOAPIC and PCI ECAM are not in the root's config
 * regions (the hypervisor will own them); until APIC/IOAPIC/PCI mediation
 * exists they are passed through to the root cell 1:1.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/page_pool.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/svm.h>

#define LAPIC_BASE		0xfee00000
#define IOAPIC_SIZE		0x1000

/* Bit offset of an MSR's read bit in the MSR permission map. */
static long msrpm_bit(uint32_t msr)
{
	if (msr < 0x2000)
		return msr * 2;
	if (msr >= 0xc0000000 && msr < 0xc0002000)
		return 0x4000 + (msr - 0xc0000000) * 2;
	if (msr >= 0xc0010000 && msr < 0xc0012000)
		return 0x8000 + (msr - 0xc0010000) * 2;
	return -1;
}

static void msrpm_trap_write(struct cell *cell, uint32_t msr)
{
	long bit = msrpm_bit(msr) + 1;

	cell->arch.msrpm[bit / 8] |= 1U << (bit % 8);
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
	msrpm_trap_write(cell, MSR_EFER);
	msrpm_trap_write(cell, MSR_VM_HSAVE_PA);
	msrpm_trap_write(cell, MSR_VM_CR);
	return 0;
}

static int map_device(struct cell *cell, paddr_t phys, uint64_t size)
{
	int err = pt_map(&cell->guest_pt, phys, phys, size,
			 PT_READ | PT_WRITE | PT_DEVICE);

	if (err)
		hv_error("cell \"%s\": cannot map device 0x%llx+0x%llx (error %d)",
			 cell->name, (unsigned long long)phys,
			 (unsigned long long)size, err);
	return err;
}

int cell_arch_map_platform(struct cell *cell)
{
	const struct jh_x86_platform *plat = &hv.sysconfig->platform.x86;
	const struct jh_irqchip *chip = jh_cell_irqchips(cell->config);
	unsigned int n;
	int err;

	if (cell != &root_cell)
		return 0;
	err = map_device(cell, LAPIC_BASE, PAGE_SIZE);
	for (n = 0; !err && n < cell->config->num_irqchips; n++)
		err = map_device(cell, chip[n].address, IOAPIC_SIZE);
	if (!err && plat->mmconfig_base)
		err = map_device(cell, plat->mmconfig_base,
				 ((uint64_t)plat->mmconfig_end_bus + 1) << 20);
	return err;
}
