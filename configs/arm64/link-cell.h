/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 part of the link demo's cell config (../link-cell-body.h):
 * link 1's shared memory at 0x71200000 in qemu-virt's cell pool, and the
 * doorbell SPIs 300 and 301, above the machine's last SPI (287), so no
 * cell owns them: the hypervisor injects them.
 */
#define LINK_ARCH		JH_ARCH_ARM64
#ifndef LINK_SHMEM_PHYS
#define LINK_SHMEM_PHYS		0x71200000
#endif
#define LINK_FIRST_SPI		300
#define LINK_IRQ		(LINK_FIRST_SPI + LINK_PEER_ID)

#include "link-cell-body.h"
