// SPDX-License-Identifier: GPL-2.0
/*
 * The register writes of a cell that do more than pass through, the same
 * in xAPIC (apic.c) and emulated x2APIC mode (apic_x2apic.c): LVT entries
 * checked, and EOI, which the IOAPIC may need to hear of; and which
 * registers and bits x2APIC mode has (for both: apic.c serves the xAPIC
 * page from a hardware x2APIC too).
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/apic_regs.h>
#include <asm/ioapic.h>
#include "apic_guest.h"
#include "apic_hw.h"

#define APIC_PPR		0x0a0
#define APIC_TMR		0x180
#define SVR_WRITABLE		0x13ffU	/* vector, enable, EOI suppression */

bool apic_plain_readable(unsigned int reg)
{
	return reg == APIC_VERSION || reg == APIC_TPR || reg == APIC_PPR ||
		reg == APIC_SVR || (reg >= APIC_ISR && reg < APIC_ESR) ||
		reg == APIC_ESR || apic_is_lvt(reg) || reg == APIC_TMICT ||
		reg == APIC_TMCCT || reg == APIC_TDCR;
}

uint32_t apic_plain_writable(unsigned int reg)
{
	switch (reg) {
	case APIC_TPR:
		return 0xffU;
	case APIC_SVR:
		return SVR_WRITABLE;
	case APIC_TMICT:
		return 0xffffffffU;
	case APIC_TDCR:
		return 0xbU;
	default:
		return 0;
	}
}

bool apic_is_lvt(unsigned int reg)
{
	return reg == APIC_LVT_CMCI ||
		(reg >= APIC_LVT_TIMER && reg <= APIC_LVT_LAST);
}

const char *apic_lvt_refusal(const struct cell *cell, unsigned int reg,
			     uint32_t val)
{
	unsigned int mode = ICR_MODE(val);

	if (val & LVT_MASKED) {
		return NULL;
	}
	/* Timer and error entries have no mode field: always fixed. */
	if (reg == APIC_LVT_TIMER || reg == APIC_LVT_ERROR) {
		mode = ICR_MODE_FIXED;
	}
	if (mode == ICR_MODE_FIXED &&
	    (val & ICR_VECTOR) < FIRST_IRQ_VECTOR) {
		return "LVT entry with a vector below 32";
	}
	if (mode == ICR_MODE_FIXED || mode == ICR_MODE_NMI ||
	    (mode == ICR_MODE_EXTINT && cell == &root_cell)) {
		return NULL;
	}
	return "LVT entry with SMI, INIT, ExtINT or a reserved delivery mode";
}

/* The highest vector in service, the one an EOI retires; -1: none. */
static int in_service(void)
{
	unsigned int word;
	uint32_t isr;

	for (word = 8; word-- > 0;) {
		isr = apic_read(APIC_ISR + word * 0x10);
		if (isr != 0U) {
			return (int)(word * 32 + 31 - __builtin_clz(isr));
		}
	}
	return -1;
}

void apic_eoi(struct per_cpu *pcpu)
{
	/* Remapped IOAPIC entries may miss the EOI broadcast. */
	int vector = ioapic_ir_eoi_wanted() ? in_service() : -1;

	apic_write(APIC_EOI, 0);
	if (vector >= 0) {
		ioapic_lapic_eoi(pcpu->cell, (unsigned int)vector);
	}
}
