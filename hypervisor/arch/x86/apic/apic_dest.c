// SPDX-License-Identifier: GPL-2.0
/*
 * Pure rules of the local APIC mediation (asm/apic_dest.h): destination
 * matching in both APIC formats and the checks of IPIs and LVT entries.
 * No hardware access, so that the host unit tests run them as they are.
 */
#include <asm/apic_dest.h>
#include <asm/apic_regs.h>

bool apic_xapic_logical_match(uint32_t ldr_reg, uint32_t dfr, uint8_t dest)
{
	uint8_t ldr = (uint8_t)(ldr_reg >> 24);

	if ((dfr & DFR_FLAT) == DFR_FLAT) {
		return (ldr & dest) != 0U;
	}
	/* Cluster model: high nibble cluster (15: all), low nibble CPUs. */
	return ((dest >> 4) == (ldr >> 4) || (dest >> 4) == 0xfU) &&
		(dest & ldr & 0xfU) != 0U;
}

uint32_t apic_x2apic_ldr(uint32_t apic_id)
{
	return ((apic_id >> 4) << 16) | (1U << (apic_id & 0xfU));
}

bool apic_x2apic_logical_match(uint32_t ldr, uint32_t dest)
{
	return ((dest >> 16) == (ldr >> 16) || (dest >> 16) == 0xffffU) &&
		(dest & ldr & 0xffffU) != 0U;
}

bool apic_x2apic_dest_match(uint32_t apic_id, uint32_t dest, bool logical)
{
	if (logical) {
		return apic_x2apic_logical_match(apic_x2apic_ldr(apic_id),
						 dest);
	}
	return dest == X2APIC_BROADCAST || dest == apic_id;
}

const char *apic_icr_refusal(uint32_t icr_lo)
{
	unsigned int mode = ICR_MODE(icr_lo);

	if (mode == ICR_MODE_SMI || mode == ICR_MODE_EXTINT ||
	    mode == ICR_MODE_RESERVED) {
		return "delivery mode not allowed";
	}
	if ((mode == ICR_MODE_FIXED || mode == ICR_MODE_LOWEST) &&
	    (icr_lo & ICR_VECTOR) < FIRST_IRQ_VECTOR) {
		return "vector below 32 (an exception vector)";
	}
	return NULL;
}

uint32_t apic_x2apic_lvt_writable(unsigned int reg)
{
	/* Vector 7:0, delivery mode 10:8, polarity 13, trigger 15, mask 16. */
	switch (reg) {
	case APIC_LVT_TIMER:
		/* One-shot or periodic; no TSC-deadline (bit 18). */
		return 0x300ffU;
	case APIC_LVT_ERROR:
		return 0x100ffU;
	case APIC_LVT_CMCI:
	case APIC_LVT_THERMAL:
	case APIC_LVT_PERF:
		return 0x107ffU;
	case APIC_LVT_LINT0:
	case APIC_LVT_LINT1:
		return 0x1a7ffU;
	default:
		return 0;
	}
}
