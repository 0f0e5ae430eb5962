/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The virtual CPU interface (vgic.c): the per-CPU queue in front of the
 * backend's list registers.
 */
#ifndef ASM_VGIC_H
#define ASM_VGIC_H

#include <hv/types.h>

struct per_cpu;

void vgic_cpu_reset(struct per_cpu *pcpu);
/* Queues intid for target (any CPU); hw: backed by a physical IRQ. */
void vgic_inject(struct per_cpu *target, unsigned int intid, bool hw);
/*
 * Moves queued interrupts of the calling CPU into free list registers;
 * kicked: another CPU may have queued since this CPU last looked.
 */
void vgic_flush(struct per_cpu *pcpu, bool kicked);
/* Empties the queue; hand_back: to Linux, and closes it for good. */
void vgic_release_queue(struct per_cpu *pcpu, bool hand_back);

#endif /* ASM_VGIC_H */
