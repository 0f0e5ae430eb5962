/* SPDX-License-Identifier: GPL-2.0 */
/* A cell's IPIs, checked and delivered (apic_ipi.c). */
#ifndef APIC_APIC_IPI_H
#define APIC_APIC_IPI_H

#include <hv/types.h>
#include <asm/apic_ipi.h>

struct per_cpu;

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

#endif /* APIC_APIC_IPI_H */
