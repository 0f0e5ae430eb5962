/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the x86 bench machine with the root cell in x2APIC
 * mode (QEMU 10, tests/bench/run's board "x2apic"):
 *
 *   qemu-system-x86_64 -machine q35 -cpu EPYC,+x2apic -smp 4 -m 1G
 *     -device intel-iommu,intremap=on,eim=on
 *   Linux booted with memmap=32M$0x3b000000
 *
 * Linux 6.1 enables x2APIC only with interrupt remapping that reaches
 * x2APIC destinations (EIM), so Linux drives QEMU's VT-d unit itself, for
 * its interrupt remapping and its DMA remapping. The hypervisor leaves it
 * to Linux (no iommus[]: it refuses x2APIC together with an IOMMU of its
 * own) and maps its register page to the root cell, whose invalidation
 * queue Linux rings there. DMA is then not confined by the hypervisor, as
 * with qemu-q35.c (Documentation/x86.md, "The root cell in x2APIC mode").
 */
#define Q35_LINUX_IOMMU {						\
	.phys_start = 0xfed90000,					\
	.virt_start = 0xfed90000,					\
	.size = KiB(4),							\
	.flags = MEM_DEVICE,						\
}

#include "qemu-q35.c"
