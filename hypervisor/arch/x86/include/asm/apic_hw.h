/* SPDX-License-Identifier: GPL-2.0 */
/* The local APIC hardware (apic_hw.c): its page, and bring-up. */
#ifndef ASM_APIC_HW_H
#define ASM_APIC_HW_H

#include <hv/types.h>

struct per_cpu;

#define XAPIC_BASE		0xfee00000UL
#define XAPIC_SIZE		0x1000

/* First CPU: maps the APIC page into the hypervisor. */
int apic_init(void);
/* Every CPU: records its APIC ID and logical ID (LDR, DFR). */
void apic_cpu_init(struct per_cpu *pcpu);

#endif /* ASM_APIC_HW_H */
