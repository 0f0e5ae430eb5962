/* SPDX-License-Identifier: GPL-2.0 */
#ifndef APIC_APIC_HW_H
#define APIC_APIC_HW_H

#include <hv/types.h>
#include <asm/apic_hw.h>

/* The calling CPU's APIC register at xAPIC offset reg (the page). */
uint32_t apic_read(unsigned int reg);
void apic_write(unsigned int reg, uint32_t val);

#endif /* APIC_APIC_HW_H */
