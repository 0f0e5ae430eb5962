// SPDX-License-Identifier: GPL-2.0
/*
 * The attack cell's own local APIC turned against the others: a spoofed
 * logical ID (LDR/DFR) to catch the root cell's logically routed
 * interrupts, exception vectors (0-31) sent to itself so that they stay
 * pending for the hypervisor or the CPU's next owner, and LVT entries
 * with delivery modes that bypass the hypervisor.
 */
#include "irq-attacks.h"

#define SELF_VECTOR		0x41
#define SETTLE_US		100000
#define LOW_VECTORS		32

/*
 * LDR 0xff (flat model): every flat logical destination matches this CPU
 * if the APIC really had that ID. For seconds= (default 2) the cell counts
 * every interrupt while the root's devices run (the scenario keeps its
 * UARTs busy); none may come. Then the cell's own view must still work:
 * a logical IPI to 0x80 reaches this CPU, once.
 */
ATTACK(ldr_spoof, "irq-ldr-spoof", ATTACK_REFUSED,
       "receive the root cell's interrupts with a spoofed logical APIC ID");
static void ldr_spoof(void)
{
	uint64_t us = attack_param("seconds", 2) * 1000000;
	uint32_t ldr, dfr;
	unsigned int total, self;

	irqa_apic_write(APIC_REG_DFR, 0xffffffff);
	irqa_apic_write(APIC_REG_LDR, 0xff000000);
	ldr = irqa_apic_read(APIC_REG_LDR);
	dfr = irqa_apic_read(APIC_REG_DFR);
	attack_note("LDR reads 0x%x, DFR 0x%x; listening for %u ms", ldr, dfr,
		    (unsigned int)(us / 1000));
	irqa_count_start();
	attack_delay_us(us);
	irqa_count_stop();
	total = irqa_count_total();
	if (total) {
		attack_breach("with LDR 0xff %u interrupt(s) arrived that I did not send, first vector 0x%x",
			      total, (unsigned int)irqa_first_vector());
		return;
	}
	irqa_count_start();
	irqa_icr(0x80U << 24, ICR_LOGICAL | ICR_FIXED | ICR_ASSERT |
		 SELF_VECTOR);
	attack_delay_us(SETTLE_US);
	irqa_count_stop();
	self = irqa_count(SELF_VECTOR);
	irqa_apic_write(APIC_REG_LDR, 0);
	if (self != 1 || irqa_count_total() != 1)
		attack_breach("my own logical IPI to 0x80 came %u time(s), %u interrupt(s) in all",
			      self, irqa_count_total());
	else
		attack_contained("no foreign interrupt in %u ms with LDR 0xff; my logical IPI to 0x80 still reached me once",
				 (unsigned int)(us / 1000));
}

/* Breach if a vector below 32 is pending or in service, else contained. */
static void low_vector_verdict(const char *how)
{
	int v = irqa_low_vector_seen();

	if (v >= 0)
		attack_breach("vector %d is pending or in service after %s (IRR 0x%x, ISR 0x%x); it stays pending for the CPU's next owner",
			      v, how, irqa_apic_read(APIC_REG_IRR),
			      irqa_apic_read(APIC_REG_ISR));
	else
		attack_contained("no vector 0-31 pending or in service after %s",
				 how);
}

/*
 * Vectors 0-31 through ICR, with interrupts closed so that whatever is
 * accepted stays pending: to itself by shorthand and by APIC ID, fixed
 * and lowest priority, and through the SELF IPI register (x2APIC's; xAPIC
 * reserves 0x3f0, so this part only fails on an APIC that implements it
 * there). What pends now reaches the hypervisor when the CPU goes back
 * to the root cell.
 */
ATTACK(low_icr, "irq-vector-low-icr", ATTACK_REFUSED,
       "leave an exception vector pending on the cell's CPU (ICR)");
static void low_icr(void)
{
	uint32_t self = irqa_apic_read(APIC_REG_ID) & 0xff000000;
	unsigned int v;

	irq_disable();
	for (v = 0; v < LOW_VECTORS; v++) {
		irqa_icr(0, ICR_SH_SELF | ICR_FIXED | ICR_ASSERT | v);
		irqa_icr(self, ICR_FIXED | ICR_ASSERT | v);
		irqa_icr(self, ICR_LOWEST | ICR_ASSERT | v);
		irqa_apic_write(APIC_REG_SELF_IPI, v);
	}
	attack_delay_us(SETTLE_US);
	low_vector_verdict("ICR fixed/lowest-priority and SELF IPI vectors 0-31 to myself");
}

struct lvt_try {
	unsigned int reg;
	const char *reg_name;
	uint32_t value;
	const char *what;
};

/*
 * Writes each entry and reads it back: it must read masked. Breach if one
 * reads back live as written. Every entry is masked again afterwards.
 */
static void lvt_tries(const struct lvt_try *t, unsigned int n,
		      const char *summary)
{
	uint32_t back;
	unsigned int i;

	for (i = 0; i < n; i++) {
		irqa_apic_write(t[i].reg, t[i].value);
		back = irqa_apic_read(t[i].reg);
		irqa_apic_write(t[i].reg, LVT_MASKED);
		if (!(back & LVT_MASKED) &&
		    (back & 0x7ff) == (t[i].value & 0x7ff)) {
			attack_breach("%s = %s (0x%x) is live: reads 0x%x",
				      t[i].reg_name, t[i].what, t[i].value,
				      back);
			return;
		}
		attack_note("%s = %s: reads 0x%x", t[i].reg_name, t[i].what,
			    back);
	}
	attack_contained("%s", summary);
}

ATTACK(lvt_extint, "irq-lvt-lint0-extint", ATTACK_REFUSED,
       "take the 8259's interrupts (ExtINT) through LINT0/LINT1");
static void lvt_extint(void)
{
	static const struct lvt_try t[] = {
		{ APIC_REG_LVT_LINT0, "LINT0", 0x700, "ExtINT" },
		{ APIC_REG_LVT_LINT1, "LINT1", 0x700, "ExtINT" },
		{ APIC_REG_LVT_LINT0, "LINT0", 0x8700, "ExtINT level" },
	};

	lvt_tries(t, ARRAY_SIZE(t),
		  "LINT0/LINT1 ExtINT entries read back masked");
}

/*
 * LVT CMCI (0x2f0). QEMU's APIC has no such entry (it reads 0), so this
 * attack can only fail on hardware with CMCI.
 */
ATTACK(lvt_cmci, "irq-lvt-cmci", ATTACK_REFUSED,
       "use the CMCI entry for SMI, INIT or an exception vector");
static void lvt_cmci(void)
{
	static const struct lvt_try t[] = {
		{ APIC_REG_LVT_CMCI, "CMCI", 0x200, "SMI" },
		{ APIC_REG_LVT_CMCI, "CMCI", 0x500, "INIT" },
		{ APIC_REG_LVT_CMCI, "CMCI", 0x700, "ExtINT" },
		{ APIC_REG_LVT_CMCI, "CMCI", 0x12, "fixed vector 0x12" },
	};

	lvt_tries(t, ARRAY_SIZE(t),
		  "CMCI entries with SMI/INIT/ExtINT/vector 0x12 read back masked (or absent)");
}

ATTACK(lvt_modes, "irq-lvt-modes", ATTACK_REFUSED,
       "make the cell's LVT entries raise SMI, INIT or exception vectors");
static void lvt_modes(void)
{
	static const struct lvt_try t[] = {
		{ APIC_REG_LVT_THERMAL, "thermal", 0x200, "SMI" },
		{ APIC_REG_LVT_THERMAL, "thermal", 0x500, "INIT" },
		{ APIC_REG_LVT_THERMAL, "thermal", 0x700, "ExtINT" },
		{ APIC_REG_LVT_THERMAL, "thermal", 0x12, "vector 0x12" },
		{ APIC_REG_LVT_PERF, "perf", 0x200, "SMI" },
		{ APIC_REG_LVT_PERF, "perf", 0x500, "INIT" },
		{ APIC_REG_LVT_PERF, "perf", 0x300, "reserved mode 3" },
		{ APIC_REG_LVT_PERF, "perf", 0x08, "vector 0x08" },
		{ APIC_REG_LVT_LINT1, "LINT1", 0x200, "SMI" },
		{ APIC_REG_LVT_LINT1, "LINT1", 0x12, "vector 0x12" },
		{ APIC_REG_LVT_TIMER, "timer", 0x12, "vector 0x12" },
		{ APIC_REG_LVT_TIMER, "timer", 0x20012, "periodic vector 0x12" },
		{ APIC_REG_LVT_ERROR, "error", 0x1f, "vector 0x1f" },
	};
	uint32_t back;

	lvt_tries(t, ARRAY_SIZE(t),
		  "SMI/INIT/ExtINT/reserved modes and vectors below 32 read back masked on thermal, perf, LINT1, timer, error");
	/* NMI to its own CPU stays allowed: only a note. */
	irqa_apic_write(APIC_REG_LVT_PERF, 0x400);
	back = irqa_apic_read(APIC_REG_LVT_PERF);
	irqa_apic_write(APIC_REG_LVT_PERF, LVT_MASKED);
	attack_note("perf = NMI (own CPU, allowed): reads 0x%x", back);
}
