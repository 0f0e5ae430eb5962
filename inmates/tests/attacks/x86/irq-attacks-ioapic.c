// SPDX-License-Identifier: GPL-2.0
/*
 * The IOAPIC from the attack cell: redirection entries of pins it does
 * not own, the index/window registers, and (in attack-irq.cell, which
 * owns pin 3) exception vectors in an entry it does own.
 */
#include "irq-attacks.h"

#define IOAPIC_EOI		0x40
#define OWN_PIN			3	/* attack-irq.cell's pin */
#define PIN_VECTOR(pin)		(0x50 + (pin))

/*
 * Every pin reads as masked (low 0x10000, high 0) to a cell that does
 * not own it; writes are dropped. Aims each foreign pin at this CPU, then
 * listens for seconds= (default 1) while the root's UARTs run: none of
 * those vectors may come, and the entries must still read masked.
 */
ATTACK(foreign_pins, "irq-ioapic-foreign-pins", ATTACK_REFUSED,
       "take over the root cell's IOAPIC pins");
static void foreign_pins(void)
{
	uint64_t us = attack_param("seconds", 1) * 1000000;
	unsigned int pin, got = 0, first = 0;
	uint32_t lo, hi;

	for (pin = 0; pin < IOAPIC_PINS; pin++) {
		lo = irqa_ioapic_read(IOAPIC_REDIR_LO(pin));
		hi = irqa_ioapic_read(IOAPIC_REDIR_HI(pin));
		if (lo != REDIR_MASKED || hi != 0) {
			attack_breach("pin %u reads 0x%x:0x%x: the root's routing shows through",
				      pin, hi, lo);
			return;
		}
	}
	irqa_count_start();
	for (pin = 0; pin < IOAPIC_PINS; pin++) {
		irqa_ioapic_write(IOAPIC_REDIR_HI(pin), 3U << 24);
		irqa_ioapic_write(IOAPIC_REDIR_LO(pin), PIN_VECTOR(pin));
	}
	attack_delay_us(us);
	irqa_count_stop();
	for (pin = 0; pin < IOAPIC_PINS; pin++)
		if (irqa_count(PIN_VECTOR(pin)) && !got++)
			first = pin;
	if (got) {
		attack_breach("%u pin(s) delivered to me after the rewrite, first pin %u",
			      got, first);
		return;
	}
	for (pin = 0; pin < IOAPIC_PINS; pin++) {
		lo = irqa_ioapic_read(IOAPIC_REDIR_LO(pin));
		if (lo != REDIR_MASKED) {
			attack_breach("pin %u reads 0x%x after my write", pin,
				      lo);
			return;
		}
	}
	attack_contained("24 foreign pins read masked before and after being aimed at me; none delivered in %u ms",
			 (unsigned int)(us / 1000));
}

/*
 * The index/window pair and the rest of the page: the ID register is the
 * root's, the index is this CPU's own, indices past the pins and offsets
 * other than IOREGSEL/IOWIN/EOI are nothing; EOIs of the root's vectors
 * go nowhere (no pin of this cell has them).
 */
ATTACK(ioapic_regs, "irq-ioapic-regs", ATTACK_REFUSED,
       "rewrite the IOAPIC's ID or reach entries through odd indices");
static void ioapic_regs(void)
{
	uint32_t id, id_after, sel, v;
	unsigned int index, off, vec;

	id = irqa_ioapic_read(0);
	irqa_ioapic_write(0, id ^ 0x0f000000);
	id_after = irqa_ioapic_read(0);
	if (id_after != id) {
		irqa_ioapic_write(0, id);
		attack_breach("the IOAPIC ID changed from 0x%x to 0x%x",
			      id, id_after);
		return;
	}
	mmio_write32(IOAPIC_ADDR, 0x12345678);
	sel = mmio_read32(IOAPIC_ADDR);
	attack_note("IOREGSEL written 0x12345678 reads 0x%x", sel);
	for (index = 0x03; index < 0x100; index++) {
		if (index >= IOAPIC_REDIR_LO(0) &&
		    index <= IOAPIC_REDIR_HI(IOAPIC_PINS - 1))
			continue;
		irqa_ioapic_write(index, 0xffffffff);
		v = irqa_ioapic_read(index);
		if (v) {
			attack_breach("index 0x%x reads 0x%x after a write of all-ones",
				      index, v);
			return;
		}
	}
	for (off = 0x20; off < 0x1000; off += 0x10) {
		if (off == IOAPIC_EOI)
			continue;
		mmio_write32(IOAPIC_ADDR + off, 0xffffffff);
		v = mmio_read32(IOAPIC_ADDR + off);
		if (v) {
			attack_breach("page offset 0x%x reads 0x%x", off, v);
			return;
		}
	}
	for (vec = 0x20; vec < 0x100; vec++)
		mmio_write32(IOAPIC_ADDR + IOAPIC_EOI, vec);
	attack_contained("ID stays 0x%x, indices 0x03-0x0f and past the pins and the rest of the page read 0 after writes; EOIs of vectors 0x20-0xff sent (root side judged by jh-attack)",
			 id);
}

/*
 * In attack-irq.cell, which owns pin 3: an entry with a vector below 32
 * must not go live (fixed or lowest priority), while the same entry with
 * vector 0x41 does, so the refusal is the vector's.
 */
ATTACK(low_ioapic, "irq-vector-low-ioapic", ATTACK_REFUSED,
       "route the cell's own IOAPIC pin to an exception vector");
static void low_ioapic(void)
{
	uint32_t lo, mode;
	unsigned int v;

	irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN), REDIR_MASKED | 0x41);
	irqa_ioapic_write(IOAPIC_REDIR_HI(OWN_PIN), 3U << 24);
	irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN), 0x41);
	lo = irqa_ioapic_read(IOAPIC_REDIR_LO(OWN_PIN));
	if (lo & REDIR_MASKED) {
		attack_breach("the control entry (pin %u, vector 0x41, APIC ID 3) did not go live: 0x%x; is this attack-irq.cell?",
			      OWN_PIN, lo);
		return;
	}
	for (mode = 0; mode <= 0x100; mode += 0x100)
		for (v = 0; v < 32; v++) {
			irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN),
					  REDIR_MASKED | 0x41);
			irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN), mode | v);
			lo = irqa_ioapic_read(IOAPIC_REDIR_LO(OWN_PIN));
			if (!(lo & REDIR_MASKED)) {
				irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN),
						  REDIR_MASKED);
				attack_breach("pin %u is live with %s vector %u: 0x%x",
					      OWN_PIN,
					      mode ? "lowest-priority" : "fixed",
					      v, lo);
				return;
			}
		}
	irqa_ioapic_write(IOAPIC_REDIR_LO(OWN_PIN), REDIR_MASKED);
	attack_contained("pin %u: vector 0x41 went live, vectors 0-31 (fixed and lowest priority) stayed masked",
			 OWN_PIN);
}
