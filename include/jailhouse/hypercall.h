/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Hypercall ABI, identical on both architectures.
 *
 * arm64: "hvc #0x4a48" with the code in x0 and arguments in x1, x2; the
 *        result comes back in x0.
 * x86:   "vmmcall" (AMD) or "vmcall" (Intel) with the code in rax and
 *        arguments in rdi, rsi; the result comes back in rax.
 *
 * A negative result is -JH_E*, whose values equal Linux's errno numbers so
 * the driver can hand them on unchanged. Documentation/hypercalls.md
 * describes each call, who may issue it and every error it returns.
 */
#ifndef JAILHOUSE_HYPERCALL_H
#define JAILHOUSE_HYPERCALL_H

#define JH_HVC_IMM			0x4a48	/* "JH" */

/* Root cell only. */
#define JH_HC_DISABLE			0
#define JH_HC_CELL_CREATE		1	/* arg1: config address in root */
#define JH_HC_CELL_START		2	/* arg1: cell id */
#define JH_HC_CELL_SET_LOADABLE		3	/* arg1: cell id */
#define JH_HC_CELL_DESTROY		4	/* arg1: cell id */
#define JH_HC_CELL_SHUTDOWN		5	/* arg1: cell id */
#define JH_HC_CELL_GET_STATE		6	/* arg1: cell id */
#define JH_HC_HYPERVISOR_GET_INFO	7	/* arg1: JH_INFO_* */
#define JH_HC_CPU_GET_INFO		8	/* arg1: cpu, arg2: JH_CPU_INFO_* */
/* Any cell with JH_CELL_CONSOLE_ALLOWED (root always). */
#define JH_HC_DEBUG_CONSOLE_PUTC	9	/* arg1: character */
#define JH_HC_DEBUG_CONSOLE_WRITE	10	/* arg1: address, arg2: length */
#define JH_HC_MAX			10

/*
 * JH_HC_DEBUG_CONSOLE_WRITE prints arg2 bytes (at most this many) read at
 * guest-physical address arg1 of the caller's own RAM, as if each were
 * passed to JH_HC_DEBUG_CONSOLE_PUTC: one exit per line instead of one
 * per character. Returns arg2, or -JH_EINVAL (too long), -JH_EFAULT (the
 * range wraps around or is not wholly RAM the caller can read),
 * -JH_EPERM (no console for this cell).
 */
#define JH_CONSOLE_WRITE_MAX		128

/*
 * arg2 of JH_HC_CELL_START, _SET_LOADABLE, _SHUTDOWN and _DESTROY: stop a
 * running cell without the shutdown handshake (a locked cell too).
 */
#define JH_HC_FORCE			1

/* JH_HC_HYPERVISOR_GET_INFO */
#define JH_INFO_MEM_POOL_SIZE		0	/* pages */
#define JH_INFO_MEM_POOL_USED		1	/* pages */
#define JH_INFO_NUM_CELLS		2

/* JH_HC_CPU_GET_INFO */
#define JH_CPU_INFO_STATE		0	/* JH_CPU_* */
#define JH_CPU_INFO_CELL		1	/* id of the owning cell */
#define JH_CPU_INFO_STAT_BASE		1000	/* + JH_STAT_*: trap counts */

#define JH_CPU_RUNNING			0
#define JH_CPU_FAILED			2

/* Per-CPU trap statistics, read with JH_CPU_INFO_STAT_BASE + n. */
#define JH_STAT_TOTAL			0
#define JH_STAT_HYPERCALL		1
#define JH_STAT_MMIO			2
#define JH_STAT_PSCI			3	/* arm64 */
#define JH_STAT_SGI			4	/* arm64 */
#define JH_STAT_SYSREG			5	/* arm64 */
#define JH_STAT_IRQ			6
#define JH_STAT_PIO			7	/* x86 */
#define JH_STAT_MSR			8	/* x86 */
#define JH_STAT_CPUID			9	/* x86 */
#define JH_STAT_IPI			10	/* x86 */
#define JH_STAT_MAX			11

/* Cell states, also in the comm region. */
#define JH_CELL_RUNNING			0
#define JH_CELL_RUNNING_LOCKED		1	/* refuses shutdown for now */
#define JH_CELL_SHUT_DOWN		2
#define JH_CELL_FAILED			3
#define JH_CELL_FAILED_COMM_REV		4

/* Error codes, returned negated. Same numbers as Linux errno. */
#define JH_EPERM			1
#define JH_ENOENT			2
#define JH_E2BIG			7
#define JH_ENOMEM			12
#define JH_ENODEV			19
#define JH_EFAULT			14
#define JH_EBUSY			16
#define JH_EEXIST			17
#define JH_EINVAL			22
#define JH_ERANGE			34
#define JH_ENOSYS			38

#endif /* JAILHOUSE_HYPERCALL_H */
