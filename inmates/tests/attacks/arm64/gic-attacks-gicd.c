// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks on the distributor (GICD): every register class on SPIs the
 * cell does not own (all of them in the attack cell; all but OWN_SPI in
 * attack-gic), the global control, SPI messages, routes of its own SPI,
 * a flood of accesses, and accesses the emulation cannot decode.
 *
 * A foreign SPI must read as zero (the root has e.g. its UART and RTC
 * SPIs enabled, so a real read would show them); the writes' effect on
 * the root (its RTC alarm interrupt disabled, deprioritised, made group
 * 0, active, routed away) is what the harness's root health check sees.
 */
#include "gic-attacks.h"

#define SPI_WORDS_1BIT	((LAST_SPI + 1) / 32)

/* Writes value to every foreign word of a register class, reads back. */
static uint32_t hit_class(unsigned long base, unsigned int bits_per_irq,
			  uint32_t value)
{
	unsigned int words = (LAST_SPI + 1) * bits_per_irq / 32;
	unsigned int first = FIRST_SPI * bits_per_irq / 32, n;
	uint32_t seen = 0;

	for (n = first; n < words; n++)
		io_write32(GICD + base + n * 4, value);
	for (n = first; n < words; n++)
		seen |= io_read32(GICD + base + n * 4);
	return seen;
}

static void judge_class(const char *what, uint32_t seen)
{
	if (seen)
		attack_breach("%s of foreign SPIs read back 0x%x", what, seen);
	else
		attack_contained("%s of every foreign SPI read 0 after the "
				 "writes", what);
}

ATTACK(gicd_foreign_enable, "gicd-foreign-enable", ATTACK_REFUSED,
       "disable every SPI of the root (GICD_ICENABLER)");
static void gicd_foreign_enable(void)
{
	hit_class(GICD_ICENABLER, 1, 0xffffffff);
	judge_class("ISENABLER", hit_class(GICD_ISENABLER, 1, 0));
}

ATTACK(gicd_foreign_active, "gicd-foreign-active", ATTACK_REFUSED,
       "set every root SPI active (GICD_ISACTIVER) so that none is "
       "delivered again, and pending (GICD_ISPENDR)");
static void gicd_foreign_active(void)
{
	uint32_t seen = hit_class(GICD_ISACTIVER, 1, 0xffffffff);

	seen |= hit_class(GICD_ISPENDR, 1, 0xffffffff);
	judge_class("ISACTIVER/ISPENDR", seen);
}

ATTACK(gicd_foreign_pending_clear, "gicd-foreign-pending-clear",
       ATTACK_REFUSED,
       "clear pending and active state of the root's SPIs (ICPENDR, "
       "ICACTIVER): lost interrupts");
static void gicd_foreign_pending_clear(void)
{
	uint32_t seen;

	hit_class(GICD_ICPENDR, 1, 0xffffffff);
	hit_class(GICD_ICACTIVER, 1, 0xffffffff);
	seen = hit_class(GICD_ISPENDR, 1, 0) | hit_class(GICD_ISACTIVER, 1, 0);
	judge_class("ISPENDR/ISACTIVER", seen);
}

ATTACK(gicd_foreign_priority, "gicd-foreign-priority", ATTACK_REFUSED,
       "give every root SPI the lowest priority (GICD_IPRIORITYR, words "
       "and bytes), below the root's priority mask");
static void gicd_foreign_priority(void)
{
	uint32_t seen = hit_class(GICD_IPRIORITYR, 8, 0xffffffff);
	unsigned int n;

	for (n = FIRST_SPI; n <= LAST_SPI; n++) {
		io_write8(GICD + GICD_IPRIORITYR + n, 0xff);
		seen |= io_read8(GICD + GICD_IPRIORITYR + n);
	}
	judge_class("IPRIORITYR", seen);
}

ATTACK(gicd_foreign_config, "gicd-foreign-config", ATTACK_REFUSED,
       "turn the root's level SPIs into edge ones and back "
       "(GICD_ICFGR)");
static void gicd_foreign_config(void)
{
	uint32_t seen = hit_class(GICD_ICFGR, 2, 0xaaaaaaaa);

	seen |= hit_class(GICD_ICFGR, 2, 0);
	judge_class("ICFGR", seen);
}

ATTACK(gicd_foreign_group, "gicd-foreign-group", ATTACK_REFUSED,
       "make the root's SPIs group 0 (FIQs Linux does not take) "
       "through GICD_IGROUPR and GICD_IGRPMODR");
static void gicd_foreign_group(void)
{
	uint32_t seen = hit_class(GICD_IGROUPR, 1, 0);

	seen |= hit_class(GICD_IGRPMODR, 1, 0xffffffff);
	if (seen != 0)
		attack_breach("IGROUPR/IGRPMODR of foreign SPIs read 0x%x",
			      seen);
	else
		attack_contained("IGROUPR/IGRPMODR of every foreign SPI read "
				 "0 after the writes");
}

ATTACK(gicd_foreign_route, "gicd-foreign-route", ATTACK_REFUSED,
       "route the root's SPIs to the cell's CPU, to 1-of-N (IRM) and to "
       "nonexistent CPUs (GICD_IROUTER, 64 and 32 bits)");
static void gicd_foreign_route(void)
{
	uint64_t own = sysreg_read(mpidr_el1) & MPIDR_AFF_MASK, seen = 0;
	unsigned long reg;
	unsigned int n;

	for (n = FIRST_SPI; n <= LAST_SPI; n++) {
		reg = GICD + GICD_IROUTER + n * 8;
		if (n == OWN_SPI)
			continue;
		io_write64(reg, own);
		io_write32(reg, IROUTER_IRM);
		io_write32(reg + 4, 0xff);
		seen |= io_read64(reg);
	}
	if (seen)
		attack_breach("IROUTER of foreign SPIs read 0x%lx", seen);
	else
		attack_contained("IROUTER of every foreign SPI read 0 after "
				 "routing it to CPU 0x%lx, IRM and Aff3 0xff",
				 own);
}

ATTACK(gicd_ctlr, "gicd-ctlr", ATTACK_REFUSED,
       "disable the distributor (GICD_CTLR = 0) for everybody");
static void gicd_ctlr(void)
{
	uint32_t before = io_read32(GICD + GICD_CTLR), after;

	io_write32(GICD + GICD_CTLR, 0);
	after = io_read32(GICD + GICD_CTLR);
	/* Bit 31 (RWP) comes and goes by itself. */
	if ((after & 0x7fffffff) != (before & 0x7fffffff) || !before)
		attack_breach("GICD_CTLR 0x%x -> 0x%x", before, after);
	else
		attack_contained("GICD_CTLR stays 0x%x", after);
}

ATTACK(gicd_flood, "gicd-flood", ATTACK_REFUSED,
       "keep the hypervisor busy with 100000 trapped distributor "
       "accesses (bounded), hoping the root starves or a lock breaks");
static void gicd_flood(void)
{
	uint64_t start = timer_now();
	uint32_t seen = 0;
	unsigned int n;

	for (n = 0; n < 100000; n++) {
		io_write32(GICD + GICD_ICENABLER + 4 + (n % 8) * 4,
			     0xffffffff);
		seen |= io_read32(GICD + GICD_ISENABLER + 4 + (n % 8) * 4);
	}
	attack_note("100000 write/read pairs in %lu us",
		    (unsigned long)(timer_ticks_to_ns(timer_now() - start) /
				    1000));
	judge_class("ISENABLER (flood)", seen);
}

ATTACK(gicd_own_spi_route, "gicd-own-spi-route", ATTACK_REFUSED,
       "route the cell's own SPI (attack-gic cell) to a root CPU, to "
       "1-of-N (IRM) or to a made-up affinity, so that it interrupts the "
       "root");
static void gicd_own_spi_route(void)
{
	unsigned long reg = GICD + GICD_IROUTER + OWN_SPI * 8;
	uint64_t own = sysreg_read(mpidr_el1) & MPIDR_AFF_MASK;
	uint64_t tries[] = { 0, IROUTER_IRM, 1, 0xff00000000UL, 0x10000 };
	uint64_t got;
	unsigned int n;

	io_write64(reg, own);
	if (io_read64(reg) != own) {
		attack_breach("own SPI %u is not the cell's (IROUTER reads "
			      "0x%lx): run with the attack-gic cell", OWN_SPI,
			      io_read64(reg));
		return;
	}
	for (n = 0; n < sizeof(tries) / sizeof(tries[0]); n++) {
		io_write64(reg, tries[n]);
		got = io_read64(reg);
		if (got != own) {
			attack_breach("IROUTER of own SPI %u took 0x%lx "
				      "(reads 0x%lx)", OWN_SPI, tries[n],
				      got);
			return;
		}
	}
	io_write32(reg, IROUTER_IRM);
	got = io_read64(reg);
	if (got != own) {
		attack_breach("32-bit IRM write: IROUTER reads 0x%lx", got);
		return;
	}
	attack_contained("every foreign or 1-of-N route of SPI %u came "
			 "back as the cell's CPU 0x%lx", OWN_SPI, own);
}

/*
 * Routes and enables the own SPI, then writes value to reg (ISPENDR for
 * the positive control, SETSPI_NSR for the attack) and counts arrivals.
 */
static unsigned int own_spi_fires(unsigned long reg, uint32_t value)
{
	io_write64(GICD + GICD_IROUTER + OWN_SPI * 8,
		   sysreg_read(mpidr_el1) & MPIDR_AFF_MASK);
	io_write8(GICD + GICD_IPRIORITYR + OWN_SPI, 0xa0);
	io_write32(GICD + GICD_ISENABLER + OWN_SPI / 32 * 4,
		   1U << (OWN_SPI % 32));
	io_write32(GICD + reg, value);
	return await_irq(OWN_SPI, 20000);
}

ATTACK(gicd_setspi, "gicd-setspi", ATTACK_REFUSED,
       "raise interrupts of others with GICD_SETSPI_NSR/CLRSPI_NSR: "
       "foreign SPIs, out-of-range INTIDs and values whose low bits "
       "name the cell's own SPI (attack-gic cell)");
static void gicd_setspi(void)
{
	static const uint32_t aliases[] = {
		OWN_SPI | 0x400, OWN_SPI | 0x1000, OWN_SPI | 0x2000,
		OWN_SPI | 0x80000000,
	};
	unsigned int n;

	attack_gic_setup();
	if (!own_spi_fires(GICD_ISPENDR + OWN_SPI / 32 * 4,
			   1U << (OWN_SPI % 32))) {
		attack_breach("positive control: own SPI %u did not arrive "
			      "through GICD_ISPENDR (run with attack-gic)",
			      OWN_SPI);
		return;
	}
	attack_note("SETSPI_NSR %u: %s (GICD_TYPER 0x%x; MBIS is bit 16)",
		    OWN_SPI, own_spi_fires(GICD_SETSPI_NSR, OWN_SPI) ?
		    "arrived" : "no interrupt",
		    io_read32(GICD + GICD_TYPER));
	for (n = 0; n < sizeof(aliases) / sizeof(aliases[0]); n++) {
		if (own_spi_fires(GICD_SETSPI_NSR, aliases[n])) {
			attack_breach("SETSPI_NSR 0x%x raised SPI %u",
				      aliases[n], OWN_SPI);
			return;
		}
	}
	for (n = 0; n < 8192; n++) {
		if (n == OWN_SPI)
			continue;
		io_write32(GICD + GICD_SETSPI_NSR, n);
		io_write32(GICD + GICD_CLRSPI_NSR, n);
	}
	if (stray_irqs || await_irq(OWN_SPI, 1000)) {
		attack_breach("foreign SETSPI writes reached the cell");
		return;
	}
	attack_contained("own SPI %u arrives through ISPENDR; SETSPI_NSR "
			 "values with bits above 12:0 or INTID+1024/4096 and "
			 "INTIDs 0-8191 raise nothing", OWN_SPI);
}

ATTACK(mmio_gicd_pair, "mmio-gicd-pair", ATTACK_STOP,
       "a load pair on the distributor, which the syndrome cannot "
       "describe: emulated as one access it would leave a register "
       "unchecked");
static void mmio_gicd_pair(void)
{
	uint32_t a, b;

	asm volatile("ldp %w0, %w1, [%2]"
		     : "=r" (a), "=r" (b) : "r" (GICD + GICD_TYPER)
		     : "memory");
	attack_note("ldp returned 0x%x 0x%x", a, b);
}

ATTACK(mmio_gicd_wide, "mmio-gicd-wide", ATTACK_STOP,
       "a 64-bit access to 32-bit distributor registers (CTLR+TYPER)");
static void mmio_gicd_wide(void)
{
	attack_note("read 0x%lx", io_read64(GICD + GICD_CTLR));
}
