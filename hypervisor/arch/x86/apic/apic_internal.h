/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the local APIC files share (apic.c: register access and the
 * xAPIC page; apic_ipi.c: IPIs; apic_x2apic.c: the x2APIC MSRs).
 */
#ifndef APIC_INTERNAL_H
#define APIC_INTERNAL_H

#include <hv/types.h>

struct cell;
struct per_cpu;

/* The calling CPU's APIC register at xAPIC offset reg (the page). */
uint32_t apic_read(unsigned int reg);
void apic_write(unsigned int reg, uint32_t val);

/*
 * A cell's ICR write: dest as the format gives it (xAPIC: the 8-bit ID
 * or logical mask of ICR high; x2APIC: the 32-bit destination), checked
 * and delivered to the sender's cell only.
 */
void apic_icr_write(struct per_cpu *sender, uint32_t dest, uint32_t icr_lo,
		    bool x2apic);
/* A refused IPI or register write, reported rate-limited. */
void apic_refuse(struct per_cpu *sender, const char *what,
		 struct per_cpu *target, const char *why);
/* NULL if an LVT entry may be written as it is, else why not. */
const char *apic_lvt_refusal(const struct cell *cell, unsigned int reg,
			     uint32_t val);
bool apic_is_lvt(unsigned int reg);
/* An EOI of the calling CPU's cell, IOAPIC told where remapping needs it. */
void apic_eoi(struct per_cpu *pcpu);

#endif /* APIC_INTERNAL_H */
