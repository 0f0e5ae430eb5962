/* SPDX-License-Identifier: GPL-2.0 */
/* A cell's APIC register writes checked or completed (apic_guest.c). */
#ifndef APIC_APIC_GUEST_H
#define APIC_APIC_GUEST_H

#include <hv/types.h>

struct cell;
struct per_cpu;

/* NULL if an LVT entry may be written as it is, else why not. */
const char *apic_lvt_refusal(const struct cell *cell, unsigned int reg,
			     uint32_t val);
bool apic_is_lvt(unsigned int reg);
/* Registers x2APIC mode reads as the xAPIC has them (ID, LDR, ICR aside). */
bool apic_plain_readable(unsigned int reg);
/*
 * The bits an x2APIC write of TPR, SVR, TMICT or TDCR may set (others
 * raise #GP); 0: not one of these registers.
 */
uint32_t apic_plain_writable(unsigned int reg);
/* An EOI of the calling CPU's cell, IOAPIC told where remapping needs it. */
void apic_eoi(struct per_cpu *pcpu);

#endif /* APIC_APIC_GUEST_H */
