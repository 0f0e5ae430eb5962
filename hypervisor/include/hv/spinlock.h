/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spinlocks. The hypervisor always runs with interrupts masked, so there
 * is no irqsave variant. Waiters spin without wfe (see the icount note in
 * PLATFORM-NOTES.md: a wfe waiter may never be woken there).
 */
#ifndef HV_SPINLOCK_H
#define HV_SPINLOCK_H

#include <asm/spinlock.h>

typedef struct {
	arch_spinlock_t arch;
} spinlock_t;

#define SPINLOCK_INIT	{ ARCH_SPINLOCK_INIT }
#define DEFINE_SPINLOCK(name)	spinlock_t name = SPINLOCK_INIT

static inline void spin_lock(spinlock_t *lock)
{
	arch_spin_lock(&lock->arch);
}

static inline void spin_unlock(spinlock_t *lock)
{
	arch_spin_unlock(&lock->arch);
}

#endif /* HV_SPINLOCK_H */
