/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The architecture the module is built for, and its hooks. arm64.c or
 * x86.c implements them (Kbuild builds the one of the kernel's
 * architecture), each under its own names, which callers use through the
 * jh_arch_* names below. The hooks call only cause.c.
 *
 * int jh_arch_check(cause)
 *	whether the hypervisor can be entered on this machine
 * long jh_arch_cpu_enter(entry, header, cpu)
 *	enters the hypervisor; called on each CPU with interrupts off;
 *	returns 0 or -JH_E*
 * long jh_arch_hypercall(code, arg1, arg2)
 * void jh_arch_flush_dcache(addr, size)
 *	writes [addr, addr + size) back to memory and drops it from caches
 */
#ifndef _JH_DRIVER_ARCH_H
#define _JH_DRIVER_ARCH_H

#include <jailhouse/config.h>

#ifdef CONFIG_ARM64
#include "arm64.h"

#define JH_ARCH			JH_ARCH_ARM64
#define JH_ARCH_NAME		"arm64"

#define jh_arch_check		jh_arm64_check
#define jh_arch_cpu_enter	jh_arm64_cpu_enter
#define jh_arch_hypercall	jh_arm64_hypercall
#define jh_arch_flush_dcache	jh_arm64_flush_dcache
#else
#include "x86.h"

#define JH_ARCH			JH_ARCH_X86
#define JH_ARCH_NAME		"x86"

#define jh_arch_check		jh_x86_check
#define jh_arch_cpu_enter	jh_x86_cpu_enter
#define jh_arch_hypercall	jh_x86_hypercall
#define jh_arch_flush_dcache	jh_x86_flush_dcache
#endif

#endif /* _JH_DRIVER_ARCH_H */
