// SPDX-License-Identifier: GPL-2.0
/*
 * The virtual CPU interface, version-independent part: the per-CPU queue
 * of interrupts that did not fit into the list registers. The list
 * registers themselves belong to the backend (gic_ops).
 *
 * A physical interrupt for the guest is acknowledged and priority-dropped
 * at EL2 (EOImode 1) and injected with HW=1, so the guest's deactivation
 * deactivates the physical interrupt too. Virtual SGIs have no physical
 * counterpart (HW=0). When the list registers are full, interrupts wait
 * in the queue and the underflow maintenance interrupt refills them.
 *
 * Only the owning CPU touches its list registers; other CPUs add SGIs to
 * its queue under the queue lock and kick it. The owner's own interrupts
 * go into a list register without the lock when its queue is empty.
 */
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/gic_ops.h>
#include <asm/vgic.h>

static struct ratelimit drop_rl;

static bool queue_push(struct irq_queue *q, unsigned int intid, bool hw)
{
	unsigned int n;

	/* An SGI that already waits is not queued twice. */
	for (n = 0; !hw && n < q->count; n++) {
		if (q->entry[(q->head + n) % IRQ_QUEUE_LEN].intid == intid) {
			return true;
		}
	}
	if (q->count >= IRQ_QUEUE_LEN) {
		return false;
	}
	q->entry[(q->head + q->count) % IRQ_QUEUE_LEN] =
		(struct irq_queue_entry){ .intid = (uint16_t)intid, .hw = hw };
	q->count++;
	return true;
}

static void dropped(struct per_cpu *target, struct irq_queue *q,
		    unsigned int intid)
{
	q->dropped++;
	if (ratelimit_ok(&drop_rl, 8)) {
		printk("CPU %u: interrupt queue full, interrupt %u dropped (%u so far)\n",
		       target->cpu_id, intid, q->dropped);
	}
}

static void __attribute__((noinline))
inject_queued(struct per_cpu *target, unsigned int intid, bool hw)
{
	struct irq_queue *q = &target->arch.irqs;
	bool local = target == this_cpu();
	bool ok;

	spin_lock(&q->lock);
	if (q->closed) {
		/*
		 * The target runs Linux natively by now (disable raced with
		 * the sender, which saw it still running): no kick, the SGI
		 * itself. Only SGIs come from other CPUs.
		 */
		if (!hw) {
			gic_send_sgi(target, intid);
		}
		spin_unlock(&q->lock);
		return;
	}
	if (local && q->count == 0 && gic_ops->lr_insert(intid, hw)) {
		spin_unlock(&q->lock);
		return;
	}
	ok = queue_push(q, intid, hw);
	if (!ok) {
		dropped(target, q, intid);
	}
	spin_unlock(&q->lock);

	if (!ok && hw) {
		gic_ops->deactivate(intid);
	}
	if (local) {
		gic_ops->set_underflow_irq(true);
	} else if (ok) {
		cpu_arch_kick(target->cpu_id);
	}
}

void vgic_inject(struct per_cpu *target, unsigned int intid, bool hw)
{
	struct irq_queue *q = &target->arch.irqs;

	/*
	 * The common case, one of this CPU's own interrupts with nothing
	 * waiting, needs no lock: only this CPU touches its list registers
	 * and takes entries off its queue, and closed is set by this CPU
	 * itself (vgic_release_queue). Other CPUs only append SGIs under the
	 * lock and then kick; if one does so just now, its SGI is behind
	 * this interrupt in the queue and the kick flushes it.
	 */
	if (target == this_cpu() && READ_ONCE(q->count) == 0U && !q->closed &&
	    gic_ops->lr_insert(intid, hw)) {
		return;
	}
	inject_queued(target, intid, hw);
}

void vgic_flush(struct per_cpu *pcpu, bool kicked)
{
	struct irq_queue *q = &pcpu->arch.irqs;
	struct irq_queue_entry *e;

	/*
	 * Nothing queued as this CPU sees it, and no kick that could announce
	 * an SGI another CPU queued meanwhile: nothing to do, and the
	 * underflow interrupt is already off (every flush that emptied the
	 * queue switched it off; reset and exit clear ICH_HCR / GICH_HCR).
	 */
	if (!kicked && READ_ONCE(q->count) == 0U) {
		return;
	}
	spin_lock(&q->lock);
	while (q->count != 0U) {
		e = &q->entry[q->head];
		if (!gic_ops->lr_insert(e->intid, e->hw)) {
			break;
		}
		q->head = (q->head + 1) % IRQ_QUEUE_LEN;
		q->count--;
	}
	gic_ops->set_underflow_irq(q->count != 0);
	spin_unlock(&q->lock);
}

/* Deactivates what a queue entry holds physically. */
void vgic_release_queue(struct per_cpu *pcpu, bool hand_back)
{
	struct irq_queue *q = &pcpu->arch.irqs;
	struct irq_queue_entry *e;

	spin_lock(&q->lock);
	for (; q->count; q->count--, q->head = (q->head + 1) % IRQ_QUEUE_LEN) {
		e = &q->entry[q->head];
		if (e->hw) {
			gic_ops->deactivate(e->intid);
			if (hand_back) {
				gic_set_pending(pcpu, e->intid);
			}
		} else if (hand_back) {
			gic_send_sgi(pcpu, e->intid);
		}
	}
	/* Handed back for good: later SGIs bypass the queue (vgic_inject). */
	if (hand_back) {
		q->closed = true;
	}
	spin_unlock(&q->lock);
}

/* A fresh start of the CPU (PSCI CPU_ON, new cell): nothing pending. */
void vgic_cpu_reset(struct per_cpu *pcpu)
{
	gic_ops->vcpu_reset(pcpu);
}
