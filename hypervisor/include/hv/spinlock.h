/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ticket spinlocks on the compiler's atomics (arm64: ldaxr/stlxr loops with
 * -mno-outline-atomics; x86: lock xadd). The hypervisor always runs with
 * interrupts masked, so there is no irqsave variant. Waiters poll with
 * cpu_relax(), never wfe (see the icount note in PLATFORM-NOTES.md: a wfe
 * waiter may never be woken there).
 */
#ifndef HV_SPINLOCK_H
#define HV_SPINLOCK_H

#include <hv/types.h>
#include <asm/processor.h>

typedef struct {
	uint32_t next;
	uint32_t owner;
} spinlock_t;

#define SPINLOCK_INIT	{ 0, 0 }
#define DEFINE_SPINLOCK(name)	spinlock_t name = SPINLOCK_INIT

static inline void spin_lock(spinlock_t *lock)
{
	uint32_t ticket = __atomic_fetch_add(&lock->next, 1, __ATOMIC_RELAXED);

	while (__atomic_load_n(&lock->owner, __ATOMIC_ACQUIRE) != ticket) {
		cpu_relax();
	}
}

static inline void spin_unlock(spinlock_t *lock)
{
	__atomic_store_n(&lock->owner, lock->owner + 1, __ATOMIC_RELEASE);
}

#endif /* HV_SPINLOCK_H */
