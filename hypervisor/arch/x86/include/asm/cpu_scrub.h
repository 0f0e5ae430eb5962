/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ASM_CPU_SCRUB_H
#define ASM_CPU_SCRUB_H

/*
 * FPU/SSE/AVX and debug registers cleared for a CPU's new owner (called
 * from cpu_arch_reset on a change of cell).
 */
void x86_scrub_cpu_state(void);

#endif /* ASM_CPU_SCRUB_H */
