// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks on the redistributors (GICR): the cell's own RD_base (WAKER,
 * the LPI registers), its own SGI_base (the hypervisor's reserved SGI and
 * PPI, groups) and the frames of root CPUs. Also the helpers the other
 * arm64 attack files share (gic-attacks.h).
 */
#include "gic-attacks.h"

static volatile unsigned int irq_count[1024];
volatile unsigned int stray_irqs;
static bool gic_ready;

unsigned long own_gicr_frame(void)
{
	return gicr_frame((unsigned int)(sysreg_read(mpidr_el1) & 0xff));
}

static void count_irq(unsigned int intid)
{
	if (intid == TIMER_PPI)
		timer_stop();
	if (intid < 1024)
		irq_count[intid]++;
	else
		stray_irqs++;
}

void attack_gic_setup(void)
{
	unsigned int n;

	if (gic_ready)
		return;
	if (gic_init())
		attack_note("gic_init failed");
	/*
	 * SGIs enabled, as a guest that uses them does: under direct
	 * delivery they are physical and obey the redistributor's enable
	 * (a virtual SGI of the trapping path does not look at it).
	 * GICv3 only: a GICv2 cell always runs trapped.
	 */
	if (comm_platform32(COMM_PLATFORM(arm64.gic_version), 3) != 2)
		for (n = 0; n < 16; n++)
			gic_enable_ppi(n);
	irq_set_handler(count_irq);
	gic_ready = true;
}

unsigned int await_irq(unsigned int intid, uint64_t us)
{
	unsigned int before = irq_count[intid];
	uint64_t end = timer_now() + timer_us_to_ticks(us);

	irq_enable();
	while (irq_count[intid] == before && timer_now() < end)
		;
	irq_disable();
	return irq_count[intid] - before;
}

bool timer_irq_arrives(void)
{
	attack_gic_setup();
	gic_enable_ppi(TIMER_PPI);
	timer_set_deadline(timer_now() + timer_us_to_ticks(100));
	return await_irq(TIMER_PPI, 50000) > 0;
}

ATTACK(gicr_waker_sleep, "gicr-waker-sleep", ATTACK_REFUSED,
       "put the cell CPU's redistributor to sleep (GICR_WAKER), which "
       "blocks the hypervisor's kick SGI: the cell could never be "
       "destroyed");
static void gicr_waker_sleep(void)
{
	unsigned long waker = own_gicr_frame() + GICR_WAKER;
	uint32_t before, after;

	attack_gic_setup();	/* wakes it the ordinary way first */
	before = io_read32(waker);
	io_write32(waker, before | WAKER_SLEEP);
	attack_delay_us(1000);
	after = io_read32(waker);
	attack_note("GICR_WAKER 0x%x, after writing ProcessorSleep 0x%x",
		    before, after);
	if (after & (WAKER_SLEEP | WAKER_ASLEEP)) {
		io_write32(waker, before & ~WAKER_SLEEP);
		attack_breach("GICR_WAKER reads 0x%x: the redistributor "
			      "took the sleep request", after);
		return;
	}
	if (!timer_irq_arrives()) {
		attack_breach("the virtual timer PPI no longer arrives after "
			      "the sleep request");
		return;
	}
	attack_contained("GICR_WAKER stays 0x%x (awake) and the timer PPI "
			 "still arrives; the harness's destroy proves the "
			 "kick SGI", after);
}

ATTACK(gicr_lpi, "gicr-lpi", ATTACK_REFUSED,
       "point the redistributor's LPI tables (PROPBASER/PENDBASER) at "
       "root memory, enable LPIs and set one (SETLPIR), so that the GIC "
       "reads and writes memory the cell does not own");
static void gicr_lpi(void)
{
	unsigned long rd = own_gicr_frame();
	uint64_t prop, pend, typer;
	uint32_t ctlr;

	io_write64(rd + GICR_PROPBASER, 0x40000000UL | 0xf);
	io_write64(rd + GICR_PENDBASER, 0x40010000UL);
	io_write32(rd + GICR_CTLR, io_read32(rd + GICR_CTLR) | 1);
	io_write64(rd + GICR_SETLPIR, 8192);
	io_write64(rd + GICR_INVLPIR, 8192);
	io_write64(rd + GICR_INVALLR, 0);
	io_write64(rd + GICR_CLRLPIR, 8192);
	prop = io_read64(rd + GICR_PROPBASER);
	pend = io_read64(rd + GICR_PENDBASER);
	ctlr = io_read32(rd + GICR_CTLR);
	typer = io_read64(rd + GICR_TYPER);
	attack_note("PROPBASER 0x%lx PENDBASER 0x%lx CTLR 0x%x TYPER 0x%lx",
		    prop, pend, ctlr, typer);
	if (prop || pend || (ctlr & 1) || (typer & GICR_TYPER_PLPIS))
		attack_breach("LPI registers reachable: PROPBASER 0x%lx "
			      "PENDBASER 0x%lx CTLR 0x%x TYPER 0x%lx", prop,
			      pend, ctlr, typer);
	else
		attack_contained("PROPBASER/PENDBASER read 0, EnableLPIs "
				 "stays 0, no LPIs offered");
}

ATTACK(gicr_foreign_frames, "gicr-foreign-frames", ATTACK_REFUSED,
       "through the root CPUs' redistributor frames: sleep them, point "
       "their LPI tables anywhere, disable and clear their SGIs and PPIs "
       "(the root's timers and IPIs), regroup and deprioritise them");
static void gicr_foreign_frames(void)
{
	unsigned long rd, sgi;
	uint32_t leak = 0;
	unsigned int cpu, n;

	for (cpu = 0; cpu < ROOT_CPUS; cpu++) {
		rd = gicr_frame(cpu);
		sgi = rd + GICR_SGI;
		io_write32(rd + GICR_WAKER, WAKER_SLEEP);
		io_write64(rd + GICR_PROPBASER, 0x40000000UL | 0xf);
		io_write32(rd + GICR_CTLR, 1);
		io_write32(sgi + GICR_ICENABLER0, 0xffffffff);
		io_write32(sgi + GICR_ICPENDR0, 0xffffffff);
		io_write32(sgi + GICR_ICACTIVER0, 0xffffffff);
		io_write32(sgi + GICR_IGROUPR0, 0);
		io_write32(sgi + GICR_ICFGR1, 0);
		for (n = 0; n < 8; n++)
			io_write32(sgi + GICR_IPRIORITYR + n * 4,
				     0xffffffff);
		/* Root has its timer PPI enabled: a real read shows it. */
		leak |= io_read32(sgi + GICR_ISENABLER0) |
			io_read32(rd + GICR_WAKER) |
			(uint32_t)io_read64(rd + GICR_PROPBASER);
	}
	if (leak)
		attack_breach("root CPUs' frames answer: ISENABLER0|WAKER|"
			      "PROPBASER reads 0x%x", leak);
	else
		attack_contained("root CPUs' frames read as zero beyond "
				 "identification; the root's timers and IPIs "
				 "are judged by the harness");
}

ATTACK(gicr_own_reserved, "gicr-own-reserved", ATTACK_REFUSED,
       "in the cell CPU's own SGI_base: disable, clear and deprioritise "
       "the hypervisor's kick SGI and maintenance PPI, make SGIs group 0 "
       "(FIQs), change SGI/PPI configuration");
static void gicr_own_reserved(void)
{
	unsigned long sgi = own_gicr_frame() + GICR_SGI;
	uint32_t group, group_after, mod, mod_after;
	unsigned int n;

	attack_gic_setup();
	group = io_read32(sgi + GICR_IGROUPR0);
	mod = io_read32(sgi + GICR_IGRPMODR0);
	io_write32(sgi + GICR_ICENABLER0, 0xffffffff);
	io_write32(sgi + GICR_ICPENDR0, 0xffffffff);
	io_write32(sgi + GICR_ICACTIVER0, 0xffffffff);
	for (n = 0; n < 8; n++)
		io_write32(sgi + GICR_IPRIORITYR + n * 4, 0xffffffff);
	io_write32(sgi + GICR_ICFGR1, 0xffffffff);
	io_write32(sgi + GICR_IGROUPR0, 0);
	io_write32(sgi + GICR_IGRPMODR0, 0xffffffff);
	group_after = io_read32(sgi + GICR_IGROUPR0);
	mod_after = io_read32(sgi + GICR_IGRPMODR0);
	attack_note("IGROUPR0 0x%x -> 0x%x, IGRPMODR0 0x%x -> 0x%x", group,
		    group_after, mod, mod_after);
	if (group_after != group || mod_after != mod) {
		attack_breach("interrupt groups changed: IGROUPR0 0x%x -> "
			      "0x%x, IGRPMODR0 0x%x -> 0x%x", group,
			      group_after, mod, mod_after);
		return;
	}
	/* Its own timer PPI it may disable; enabled again, it works. */
	if (!timer_irq_arrives()) {
		attack_breach("own timer PPI lost after the writes");
		return;
	}
	attack_contained("groups unchanged, own timer PPI works; the "
			 "harness's destroy proves the kick SGI");
}
