/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * What the arch-neutral library code (lib/common) needs for device and
 * shared memory: mmio_read8/32/64, mmio_write32/64, and a barrier (x86 keeps
 * stores in order; the compiler must too).
 */
#ifndef _ARCH_MMIO_H
#define _ARCH_MMIO_H

#include <x86.h>

static inline void mmio_barrier(void)
{
	barrier();
}

#endif /* _ARCH_MMIO_H */
