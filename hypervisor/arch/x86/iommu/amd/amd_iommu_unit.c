// SPDX-License-Identifier: GPL-2.0
/*
 * The AMD-Vi units of the system config: each one's registers mapped and
 * checked (off, as Linux must leave it), what Linux left saved for
 * shutdown, its command buffer and event log pages, and the device table
 * they all share.
 */
#include <jailhouse/hypercall.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/page_pool.h>
#include <hv/printk.h>
#include "amd_iommu_unit.h"

struct amd_unit amd_units[JH_MAX_IOMMUS];
unsigned int amd_num_units;

uint64_t *amd_devtab;	/* AMD_NUM_DEVICE_IDS entries of 4 qwords */

int amd_unit_init(unsigned int index, const struct jh_iommu *cfg)
{
	struct amd_unit *u = &amd_units[index];

	if (index >= JH_MAX_IOMMUS) {
		return -JH_EINVAL;
	}
	if (cfg->size < AMD_MMIO_MIN_SIZE) {
		hv_error("AMD-Vi unit %u: a register window of 0x%x bytes, the unit has 0x%x",
			 index, cfg->size, AMD_MMIO_MIN_SIZE);
		return -JH_EINVAL;
	}
	*u = (struct amd_unit){ .index = index, .bdf = cfg->amd_bdf };
	u->mmio = hv_map_device(cfg->base, cfg->size);
	if (!u->mmio) {
		hv_error("AMD-Vi unit %u: cannot map its registers at 0x%llx",
			 index, (unsigned long long)cfg->base);
		return -JH_ENOMEM;
	}
	u->efr = amd_read(u, AMD_MMIO_EFR);
	u->saved_control = amd_read(u, AMD_MMIO_CONTROL);
	if (u->efr == ~0ULL || u->saved_control == ~0ULL) {
		hv_error("AMD-Vi unit %u: no unit answers at 0x%llx",
			 index, (unsigned long long)cfg->base);
		return -JH_ENODEV;
	}
	if ((u->saved_control & AMD_CTRL_IOMMU_EN) != 0U) {
		hv_error("AMD-Vi unit %u at 0x%llx is in use by Linux: boot it with amd_iommu=off",
			 index, (unsigned long long)cfg->base);
		return -JH_EBUSY;
	}
	if (AMD_EFR_HATS(u->efr) == AMD_EFR_HATS_RESERVED) {
		hv_error("AMD-Vi unit %u: EFR 0x%llx gives no valid host table size",
			 index, (unsigned long long)u->efr);
		return -JH_ENODEV;
	}
	u->saved_cmd = amd_read(u, AMD_MMIO_CMD_BASE);
	u->saved_evt = amd_read(u, AMD_MMIO_EVT_BASE);
	u->saved_excl = amd_read(u, AMD_MMIO_EXCL_BASE);

	if (!amd_devtab) {
		amd_devtab = page_alloc(&hv.pool, AMD_DEVTAB_MAX_PAGES);
	}
	u->cmd = page_alloc(&hv.pool, 1);
	u->evt = page_alloc(&hv.pool, 1);
	if (!amd_devtab || !u->cmd || !u->evt) {
		hv_error("AMD-Vi unit %u: no room for its tables in the page pool",
			 index);
		return -JH_ENOMEM;
	}
	u->cmd_phys = page_pool_virt2phys(&hv.pool, u->cmd);
	u->evt_phys = page_pool_virt2phys(&hv.pool, u->evt);
	amd_num_units = index + 1;
	printk("  AMD-Vi unit %u at 0x%llx, PCI %02x:%02x.%x: EFR 0x%llx%s\n",
	       index, (unsigned long long)cfg->base, cfg->amd_bdf >> 8,
	       (cfg->amd_bdf >> 3) & 0x1f, cfg->amd_bdf & 7,
	       (unsigned long long)u->efr,
	       (u->efr & AMD_EFR_IA_SUP) ? "" : " (no INVALIDATE_ALL)");
	return 0;
}
