/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The GIC the comm region names: GICv2 goes to gic-v2.c, GICv3 is here.
 *
 * GICv3: the CPU interface through the ICC_* system registers and the
 * private interrupts (SGIs, PPIs) in this CPU's redistributor.
 *
 * The redistributors' base and stride come from the comm region (the
 * system config's), QEMU virt's without one. Under the hypervisor a cell
 * maps no GIC memory: its accesses trap and are emulated, and only its
 * own CPUs' frames answer beyond identification; GICR_TYPER is
 * identification, so the frames are searched for this CPU's affinity up
 * to the one that says it is the last. GICR_WAKER reads as awake there,
 * and the wake-up below is then a no-op.
 */
#include <inmate.h>
#include <sysreg.h>

/* QEMU virt's, for a run without the hypervisor. */
#define GICR_BASE		0x080a0000UL
#define GICR_STRIDE		0x20000UL	/* RD_base + SGI_base frame */
#define GICR_MAX_FRAMES		512
#define GICR_SGI_BASE		0x10000UL

/* RD_base registers */
#define GICR_TYPER		0x0008
#define GICR_TYPER_LAST		(1 << 4)
#define GICR_WAKER		0x0014
#define GICR_WAKER_PROCESSOR_SLEEP	(1 << 1)
#define GICR_WAKER_CHILDREN_ASLEEP	(1 << 2)

/* SGI_base registers */
#define GICR_IGROUPR0		0x0080
#define GICR_ISENABLER0		0x0100
#define GICR_IPRIORITYR		0x0400

#define ICC_SRE_SRE		(1 << 0)
#define ICC_SRE_DFB		(1 << 1)
#define ICC_SRE_DIB		(1 << 2)

/* Any priority below the PMR value is signalled; all of ours are equal,
 * so interrupts never preempt each other. */
#define GIC_PRIORITY_MASK	0xff
#define GIC_IRQ_PRIORITY	0xa0

static unsigned long gicr_rd_base;
/* The comm region says GICv2 (without one: GICv3, the bench default). */
static int is_gicv2;

static uint32_t mpidr_affinity(uint64_t mpidr)
{
	/* Aff3..Aff0, as GICR_TYPER[63:32] lays them out. */
	return (uint32_t)(((mpidr >> 8) & 0xff000000) | (mpidr & 0xffffff));
}

static int find_redistributor(void)
{
	uint64_t mpidr = sysreg_read(mpidr_el1);
	unsigned long base = comm_platform64(COMM_PLATFORM(arm64.gicr_base),
					     GICR_BASE);
	unsigned long stride =
		comm_platform64(COMM_PLATFORM(arm64.gicr_stride), GICR_STRIDE);
	unsigned long rd = base;
	uint64_t typer;
	unsigned int n;

	for (n = 0; n < GICR_MAX_FRAMES; n++, rd += stride) {
		typer = mmio_read64(rd + GICR_TYPER);
		if ((uint32_t)(typer >> 32) == mpidr_affinity(mpidr)) {
			gicr_rd_base = rd;
			return 0;
		}
		if (typer & GICR_TYPER_LAST)
			break;
	}
	printk("gic: no redistributor for this CPU (MPIDR_EL1 0x%lx) in "
	       "the %u frames from 0x%lx, stride 0x%lx\n", mpidr, n + 1,
	       base, stride);
	return -1;
}

static void wake_redistributor(void)
{
	unsigned long waker = gicr_rd_base + GICR_WAKER;

	mmio_write32(waker, mmio_read32(waker) &
		     ~GICR_WAKER_PROCESSOR_SLEEP);
	while (mmio_read32(waker) & GICR_WAKER_CHILDREN_ASLEEP)
		;
}

int gic_init(void)
{
	is_gicv2 = comm_platform32(COMM_PLATFORM(arm64.gic_version), 3) == 2;
	if (is_gicv2)
		return gicv2_init();
	sysreg_write(ICC_SRE_EL1, ICC_SRE_SRE | ICC_SRE_DFB | ICC_SRE_DIB);
	isb();
	if (!(sysreg_read(ICC_SRE_EL1) & ICC_SRE_SRE)) {
		printk("gic: ICC_SRE_EL1.SRE stays 0: the system register "
		       "interface is disabled at a higher EL\n");
		return -1;
	}
	if (find_redistributor())
		return -1;
	wake_redistributor();

	sysreg_write(ICC_PMR_EL1, GIC_PRIORITY_MASK);
	sysreg_write(ICC_BPR1_EL1, 0);
	/* EOImode 0: one EOIR1 write drops priority and deactivates. */
	sysreg_write(ICC_CTLR_EL1, 0);
	sysreg_write(ICC_IGRPEN1_EL1, 1);
	isb();
	return 0;
}

void gic_enable_ppi(unsigned int intid)
{
	unsigned long sgi = gicr_rd_base + GICR_SGI_BASE;
	uint32_t bit = 1U << (intid & 31);

	if (is_gicv2) {
		gicv2_enable_ppi(intid);
		return;
	}
	if (!gicr_rd_base || intid >= 32) {
		printk("gic: cannot enable PPI %u: %s\n", intid,
		       gicr_rd_base ? "not a private interrupt" :
		       "gic_init() has not succeeded");
		return;
	}

	/* Group 1, so that it is an IRQ for IGRPEN1, not an FIQ. */
	mmio_write32(sgi + GICR_IGROUPR0,
		     mmio_read32(sgi + GICR_IGROUPR0) | bit);
	mmio_write8(sgi + GICR_IPRIORITYR + intid, GIC_IRQ_PRIORITY);
	dsb_sy();
	mmio_write32(sgi + GICR_ISENABLER0, bit);
	dsb_sy();
}

unsigned int gic_ack(void)
{
	if (is_gicv2)
		return gicv2_ack();
	return (unsigned int)sysreg_read(ICC_IAR1_EL1) & 0xffffff;
}

void gic_eoi(unsigned int intid)
{
	if (is_gicv2) {
		gicv2_eoi(intid);
		return;
	}
	sysreg_write(ICC_EOIR1_EL1, intid);
	isb();
}
