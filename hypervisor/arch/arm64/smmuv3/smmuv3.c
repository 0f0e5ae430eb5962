// SPDX-License-Identifier: GPL-2.0
/*
 * Arm SMMUv3 with stage 2 only: every PCI device's DMA goes through the
 * stage-2 table of the cell that owns it (cell->dma_pt, in the very
 * format of the CPUs' stage 2), tagged with the cell's id as VMID.
 *
 * StreamID = PCI requester ID (bus << 8 | devfn), as on QEMU virt and as
 * an IORT/DT "iommu-map" with an identity mapping says. The stream table
 * is linear and bounded (SMMU_MAX_SID_BITS): devices on higher buses have
 * no entry, so the unit aborts their DMA (and records C_BAD_STREAMID).
 *
 * The unit must be coherent (IDR0.COHACC): the core writes the I/O page
 * tables with plain stores and no cache maintenance.
 *
 * Off again (disable, or a failed enable) the unit is as found: SMMUEN
 * clear and GBPA as it was, which is bypass after reset and what a root
 * Linux that never drove the unit expects.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/io.h>
#include <asm/processor.h>
#include "smmuv3_queue.h"
#include "smmuv3_regs.h"

/* Buses 0-7: 2048 stream table entries, 128 KiB. */
#define SMMU_MAX_SID_BITS	11
/* Queue entries at most (a command is 16 bytes, an event 32): 4 KiB each. */
#define SMMU_CMDQ_LOG2		8
#define SMMU_EVTQ_LOG2		7

static const unsigned int oas_bits[] = { 32, 36, 40, 42, 44, 48, 52 };

static struct smmu_unit units[JH_MAX_IOMMUS];
static unsigned int num_units;
/* STE doubleword 2 without the VMID, from the stage-2 geometry. */
static uint64_t ste2_geometry;

static const struct pt_format *smmu_pt_format(void)
{
	return paging_arch_guest_format();
}

/* Encoding (IDR5.OAS, STE.S2PS) of an address size; -1 if none. */
static int size_code(unsigned int bits)
{
	unsigned int n;

	for (n = 0; n < ARRAY_SIZE(oas_bits); n++) {
		if (oas_bits[n] == bits) {
			return n;
		}
	}
	return -1;
}

static unsigned int min_u(unsigned int a, unsigned int b)
{
	return a < b ? a : b;
}

static int check_features(struct smmu_unit *u)
{
	uint32_t idr0 = mmio_read32(u->regs + SMMU_IDR0);
	uint32_t idr1 = mmio_read32(u->regs + SMMU_IDR1);
	uint32_t idr5 = mmio_read32(u->regs + SMMU_IDR5);
	const struct pt_format *fmt = smmu_pt_format();
	int ps = size_code(fmt->output_bits);
	const char *missing = NULL;

	if (!(idr0 & IDR0_S2P)) {
		missing = "stage 2 (IDR0.S2P)";
	} else if (!(idr0 & IDR0_TTF_AARCH64)) {
		missing = "AArch64 tables (IDR0.TTF)";
	} else if (!(idr0 & IDR0_COHACC)) {
		missing = "coherent table access (IDR0.COHACC)";
	} else if (!(idr5 & IDR5_GRAN4K)) {
		missing = "the 4 KiB granule (IDR5.GRAN4K)";
	} else if ((idr1 & (IDR1_QUEUES_PRESET | IDR1_TABLES_PRESET)) != 0U) {
		missing = "programmable tables and queues (IDR1 *_PRESET set)";
	} else if (IDR1_CMDQS(idr1) < 1 || IDR1_EVENTQS(idr1) < 1) {
		missing = "command and event queues of two entries";
	} else if (ps < 0 || IDR5_OAS(idr5) < (unsigned int)ps) {
		missing = "the CPUs' physical address size (IDR5.OAS)";
	}
	if (missing != NULL) {
		hv_error("SMMUv3 %u: the unit lacks %s (IDR0 0x%x, IDR1 0x%x, IDR5 0x%x)",
			 u->index, missing, idr0, idr1, idr5);
		return -JH_ENODEV;
	}
	if (mmio_read32(u->regs + SMMU_CR0) & CR0_SMMUEN) {
		hv_error("SMMUv3 %u: already enabled: another driver (Linux?) owns it",
			 u->index);
		return -JH_EBUSY;
	}
	u->bbml2 = IDR3_BBML(mmio_read32(u->regs + SMMU_IDR3)) == IDR3_BBML2;
	u->sid_bits = min_u(IDR1_SIDSIZE(idr1), SMMU_MAX_SID_BITS);
	u->cmdq.log2 = min_u(IDR1_CMDQS(idr1), SMMU_CMDQ_LOG2);
	u->evtq.log2 = min_u(IDR1_EVENTQS(idr1), SMMU_EVTQ_LOG2);
	ste2_geometry = STE2_S2T0SZ(64 - fmt->input_bits) |
		STE2_S2SL0(2 - fmt->root_level) |
		STE2_S2IR0_WBWA | STE2_S2OR0_WBWA | STE2_S2SH0_ISH |
		STE2_S2TG_4K | STE2_S2PS(ps) | STE2_S2AA64 | STE2_S2R;
	return 0;
}

/* Highest bus whose requester IDs have a stream table entry. */
static unsigned int last_bus(const struct smmu_unit *u)
{
	return u->sid_bits > 8 ? (1U << (u->sid_bits - 8)) - 1 : 0;
}

static int smmu_unit_init(unsigned int index, const struct jh_iommu *cfg)
{
	struct smmu_unit *u = &units[index];
	unsigned long pages;
	void *regs = NULL;
	int err;

	u->index = index;
	if (cfg->size >= SMMU_REGS_SIZE) {
		regs = hv_map_device(cfg->base, cfg->size);
	}
	if (!regs) {
		hv_error("SMMUv3 %u: cannot map registers 0x%llx, size 0x%x (needs 0x%x)",
			 index, (unsigned long long)cfg->base, cfg->size,
			 SMMU_REGS_SIZE);
		return -JH_EINVAL;
	}
	u->regs = (uintptr_t)regs;
	err = check_features(u);
	if (err != 0) {
		return err;
	}
	u->gbpa = mmio_read32(u->regs + SMMU_GBPA);

	/* Zeroed entries (V = 0) abort until the root cell fills them. */
	pages = PAGES((1UL << u->sid_bits) * STE_SIZE);
	u->strtab = smmu_alloc(pages, &u->strtab_phys);
	if (!u->strtab) {
		return -JH_ENOMEM;
	}
	err = smmu_queue_alloc(&u->cmdq, CMD_SIZE, SMMU_CMDQ_PROD,
			       SMMU_CMDQ_CONS);
	if (!err) {
		err = smmu_queue_alloc(&u->evtq, EVT_SIZE, SMMU_EVENTQ_PROD,
				       SMMU_EVENTQ_CONS);
	}
	if (err != 0) {
		return err;
	}
	num_units = index + 1;
	return 0;
}

/*
 * Stream sid translates through cell's table. An entry a live unit may be
 * reading is made invalid first (the unit aborts the stream meanwhile), so
 * it never sees one cell's VMID with another's table.
 */
static void write_ste(struct smmu_unit *u, uint32_t sid,
		      const struct cell *cell, bool live)
{
	volatile uint64_t *ste = u->strtab + sid * STE_DWORDS;

	if (live) {
		ste[0] = 0;
		smmu_cmd_sync(u, CMD_CFGI_STE | CMD_SID(sid), 1);
	}
	ste[1] = STE1_SHCFG_INCOMING;
	ste[2] = ste2_geometry | STE2_S2VMID(cell->id);
	ste[3] = cell->dma_pt.root_phys & STE3_S2TTB_MASK;
	dsb(sy);
	ste[0] = STE0_V | STE0_CFG_S2;
	if (live) {
		smmu_cmd_sync(u, CMD_CFGI_STE | CMD_SID(sid), 1);
	}
}

/*
 * The root cell's table exists before enable: every stream of every unit
 * starts on it. Other cells only need their VMID, which is their id.
 */
static int smmu_cell_init(struct cell *cell)
{
	unsigned int n;
	uint32_t sid;

	if (cell != &root_cell) {
		return 0;
	}
	for (n = 0; n < num_units; n++) {
		for (sid = 0; sid < (1U << units[n].sid_bits); sid++) {
			write_ste(&units[n], sid, cell, false);
		}
	}
	return 0;
}

static void smmu_flush(struct cell *cell)
{
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		if (units[n].enabled) {
			smmu_cmd_sync(&units[n],
				      CMD_TLBI_S12_VMALL | CMD_VMID(cell->id), 0);
		}
	}
}

/* Its devices went back to the root: nothing of it may stay cached. */
static void smmu_cell_exit(struct cell *cell)
{
	smmu_flush(cell);
}

static void smmu_attach(struct cell *cell, uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		if ((bdf >> units[n].sid_bits) != 0U) {
			hv_error("SMMUv3 %u: device %02x:%02x.%x is beyond the stream table (buses 0-%u): its DMA stays blocked",
				 n, bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7,
				 last_bus(&units[n]));
			continue;
		}
		write_ste(&units[n], bdf, cell, units[n].enabled);
	}
}

static int set_cr0(struct smmu_unit *u, uint32_t val, const char *what)
{
	mmio_write32(u->regs + SMMU_CR0, val);
	return smmu_wait(u, SMMU_CR0ACK, ~0U, val, what);
}

static int enable_unit(struct smmu_unit *u)
{
	int err;

	err = set_cr0(u, 0, "CR0ACK after clearing CR0");
	if (err != 0) {
		return err;
	}
	mmio_write32(u->regs + SMMU_IRQ_CTRL, 0);	/* polled */
	err = smmu_wait(u, SMMU_IRQ_CTRLACK, ~0U, 0, "IRQ_CTRLACK");
	if (err != 0) {
		return err;
	}
	mmio_write32(u->regs + SMMU_CR1, CR1_WB_ISH);
	mmio_write32(u->regs + SMMU_CR2, CR2_RECINVSID | CR2_PTM);
	mmio_write64(u->regs + SMMU_STRTAB_BASE,
		     STRTAB_BASE_RA | u->strtab_phys);
	mmio_write32(u->regs + SMMU_STRTAB_BASE_CFG,
		     STRTAB_LOG2SIZE(u->sid_bits));
	mmio_write64(u->regs + SMMU_CMDQ_BASE, smmu_queue_base(&u->cmdq));
	mmio_write32(u->regs + SMMU_CMDQ_PROD, 0);
	mmio_write32(u->regs + SMMU_CMDQ_CONS, 0);
	mmio_write64(u->regs + SMMU_EVENTQ_BASE, smmu_queue_base(&u->evtq));
	mmio_write32(u->regs + SMMU_EVENTQ_PROD, 0);
	mmio_write32(u->regs + SMMU_EVENTQ_CONS, 0);
	u->cmdq.prod = 0;
	u->evtq.cons = 0;
	dsb(sy);

	err = set_cr0(u, CR0_CMDQEN | CR0_EVENTQEN, "CR0ACK for the queues");
	/* Nothing cached from before may survive: configs, then TLBs. */
	if (!err) {
		err = smmu_cmd_sync(u, CMD_CFGI_STE_RANGE, CFGI_RANGE_ALL);
	}
	if (!err) {
		err = smmu_cmd_sync(u, CMD_TLBI_NSNH_ALL, 0);
	}
	if (!err) {
		err = set_cr0(u, CR0_CMDQEN | CR0_EVENTQEN | CR0_SMMUEN,
			      "CR0ACK for SMMUEN");
	}
	if (err != 0) {
		return err;
	}
	u->enabled = true;
	printk("  SMMUv3 %u at 0x%llx: stage 2, stream IDs of buses 0-%u (beyond: aborted), VMID = cell id, OAS %u bits, %s\n",
	       u->index, (unsigned long long)u->regs, last_bus(u),
	       oas_bits[IDR5_OAS(mmio_read32(u->regs + SMMU_IDR5))],
	       u->bbml2 ? "split tables merged back in place (IDR3.BBML 2)" :
	       "split tables kept (no IDR3.BBML 2)");
	return 0;
}

static int smmu_enable(void)
{
	unsigned int n;
	int err = 0;

	for (n = 0; !err && n < num_units; n++) {
		err = enable_unit(&units[n]);
	}
	return err;
}

/* Off, GBPA as found (UPDATE makes the unit take it). */
static void smmu_shutdown(void)
{
	struct smmu_unit *u;
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		u = &units[n];
		set_cr0(u, 0, "CR0ACK while disabling");
		mmio_write32(u->regs + SMMU_GBPA,
			     (u->gbpa & ~GBPA_UPDATE) | GBPA_UPDATE);
		smmu_wait(u, SMMU_GBPA, GBPA_UPDATE, 0, "GBPA update");
		u->enabled = false;
	}
}

static void smmu_poll_faults(void)
{
	unsigned int n;

	for (n = 0; n < num_units; n++) {
		if (units[n].enabled) {
			smmu_drain_events(&units[n]);
		}
	}
}

/*
 * Level 2 of break-before-make (IDR3.BBML): the unit changes between a
 * table and a block of the same translation without a conflict abort,
 * using the old or the new entry until the TLB invalidation. Without it,
 * merging would need a break, which faults DMA in flight.
 */
static bool smmu_merge_in_place(void)
{
	unsigned int n;
	bool all = true;

	for (n = 0; n < num_units; n++) {
		all = all && units[n].bbml2;
	}
	return all;
}

DEFINE_IOMMU_DRIVER(smmuv3_driver) = {
	.type = JH_IOMMU_SMMUV3,
	.name = "SMMUv3",
	.unit_init = smmu_unit_init,
	.pt_format = smmu_pt_format,
	.merge_in_place = smmu_merge_in_place,
	.cell_init = smmu_cell_init,
	.cell_exit = smmu_cell_exit,
	.attach = smmu_attach,
	.enable = smmu_enable,
	.shutdown = smmu_shutdown,
	.flush = smmu_flush,
	.poll_faults = smmu_poll_faults,
	/* No ITS is handed to any cell: MSIs are not remapped. */
	.msi_remap = NULL,
};
