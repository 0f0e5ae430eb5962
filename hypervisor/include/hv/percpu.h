/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU data. Each CPU owns one PERCPU_SIZE area in hypervisor memory
 * (after the system config): this structure in its first PERCPU_DATA_SIZE
 * bytes (zeroed by the entry code), the CPU's hypervisor stack above.
 */
#ifndef HV_PERCPU_H
#define HV_PERCPU_H

#include <jailhouse/hypercall.h>
#include <hv/types.h>
#include <asm/percpu.h>

struct cell;

enum cpu_state {
	CPU_ABSENT = 0,		/* never entered the hypervisor */
	CPU_RUNNING,		/* runs its cell's code */
	CPU_PARKED,		/* off: waits in the hypervisor for a request */
	CPU_FAILED,		/* its cell failed; parked for good */
};

/* What another CPU asks a parked or running CPU to do (cpu_request()). */
enum cpu_request {
	CPU_REQ_NONE = 0,
	CPU_REQ_START,		/* leave park, run at req_entry */
	CPU_REQ_PARK,		/* stop running the cell, park */
	CPU_REQ_OFF,		/* parked: leave the hypervisor, power off */
};

struct per_cpu {
	/* First: the arch entry code addresses it at fixed offsets. */
	struct per_cpu_arch arch;

	unsigned int cpu_id;
	uint64_t hw_id;			/* cpu_arch_hw_id() at entry */
	struct cell *cell;		/* owner */
	struct cell *guest_cell;	/* whose guest state the CPU holds */
	volatile enum cpu_state state;

	/* Written by the requesting CPU under the control lock. */
	volatile enum cpu_request request;
	uint64_t req_entry;
	uint64_t req_context;
	/* The cell the CPU runs after CPU_REQ_START. */
	struct cell *req_cell;

	/*
	 * In a trap handler, spinning for control_lock or in a wait that
	 * ends by taking it (hv/control.h): runs no guest code until then.
	 */
	volatile bool waits_for_control;

	uint64_t stats[JH_STAT_MAX];
};

JH_STATIC_ASSERT(sizeof(struct per_cpu) <= PERCPU_DATA_SIZE,
		 "per-CPU data overflows its part of the area");

/*
 * CPUs that entered the hypervisor. The per-CPU area of any other CPU
 * holds garbage (it is not part of the zeroed core), so nothing may look
 * at it: per_cpu() is NULL for such a CPU, as for a number at or above
 * HV_MAX_CPUS.
 */
extern uint64_t cpus_present[];
/* The per-CPU area of CPU 0; the others follow at PERCPU_SIZE. */
extern uint8_t *percpu_base;
struct per_cpu *per_cpu(unsigned int cpu);

static inline struct per_cpu *this_cpu(void)
{
	return arch_this_cpu();
}

#define for_each_cpu_id(cpu)	for ((cpu) = 0; (cpu) < HV_MAX_CPUS; (cpu)++)

#endif /* HV_PERCPU_H */
