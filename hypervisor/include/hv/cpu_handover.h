/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hand-over between cells (core/cpu_handover.c): parking and starting
 * CPUs, and a cell stopping, failing or restarting itself.
 */
#ifndef HV_CPU_HANDOVER_H
#define HV_CPU_HANDOVER_H

#include <hv/types.h>

struct cell;
struct per_cpu;

/*
 * Parks the calling CPU (PSCI CPU_OFF, failed cell, cell shut down) and
 * serves requests until one makes it run guest code again; then returns
 * into the trap exit path with the new guest state set up.
 */
void cpu_park(struct per_cpu *pcpu);

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

/* Called by trap handlers when a non-root cell breaks the rules. */
void cell_fail(struct per_cpu *pcpu, const char *why);

/* PSCI SYSTEM_OFF from a non-root cell: stop that cell only. */
void control_cell_stop_self(struct per_cpu *pcpu);
/* PSCI SYSTEM_RESET from a non-root cell: restart that cell only. */
void control_cell_restart_self(struct per_cpu *pcpu);
/*
 * Every cell start (control lock held, CPUs parked, cell claimed): resets
 * interrupts and comm region, starts the first CPU, returns its number.
 */
unsigned int cell_start_cpus(struct cell *cell);

#endif /* HV_CPU_HANDOVER_H */
