/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the arm64 bench machine with an SMMUv3 doing stage 2
 * (QEMU 10, tests/scenarios/iommu-smmuv3.scn):
 *
 *   qemu-system-aarch64 -machine virt,gic-version=3,virtualization=on,
 *       its=on,iommu=smmuv3 -global arm-smmuv3.stage=2 -cpu cortex-a57
 *       -smp 4 -m 1G, Linux booted with mem=768M
 *       initcall_blacklist=arm_smmu_driver_init irqchip.gicv3_nolpi=1
 *
 * Everything else is qemu-virt.c. The unit's registers (0x09050000, two
 * 64 KiB pages) lie in no root memory region: the hypervisor owns them.
 * Linux must not drive the unit, hence the kernel arguments: the SMMUv3
 * (and SMMUv2) driver's initcall never runs, so Linux never touches the
 * registers and uses PCI devices without an IOMMU (untranslated DMA
 * before enable, the root's stage 2 after). The ITS is on only because
 * QEMU's edu device needs an MSI controller to exist; Linux is told to
 * ignore it (no LPIs), and no cell maps it.
 */
#define QEMU_VIRT_IOMMUS {						\
	{								\
		.base = 0x09050000,					\
		.size = 0x20000,					\
		.type = JH_IOMMU_SMMUV3,				\
	},								\
}
#include "qemu-virt.c"
