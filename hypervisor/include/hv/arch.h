/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arch hooks of the CPU, timer and cache that the core calls; each arch
 * defines them (hypervisor/arch/ARCH), some have weak defaults in
 * core/arch_defaults.c.
 */
#ifndef HV_ARCH_H
#define HV_ARCH_H

#include <hv/types.h>

struct jh_comm_region;
struct per_cpu;

/* A monotonic clock in microseconds, and the guest timer frequency. */
uint64_t timer_arch_now_us(void);
uint64_t timer_arch_frequency(void);
/* Arch fields of a fresh comm region (x86: APIC timer rate). */
void comm_arch_fill(struct jh_comm_region *comm);
/* Writes back and drops cached lines (memory a guest reads uncached). */
void cache_arch_flush(const void *start, uint64_t size);
/* Waits for a kick or a short bounded time; never forever. */
void cpu_arch_wait(struct per_cpu *pcpu);
/* Makes target look at its request (IPI). */
void cpu_arch_kick(unsigned int target);
/* Sets the guest state of the calling CPU for a fresh start. */
void cpu_arch_reset(struct per_cpu *pcpu, uint64_t entry, uint64_t context,
		    bool full_reset);
/* Switches the calling CPU to pcpu->cell's guest page table etc. */
void cpu_arch_enter_cell(struct per_cpu *pcpu);

/*
 * Powering off root CPUs that Linux took offline, on disable (defaults in
 * arch_defaults.c: not supported, disable then refuses).
 * cpu_arch_can_power_off: can parked CPUs be turned off in firmware?
 * cpu_arch_power_off: the parked calling CPU undoes its setup as disable
 * does, then turns itself off in firmware; on success Linux can bring it
 * up again through the firmware later. No return.
 * cpu_arch_wait_off: waits a bounded time until the firmware reports
 * target off; 0 or -JH_EBUSY.
 */
bool cpu_arch_can_power_off(void);
/*
 * Does a CPU that the root cell's OS took offline keep running guest code
 * (x86: a hlt loop) instead of parking in the hypervisor through firmware
 * (arm64: PSCI CPU_OFF)? Then cell create parks it. Default: no.
 */
bool cpu_arch_offline_cpus_keep_running(void);
void __noreturn cpu_arch_power_off(struct per_cpu *pcpu);
int cpu_arch_wait_off(struct per_cpu *target);

#endif /* HV_ARCH_H */
