/* SPDX-License-Identifier: GPL-2.0 */
/* The local APIC hardware (apic_hw.c): its page, and bring-up. */
#ifndef ASM_APIC_HW_H
#define ASM_APIC_HW_H

#include <hv/types.h>

struct per_cpu;

#define XAPIC_BASE		0xfee00000UL
#define XAPIC_SIZE		0x1000

/*
 * First CPU: takes the APIC mode Linux left (xAPIC: maps the APIC page
 * into the hypervisor; x2APIC: the MSRs need no mapping).
 */
int apic_init(void);
/*
 * Every CPU: records its APIC ID and logical ID (LDR, DFR); fails if its
 * APIC is not in the first CPU's mode.
 */
int apic_cpu_init(struct per_cpu *pcpu);
/* Are the APICs in hardware x2APIC mode (the root cell's Linux chose it)? */
bool apic_hw_x2apic(void);
/* The same, for exception.S's drain handlers (set once, by apic_init). */
extern bool apic_hw_x2apic_mode;

#endif /* ASM_APIC_HW_H */
