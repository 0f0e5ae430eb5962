// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi (AMD I/O Virtualization Technology) driver, hv/iommu.h's
 * JH_IOMMU_AMD.
 *
 * One device table of 65536 entries (2 MiB from the page pool), shared by
 * every unit, covers every device ID of PCI segment 0, so no request
 * finds an entry out of range (which QEMU 7.2's model would read from
 * whatever memory follows the table). Each DTE points at the I/O page
 * table of the cell that owns the device, with the cell's domain ID (cell
 * id + 1): at enable every entry is the root cell's, attach() moves one
 * device. The root's table holds the root's DMA memory only, never the
 * hypervisor or a cell, so no device, present or not, reaches them.
 *
 * Interrupts: devices of non-root cells and the root cell's MSI functions
 * are remapped (amd_iommu_ir.c), each through a table of its own; the
 * root's other device IDs pass interrupts unremapped (DTE IV = 0). The unit's PCI function is hidden from every cell by pci.c, and
 * its registers are in no cell's memory (the config validator refuses).
 *
 * The unit must be off when the hypervisor comes: Linux is booted with
 * amd_iommu=off. Disable turns translation off, waits for the unit to
 * drop what it cached, and puts back the registers Linux left but the
 * device table base (see shutdown()).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/page_pool.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/ioapic.h>
#include <asm/pci.h>
#include "amd_iommu_cmd.h"
#include "amd_iommu_ir.h"
#include "amd_iommu_pt.h"
#include "amd_iommu_unit.h"

/* Commands per batch when invalidating everything (2 per device ID). */
#define INV_BATCH		128

static const struct pt_format *pt_format(void)
{
	return &amd_pt_format;
}

static uint16_t domain_of(const struct cell *cell)
{
	return (uint16_t)(cell->id + 1);
}

static int cell_init(struct cell *cell)
{
	return amd_ir_cell_init(cell);
}

static void cell_exit(struct cell *cell)
{
	amd_ir_cell_exit(cell);
}

/* The entry of device bdf when cell owns it. */
static void build_dte(const struct cell *cell, uint16_t bdf, uint64_t q[4])
{
	paddr_t irt;

	q[0] = AMD_DTE_V | AMD_DTE_TV |
		(uint64_t)AMD_PT_MODE << AMD_DTE_MODE_SHIFT |
		(cell->dma_pt.root_phys & AMD_DTE_PT_ROOT_MASK) |
		AMD_DTE_IR | AMD_DTE_IW;
	q[1] = domain_of(cell);
	q[2] = 0;
	q[3] = 0;
	irt = amd_ir_table(cell, bdf);
	/*
	 * The root's device IDs without a table of their own: with every
	 * IOAPIC's requester ID in the config, the IOAPICs' IDs get the
	 * IOAPIC table and the others (functions without MSI, IDs of no
	 * function) abort every message; without, all of them share the
	 * IOAPIC table. There the 8259's ExtINT and LINT pass, NMI, INIT and
	 * SMI do not, so no DMA write into the interrupt range raises one.
	 * Without that table (or for MSI-X functions, see enable()):
	 * unremapped, as without the unit.
	 */
	if (cell == &root_cell && !irt) {
		if (pci_root_is_msix(bdf)) {
			return;
		}
		if (ioapic_sources_known() && !ioapic_is_source(bdf)) {
			q[2] = AMD_DTE_IV |
				AMD_INTCTL_ABORT << AMD_DTE_INTCTL_SHIFT;
			return;
		}
		irt = amd_ir_ioapic_table();
		if (!irt) {
			return;
		}
		q[2] = AMD_DTE_EINT_PASS | AMD_DTE_LINT0_PASS |
			AMD_DTE_LINT1_PASS;
	}
	/* A cell's device without a table (cannot happen): aborted. */
	q[2] |= AMD_DTE_IV | (irt ?
		((uint64_t)AMD_IRT_LEN_LOG2 << AMD_DTE_INT_TAB_LEN_SHIFT |
		 (irt & AMD_DTE_IRT_ROOT_MASK) |
		 AMD_INTCTL_REMAP << AMD_DTE_INTCTL_SHIFT) :
		AMD_INTCTL_ABORT << AMD_DTE_INTCTL_SHIFT);
}

/*
 * Quadword 0 (valid, page table) last: the device is quiet while it
 * changes hands (pci.c cleared bus mastering), and the unit never sees a
 * valid entry that is half of each owner's.
 */
static void write_dte(uint16_t bdf, const uint64_t q[4])
{
	volatile uint64_t *dte = amd_devtab + (size_t)bdf * 4;

	dte[3] = q[3];
	dte[2] = q[2];
	dte[1] = q[1];
	asm volatile("" : : : "memory");
	dte[0] = q[0];
}

static void attach(struct cell *cell, uint16_t bdf)
{
	struct amd_cmd inv[2] = {
		{ .q0 = bdf | AMD_CMD_INV_DEVTAB << AMD_CMD_OP_SHIFT },
		{ .q0 = bdf | AMD_CMD_INV_IRT << AMD_CMD_OP_SHIFT },
	};
	uint64_t q[4];

	build_dte(cell, bdf, q);
	write_dte(bdf, q);
	amd_cmd_run_all(inv, ARRAY_SIZE(inv));
	if (cell == &root_cell) {
		pci_root_msi_returned(bdf);
	}
}

static struct amd_cmd inv_domain(uint16_t domain)
{
	return (struct amd_cmd){
		.q0 = (uint64_t)domain << AMD_INV_DOMAIN_SHIFT |
			AMD_CMD_INV_PAGES << AMD_CMD_OP_SHIFT,
		.q1 = AMD_INV_ALL_PAGES | AMD_INV_S | AMD_INV_PDE,
	};
}

/*
 * Every cached DTE, IRT and translation of the unit goes: with
 * INVALIDATE_IOMMU_ALL where the unit has it, and always entry by entry
 * too, since QEMU 10's model decides whether it translates a device's DMA
 * at all only when told that device's entry changed.
 */
static int invalidate_all(struct amd_unit *u)
{
	/* Enable and disable only: one CPU. Too big for its stack. */
	static struct amd_cmd cmds[INV_BATCH];
	unsigned int id, n;
	int err = 0;

	if ((u->efr & AMD_EFR_IA_SUP) != 0U) {
		cmds[0] = (struct amd_cmd){
			.q0 = AMD_CMD_INV_ALL << AMD_CMD_OP_SHIFT,
		};
		err = amd_cmd_run(u, cmds, 1);
	}
	for (id = 0; !err && id < AMD_NUM_DEVICE_IDS; id += INV_BATCH / 2) {
		for (n = 0; n < INV_BATCH / 2; n++) {
			cmds[2 * n].q0 = (id + n) |
				AMD_CMD_INV_DEVTAB << AMD_CMD_OP_SHIFT;
			cmds[2 * n].q1 = 0;
			cmds[2 * n + 1].q0 = (id + n) |
				AMD_CMD_INV_IRT << AMD_CMD_OP_SHIFT;
			cmds[2 * n + 1].q1 = 0;
		}
		err = amd_cmd_run(u, cmds, INV_BATCH);
	}
	for (n = 0; !err && n < HV_MAX_CELLS; n++) {
		cmds[0] = inv_domain((uint16_t)(n + 1));
		err = amd_cmd_run(u, cmds, 1);
	}
	return err;
}

static int enable_unit(struct amd_unit *u)
{
	amd_write(u, AMD_MMIO_CONTROL, 0);
	amd_write(u, AMD_MMIO_DEVTAB,
		  page_pool_virt2phys(&hv.pool, amd_devtab) |
		  (AMD_DEVTAB_MAX_PAGES - 1));
	amd_write(u, AMD_MMIO_CMD_BASE, u->cmd_phys |
		  (uint64_t)AMD_RING_LEN_LOG2 << AMD_LEN_SHIFT);
	amd_write(u, AMD_MMIO_EVT_BASE, u->evt_phys |
		  (uint64_t)AMD_RING_LEN_LOG2 << AMD_LEN_SHIFT);
	/* No exclusion range: it would bypass translation. */
	amd_write(u, AMD_MMIO_EXCL_BASE, 0);
	amd_cmd_reset(u);
	amd_evt_reset(u);
	amd_write(u, AMD_MMIO_STATUS, AMD_STATUS_EVT_OVERFLOW |
		  AMD_STATUS_EVT_INT | AMD_STATUS_COMWAIT_INT);
	amd_clear_aborts(u);
	/* The command buffer runs only with the unit enabled. */
	amd_write(u, AMD_MMIO_CONTROL, AMD_CTRL_IOMMU_EN | AMD_CTRL_COHERENT |
		  AMD_CTRL_CMD_BUF_EN | AMD_CTRL_EVT_LOG_EN);
	return invalidate_all(u);
}

static int enable(void)
{
	uint64_t q[4];
	unsigned int id, n;
	const uint16_t *bdf;
	unsigned int num, msix;
	int err = 0, sid;

	build_dte(&root_cell, 0xffff, q);
	for (id = 0; id < AMD_NUM_DEVICE_IDS; id++) {
		write_dte((uint16_t)id, q);
	}
	for (n = 0; n < IOAPIC_MAX; n++) {
		sid = ioapic_source_id(n);
		if (sid < 0) {
			continue;
		}
		build_dte(&root_cell, (uint16_t)sid, q);
		write_dte((uint16_t)sid, q);
	}
	num = amd_ir_devices(&root_cell, &bdf);
	for (n = 0; n < num; n++) {
		build_dte(&root_cell, bdf[n], q);
		write_dte(bdf[n], q);
	}
	/* MSI-X functions: their tables are not trapped, no remapping. */
	msix = pci_root_msix(&bdf);
	for (n = 0; n < msix; n++) {
		build_dte(&root_cell, bdf[n], q);
		write_dte(bdf[n], q);
	}
	amd_pt_mark_empty(&root_cell.dma_pt);
	for (n = 0; !err && n < amd_num_units; n++) {
		err = enable_unit(&amd_units[n]);
	}
	/*
	 * The root's MSIs move into their tables now. One the device sends
	 * in between finds an empty entry and is dropped, never misrouted.
	 */
	if (!err) {
		pci_root_msi_takeover();
	}
	if (!err && amd_ioapic_ok()) {
		ioapic_ir_start();
	} else if (!err) {
		printk("  AMD-Vi: no INVALIDATE_IOMMU_ALL, IOAPIC interrupts unremapped\n");
	}
	if (!err && num) {
		printk("  AMD-Vi: %u root PCI function(s) with remapped MSIs\n",
		       num);
	}
	return err;
}

/*
 * The device table stays where it is, all zero: QEMU 7.2's model remaps
 * interrupts through the table whenever its base register was ever
 * written, unit enabled or not, and the base Linux left (0) would make it
 * read entries from low memory. Zero entries pass everything through
 * untranslated, which is what Linux had; on hardware, a unit that is off
 * reads no entry anyway. The hypervisor's memory stays reserved.
 */
static void shutdown(void)
{
	struct amd_unit *u;
	unsigned int n;

	/* Before IV goes: a message in between is dropped, not misrouted. */
	ioapic_ir_stop();
	pci_root_msi_giveback();
	if (amd_devtab != NULL) {
		memset(amd_devtab, 0, AMD_DEVTAB_MAX_PAGES * PAGE_SIZE);
	}
	for (n = 0; n < amd_num_units; n++) {
		u = &amd_units[n];
		/* QEMU's models keep their caches across a disable. */
		if ((amd_read(u, AMD_MMIO_CONTROL) &
		     AMD_CTRL_CMD_BUF_EN) != 0U) {
			invalidate_all(u);
		}
		amd_write(u, AMD_MMIO_CONTROL, u->saved_control);
		amd_write(u, AMD_MMIO_CMD_BASE, u->saved_cmd);
		amd_write(u, AMD_MMIO_EVT_BASE, u->saved_evt);
		amd_write(u, AMD_MMIO_EXCL_BASE, u->saved_excl);
		amd_cmd_reset(u);
		amd_evt_reset(u);
		amd_write(u, AMD_MMIO_STATUS, AMD_STATUS_EVT_OVERFLOW |
			  AMD_STATUS_EVT_INT | AMD_STATUS_COMWAIT_INT);
		amd_clear_aborts(u);
	}
}

static void flush(struct cell *cell)
{
	struct amd_cmd inv = inv_domain(domain_of(cell));

	amd_pt_mark_empty(&cell->dma_pt);
	amd_cmd_run_all(&inv, 1);
}

/*
 * AMD-Vi walks use the old or the new entry of a single 64-bit write;
 * an invalidation follows before any table is freed.
 */
static bool amd_merge_in_place(void)
{
	return true;
}

DEFINE_IOMMU_DRIVER(amd_iommu_driver) = {
	.type = JH_IOMMU_AMD,
	.name = "AMD-Vi",
	.unit_init = amd_unit_init,
	.pt_format = pt_format,
	.merge_in_place = amd_merge_in_place,
	.cell_init = cell_init,
	.cell_exit = cell_exit,
	.attach = attach,
	.enable = enable,
	.shutdown = shutdown,
	.flush = flush,
	.poll_faults = amd_poll_faults,
	.msi_remap = amd_msi_remap,
	.ioapic_remap = amd_ioapic_remap,
};
