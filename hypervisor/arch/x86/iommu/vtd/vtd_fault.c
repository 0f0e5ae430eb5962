// SPDX-License-Identifier: GPL-2.0
/*
 * VT-d fault records: read, reported through iommu_report_fault (which
 * rate-limits), cleared. At most the unit's NFR records per poll, so a
 * device that keeps faulting costs a bounded amount of work; when the
 * records overflowed, the unit dropped faults, and one line says so.
 */
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/vtd_fault.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_unit.h>

static const char *const dma_reasons[] = {
	[0x1] = "no root entry",
	[0x2] = "no context entry",
	[0x3] = "invalid context entry",
	[0x4] = "address beyond the domain's width",
	[0x5] = "no write access in the I/O page table",
	[0x6] = "no read access in the I/O page table",
	[0x7] = "page-table address invalid",
	[0x8] = "root table address invalid",
	[0x9] = "context table address invalid",
	[0xa] = "reserved bit in root entry",
	[0xb] = "reserved bit in context entry",
	[0xc] = "reserved bit in page-table entry",
	[0xd] = "translation type refused",
};

static const char *const ir_reasons[] = {
	[0x0] = "reserved field in the interrupt request",
	[0x1] = "interrupt index beyond the table",
	[0x2] = "interrupt entry not present",
	[0x3] = "interrupt table address invalid",
	[0x4] = "reserved bit in interrupt entry",
	[0x5] = "compatibility-format interrupt blocked",
	[0x6] = "interrupt entry belongs to another device",
};

static const char *reason(unsigned int fr)
{
	const char *what = NULL;

	if (fr >= VTD_FR_IR_FIRST &&
	    fr - VTD_FR_IR_FIRST < ARRAY_SIZE(ir_reasons)) {
		what = ir_reasons[fr - VTD_FR_IR_FIRST];
	} else if (fr < ARRAY_SIZE(dma_reasons)) {
		what = dma_reasons[fr];
	}
	return what ? what : "unknown fault reason";
}

static void report(unsigned int index, uint64_t lo, uint64_t hi)
{
	unsigned int fr = VTD_FRCD_FR(hi);

	/* An interrupt fault's address is the table index, in the window. */
	if (fr >= VTD_FR_IR_FIRST) {
		iommu_report_fault(index, VTD_FRCD_SID(hi),
				   VTD_MSI_BASE | (VTD_FRCD_IR_INDEX(lo) << 5),
				   true, reason(fr));
	} else {
		iommu_report_fault(index, VTD_FRCD_SID(hi), VTD_FRCD_FI(lo),
				   !(hi & VTD_FRCD_READ), reason(fr));
	}
}

static void poll_unit(unsigned int index)
{
	struct vtd_unit *u = &vtd_units[index];
	unsigned int n, reg;
	uint32_t sts;
	uint64_t hi;

	if (!u->regs) {
		return;
	}
	spin_lock(&u->fault_lock);
	sts = vtd_read32(u, VTD_FSTS);
	for (n = 0; (sts & VTD_FSTS_PPF) && n < u->nfr; n++) {
		reg = u->fro + n * 16;
		hi = vtd_read64(u, reg + 8);
		if (!(hi & VTD_FRCD_F)) {
			continue;
		}
		report(index, vtd_read64(u, reg), hi);
		vtd_write64(u, reg + 8, VTD_FRCD_F);
	}
	if ((sts & VTD_FSTS_PFO) != 0U) {
		printk("IOMMU %u: fault records overflowed, faults were lost\n",
		       index);
	}
	if ((sts & (VTD_FSTS_IQE | VTD_FSTS_ICE | VTD_FSTS_ITE)) != 0U) {
		printk("IOMMU %u: invalidation error, fault status 0x%x\n",
		       index, sts);
	}
	if ((sts & VTD_FSTS_CLEAR) != 0U) {
		vtd_write32(u, VTD_FSTS, sts & VTD_FSTS_CLEAR);
	}
	spin_unlock(&u->fault_lock);
}

void vtd_poll_faults(void)
{
	unsigned int n;

	for (n = 0; n < vtd.units; n++) {
		poll_unit(n);
	}
}
