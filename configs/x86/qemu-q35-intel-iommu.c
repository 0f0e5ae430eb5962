/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the x86 bench machine with an Intel VT-d unit:
 *
 *   qemu-system-x86_64 -machine q35 -cpu EPYC -smp 4 -m 1G
 *     -device intel-iommu,intremap=on -device edu,addr=5,...
 *   Linux booted with memmap=32M$0x3b000000 intel_iommu=off intremap=off
 *
 * The same machine as qemu-q35.c, plus the unit: QEMU's DMAR table puts
 * its registers at 0xfed90000 (one page, fault records at 0x220) and
 * gives it every PCI device (INCLUDE_PCI_ALL). The hypervisor owns it
 * from enable to disable, so Linux must leave it alone: intel_iommu=off
 * keeps its DMA remapping driver away and intremap=off its interrupt
 * remapping. The edu device at 00:05.0 is the one cells may take.
 */
#define Q35_IOMMU {							\
	.base = 0xfed90000,						\
	.size = 0x1000,							\
	.type = JH_IOMMU_VTD,						\
}

/* The requester ID of QEMU's IOAPIC: ff:00.0, the DMAR IOAPIC device scope. */
#define Q35_IOAPIC_SID JH_IOAPIC_SID(0xff00)

#include "qemu-q35.c"
