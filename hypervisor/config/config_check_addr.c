// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 4: address width. Page-table entries hold only so
 * many address bits; an address above them must be refused here, or it
 * would alias low memory (the hypervisor's, another cell's) once a writer
 * dropped the high bits. The structural checks apply the arch's largest
 * physical address size; the hypervisor applies its CPU's through
 * jh_check_system_addr_bits() and jh_check_cell_addr_bits().
 */
#include "config_check_internal.h"

/* [start, start + size) must not wrap (checked before). */
static int jhc_check_width(const char *item, int index, const char *field,
			   uint64_t start, uint64_t size, unsigned int bits,
			   struct jh_config_error *err)
{
	if (bits < 64 && jhc_last(start, size) >> bits) {
		return JHC_FAIL(item, index, field, start, bits,
				JHC_R_ABOVE_PA);
	}
	return 0;
}

/* Guest-physical addresses too: stage 2 / EPT take no more bits. */
int jh_cfg_check_mem_width(const struct jh_memory_region *m, int index,
			   unsigned int bits, struct jh_config_error *err)
{
	int ret = 0;

	if (!jhc_is_comm(m)) {
		ret = jhc_check_width(jhc_item_mem, index, "phys_start",
				      m->phys_start, m->size, bits, err);
	}
	if (!ret) {
		ret = jhc_check_width(jhc_item_mem, index, "virt_start",
				      m->virt_start, m->size, bits, err);
	}
	return ret;
}

int jh_cfg_check_console_width(const char *item, const struct jh_console *con,
			       unsigned int bits, struct jh_config_error *err)
{
	if (con->type == JH_CON_NONE || con->type == JH_CON_8250_PIO) {
		return 0;
	}
	return jhc_check_width(item, -1, "address", con->address, 1, bits,
			       err);
}

static int jhc_gicv2_width(const struct jh_arm64_platform *arm,
			   unsigned int bits, struct jh_config_error *err)
{
	int ret = jhc_check_width(jhc_item_platform, -1, "gicc_base",
				  arm->gicc_base, JHC_GICV2_GICC_SIZE, bits,
				  err);

	if (!ret) {
		ret = jhc_check_width(jhc_item_platform, -1, "gich_base",
				      arm->gich_base, JHC_GICV2_GICH_SIZE,
				      bits, err);
	}
	if (!ret) {
		ret = jhc_check_width(jhc_item_platform, -1, "gicv_base",
				      arm->gicv_base, JHC_GICV2_GICV_SIZE,
				      bits, err);
	}
	return ret;
}

int jh_cfg_check_platform_width(const struct jh_system_desc *sys,
				unsigned int bits, struct jh_config_error *err)
{
	const struct jh_memory_region *hv_mem = &sys->hypervisor_memory;
	const struct jh_arm64_platform *arm = &sys->platform.arm64;
	const struct jh_x86_platform *x86 = &sys->platform.x86;
	unsigned int i;
	int ret;

	ret = jhc_check_width(jhc_item_hv_mem, -1, "phys_start",
			      hv_mem->phys_start, hv_mem->size, bits, err);
	if (!ret) {
		ret = jh_cfg_check_console_width(jhc_item_dbg_console,
						 &sys->debug_console, bits,
						 err);
	}
	for (i = 0; !ret && i < JH_MAX_IOMMUS; i++) {
		if (sys->iommus[i].type != JH_IOMMU_NONE) {
			ret = jhc_check_width(jhc_item_iommu, i, "base",
					      sys->iommus[i].base,
					      sys->iommus[i].size, bits, err);
		}
	}
	if (ret != 0) {
		return ret;
	}
	if (sys->arch == JH_ARCH_ARM64) {
		ret = jhc_check_width(jhc_item_platform, -1, "gicd_base",
				      arm->gicd_base, JHC_GICD_SIZE, bits, err);
		if (!ret && arm->gic_version == 2U) {
			ret = jhc_gicv2_width(arm, bits, err);
		} else if (!ret) {
			ret = jhc_check_width(jhc_item_platform, -1,
					      "gicr_base", arm->gicr_base,
					      arm->gicr_stride, bits, err);
		}
		if (!ret && arm->pci_ecam_base) {
			ret = jhc_check_width(jhc_item_platform, -1,
					      "pci_ecam_base",
					      arm->pci_ecam_base,
					      jhc_ecam_size(sys), bits, err);
		}
		return ret;
	}
	if (x86->mmconfig_base != 0U) {
		ret = jhc_check_width(jhc_item_platform, -1, "mmconfig_base",
				      x86->mmconfig_base,
				      jhc_ecam_size(sys), bits, err);
	}
	return ret;
}

static int jhc_check_cell_width(const struct jh_cell_desc *c,
				unsigned int bits, struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	unsigned int i, num = JHC_NUM_MEM(c);
	int ret;

	for (i = 0; i < num; i++) {
		ret = jh_cfg_check_mem_width(&mem[i], i, bits, err);
		if (ret != 0) {
			return ret;
		}
	}
	ret = jh_cfg_check_console_width(jhc_item_console, &c->console, bits,
					 err);
	if (!ret) {
		ret = jh_cfg_check_link_width(c, bits, err);
	}
	return ret;
}

int jh_check_system_addr_bits(const struct jh_system_desc *sys,
			      unsigned int bits, struct jh_config_error *err)
{
	int ret;

	jhc_clear(err);
	ret = jh_cfg_check_platform_width(sys, bits, err);
	if (!ret) {
		ret = jhc_check_cell_width(&sys->root_cell, bits, err);
	}
	return ret;
}

int jh_check_cell_addr_bits(const struct jh_cell_desc *cell, unsigned int bits,
			    struct jh_config_error *err)
{
	jhc_clear(err);
	return jhc_check_cell_width(cell, bits, err);
}
