/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64.c: the architecture hooks on arm64; arch.h names them jh_arch_*.
 */
#ifndef _JH_DRIVER_ARM64_H
#define _JH_DRIVER_ARM64_H

#include <linux/types.h>

struct jh_cause;

int jh_arm64_check(struct jh_cause *cause);
long jh_arm64_cpu_enter(phys_addr_t entry, phys_addr_t header,
			unsigned int cpu);
long jh_arm64_hypercall(unsigned long code, unsigned long arg1,
			unsigned long arg2);
void jh_arm64_flush_dcache(const void *addr, size_t size);

#endif /* _JH_DRIVER_ARM64_H */
