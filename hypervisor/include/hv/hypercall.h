/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hypercall dispatch (ABI in include/jailhouse/hypercall.h).
 */
#ifndef HV_HYPERCALL_H
#define HV_HYPERCALL_H

#include <hv/types.h>

struct per_cpu;

/* Returns the result for the caller's result register. */
long hypercall_dispatch(struct per_cpu *pcpu, unsigned long code,
			unsigned long arg1, unsigned long arg2);

#endif /* HV_HYPERCALL_H */
