/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * GICv2: the CPU interface through memory (GICC) and the private
 * interrupts in the distributor's banked first registers.
 *
 * Bases from the comm region: under the hypervisor the GICC address holds
 * the virtual CPU interface and the distributor is emulated; its banked
 * ISENABLER0/IPRIORITYR reach this CPU's own PPIs. Register offsets from
 * the GIC architecture specification v2.
 */
#include <inmate.h>
#include <sysreg.h>

/* QEMU virt's with gic-version=2, for a run without the hypervisor. */
#define GICD_BASE		0x08000000UL
#define GICC_BASE		0x08010000UL

#define GICD_ISENABLER		0x0100
#define GICD_IPRIORITYR		0x0400

#define GICC_CTLR		0x0000
#define GICC_CTLR_ENABLE	(1 << 0)	/* Group 0, or the NS group */
#define GICC_PMR		0x0004
#define GICC_BPR		0x0008
#define GICC_IAR		0x000c
#define GICC_EOIR		0x0010

#define GIC_PRIORITY_MASK	0xff
#define GIC_IRQ_PRIORITY	0xa0

static unsigned long gicd, gicc;

int gicv2_init(void)
{
	gicd = comm_platform64(COMM_PLATFORM(arm64.gicd_base), GICD_BASE);
	gicc = comm_platform64(COMM_PLATFORM(arm64.gicc_base), GICC_BASE);

	mmio_write32(gicc + GICC_PMR, GIC_PRIORITY_MASK);
	mmio_write32(gicc + GICC_BPR, 0);
	/* EOImode 0: one EOIR write drops priority and deactivates. */
	mmio_write32(gicc + GICC_CTLR, GICC_CTLR_ENABLE);
	dsb_sy();
	return 0;
}

void gicv2_enable_ppi(unsigned int intid)
{
	if (!gicc || intid >= 32) {
		printk("gic: cannot enable PPI %u: %s\n", intid,
		       gicc ? "not a private interrupt" :
		       "gic_init() has not succeeded");
		return;
	}
	mmio_write8(gicd + GICD_IPRIORITYR + intid, GIC_IRQ_PRIORITY);
	dsb_sy();
	mmio_write32(gicd + GICD_ISENABLER, 1U << intid);
	dsb_sy();
}

unsigned int gicv2_ack(void)
{
	/* SGIs carry the source CPU in bits 12:10; we take none. */
	return mmio_read32(gicc + GICC_IAR) & 0x3ff;
}

void gicv2_eoi(unsigned int intid)
{
	mmio_write32(gicc + GICC_EOIR, intid);
	dsb_sy();
}
