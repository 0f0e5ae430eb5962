/* SPDX-License-Identifier: GPL-2.0 */
/*
 * control_lock (core/control_lock.c) serialises the cell lifecycle, the
 * page pool and every page table; its place in the lock order is at the
 * top of core/setup.c.
 */
#ifndef HV_CONTROL_LOCK_H
#define HV_CONTROL_LOCK_H

#include <hv/spinlock.h>

struct per_cpu;

extern spinlock_t control_lock;

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

#endif /* HV_CONTROL_LOCK_H */
