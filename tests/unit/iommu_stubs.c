// SPDX-License-Identifier: GPL-2.0
/*
 * hv/iommu.h for host tests of code that asks the IOMMU core (x86 pci.c):
 * no unit unless a test sets stub_iommu, and then a remapper that hands
 * out message n as data n with the address marking it remapped.
 */
#include <jailhouse/hypercall.h>
#include <hv/iommu.h>

bool stub_iommu;

bool iommu_active(void)
{
	return stub_iommu;
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
