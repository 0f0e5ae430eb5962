/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86 part of the link demo's cell config (../link-cell-body.h) on
 * qemu-q35: the CPU starts in real mode at guest 0, link 1's shared memory
 * sits at 0x3cc00000 in the cell pool (link-root.c: link 2's at 0x3ce00000), 00:0f.0 is free on QEMU q35, and
 * the doorbell is MSI-X, which each cell aims at its own CPU: irq stays 0.
 */
#define LINK_ARCH		JH_ARCH_X86
#ifndef LINK_SHMEM_PHYS
#define LINK_SHMEM_PHYS		0x3cc00000
#endif
#define LINK_IRQ		0

#include "link-cell-body.h"
