/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ticket spinlock. The compiler's __atomic builtins become ldaxr/stlxr
 * loops (-mno-outline-atomics); waiters poll without wfe.
 */
#ifndef ASM_SPINLOCK_H
#define ASM_SPINLOCK_H

#include <hv/types.h>
#include <asm/processor.h>

typedef struct {
	uint32_t next;
	uint32_t owner;
} arch_spinlock_t;

#define ARCH_SPINLOCK_INIT	{ 0, 0 }

static inline void arch_spin_lock(arch_spinlock_t *lock)
{
	uint32_t ticket = __atomic_fetch_add(&lock->next, 1, __ATOMIC_RELAXED);

	while (__atomic_load_n(&lock->owner, __ATOMIC_ACQUIRE) != ticket) {
		cpu_relax();
	}
}

static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	__atomic_store_n(&lock->owner, lock->owner + 1, __ATOMIC_RELEASE);
}

#endif /* ASM_SPINLOCK_H */
