/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the x86 bench machine with an AMD IOMMU:
 *
 *   qemu-system-x86_64 -machine q35 -cpu EPYC -smp 4 -m 1G \
 *     -device amd-iommu -device edu,addr=5,dma_mask=0xffffffffffffffff
 *   Linux booted with memmap=32M$0x3b000000 amd_iommu=off
 *
 * The layout of qemu-q35.c plus the AMD-Vi unit, which the hypervisor
 * owns: Linux must leave it off (amd_iommu=off), and no cell sees its PCI
 * function or its registers. The edu device must come after amd-iommu on
 * QEMU's command line: QEMU puts a device behind the IOMMU only if the
 * IOMMU exists when the device is created. (QEMU 10.0.2's amd-iommu
 * translates emulated devices only with pt=off; 7.2 has no such option.)
 *
 * The unit, as QEMU 7.2 presents it (ACPI IVRS, IVHD type 0x10, and the
 * unit's config space): PCI function 00:03.0 (1022:0018), capability
 * block at 0x40 (ID 0x0f), registers at 0xfed80000 (16 KiB). IVRS also
 * names the IOAPIC as device 00:14.0, which the config does not need: the
 * hypervisor remaps every root device ID without a table of its own
 * through its IOAPIC table (Documentation/iommu.md).
 */
#define Q35_IOMMU {							\
	.type = JH_IOMMU_AMD,						\
	.base = 0xfed80000,						\
	.size = KiB(16),						\
	.amd_bdf = 0x0018,	/* 00:03.0 */				\
	.amd_cap = 0x40,						\
}

/* The requester ID of QEMU's IOAPIC: 00:14.0, the IVRS IOAPIC special device. */
#define Q35_IOAPIC_SID JH_IOAPIC_SID(0x00a0)

#include "qemu-q35.c"
