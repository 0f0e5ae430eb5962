// SPDX-License-Identifier: GPL-2.0
/*
 * x2APIC mode (where the CPU has it; the bench's Bochs Haswell does,
 * QEMU's TCG EPYC does not): the cell switches its CPU to x2APIC, which
 * the hypervisor allows, and then tries what the MSR interface offers
 * beyond the xAPIC page: a 32-bit ICR destination aimed at the root's
 * CPUs (physical, cluster logical, and an ID that truncates to a root
 * ID in 8 bits), the self-IPI register with an exception vector, LVT
 * entries with reserved bits or exception vectors, and IA32_APIC_BASE
 * changes that would take the APIC out of the hypervisor's reach
 * (disabled, back to xAPIC, moved). An IPI to itself through the ICR is
 * the positive control: it must arrive exactly once.
 *
 * Where CPUID shows no x2APIC (QEMU's EPYC, attack-x86.scn), both attacks
 * try to get it anyway: setting EXTD and an x2APIC ICR write must #GP.
 *
 * The root side is judged by jh-attack's health check and by the
 * scenario (vmx-attack.scn: the hypervisor's refusal lines).
 */
#include "irq-attacks.h"
#include "insn-attacks.h"

#define MSR_APIC_BASE		0x1b
#define APIC_BASE_EXTD		(1ULL << 10)
#define APIC_BASE_ENABLE	(1ULL << 11)
#define X2APIC_ID		0x802
#define X2APIC_ISR0		0x810
#define X2APIC_IRR0		0x820
#define X2APIC_ICR		0x830
#define X2APIC_LVT_TIMER	0x832
#define X2APIC_SELF_IPI		0x83f
#define CPUID1_ECX_X2APIC	(1U << 21)

#define ALIEN_VECTOR		0xd7
#define SELF_VECTOR		0x41
#define LOW_VECTOR		0x05
#define SETTLE_US		100000

static bool x2apic_offered(void)
{
	uint32_t a, b, c, d;

	cpuid(1, &a, &b, &c, &d);
	return (c & CPUID1_ECX_X2APIC) != 0;
}

/* An x2APIC ICR write; its fault vector, or -1. */
static int icr(uint32_t dest, uint32_t low)
{
	return wrmsr_try(X2APIC_ICR, (uint64_t)dest << 32 | low | ICR_ASSERT);
}

/*
 * Where CPUID shows no x2APIC (QEMU's EPYC), the attack is to get it
 * anyway: setting EXTD and an x2APIC ICR write must both raise #GP.
 */
static void without_x2apic(void)
{
	uint64_t base = 0, after = 0;
	int f_extd, f_icr;

	rdmsr_try(MSR_APIC_BASE, &base);
	f_extd = wrmsr_try(MSR_APIC_BASE, base | APIC_BASE_EXTD);
	f_icr = icr(0, ICR_FIXED | ALIEN_VECTOR);
	rdmsr_try(MSR_APIC_BASE, &after);
	if (after != base)
		attack_breach("no x2APIC in CPUID, yet IA32_APIC_BASE changed from 0x%lx to 0x%lx",
			      base, after);
	else if (f_extd != VEC_GP || f_icr != VEC_GP)
		attack_breach("no x2APIC in CPUID, yet setting EXTD gave %s and an x2APIC ICR write %s",
			      fault_name(f_extd), fault_name(f_icr));
	else
		attack_contained("no x2APIC in CPUID: setting IA32_APIC_BASE.EXTD and an x2APIC ICR write both #GP, base unchanged");
}

/* Into x2APIC mode; NULL on success, else what went wrong. */
static const char *enter_x2apic(void)
{
	uint64_t base;

	if (rdmsr_try(MSR_APIC_BASE, &base) >= 0)
		return "IA32_APIC_BASE cannot be read";
	if (!(base & APIC_BASE_EXTD) &&
	    wrmsr_try(MSR_APIC_BASE, base | APIC_BASE_EXTD) >= 0)
		return "setting IA32_APIC_BASE.EXTD faulted";
	return NULL;
}

/*
 * Both attacks start here: false when the CPU has no x2APIC (reported as
 * not applicable) or the switch failed (a breach: the mode is allowed).
 */
static bool in_x2apic_mode(void)
{
	const char *why;

	if (!x2apic_offered()) {
		without_x2apic();
		return false;
	}
	why = enter_x2apic();
	if (why) {
		attack_breach("the test cannot run: %s", why);
		return false;
	}
	return true;
}

ATTACK(x2apic_icr_root, "x2apic-icr-root", ATTACK_REFUSED,
       "interrupt, NMI or reset a root CPU through the x2APIC ICR");
static void x2apic_icr_root(void)
{
	uint64_t own;
	int f = 0;
	unsigned int self, total;

	if (!in_x2apic_mode())
		return;
	rdmsr_try(X2APIC_ID, &own);
	attack_note("in x2APIC mode, APIC ID %u", (unsigned int)own);
	irqa_count_start();
	/* Root APIC ID 0: physical, cluster 0 bit 0, 0x100 (0 in 8 bits). */
	f |= icr(0, ICR_FIXED | ALIEN_VECTOR) >= 0;
	f |= icr(0x00000001, ICR_FIXED | ICR_LOGICAL | ALIEN_VECTOR) >= 0;
	f |= icr(0x100, ICR_FIXED | ALIEN_VECTOR) >= 0;
	f |= icr(0, ICR_NMI) >= 0;
	f |= icr(0x00000001, ICR_NMI | ICR_LOGICAL) >= 0;
	f |= icr(0, ICR_INIT) >= 0;
	f |= icr(0, ICR_SMI) >= 0;
	/* The positive control: to itself, in the x2APIC format. */
	f |= icr((uint32_t)own, ICR_FIXED | SELF_VECTOR) >= 0;
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	self = irqa_count(SELF_VECTOR);
	total = irqa_count_total();
	if (f)
		attack_breach("an x2APIC ICR write faulted: the mediation is not there");
	else if (self != 1)
		attack_breach("the IPI to myself arrived %u times, not once: x2APIC ICR not delivered as written",
			      self);
	else if (total != 1)
		attack_breach("%u interrupt(s) besides my own IPI came back, first vector 0x%x",
			      total - 1, (unsigned int)irqa_first_vector());
	else
		attack_contained("fixed, NMI, INIT and SMI through the x2APIC ICR to root APIC ID 0 (physical, logical 0x1, 0x100) went nowhere I can see; my own IPI arrived once");
}

/* What rdmsr of an ISR/IRR word with the low vectors says: -1 none. */
static int low_vector_seen(void)
{
	uint64_t irr = 0, isr = 0;

	rdmsr_try(X2APIC_IRR0, &irr);
	rdmsr_try(X2APIC_ISR0, &isr);
	if (!((irr | isr) & 0xffffffffU))
		return -1;
	return __builtin_ctz((uint32_t)(irr | isr));
}

ATTACK(x2apic_modes, "x2apic-modes", ATTACK_REFUSED,
       "take the APIC out of the hypervisor's reach through IA32_APIC_BASE or x2APIC MSRs");
static void x2apic_modes(void)
{
	uint64_t base = 0, lvt = 0, after = 0;
	int f_off, f_back, f_move, f_id, f_rsvd;
	int low;

	if (!in_x2apic_mode())
		return;
	rdmsr_try(MSR_APIC_BASE, &base);
	f_off = wrmsr_try(MSR_APIC_BASE, base & ~(APIC_BASE_ENABLE |
						   APIC_BASE_EXTD));
	f_back = wrmsr_try(MSR_APIC_BASE, base & ~APIC_BASE_EXTD);
	f_move = wrmsr_try(MSR_APIC_BASE, base + 0x10000000ULL);
	f_id = wrmsr_try(X2APIC_ID, 7);
	/* TSC-deadline mode (bit 18), which the hypervisor does not pass. */
	f_rsvd = wrmsr_try(X2APIC_LVT_TIMER, (1U << 18) | 0x40);
	/* An unmasked timer entry with an exception vector: masked. */
	wrmsr_try(X2APIC_LVT_TIMER, LOW_VECTOR);
	rdmsr_try(X2APIC_LVT_TIMER, &lvt);
	irqa_count_start();
	wrmsr_try(X2APIC_SELF_IPI, LOW_VECTOR);
	attack_delay_us(SETTLE_US);
	low = low_vector_seen();
	irqa_count_stop();
	rdmsr_try(MSR_APIC_BASE, &after);
	attack_note("APIC base 0x%lx -> 0x%lx; disable %s, x2APIC->xAPIC %s, move %s, ID write %s, TSC-deadline LVT %s, LVT vector 5 reads 0x%lx",
		    base, after, fault_name(f_off), fault_name(f_back),
		    fault_name(f_move), fault_name(f_id), fault_name(f_rsvd),
		    lvt);
	if (after != base)
		attack_breach("IA32_APIC_BASE changed from 0x%lx to 0x%lx",
			      base, after);
	else if (f_off != VEC_GP || f_back != VEC_GP || f_move != VEC_GP ||
		 f_id != VEC_GP || f_rsvd != VEC_GP)
		attack_breach("a write that must raise #GP did not");
	else if (!(lvt & LVT_MASKED))
		attack_breach("an LVT entry with vector %u stayed unmasked",
			      LOW_VECTOR);
	else if (low >= 0 || irqa_count(LOW_VECTOR))
		attack_breach("a self IPI with exception vector %d was delivered",
			      low >= 0 ? low : LOW_VECTOR);
	else
		attack_contained("the APIC stayed enabled in x2APIC mode at its base; ID, reserved LVT bits refused with #GP; exception vectors masked or dropped");
}
