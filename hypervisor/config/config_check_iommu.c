// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 6: the system config's IOMMU units. Used slots
 * come first, all of one type that the arch has, with page-aligned
 * register windows that no cell maps (config_check_devices.c) and that
 * do not overlap each other or the hypervisor's memory.
 */
#include "config_check_internal.h"

/* Largest register window a unit may claim (SMMUv3: two 64 KiB pages). */
#define JHC_IOMMU_MAX_SIZE	0x100000ULL

static bool jhc_iommu_type_ok(uint16_t type, uint32_t arch)
{
	if (arch == JH_ARCH_ARM64) {
		return type == JH_IOMMU_SMMUV3;
	}
	return type == JH_IOMMU_AMD || type == JH_IOMMU_VTD;
}

static int jhc_check_iommu(const struct jh_system_desc *sys, unsigned int i,
			   struct jh_config_error *err)
{
	const struct jh_iommu *u = &sys->iommus[i];
	const struct jh_memory_region *hv_mem = &sys->hypervisor_memory;
	unsigned int n;

	if (!jhc_iommu_type_ok(u->type, sys->arch)) {
		return JHC_FAIL(jhc_item_iommu, i, "type", u->type, 0,
				JHC_R_IOMMU_TYPE);
	}
	if (u->type != sys->iommus[0].type) {
		return JHC_FAIL(jhc_item_iommu, i, "type", u->type,
				sys->iommus[0].type, JHC_R_IOMMU_MIXED);
	}
	if (u->flags != 0U) {
		return JHC_FAIL(jhc_item_iommu, i, "flags", u->flags, 0,
				JHC_R_RESERVED);
	}
	if (u->reserved0 || u->reserved1 || u->reserved2) {
		return JHC_FAIL(jhc_item_iommu, i, "reserved", 0, 0,
				JHC_R_RESERVED);
	}
	if (u->type != JH_IOMMU_AMD && (u->amd_bdf || u->amd_cap)) {
		return JHC_FAIL(jhc_item_iommu, i, "amd_bdf", u->amd_bdf, 0,
				JHC_R_IOMMU_AMD_ONLY);
	}
	if (u->size == 0) {
		return JHC_FAIL(jhc_item_iommu, i, "size", 0, 0,
				JHC_R_IS_ZERO);
	}
	if (!jhc_aligned(u->base, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_iommu, i, "base", u->base, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (!jhc_aligned(u->size, JHC_PAGE_SIZE) ||
	    u->size > JHC_IOMMU_MAX_SIZE) {
		return JHC_FAIL(jhc_item_iommu, i, "size", u->size, 0,
				JHC_R_IOMMU_SIZE);
	}
	if (jhc_wraps(u->base, u->size)) {
		return JHC_FAIL(jhc_item_iommu, i, "base", u->base, u->size,
				JHC_R_WRAPS);
	}
	if (jhc_overlap(u->base, u->size, hv_mem->phys_start, hv_mem->size)) {
		return JHC_FAIL(jhc_item_iommu, i, "base", u->base, u->size,
				JHC_R_HV_OVERLAP);
	}
	for (n = 0; n < i; n++) {
		if (jhc_overlap(u->base, u->size, sys->iommus[n].base,
				sys->iommus[n].size)) {
			return JHC_FAIL(jhc_item_iommu, i, "base", u->base,
					n, JHC_R_IOMMU_TWICE);
		}
	}
	return 0;
}

int jh_cfg_check_iommus(const struct jh_system_desc *sys,
			struct jh_config_error *err)
{
	bool unused_seen = false;
	unsigned int i;
	int ret;

	for (i = 0; i < JH_MAX_IOMMUS; i++) {
		if (sys->iommus[i].type == JH_IOMMU_NONE) {
			unused_seen = true;
			continue;
		}
		if (unused_seen) {
			return JHC_FAIL(jhc_item_iommu, i, "type",
					sys->iommus[i].type, 0,
					JHC_R_IOMMU_GAP);
		}
		ret = jhc_check_iommu(sys, i, err);
		if (ret != 0) {
			return ret;
		}
	}
	return 0;
}

int jh_cfg_iommu_overlap(const struct jh_system_desc *sys, int index,
			 const struct jh_memory_region *m,
			 struct jh_config_error *err)
{
	unsigned int i;

	for (i = 0; i < JH_MAX_IOMMUS; i++) {
		if (sys->iommus[i].type != JH_IOMMU_NONE &&
		    jhc_overlap(m->phys_start, m->size, sys->iommus[i].base,
				sys->iommus[i].size)) {
			return JHC_FAIL(jhc_item_mem, index, "phys_start",
					m->phys_start, m->size,
					JHC_R_IOMMU_OVERLAP);
		}
	}
	return 0;
}
