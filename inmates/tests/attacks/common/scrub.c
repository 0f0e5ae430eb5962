// SPDX-License-Identifier: GPL-2.0
/*
 * "No state of the previous owner visible": every attack run plants
 * secrets before it idles (attack_plant_secrets: a pattern in the top
 * 64 KiB of the cell's RAM, and per-arch register state), and the scrub
 * attacks, run in a later cell on the same CPU and memory, look for them.
 * Without the hypervisor's scrubbing they find the previous cell's
 * pattern (or the root's state) and report a breach.
 */
#include <attack.h>

#define PLANT_START	0xf0000UL
#define PLANT_END	0x100000UL
#define PLANT_WORD	0x5ec2e75ec2e75ec2ULL

/* Registers: the arch file plants and checks them; an arch without any
 * scrubbed registers yet plants nothing. */
void __attribute__((weak)) attack_arch_plant_regs(void)
{
}

void attack_plant_secrets(void)
{
	volatile uint64_t *p;

	for (p = (uint64_t *)PLANT_START; p < (uint64_t *)PLANT_END; p++)
		*p = PLANT_WORD ^ (uint64_t)(unsigned long)p;
	attack_arch_plant_regs();
}

ATTACK(scrub_ram, "scrub-ram", ATTACK_REFUSED,
       "read the previous owner's data left in the cell's RAM");
static void scrub_ram(void)
{
	volatile uint64_t *p;
	unsigned long nonzero = 0, planted = 0;

	for (p = (uint64_t *)PLANT_START; p < (uint64_t *)PLANT_END; p++) {
		if (*p)
			nonzero++;
		if (*p == (PLANT_WORD ^ (uint64_t)(unsigned long)p))
			planted++;
	}
	if (nonzero)
		attack_breach("%lu of %lu words at 0x%lx-0x%lx non-zero, %lu "
			      "of them the previous cell's secret", nonzero,
			      (PLANT_END - PLANT_START) / 8, PLANT_START,
			      PLANT_END, planted);
	else
		attack_contained("all %lu words at 0x%lx-0x%lx read zero",
				 (PLANT_END - PLANT_START) / 8, PLANT_START,
				 PLANT_END);
}
