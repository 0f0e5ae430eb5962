// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks on the emulated GICv2 distributor (QEMU virt with
 * gic-version=2, tests/scenarios/arm64-gicv2.scn), where a cell steers
 * SPIs with GICD_ITARGETSR and raises SGIs with GICD_SGIR instead of
 * GICv3's IROUTER and ICC_SGI1R_EL1. The attack cell runs on CPU 3,
 * which is GIC CPU interface 3 on that machine; root has 0-2. On GICv3
 * (attack-arm64.scn) both registers are legacy ones that affinity
 * routing leaves without effect: they must read as zero and do nothing
 * there too (word accesses only: the GICv3 emulation takes byte accesses
 * outside IPRIORITYR for malformed and stops the cell).
 *
 * The two attacks on the root run on the ZCU102 model's GIC-400 too
 * (arm64-zcu102.scn, with the plain attack cell): they take the
 * distributor's address from the comm region, and on that machine SPIs
 * above 191 do not exist, which changes nothing for the verdict.
 */
#include "gic-attacks.h"

#define GICD_ITARGETSR		0x0800
#define GICD_SGIR		0x0f00
#define SGIR_TARGETS(mask)	((uint32_t)(mask) << 16)
#define SGIR_FILTER(f)		((uint32_t)(f) << 24)
#define ROOT_INTERFACES		0x07

/* The distributor the hypervisor emulates, where the board has it. */
static unsigned long gicd(void)
{
	return comm_platform64(COMM_PLATFORM(arm64.gicd_base), GICD);
}

ATTACK(gicv2_itargets_root, "gicv2-itargets-root", ATTACK_REFUSED,
       "retarget the root's SPIs to the cell's CPU and to every CPU "
       "(GICD_ITARGETSR, bytes and words)");
static void gicv2_itargets_root(void)
{
	/* GICv3's emulation stops a cell for byte accesses there. */
	bool v2 = comm_platform32(COMM_PLATFORM(arm64.gic_version), 3) == 2;
	uint32_t seen = 0;
	unsigned int n;

	for (n = FIRST_SPI; v2 && n <= LAST_SPI; n++) {
		io_write8(gicd() + GICD_ITARGETSR + n, 0x08);
		io_write8(gicd() + GICD_ITARGETSR + n, 0xff);
		seen |= io_read8(gicd() + GICD_ITARGETSR + n);
	}
	for (n = FIRST_SPI; n <= LAST_SPI; n += 4) {
		io_write32(gicd() + GICD_ITARGETSR + n, 0x08080808);
		seen |= io_read32(gicd() + GICD_ITARGETSR + n);
	}
	if (seen)
		attack_breach("ITARGETSR of foreign SPIs read 0x%x", seen);
	else
		attack_contained("ITARGETSR of every foreign SPI read 0 after "
				 "targeting it at CPU interface 3%s",
				 v2 ? " and 0xff, bytes and words" :
				 ", words (GICv3)");
}

ATTACK(gicv2_sgi_to_root, "gicv2-sgi-to-root", ATTACK_REFUSED,
       "raise SGIs on the root's CPUs (GICD_SGIR: target list, all but "
       "self, reserved filter)");
static void gicv2_sgi_to_root(void)
{
	unsigned int n;

	for (n = 0; n < 16; n++) {
		io_write32(gicd() + GICD_SGIR,
			   SGIR_TARGETS(ROOT_INTERFACES) | n);
		io_write32(gicd() + GICD_SGIR, SGIR_FILTER(1) | n);
		io_write32(gicd() + GICD_SGIR,
			   SGIR_FILTER(3) | SGIR_TARGETS(0xff) | n);
	}
	attack_contained("48 GICD_SGIR writes to CPU interfaces 0-2, all "
			 "but self and the reserved filter");
}

ATTACK(gicv2_own_spi_targets, "gicv2-own-spi-targets", ATTACK_REFUSED,
       "target the cell's own SPI (attack-gic cell) at the root's CPUs and "
       "at every CPU, so that it interrupts the root (GICD_ITARGETSR)");
static void gicv2_own_spi_targets(void)
{
	bool v2 = comm_platform32(COMM_PLATFORM(arm64.gic_version), 3) == 2;
	unsigned long reg = gicd() + GICD_ITARGETSR + OWN_SPI;
	uint8_t tries[] = { ROOT_INTERFACES, 0x01, 0xff, 0x0f };
	uint8_t own, got;
	unsigned int n;

	if (!v2) {
		/* Affinity routing: ITARGETSR reads as zero, IROUTER rules. */
		io_write32(reg & ~3UL, 0x07070707);
		if (io_read32(reg & ~3UL))
			attack_breach("GICv3: ITARGETSR of SPI %u reads 0x%x",
				      OWN_SPI, io_read32(reg & ~3UL));
		else
			attack_contained("GICv3: ITARGETSR of own SPI %u reads 0 "
					 "after a write", OWN_SPI);
		return;
	}
	/* The banked ITARGETSR0 names this CPU's interface. */
	own = io_read8(gicd() + GICD_ITARGETSR);
	/* Create moved the SPI to the cell's CPU. */
	got = io_read8(reg);
	if (got != own) {
		attack_breach("own SPI %u targets 0x%x after create, not the "
			      "cell's CPU interface 0x%x (run with the "
			      "attack-gic cell)", OWN_SPI, got, own);
		return;
	}
	for (n = 0; n < sizeof(tries); n++) {
		io_write8(reg, tries[n]);
		got = io_read8(reg);
		if (got != own) {
			attack_breach("ITARGETSR of own SPI %u took 0x%x (reads "
				      "0x%x)", OWN_SPI, tries[n], got);
			return;
		}
	}
	io_write32(reg & ~3UL, 0x07070707);
	got = io_read8(reg);
	if (got != own) {
		attack_breach("word write: ITARGETSR of own SPI %u reads 0x%x",
			      OWN_SPI, got);
		return;
	}
	attack_contained("own SPI %u targets CPU interface 0x%x after create "
			 "and after byte and word writes naming root CPUs",
			 OWN_SPI, own);
}
