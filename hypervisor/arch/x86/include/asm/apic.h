/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The local APIC: the hypervisor's own use (IPIs to kick CPUs) and the
 * emulation of every cell's xAPIC page, which traps so that ICR writes
 * can be checked, and the x2APIC MSRs of cells that switch to x2APIC
 * (emulated on the xAPIC).
 */
#ifndef ASM_APIC_H
#define ASM_APIC_H

#include <hv/mmio.h>
#include <hv/types.h>

struct cell;
struct per_cpu;

#define XAPIC_BASE		0xfee00000UL
#define XAPIC_SIZE		0x1000

/* First CPU: maps the APIC page into the hypervisor. */
int apic_init(void);
/* Every CPU: records its APIC ID and logical ID (LDR, DFR). */
void apic_cpu_init(struct per_cpu *pcpu);

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

/* The calling CPU's APIC, quiet for a fresh start in a cell. */
void apic_cpu_reset(void);

/* Timer calibration: start counting, read the count, give it back. */
void apic_timer_count_start(void);
uint32_t apic_timer_count(void);
void apic_timer_count_stop(void);

/* The emulated xAPIC page (registered with the MMIO dispatcher). */
int apic_register_mmio(void);
/*
 * An access to the APIC page, straight from the MMIO exit (emulate.c),
 * as mmio_dispatch() would route it: acc->addr inside the page.
 */
enum mmio_result apic_access(struct per_cpu *pcpu, struct mmio_access *acc);

/* x2APIC (apic_x2apic.c): does the CPU have it? */
bool apic_x2apic_offered(void);
/*
 * A trapped access of IA32_APIC_BASE or an x2APIC MSR, both backends:
 * 1 done (skip the instruction; a read's value in *val), -1 refused
 * (#GP), 0 not an APIC MSR.
 */
int apic_msr_read(struct per_cpu *pcpu, uint32_t msr, uint64_t *val);
int apic_msr_write(struct per_cpu *pcpu, uint32_t msr, uint64_t val);

#endif /* ASM_APIC_H */
