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
/* An EOI of the calling CPU's cell, IOAPIC told where remapping needs it. */
void apic_eoi(struct per_cpu *pcpu);

#endif /* APIC_APIC_GUEST_H */
