/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guests' PSCI calls (psci.c), handed over by traps.c.
 */
#ifndef ASM_PSCI_H
#define ASM_PSCI_H

struct per_cpu;
struct trap_frame;

void psci_handle(struct per_cpu *pcpu, struct trap_frame *frame);

#endif /* ASM_PSCI_H */
