/* SPDX-License-Identifier: GPL-2.0 */
/* x2APIC mode of non-root cells, emulated (apic_x2apic.c). */
#ifndef ASM_APIC_X2APIC_H
#define ASM_APIC_X2APIC_H

#include <hv/types.h>

struct per_cpu;

/* Does the CPU have x2APIC? */
bool apic_x2apic_offered(void);
/*
 * A trapped access of IA32_APIC_BASE or an x2APIC MSR, both backends:
 * 1 done (skip the instruction; a read's value in *val), -1 refused
 * (#GP), 0 not an APIC MSR.
 */
int apic_msr_read(struct per_cpu *pcpu, uint32_t msr, uint64_t *val);
int apic_msr_write(struct per_cpu *pcpu, uint32_t msr, uint64_t val);

#endif /* ASM_APIC_X2APIC_H */
