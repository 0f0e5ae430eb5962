/* SPDX-License-Identifier: GPL-2.0 */
/* Trapped PCI config accesses (pci_trap.c). */
#ifndef ASM_PCI_TRAP_H
#define ASM_PCI_TRAP_H

#include <hv/types.h>

struct per_cpu;

/*
 * A trapped port access. False if port is not one of 0xcf8-0xcff (the
 * caller applies its port policy); else the access is emulated: *value
 * holds the written value, or receives the read result (all-ones for a
 * device the cell does not own; the caller cuts it to size).
 */
bool pci_pio_access(struct per_cpu *pcpu, uint16_t port, unsigned int size,
		    bool is_write, uint32_t *value);

#endif /* ASM_PCI_TRAP_H */
