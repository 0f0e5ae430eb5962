/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's own GDT and IDT (descriptors.c).
 */
#ifndef ASM_DESCRIPTORS_H
#define ASM_DESCRIPTORS_H

#include <hv/types.h>

/* Fills the IDT; once, on the first CPU. */
void descriptors_init(void);
/* Loads GDTR and IDTR of the calling CPU. */
void descriptors_load(void);
/*
 * Switches the calling CPU to the drain IDT (true), for taking interrupts
 * its previous owner left pending: every vector ends the interrupt with
 * an EOI (NMI and a real machine check as usual); or back (false).
 */
void descriptors_use_drain_idt(bool drain);

#endif /* ASM_DESCRIPTORS_H */
