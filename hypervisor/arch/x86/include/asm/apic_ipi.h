/* SPDX-License-Identifier: GPL-2.0 */
/* IPIs (apic_ipi.c): the hypervisor's own, and where a cell's reach. */
#ifndef ASM_APIC_IPI_H
#define ASM_APIC_IPI_H

#include <hv/types.h>

struct cell;

/* Sends an NMI to a CPU (the hypervisor's kick). */
void apic_send_nmi(unsigned int cpu);
/* Sends a fixed interrupt with vector (>= 32, checked by the caller). */
void apic_send_fixed(unsigned int cpu, uint8_t vector);

/*
 * Does an interrupt for dest (APIC ID when physical, logical destination
 * bits when logical, as an IOAPIC entry or ICR high byte gives it) reach
 * CPUs of cell only, and at least one? xAPIC flat and cluster logical
 * modes are resolved from the LDR/DFR each CPU last programmed.
 */
bool apic_dest_in_cell(const struct cell *cell, uint32_t dest, bool logical);

#endif /* ASM_APIC_IPI_H */
