/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 per-CPU data (skeleton).
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#define HV_MAX_CPUS		16
#define PERCPU_SIZE		0x8000
#define PERCPU_DATA_SIZE	0x2000

#ifndef __ASSEMBLER__
#include <hv/types.h>

struct per_cpu;

struct per_cpu_arch {
	uint64_t reserved;
};

/* No CPU runs the x86 hypervisor yet. */
static inline struct per_cpu *arch_this_cpu(void)
{
	return NULL;
}
#endif

#endif /* _ASM_PERCPU_H */
