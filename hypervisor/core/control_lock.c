// SPDX-License-Identifier: GPL-2.0
/*
 * control_lock and how a trap handler takes it (hv/control_lock.h).
 */
#include <hv/control_lock.h>
#include <hv/percpu.h>
#include <asm/processor.h>

DEFINE_SPINLOCK(control_lock);

/* The flag is seen by a TLB shootdown waiting under the lock. */
void control_lock_in_trap(struct per_cpu *pcpu)
{
	WRITE_ONCE(pcpu->waits_for_control, true);
	smp_mb();
	spin_lock(&control_lock);
	WRITE_ONCE(pcpu->waits_for_control, false);
}

void control_unlock_to_wait(struct per_cpu *pcpu)
{
	WRITE_ONCE(pcpu->waits_for_control, true);
	smp_mb();
	spin_unlock(&control_lock);
}

void control_relock(struct per_cpu *pcpu)
{
	spin_lock(&control_lock);
	WRITE_ONCE(pcpu->waits_for_control, false);
}
