/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure rules of the local APIC mediation (apic_dest.c, host-tested):
 * which CPUs an interrupt destination reaches in xAPIC and x2APIC
 * format, which IPIs and LVT entries a cell may program.
 */
#ifndef ASM_APIC_DEST_H
#define ASM_APIC_DEST_H

#include <hv/types.h>

/* xAPIC logical: flat (DFR model 1111b) or cluster, 8-bit destination. */
bool apic_xapic_logical_match(uint32_t ldr_reg, uint32_t dfr, uint8_t dest);
/* The x2APIC logical ID the CPU derives from its x2APIC ID (read-only). */
uint32_t apic_x2apic_ldr(uint32_t apic_id);
/*
 * x2APIC cluster logical: destination bits 31:16 the cluster (0xffff:
 * every cluster), bits 15:0 a mask of the cluster's 16 CPUs.
 */
bool apic_x2apic_logical_match(uint32_t ldr, uint32_t dest);
/* Does an x2APIC-format ICR destination reach the CPU with apic_id? */
bool apic_x2apic_dest_match(uint32_t apic_id, uint32_t dest, bool logical);
/*
 * NULL if the ICR low half (mode, vector) may be sent at all, else why
 * not: SMI, ExtINT and the reserved mode never; fixed and lowest-priority
 * with an exception vector (below 32) neither.
 */
const char *apic_icr_refusal(uint32_t icr_lo);
/*
 * x2APIC LVT writes: the bits a cell may set in the entry at xAPIC
 * offset reg (the CPU raises #GP for reserved ones, and the hypervisor
 * must not). 0: not an LVT register.
 */
uint32_t apic_x2apic_lvt_writable(unsigned int reg);

#endif /* ASM_APIC_DEST_H */
