/* SPDX-License-Identifier: GPL-2.0 */
#ifndef APIC_APIC_HW_H
#define APIC_APIC_HW_H

#include <hv/types.h>
#include <asm/apic_hw.h>

/*
 * The calling CPU's APIC register at xAPIC offset reg (the page, or its
 * x2APIC MSR). In x2APIC mode only registers x2APIC mode has, and only
 * values without reserved bits: anything else raises #GP.
 */
uint32_t apic_read(unsigned int reg);
void apic_write(unsigned int reg, uint32_t val);
/*
 * An IPI of the calling CPU's APIC: dest the APIC ID or logical
 * destination (8 bits in xAPIC mode, 32 in x2APIC mode), icr_lo the rest.
 */
void apic_icr_send(uint32_t dest, uint32_t icr_lo);

#endif /* APIC_APIC_HW_H */
