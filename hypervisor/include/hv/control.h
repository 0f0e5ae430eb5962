/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hand-over between cells and the cell lifecycle hypercalls.
 *
 * Locks and claims (see also the lock order in setup.c): control_lock
 * serialises the lifecycle; a lifecycle call that drops it to wait holds a
 * claim on its cell instead (struct cell.busy), which other calls never
 * wait for (they are refused), so claims add no lock order.
 */
#ifndef HV_CONTROL_H
#define HV_CONTROL_H

#include <hv/types.h>

struct cell;
struct jh_comm_region;
struct jh_memory_region;
struct per_cpu;

/*
 * Maps [mem] (physical range; its virt_start and flags are ignored) back
 * into the root cell with the attributes of the root region holding it
 * (control lock held). -JH_EINVAL if no root region holds it.
 */
int control_remap_to_root(const struct jh_memory_region *mem);

/*
 * Parks the calling CPU (PSCI CPU_OFF, failed cell, cell shut down) and
 * serves requests until one makes it run guest code again; then returns
 * into the trap exit path with the new guest state set up.
 */
void cpu_park(struct per_cpu *pcpu);

/*
 * Takes control_lock in a trap handler of pcpu. While the CPU spins for
 * it, pcpu->waits_for_control tells a TLB shootdown under the lock that
 * the CPU runs no guest code and flushes before it does again.
 * control_unlock_to_wait and control_relock drop and retake the lock
 * around a bounded wait in a trap handler, with the same flag set.
 */
void control_lock_in_trap(struct per_cpu *pcpu);
void control_unlock_to_wait(struct per_cpu *pcpu);
void control_relock(struct per_cpu *pcpu);

/* Asks target to start at entry with context in cell (control lock). */
void cpu_request_start(struct per_cpu *target, struct cell *cell,
		       uint64_t entry, uint64_t context);
/* Kick handler of a running CPU: parks it if asked to. */
void cpu_check_requests(struct per_cpu *pcpu);
/*
 * Asks a running CPU to park; waits a bounded time for it (control lock
 * held, dropped while waiting). 0 or -JH_EBUSY.
 */
int cpu_request_park(struct per_cpu *target);
/*
 * Marks the cell stopping and parks all its CPUs, waiting for each a
 * bounded time (control lock held, dropped while waiting; the caller has
 * claimed the cell). 0 or -JH_EBUSY.
 */
int cell_park_cpus(struct cell *cell);

/* The comm region (comm_region.c); control lock held. */
void comm_write_state(struct cell *cell, uint32_t state);
void comm_reset(struct cell *cell);
/* msg_reply_timeout, defaulted and capped at a hard maximum. */
uint64_t comm_reply_timeout_ms(const struct cell *cell);
/*
 * The shutdown handshake with a running cell: 0 if the cell may be
 * stopped (it agreed, did not answer in time, is passive, or force is
 * set), -JH_EPERM if it refused or is locked. Drops the lock while it
 * waits for the answer (the caller has claimed the cell).
 */
int comm_ask_shutdown(struct cell *cell, bool force);

/* Called by trap handlers when a non-root cell breaks the rules. */
void cell_fail(struct per_cpu *pcpu, const char *why);

long control_cell_create(struct per_cpu *pcpu, unsigned long config_addr);
/*
 * Cell create's config (cell_config.c; control lock held): the config at
 * root guest-physical addr copied into pool pages (NULL with last_error
 * set), and its check against the system and every cell in cells[].
 */
struct jh_cell_desc *cell_config_fetch(paddr_t addr, uint64_t *size);
int cell_config_check(const struct jh_cell_desc *desc, uint64_t size);

/* flags: JH_HC_FORCE or 0. */
long control_cell_start(struct per_cpu *pcpu, unsigned long id,
			unsigned long flags);
long control_cell_set_loadable(struct per_cpu *pcpu, unsigned long id,
			       unsigned long flags);
long control_cell_shutdown(struct per_cpu *pcpu, unsigned long id,
			   unsigned long flags);
long control_cell_destroy(struct per_cpu *pcpu, unsigned long id,
			  unsigned long flags);
long control_cell_get_state(struct per_cpu *pcpu, unsigned long id);
/* PSCI SYSTEM_OFF from a non-root cell: stop that cell only. */
void control_cell_stop_self(struct per_cpu *pcpu);
/* PSCI SYSTEM_RESET from a non-root cell: restart that cell only. */
void control_cell_restart_self(struct per_cpu *pcpu);
/*
 * Every cell start (control lock held, CPUs parked, cell claimed): resets
 * interrupts and comm region, starts the first CPU, returns its number.
 */
unsigned int cell_start_cpus(struct cell *cell);

/* Arch hooks. */
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

#endif /* HV_CONTROL_H */
