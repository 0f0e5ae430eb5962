// SPDX-License-Identifier: GPL-2.0
/*
 * IPIs of the attack cell aimed at the root cell's CPUs: every delivery
 * mode, every shorthand, logical broadcast and a flood. The cell sees
 * only its own side: nothing may come back to it that it did not send
 * to itself, and its own CPU gets exactly what it addressed to itself.
 * The root side is judged by jh-attack's health check and by the
 * scenario (attack-x86-irq.scn: no "NMI received for unknown reason",
 * no "No irq handler for vector" in the root's log).
 */
#include "irq-attacks.h"

/* A vector root Linux does not use (its own sit at 0xec and above). */
#define ALIEN_VECTOR		0xd7
#define SELF_VECTOR		0x41
#define SETTLE_US		100000

static const char *const mode_names[8] = {
	"fixed", "lowest-priority", "SMI", "reserved", "NMI", "INIT",
	"SIPI", "ExtINT",
};

/*
 * Sends mode (| vector) to each root APIC ID in physical mode, then to
 * all of them as a flat logical destination, and checks nothing came
 * back to this CPU.
 */
static void to_root(uint32_t mode_vector)
{
	unsigned int id, total;

	irqa_count_start();
	for (id = 0; id < ROOT_APIC_IDS; id++)
		irqa_icr(id << 24, mode_vector | ICR_ASSERT);
	irqa_icr(0x07U << 24, mode_vector | ICR_ASSERT | ICR_LOGICAL);
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	total = irqa_count_total();
	if (total)
		attack_breach("%s IPI to APIC IDs 0-2 brought %u interrupt(s) to the sender, first vector 0x%x",
			      mode_names[(mode_vector >> 8) & 7], total,
			      (unsigned int)irqa_first_vector());
	else
		attack_contained("%s IPI to APIC IDs 0-2 (physical and logical 0x07) went nowhere I can see; the root's health decides the rest",
				 mode_names[(mode_vector >> 8) & 7]);
}

ATTACK(icr_fixed, "irq-icr-fixed", ATTACK_REFUSED,
       "interrupt a root CPU with a vector of the cell's choosing");
static void icr_fixed(void)
{
	to_root(ICR_FIXED | ALIEN_VECTOR);
}

ATTACK(icr_lowest, "irq-icr-lowest", ATTACK_REFUSED,
       "interrupt a root CPU with a lowest-priority IPI");
static void icr_lowest(void)
{
	to_root(ICR_LOWEST | ALIEN_VECTOR);
}

ATTACK(icr_smi, "irq-icr-smi", ATTACK_REFUSED,
       "send a root CPU into system management mode");
static void icr_smi(void)
{
	to_root(ICR_SMI);
}

ATTACK(icr_nmi, "irq-icr-nmi", ATTACK_REFUSED,
       "send a root CPU an NMI it cannot explain");
static void icr_nmi(void)
{
	to_root(ICR_NMI);
}

ATTACK(icr_init, "irq-icr-init", ATTACK_REFUSED,
       "reset a root CPU with INIT");
static void icr_init(void)
{
	to_root(ICR_INIT);
}

ATTACK(icr_sipi, "irq-icr-sipi", ATTACK_REFUSED,
       "start a root CPU in the cell's code with INIT and SIPI");
static void icr_sipi(void)
{
	unsigned int id;

	for (id = 0; id < ROOT_APIC_IDS; id++)
		irqa_icr(id << 24, ICR_INIT | ICR_ASSERT);
	/* Page 0 of the cell's RAM: its image. */
	to_root(ICR_SIPI | 0x00);
}

ATTACK(icr_extint, "irq-icr-extint", ATTACK_REFUSED,
       "send a root CPU an ExtINT (an 8259 acknowledge cycle)");
static void icr_extint(void)
{
	to_root(ICR_EXTINT);
}

/*
 * A shorthand with a fixed vector and then with NMI: this CPU must get
 * exactly self_expected of the vector and nothing foreign. NMIs are the
 * hypervisor's kicks and never reach a non-root cell, so at most
 * self_expected of them.
 */
static void shorthand(uint32_t sh, const char *name, unsigned int self_expected)
{
	unsigned int fixed, nmi, total;

	irqa_count_start();
	irqa_icr(0, sh | ICR_FIXED | ICR_ASSERT | SELF_VECTOR);
	attack_delay_us(SETTLE_US);
	irqa_icr(0, sh | ICR_NMI | ICR_ASSERT);
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	fixed = irqa_count(SELF_VECTOR);
	nmi = irqa_count(IRQ_NMI_VECTOR);
	total = irqa_count_total();
	if (fixed != self_expected || nmi > self_expected ||
	    total != fixed + nmi)
		attack_breach("shorthand %s: vector 0x%x came %u time(s), NMI %u, %u interrupt(s) in all; expected %u of each and nothing else",
			      name, SELF_VECTOR, fixed, nmi, total,
			      self_expected);
	else
		attack_contained("shorthand %s: vector 0x%x reached this CPU %u time(s), NMI %u, nothing else; root CPUs judged by jh-attack",
				 name, SELF_VECTOR, fixed, nmi);
}

ATTACK(sh_self, "irq-shorthand-self", ATTACK_REFUSED,
       "reach another CPU with the self shorthand");
static void sh_self(void)
{
	shorthand(ICR_SH_SELF, "self", 1);
}

ATTACK(sh_all, "irq-shorthand-all", ATTACK_REFUSED,
       "interrupt every CPU (root ones too) with all-including-self");
static void sh_all(void)
{
	shorthand(ICR_SH_ALL, "all-including-self", 1);
}

ATTACK(sh_others, "irq-shorthand-others", ATTACK_REFUSED,
       "interrupt every root CPU with all-excluding-self");
static void sh_others(void)
{
	shorthand(ICR_SH_OTHERS, "all-excluding-self", 0);
}

/*
 * Logical destination 0xff (every CPU in the flat model): with the cell's
 * own logical ID set to 0x80, exactly this CPU may get it.
 */
ATTACK(logical_bcast, "irq-logical-broadcast", ATTACK_REFUSED,
       "reach root CPUs with a flat logical broadcast (0xff)");
static void logical_bcast(void)
{
	unsigned int fixed, nmi, total;

	irqa_apic_write(APIC_REG_DFR, 0xffffffff);
	irqa_apic_write(APIC_REG_LDR, 0x80000000);
	irqa_count_start();
	irqa_icr(0xffU << 24, ICR_LOGICAL | ICR_FIXED | ICR_ASSERT |
		 SELF_VECTOR);
	attack_delay_us(SETTLE_US);
	irqa_icr(0xffU << 24, ICR_LOGICAL | ICR_NMI | ICR_ASSERT);
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	fixed = irqa_count(SELF_VECTOR);
	nmi = irqa_count(IRQ_NMI_VECTOR);
	total = irqa_count_total();
	if (fixed != 1 || nmi > 1 || total != fixed + nmi)
		attack_breach("logical 0xff: vector 0x%x %u time(s), NMI %u, %u in all; expected one of each, to me",
			      SELF_VECTOR, fixed, nmi, total);
	else
		attack_contained("logical 0xff: vector 0x%x reached this CPU once, NMI %u, nothing else; root CPUs judged by jh-attack",
				 SELF_VECTOR, nmi);
}

/*
 * count= IPIs (default 20000; each refusal past the first few is logged
 * every 1024th time, and 100000 push this run's first line out of the
 * hypervisor's console ring, where jh-attack reads it) round-robin at the root's APIC IDs, fixed
 * and NMI alternating; each traps and is refused. Root health afterwards
 * is jh-attack's part; here nothing may come back.
 */
ATTACK(ipi_flood, "irq-ipi-flood", ATTACK_REFUSED,
       "flood root CPUs with IPIs (or the hypervisor's console with refusals)");
static void ipi_flood(void)
{
	uint64_t n, count = attack_param("count", 20000);
	unsigned int total;

	irqa_count_start();
	for (n = 0; n < count; n++)
		irqa_icr((uint32_t)(n % ROOT_APIC_IDS) << 24,
			 ICR_ASSERT | (n & 1 ? ICR_NMI :
				       ICR_FIXED | ALIEN_VECTOR));
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	total = irqa_count_total();
	if (total)
		attack_breach("%u interrupt(s) came back during a flood of %u IPIs",
			      total, (unsigned int)count);
	else
		attack_contained("%u IPIs to APIC IDs 0-2 sent, none came back; root health judged by jh-attack",
				 (unsigned int)count);
}
