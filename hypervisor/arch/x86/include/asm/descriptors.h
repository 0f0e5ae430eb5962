/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's own GDT and IDT (descriptors.c).
 */
#ifndef _ASM_DESCRIPTORS_H
#define _ASM_DESCRIPTORS_H

/* Fills the IDT; once, on the first CPU. */
void descriptors_init(void);
/* Loads GDTR and IDTR of the calling CPU. */
void descriptors_load(void);

#endif /* _ASM_DESCRIPTORS_H */
