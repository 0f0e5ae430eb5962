// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hand-over: parking and starting CPUs, and a cell stopping or
 * restarting itself.
 *
 * A CPU that runs no guest code sits in cpu_park() inside the trap handler
 * that parked it. Other CPUs talk to it only through its request fields,
 * written under control_lock and followed by a kick (IPI).
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/comm_region.h>
#include <hv/control_lock.h>
#include <hv/cpu_handover.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/unit.h>
#include <asm/processor.h>

/*
 * A kicked CPU parks within microseconds on hardware. The bound is a second
 * because under an emulator the target's host thread can sit descheduled
 * for hundreds of milliseconds on a loaded host (seen in CI at 200 ms).
 */
#define PARK_TIMEOUT_US		1000000
#define PARK_MAX_SPINS		100000000UL

/* The bound of every wait here: a second, or that many spins. */
static bool wait_over(uint64_t begin, unsigned long spins)
{
	return (timer_arch_now_us() - begin > PARK_TIMEOUT_US) ||
		(spins > PARK_MAX_SPINS);
}

void cpu_park(struct per_cpu *pcpu)
{
	bool fresh;

	smp_mb();
	for (;;) {
		if (READ_ONCE(pcpu->request) == CPU_REQ_OFF) {
			cpu_arch_power_off(pcpu);
		}
		if (READ_ONCE(pcpu->request) == CPU_REQ_START) {
			break;
		}
		if (READ_ONCE(pcpu->request) == CPU_REQ_PARK) {
			WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
		}
		cpu_arch_wait(pcpu);
	}
	smp_rmb();

	fresh = pcpu->req_cell != pcpu->guest_cell;
	pcpu->cell = pcpu->req_cell;
	pcpu->guest_cell = pcpu->req_cell;
	cpu_arch_enter_cell(pcpu);
	cpu_arch_reset(pcpu, pcpu->req_entry, pcpu->req_context, fresh);
	pcpu->state = CPU_RUNNING;
	smp_wmb();
	WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
}

static void set_start_request(struct per_cpu *target, struct cell *cell,
			      uint64_t entry, uint64_t context)
{
	target->req_cell = cell;
	target->req_entry = entry;
	target->req_context = context;
	smp_wmb();
	WRITE_ONCE(target->request, CPU_REQ_START);
}

void cpu_request_start(struct per_cpu *target, struct cell *cell,
		       uint64_t entry, uint64_t context)
{
	set_start_request(target, cell, entry, context);
	cpu_arch_kick(target->cpu_id);
}

void cpu_check_requests(struct per_cpu *pcpu)
{
	if (READ_ONCE(pcpu->request) != CPU_REQ_PARK) {
		return;
	}
	pcpu->state = CPU_PARKED;
	smp_wmb();
	WRITE_ONCE(pcpu->request, CPU_REQ_NONE);
	cpu_park(pcpu);
}

/* Asks target to park; does not wait. Control lock held. */
static void ask_to_park(struct per_cpu *target)
{
	if (target->state != CPU_RUNNING || target == this_cpu()) {
		return;
	}
	WRITE_ONCE(target->request, CPU_REQ_PARK);
	cpu_arch_kick(target->cpu_id);
}

static bool still_busy(const struct per_cpu *target, bool start)
{
	return start ? (READ_ONCE(target->request) == CPU_REQ_START) :
		(READ_ONCE(target->state) == CPU_RUNNING);
}

/*
 * Waits (bounded) until target is no longer running or, with start, until
 * it has taken a start request (PSCI CPU_ON) granted before: then it runs
 * and a park request can no longer be overwritten by its last write in
 * cpu_park(). Called with control_lock held; the lock is dropped while
 * waiting, because the target may itself be spinning for it in a trap.
 * The caller has claimed the cell the target belongs to (or, for a root
 * CPU, reserved it), so nothing else changes its ownership meanwhile, and
 * the cell is marked stopping, so no new CPU_ON is granted.
 */
static int wait_cpu(struct per_cpu *target, bool start)
{
	uint64_t begin = timer_arch_now_us();
	unsigned long spins;

	control_unlock_to_wait(this_cpu());
	for (spins = 0; still_busy(target, start); spins++) {
		if (wait_over(begin, spins)) {
			break;
		}
		cpu_relax();
	}
	control_relock(this_cpu());
	if (!still_busy(target, start)) {
		/* Its state, written before the request, is read after it. */
		smp_rmb();
		return 0;
	}
	hv_error("CPU %u of cell \"%s\" did not %s within %u ms",
		 target->cpu_id, target->cell->name, start ? "start" : "stop",
		 PARK_TIMEOUT_US / 1000);
	return -JH_EBUSY;
}

static int wait_parked(struct per_cpu *target)
{
	return wait_cpu(target, false);
}

int cpu_request_park(struct per_cpu *target)
{
	ask_to_park(target);
	return wait_parked(target);
}

/*
 * Parks every CPU of the cell but except (which the caller parks). The
 * cell is marked stopping first, so no new PSCI CPU_ON is granted; one
 * granted before, which its target has not taken yet, lands first, and
 * that CPU is asked to park then.
 */
static int park_cell(struct cell *cell, const struct per_cpu *except)
{
	struct per_cpu *target;
	unsigned int cpu;
	int err = 0;

	cell->stopping = true;
	for_each_cell_cpu(cpu, cell) {
		ask_to_park(per_cpu(cpu));
	}
	for_each_cell_cpu(cpu, cell) {
		target = per_cpu(cpu);
		if ((err == 0) && (target != except)) {
			err = wait_cpu(target, true);
			if (err == 0) {
				ask_to_park(target);
				err = wait_parked(target);
			}
		}
	}
	return err;
}

int cell_park_cpus(struct cell *cell)
{
	return park_cell(cell, NULL);
}

/* The calling CPU leaves its cell; all others of the cell are asked to. */
static void stop_from_inside(struct per_cpu *pcpu, uint32_t state,
			     enum cpu_state cpu_state)
{
	struct cell *cell = pcpu->cell;
	unsigned int cpu;

	control_lock_in_trap(pcpu);
	cell->stopping = true;
	cell->state = state;
	comm_write_state(cell, state);
	for_each_cell_cpu(cpu, cell) {
		ask_to_park(per_cpu(cpu));
	}
	/*
	 * Its devices reset: link peers see its state drop to 0 now, as
	 * when the root shuts it down, not only at destroy. Its CPUs not
	 * parked yet can no longer write a link register (stopping).
	 */
	units_reset(cell);
	pcpu->state = cpu_state;
	spin_unlock(&control_lock);
	cpu_park(pcpu);
}

void cell_fail(struct per_cpu *pcpu, const char *why)
{
	/* Once per start of the cell: the root must restart it to repeat. */
	printk("Cell \"%s\" FAILED on CPU %u: %s; its CPUs are stopped\n",
	       pcpu->cell->name, pcpu->cpu_id, why);
	stop_from_inside(pcpu, JH_CELL_FAILED, CPU_FAILED);
}

void control_cell_stop_self(struct per_cpu *pcpu)
{
	stop_from_inside(pcpu, JH_CELL_SHUT_DOWN, CPU_PARKED);
}

/*
 * Every start of a cell, by the root (cell start) or by the cell itself
 * (PSCI SYSTEM_RESET) is a cold one: its interrupts and devices reset,
 * every CPU's next start a full reset of its guest state (a restarted
 * loader must not inherit the old kernel's vector base or armed timer),
 * its comm region fresh and saying "running", then its first CPU starts
 * at cpu_reset_address; the others wait for PSCI CPU_ON. Control lock
 * held, the cell's CPUs parked, and the cell claimed or, for a restart,
 * never unlocked since its CPUs parked. Returns the first CPU.
 */
unsigned int cell_start_cpus(struct cell *cell)
{
	uint64_t entry = cell->config->cpu_reset_address;
	struct per_cpu *first;
	unsigned int cpu;

	cell_arch_reset_devices(cell);
	for_each_cell_cpu(cpu, cell) {
		per_cpu(cpu)->guest_cell = NULL;
	}
	comm_reset(cell);
	comm_write_state(cell, JH_CELL_RUNNING);
	cell_arch_flush_tlb(cell);
	cell->stopping = false;
	cell->state = JH_CELL_RUNNING;
	first = per_cpu(bitmap_next_set(cell->cpu_set, HV_MAX_CPUS, 0));
	set_start_request(first, cell, entry, 0);
	/* A CPU restarting its own cell takes the request in cpu_park(). */
	if (first != this_cpu()) {
		cpu_arch_kick(first->cpu_id);
	}
	return first->cpu_id;
}

/*
 * The restart proper (control lock held, the cell not claimed or stopping;
 * returns with the lock held): parks the cell's other CPUs, resets what a
 * cell start resets and asks its first CPU to start at cpu_reset_address.
 * The caller parks itself then, so it takes that request if it is the
 * first CPU. -JH_EBUSY if a CPU does not park.
 */
static int restart_cell(struct per_cpu *pcpu, struct cell *cell)
{
	unsigned int first;
	int err;

	cell->busy = "system reset";
	err = park_cell(cell, pcpu);
	cell->busy = NULL;
	/*
	 * The caller parks either way. If another of its CPUs failed or
	 * powered the cell off while this one waited, that outcome stands.
	 */
	if ((err == 0) && (cell->state == JH_CELL_RUNNING)) {
		/* Its devices reset: link peers see its state drop to 0. */
		units_reset(cell);
		first = cell_start_cpus(cell);
		cell_printk(cell, "cell \"%s\" asked for system reset: restarting it at 0x%llx on CPU %u (asked on CPU %u)\n",
			    cell->name,
			    (unsigned long long)cell->config->cpu_reset_address,
			    first, pcpu->cpu_id);
	}
	if (err == 0) {
		pcpu->state = CPU_PARKED;
	}
	return err;
}

/*
 * A root call that claimed the cell without stopping it (a shutdown
 * request the cell may still deny) ends soon: wait for it, bounded, with
 * the lock dropped, rather than park while nobody stops the cell. A call
 * that does stop it sets stopping first, which ends the wait too.
 */
static void wait_unclaimed(struct per_cpu *pcpu, const struct cell *cell)
{
	uint64_t begin = timer_arch_now_us();
	unsigned long spins;

	for (spins = 0; (READ_ONCE(cell->busy) != NULL) &&
	     !READ_ONCE(cell->stopping); spins++) {
		if (wait_over(begin, spins)) {
			break;
		}
		control_unlock_to_wait(pcpu);
		cpu_relax();
		control_relock(pcpu);
	}
}

/*
 * PSCI SYSTEM_RESET of a non-root cell: the cell restarts at
 * cpu_reset_address, the root is not involved.
 *
 * Locking: control_lock only, taken first as by every lifecycle call. The
 * restart claims the cell (cell->busy, the claim of control.c's
 * lifecycle calls) before it drops the lock to wait for the cell's other
 * CPUs to park, so a root cell load/start/shutdown/destroy meanwhile is
 * refused with -JH_EBUSY ("system reset in progress") and can be retried;
 * the wait is bounded (a second per CPU, as cell_park_cpus). A root call
 * that claimed the cell first is waited for (wait_unclaimed). If it still
 * holds the claim after that, or the cell is being stopped (by the root,
 * or by another of its CPUs: SYSTEM_OFF, a second SYSTEM_RESET, a
 * failure), the caller just parks: whoever stopped the cell owns it. A
 * CPU that does not park fails the cell (the root can shut it down).
 */
void control_cell_restart_self(struct per_cpu *pcpu)
{
	struct cell *cell = pcpu->cell;
	int err = 0;

	control_lock_in_trap(pcpu);
	wait_unclaimed(pcpu, cell);
	if ((cell->busy != NULL) || cell->stopping) {
		pcpu->state = CPU_PARKED;
	} else {
		err = restart_cell(pcpu, cell);
	}
	spin_unlock(&control_lock);
	if (err != 0) {
		cell_fail(pcpu, "system reset: a CPU of the cell did not stop");
	} else {
		cpu_park(pcpu);
	}
}
