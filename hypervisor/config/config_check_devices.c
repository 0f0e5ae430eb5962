// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 5: devices the hypervisor emulates or owns. No
 * cell, the root cell included, may map their registers: a guest writing
 * them directly would bypass the emulation (arm64: the GICD; x86: the
 * local APIC's ICR reaches any CPU, an IOAPIC routes any pin, the ECAM
 * configures any PCI device; on both, an IOMMU undoes DMA isolation).
 *
 * The GICR only for DMA: cells' CPUs map its RD_base frames by design
 * (the hypervisor unmaps the whole GICR range and maps back each cell's
 * own frames only), but an I/O page table would map the whole region.
 * Not here: the HPET, which the config does not describe.
 */
#include "config_check_internal.h"

static int jhc_device_overlap(int index, const struct jh_memory_region *m,
			      uint64_t base, uint64_t size,
			      enum jhc_reason_id reason,
			      struct jh_config_error *err)
{
	if (jhc_overlap(m->phys_start, m->size, base, size)) {
		return JHC_FAIL(jhc_item_mem, index, "phys_start",
				m->phys_start, m->size, reason);
	}
	return 0;
}

/* The root cell's irqchips name the IOAPICs; a cell's own are among them. */
static int jhc_ioapic_overlap(const struct jh_cell_desc *root, int index,
			      const struct jh_memory_region *m,
			      struct jh_config_error *err)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(root);
	unsigned int i, num = JHC_NUM_IRQ(root);
	int ret;

	for (i = 0; i < num; i++) {
		ret = jhc_device_overlap(index, m, chips[i].address,
					 JHC_X86_IOAPIC_SIZE,
					 JHC_R_IOAPIC_OVERLAP, err);
		if (ret != 0) {
			return ret;
		}
	}
	return 0;
}

/* One frame per CPU of the system, the root cell holding every CPU. */
static uint64_t jhc_gicr_size(const struct jh_system_desc *sys)
{
	unsigned int cpu;
	uint64_t frames = 0;

	for (cpu = 0; cpu < jhc_num_cpu_bits(&sys->root_cell); cpu++) {
		if (jhc_has_cpu(&sys->root_cell, cpu)) {
			frames = (uint64_t)cpu + 1U;
		}
	}
	return frames * sys->platform.arm64.gicr_stride;
}

/* GICv3: device-visible memory (DMA, not I/O) off the redistributors. */
static int jhc_gicr_dma(const struct jh_system_desc *sys, int index,
			const struct jh_memory_region *m,
			struct jh_config_error *err)
{
	uint64_t dma_only = (uint64_t)JH_MEM_DMA;
	int ret = 0;

	if ((m->flags & (dma_only | (uint64_t)JH_MEM_IO)) == dma_only) {
		ret = jhc_device_overlap(index, m,
					 sys->platform.arm64.gicr_base,
					 jhc_gicr_size(sys), JHC_R_GICR_DMA,
					 err);
	}
	return ret;
}

/* GICv2: the CPU interfaces too (cells get the GICV frame at GICC). */
static int jhc_gic_overlap(const struct jh_system_desc *sys, int index,
			   const struct jh_memory_region *m,
			   struct jh_config_error *err)
{
	const struct jh_arm64_platform *arm = &sys->platform.arm64;
	int ret;

	if (arm->gic_version != 2U) {
		ret = jhc_device_overlap(index, m, arm->gicd_base,
					 JHC_GICD_SIZE, JHC_R_GICD_OVERLAP,
					 err);
		if (ret == 0) {
			ret = jhc_gicr_dma(sys, index, m, err);
		}
		return ret;
	}
	ret = jhc_device_overlap(index, m, arm->gicd_base,
				 JHC_GICV2_GICD_SIZE, JHC_R_GICD_OVERLAP, err);
	if (!ret) {
		ret = jhc_device_overlap(index, m, arm->gicc_base,
					 JHC_GICV2_GICC_SIZE,
					 JHC_R_GIC_IF_OVERLAP, err);
	}
	if (!ret) {
		ret = jhc_device_overlap(index, m, arm->gich_base,
					 JHC_GICV2_GICH_SIZE,
					 JHC_R_GIC_IF_OVERLAP, err);
	}
	if (!ret) {
		ret = jhc_device_overlap(index, m, arm->gicv_base,
					 JHC_GICV2_GICV_SIZE,
					 JHC_R_GIC_IF_OVERLAP, err);
	}
	return ret;
}

int jh_cfg_check_device_overlap(const struct jh_system_desc *sys, int index,
				const struct jh_memory_region *m,
				struct jh_config_error *err)
{
	int ret;

	if (jhc_is_comm(m)) {
		return 0;
	}
	ret = jh_cfg_iommu_overlap(sys, index, m, err);
	if (!ret && jhc_ecam_base(sys)) {
		ret = jhc_device_overlap(index, m, jhc_ecam_base(sys),
					 jhc_ecam_size(sys),
					 JHC_R_ECAM_OVERLAP, err);
	}
	if (ret != 0) {
		return ret;
	}
	if (sys->arch == JH_ARCH_ARM64) {
		return jhc_gic_overlap(sys, index, m, err);
	}

	ret = jhc_device_overlap(index, m, JHC_X86_LAPIC_BASE,
				 JHC_X86_LAPIC_SIZE, JHC_R_LAPIC_OVERLAP, err);
	if (!ret) {
		ret = jhc_ioapic_overlap(&sys->root_cell, index, m, err);
	}
	return ret;
}
