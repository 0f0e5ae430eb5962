/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Fixed-width integer types for the public ABI.
 *
 * The ABI headers are shared by four very different environments: the
 * freestanding hypervisor and inmates, the Linux kernel module and host
 * user space. All of them can name uint8_t..uint64_t: the kernel defines
 * them in <linux/types.h>, everybody else gets them from the compiler's
 * freestanding <stdint.h>.
 */
#ifndef JAILHOUSE_TYPES_H
#define JAILHOUSE_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

#define JH_PACKED __attribute__((packed))

/* Compile-time assertion usable at file scope in every environment. */
#define JH_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)

#endif /* JAILHOUSE_TYPES_H */
