/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instructions both backends intercept and hand to the neutral handlers
 * of intercepts.c (it says why each one is trapped).
 */
#ifndef ASM_INTERCEPTS_H
#define ASM_INTERCEPTS_H

#include <hv/types.h>

struct per_cpu;

/*
 * The guest's XSETBV (index from ECX, value from EDX:EAX), checked and
 * executed. False if it must get #GP instead; the caller injects it and
 * does not advance RIP.
 */
bool x86_guest_xsetbv(struct per_cpu *pcpu, uint32_t index, uint64_t value);

/* INVD, executed as WBINVD (the caller skips it). */
void x86_emulate_invd(struct per_cpu *pcpu);
/* RDPMC of a non-root cell: reported; the caller injects #GP. */
void x86_refuse_rdpmc(struct per_cpu *pcpu, uint64_t rip);
/*
 * A root cell's write of an MSR msr_policy.c guards:
 * 1 done (advance RIP), -1 refused (inject #GP), 0 not such an MSR.
 */
int x86_root_msr_guard(struct per_cpu *pcpu, uint32_t msr, uint64_t val);
/*
 * A trapped RDMSR or WRMSR both backends emulate (the APIC's, apic.h;
 * the root's guarded writes): true if done (*val: a read's result), false
 * if the caller refuses it (#GP).
 */
bool x86_msr_emulate(struct per_cpu *pcpu, uint32_t msr, bool write,
		     uint64_t *val);

#endif /* ASM_INTERCEPTS_H */
