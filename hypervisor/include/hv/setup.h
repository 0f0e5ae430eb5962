/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bring-up and tear-down (core/setup.c) and the arch hooks they call.
 */
#ifndef HV_SETUP_H
#define HV_SETUP_H

#include <hv/types.h>

struct paging;
struct per_cpu;

/* Bound for the system config copy the driver hands over. */
#define HV_MAX_SYSCONFIG_SIZE	(1024 * 1024)

/*
 * Called by the arch entry on every CPU with the MMU on and a stack;
 * phys is where the entry found the header.
 * Returns 0 (the CPU then returns to its caller, now under the
 * hypervisor) or -JH_E* with last_error set.
 */
int hv_cpu_entry(unsigned int cpu, struct per_cpu *pcpu, paddr_t phys);

/* Disables the hypervisor on the calling CPU; returns only on error. */
long hv_disable_cpu(struct per_cpu *pcpu);

/* Arch hooks, in the order they are called. */
int setup_arch_early(void);			/* first CPU */
int setup_arch_paging(struct paging *pg);	/* first CPU */
int setup_arch_init(void);			/* first CPU, console up */
int setup_arch_cpu_init(struct per_cpu *pcpu);	/* every CPU */
/* The calling CPU's hardware id (arm64: MPIDR affinity, x86: APIC ID). */
uint64_t cpu_arch_hw_id(void);
/* Undoes setup_arch_cpu_init and leaves to the caller; no return. */
void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu);

#endif /* HV_SETUP_H */
