// SPDX-License-Identifier: GPL-2.0
/*
 * hv/iommu.h for host tests of code that asks the IOMMU core (x86 pci.c,
 * ioapic_ir.c): no unit unless a test sets stub_iommu, and then a
 * remapper that hands out message n as data n with the address marking
 * it remapped, and IOAPIC entry n as vector n (AMD-Vi's form), logging
 * the last IOAPIC message it was given.
 */
#include <jailhouse/hypercall.h>
#include <hv/iommu.h>

bool stub_iommu;

bool iommu_active(void)
{
	return stub_iommu;
}

struct iommu_msi_msg stub_ioapic_msg;
unsigned int stub_ioapic_remaps;

int iommu_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		       uint64_t *rte)
{
	if (!stub_iommu)
		return -JH_ENOSYS;
	stub_ioapic_msg = *msg;
	stub_ioapic_remaps++;
	*rte = index;
	return 0;
}

int iommu_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		    const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw)
{
	(void)cell;
	(void)bdf;
	(void)msg;
	if (!stub_iommu)
		return -JH_ENOSYS;
	hw->address = 0xfee00010;
	hw->data = n;
	return 0;
}
