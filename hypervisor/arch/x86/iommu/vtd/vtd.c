// SPDX-License-Identifier: GPL-2.0
/*
 * Intel VT-d: the units taken over, enable and disable, and the flush of
 * a cell's tables (their global commands: vtd_unit.c).
 *
 * Enable takes over every unit of the system config that Linux left off
 * (boot it with intel_iommu=off intremap=off): queued invalidation on,
 * root table in, interrupt remapping on where every unit has it, then
 * translation on, each step waited for with a bound. Disable turns them
 * off in the reverse order, so that Linux finds the units as it left
 * them. Fault events stay masked: root hypercalls poll the records.
 *
 * Compatibility-format interrupts are blocked (CFI clear): after the
 * units, the root cell's MSI functions (pci_root.c) and the IOAPIC's
 * entries (ioapic_ir.c) move to remappable format, so no device can raise
 * an interrupt by a DMA write of a plain message to 0xfeeXXXXX. A root
 * function with MSI-X keeps the format allowed (vtd_ir.c): said at
 * enable.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/ioapic.h>
#include <asm/pci.h>
#include <asm/processor.h>
#include <asm/vtd_fault.h>
#include <asm/vtd_ir.h>
#include <asm/vtd_qi.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_tables.h>
#include <asm/vtd_unit.h>

#define VTD_REG_MIN_SIZE	0x100

static void merge_caps(const struct vtd_unit *u, unsigned int index)
{
	unsigned long domains = 1UL << (4 + 2 * VTD_CAP_ND(u->cap));

	if (index == 0) {
		vtd.sagaw = VTD_CAP_SAGAW(u->cap);
		vtd.sllps = VTD_CAP_SLLPS(u->cap);
		vtd.mgaw = VTD_CAP_MGAW(u->cap);
		vtd.domains = domains;
		vtd.coherent = u->ecap & VTD_ECAP_C;
		vtd.ir = u->ecap & VTD_ECAP_IR;
		vtd.rwbf = u->cap & VTD_CAP_RWBF;
		return;
	}
	vtd.sagaw &= VTD_CAP_SAGAW(u->cap);
	vtd.sllps &= VTD_CAP_SLLPS(u->cap);
	vtd.mgaw = MIN(vtd.mgaw, VTD_CAP_MGAW(u->cap));
	vtd.domains = MIN(vtd.domains, domains);
	vtd.coherent = vtd.coherent && (u->ecap & VTD_ECAP_C);
	vtd.ir = vtd.ir && (u->ecap & VTD_ECAP_IR);
	vtd.rwbf = vtd.rwbf || (u->cap & VTD_CAP_RWBF);
}

static int unit_check(const struct vtd_unit *u, const struct jh_iommu *cfg)
{
	uint32_t sts = vtd_read32(u, VTD_GSTS);

	if ((sts & (VTD_GCMD_TE | VTD_GCMD_IRE | VTD_GCMD_QIE)) != 0U) {
		hv_error("VT-d unit at 0x%llx is in use (status 0x%08x): boot Linux with intel_iommu=off intremap=off",
			 (unsigned long long)cfg->base, sts);
		return -JH_EBUSY;
	}
	if (!(u->ecap & VTD_ECAP_QI)) {
		hv_error("VT-d unit at 0x%llx has no queued invalidation, which this driver needs",
			 (unsigned long long)cfg->base);
		return -JH_ENODEV;
	}
	if (u->fro + u->nfr * 16 > cfg->size) {
		hv_error("VT-d unit at 0x%llx: fault records at 0x%x..0x%x lie beyond its 0x%x bytes of registers in the system config",
			 (unsigned long long)cfg->base, u->fro,
			 u->fro + u->nfr * 16, cfg->size);
		return -JH_EINVAL;
	}
	return 0;
}

static int vtd_unit_init(unsigned int index, const struct jh_iommu *cfg)
{
	struct vtd_unit *u = &vtd_units[index];
	int err;

	if (cfg->size < VTD_REG_MIN_SIZE) {
		hv_error("VT-d unit at 0x%llx: 0x%x bytes of registers are too few",
			 (unsigned long long)cfg->base, cfg->size);
		return -JH_EINVAL;
	}
	u->regs = hv_map_device(cfg->base, cfg->size);
	if (!u->regs) {
		return -JH_ENOMEM;
	}
	u->base = cfg->base;
	u->cap = vtd_read64(u, VTD_CAP);
	u->ecap = vtd_read64(u, VTD_ECAP);
	u->fro = VTD_CAP_FRO(u->cap);
	u->nfr = VTD_CAP_NFR(u->cap);
	err = unit_check(u, cfg);
	if (err != 0) {
		u->regs = NULL;
		return err;
	}
	merge_caps(u, index);
	vtd.units = index + 1;
	printk("  VT-d unit %u at 0x%llx: version %u.%u, cap 0x%llx, ecap 0x%llx\n",
	       index, (unsigned long long)cfg->base,
	       (vtd_read32(u, VTD_VER) >> 4) & 0xf, vtd_read32(u, VTD_VER) & 0xf,
	       (unsigned long long)u->cap, (unsigned long long)u->ecap);
	/* The tables are shared: built once, with the first unit. */
	if (index == 0) {
		err = vtd_tables_init();
		if (!err) {
			err = vtd_ir_init();
		}
	}
	return err;
}

static int enable_unit(struct vtd_unit *u)
{
	int err;

	/* Faults are polled, never signalled. */
	vtd_write32(u, VTD_FECTL, VTD_FECTL_IM);
	err = vtd_qi_enable(u);
	if (!err) {
		vtd_write64(u, VTD_RTADDR, vtd_root_table_phys());
		err = vtd_gcmd(u, VTD_GCMD_SRTP, true);
	}
	if (!err) {
		err = vtd_invalidate_all(u);
	}
	if (!err && vtd.ir) {
		err = vtd_ir_enable(u);
	}
	if (!err) {
		err = vtd_gcmd(u, VTD_GCMD_TE, true);
	}
	return err;
}

static int vtd_enable(void)
{
	unsigned int n;
	int err;

	for (n = 0; n < vtd.units; n++) {
		err = enable_unit(&vtd_units[n]);
		if (err != 0) {
			hv_error("VT-d unit %u at 0x%llx: cannot enable it (error %d)",
				 n, (unsigned long long)vtd_units[n].base, err);
			return err;
		}
		printk("  VT-d unit %u: %s tables, %lu domains, %u fault records, interrupt remapping %s\n",
		       n, vtd_pt_format()->name, vtd.domains, vtd_units[n].nfr,
		       !vtd.ir ? "absent" : vtd_ir_compat_blocked() ?
		       "on (compatibility format blocked)" :
		       "on (compatibility format allowed: a root function has MSI-X)");
	}
	if (vtd.ir) {
		pci_root_msi_takeover();
		ioapic_ir_start();
	}
	return 0;
}

static void vtd_shutdown(void)
{
	struct vtd_unit *u;
	unsigned int n;

	vtd_poll_faults();
	/* Back in the root's format while the units still remap. */
	ioapic_ir_stop();
	pci_root_msi_giveback();
	for (n = 0; n < vtd.units; n++) {
		u = &vtd_units[n];
		if (!u->regs) {
			continue;
		}
		if ((vtd_read32(u, VTD_GSTS) & VTD_GCMD_TE) != 0U) {
			vtd_gcmd(u, VTD_GCMD_TE, false);
		}
		if ((vtd_read32(u, VTD_GSTS) & VTD_GCMD_IRE) != 0U) {
			vtd_gcmd(u, VTD_GCMD_IRE, false);
		}
		if ((vtd_read32(u, VTD_GSTS) & VTD_GCMD_CFI) != 0U) {
			vtd_gcmd(u, VTD_GCMD_CFI, false);
		}
		vtd_qi_disable(u);
	}
}

/* Context cache, then IOTLB, of the cell's domain on every unit. */
static void vtd_flush(struct cell *cell)
{
	uint16_t did = vtd_domain(cell);
	const uint64_t desc[2][2] = {
		{ VTD_INV_CC | VTD_INV_G_DOMAIN | VTD_INV_DID(did), 0 },
		{ VTD_INV_IOTLB | VTD_INV_G_DOMAIN | VTD_INV_DID(did) |
		  VTD_INV_IOTLB_DR | VTD_INV_IOTLB_DW, 0 },
	};
	unsigned int n;

	vtd_tables_writeback(&cell->dma_pt);
	for (n = 0; n < vtd.units; n++) {
		vtd_write_buffer_flush(&vtd_units[n]);
		vtd_qi_submit(&vtd_units[n], desc, 2);
	}
}

/*
 * VT-d walks use the old or the new entry of a single 64-bit write; an
 * invalidation follows before any table is freed.
 */
static bool vtd_merge_in_place(void)
{
	return true;
}

DEFINE_IOMMU_DRIVER(vtd_driver) = {
	.type = JH_IOMMU_VTD,
	.name = "Intel VT-d",
	.unit_init = vtd_unit_init,
	.pt_format = vtd_pt_format,
	.merge_in_place = vtd_merge_in_place,
	.cell_init = vtd_cell_init,
	.cell_exit = vtd_cell_exit,
	.attach = vtd_attach,
	.enable = vtd_enable,
	.shutdown = vtd_shutdown,
	.flush = vtd_flush,
	.poll_faults = vtd_poll_faults,
	.msi_remap = vtd_msi_remap,
	.ioapic_remap = vtd_ioapic_remap,
};
