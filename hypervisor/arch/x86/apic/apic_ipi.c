// SPDX-License-Identifier: GPL-2.0
/*
 * IPIs: the hypervisor's own (kick NMIs, link doorbells) and every
 * cell's ICR write, in xAPIC format (apic.c's page) or x2APIC format
 * (apic_x2apic.c's MSR), all sent in the APICs' own mode (apic_hw.c).
 *
 * A cell's ICR write is resolved into target CPUs (physical, xAPIC flat
 * or cluster logical, x2APIC cluster logical, shorthands), and only
 * targets inside the sender's cell receive anything. Fixed and NMI IPIs
 * are re-sent one physical destination at a time; INIT and SIPI are
 * never sent at all but emulated, so that no cell can reset a CPU (the
 * hypervisor's own CPUs included). SMI is refused. Vectors 0-31 are the
 * CPU's exceptions: a fixed or lowest-priority IPI with one is refused
 * (also in the root cell's transition path), as the IOAPIC refuses such
 * entries; a CPU's previous owner could otherwise leave one pending for
 * the hypervisor or the next owner.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control_lock.h>
#include <hv/cpu_handover.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic_dest.h>
#include <asm/apic_regs.h>
#include <asm/processor.h>
#include "apic_hw.h"
#include "apic_ipi.h"

/* One IPI to one CPU, physical destination mode. */
static void send_ipi(unsigned int apic_id, uint32_t icr_lo)
{
	apic_icr_send(apic_id, icr_lo);
}

void apic_send_nmi(unsigned int cpu)
{
	struct per_cpu *target = per_cpu(cpu);

	if (target != NULL) {
		send_ipi(target->arch.apic_id, ICR_MODE_NMI << 8 | ICR_ASSERT);
	}
}

/* A fixed interrupt with vector to cpu (a link doorbell, arch/x86/ivshmem.c). */
void apic_send_fixed(unsigned int cpu, uint8_t vector)
{
	struct per_cpu *target = per_cpu(cpu);

	if (target != NULL) {
		send_ipi(target->arch.apic_id,
			 vector | ICR_MODE_FIXED << 8 | ICR_ASSERT);
	}
}

/*
 * Does dest reach pcpu? x2apic: an x2APIC-format destination (logical:
 * against the x2APIC logical ID, which derives from the APIC ID). Else
 * xAPIC format; hw: as the hardware delivers (the LDRs the APICs really
 * have), else as the CPU's cell sees its own logical ID.
 */
static bool dest_match(const struct per_cpu *pcpu, uint32_t dest,
		       bool logical, bool hw, bool x2apic)
{
	if (x2apic) {
		return apic_x2apic_dest_match(pcpu->arch.apic_id, dest,
					      logical);
	}
	/*
	 * An 8-bit logical destination where the hardware is in x2APIC
	 * mode reaches CPUs by rules the checks do not model: no match,
	 * hence refused where it must lie inside a cell.
	 */
	if (logical && hw && apic_hw_x2apic()) {
		return false;
	}
	if (logical && hw) {
		return apic_xapic_logical_match(pcpu->arch.hw_ldr,
						pcpu->arch.hw_dfr, dest & 0xff);
	}
	if (logical) {
		return apic_xapic_logical_match(pcpu->arch.apic_ldr,
						pcpu->arch.apic_dfr,
						dest & 0xff);
	}
	return dest == 0xff || pcpu->arch.apic_id == (dest & 0xff);
}

bool apic_dest_in_cell(const struct cell *cell, uint32_t dest, bool logical)
{
	struct per_cpu *pcpu;
	unsigned int cpu;
	bool any = false;

	for_each_cpu_id(cpu) {
		pcpu = per_cpu(cpu);
		if (!pcpu || !dest_match(pcpu, dest, logical, true, false)) {
			continue;
		}
		if (pcpu->cell != cell) {
			return false;
		}
		any = true;
	}
	return any;
}

static const char *ipi_name(unsigned int mode)
{
	switch (mode) {
	case ICR_MODE_FIXED: return "IPI";
	case ICR_MODE_LOWEST: return "lowest-priority IPI";
	case ICR_MODE_SMI: return "SMI";
	case ICR_MODE_NMI: return "NMI";
	case ICR_MODE_INIT: return "INIT";
	case ICR_MODE_SIPI: return "SIPI";
	default: return "reserved-mode IPI";
	}
}

void apic_refuse(struct per_cpu *sender, const char *what,
		 struct per_cpu *target, const char *why)
{
	if (!ratelimit_ok(&sender->arch.ipi_refusals, 8)) {
		return;
	}
	if (target != NULL) {
		printk("cell \"%s\" CPU %u: %s to CPU %u (cell \"%s\") refused: %s\n",
		       sender->cell->name, sender->cpu_id, what,
		       target->cpu_id, target->cell->name, why);
	} else {
		printk("cell \"%s\" CPU %u: %s refused: %s\n",
		       sender->cell->name, sender->cpu_id, what, why);
	}
}

/*
 * INIT puts a CPU of the sender's cell into wait-for-SIPI: it parks, and
 * the next SIPI starts it in real mode at vector * 4 KiB, as a real CPU
 * would. Under the control lock, like every CPU hand-over.
 */
static void emulate_init_sipi(struct per_cpu *sender, struct per_cpu *target,
			      uint32_t icr_lo)
{
	unsigned int mode = ICR_MODE(icr_lo);

	spin_lock(&control_lock);
	if (sender->cell->stopping) {
		/* The cell is going away; its CPUs are being parked. */
	} else if (mode == ICR_MODE_INIT) {
		/* INIT level de-assert is a no-op on modern CPUs. */
		if (!(icr_lo & ICR_LEVEL) || (icr_lo & ICR_ASSERT)) {
			target->arch.wait_for_sipi = true;
			if (target->state == CPU_RUNNING) {
				cpu_request_park(target);
			}
		}
	} else if (target->arch.wait_for_sipi &&
		   target->state == CPU_PARKED) {
		target->arch.wait_for_sipi = false;
		cpu_request_start(target, sender->cell,
				  (uint64_t)(icr_lo & ICR_VECTOR) << 12, 0);
	}
	spin_unlock(&control_lock);
}

static void deliver(struct per_cpu *sender, struct per_cpu *target,
		    uint32_t icr_lo)
{
	unsigned int mode = ICR_MODE(icr_lo);

	switch (mode) {
	case ICR_MODE_FIXED:
	case ICR_MODE_LOWEST:
		send_ipi(target->arch.apic_id, (icr_lo & ICR_VECTOR) |
			 ICR_MODE_FIXED << 8 | ICR_ASSERT);
		sender->stats[JH_STAT_IPI]++;
		break;
	case ICR_MODE_NMI:
		send_ipi(target->arch.apic_id, ICR_MODE_NMI << 8 | ICR_ASSERT);
		sender->stats[JH_STAT_IPI]++;
		break;
	case ICR_MODE_INIT:
	case ICR_MODE_SIPI:
		if (target == sender && mode == ICR_MODE_INIT) {
			apic_refuse(sender, "INIT", NULL, "INIT to itself");
			break;
		}
		emulate_init_sipi(sender, target, icr_lo);
		break;
	default:
		apic_refuse(sender, ipi_name(mode), target,
			    "delivery mode not allowed");
		break;
	}
}

static bool shorthand_hit(const struct per_cpu *sender,
			  const struct per_cpu *target, unsigned int shorthand,
			  uint32_t dest, bool logical, bool x2apic)
{
	switch (shorthand) {
	case ICR_TO_SELF:
		return target == sender;
	case ICR_TO_ALL:
		return true;
	case ICR_TO_OTHERS:
		return target != sender;
	default:
		/*
		 * Inside the sender's cell as the cell sees its logical
		 * IDs; outside as the hardware would deliver.
		 */
		return dest_match(target, dest, logical,
				  target->cell != sender->cell, x2apic);
	}
}

void apic_icr_write(struct per_cpu *sender, uint32_t dest, uint32_t icr_lo,
		    bool x2apic)
{
	unsigned int shorthand = ICR_SHORTHAND(icr_lo), cpu;
	bool logical = (icr_lo & ICR_LOGICAL) != 0U;
	const char *why = apic_icr_refusal(icr_lo);
	struct per_cpu *target;

	if (why != NULL) {
		apic_refuse(sender, ipi_name(ICR_MODE(icr_lo)), NULL, why);
		return;
	}
	/*
	 * During enable and disable, targets that run Linux natively have no
	 * per-CPU data to resolve the destination against: the IPI goes out
	 * as written. Only root CPUs exist meanwhile.
	 */
	if (sender->cell == &root_cell && hv_root_in_transition() &&
	    (ICR_MODE(icr_lo) == ICR_MODE_FIXED ||
	     ICR_MODE(icr_lo) == ICR_MODE_LOWEST ||
	     ICR_MODE(icr_lo) == ICR_MODE_NMI)) {
		/* dest: ICR high's, or the sender's own ID (SELF IPI). */
		apic_icr_send(dest, icr_lo);
		sender->stats[JH_STAT_IPI]++;
		return;
	}
	for_each_cpu_id(cpu) {
		target = per_cpu(cpu);
		if (!target || !shorthand_hit(sender, target, shorthand, dest,
					      logical, x2apic)) {
			continue;
		}
		/* Broadcasts mean "all of my cell": others are not refused. */
		if (target->cell != sender->cell) {
			if (shorthand == 0) {
				apic_refuse(sender, ipi_name(ICR_MODE(icr_lo)),
					    target,
					    "not a CPU of the sender's cell");
			}
			continue;
		}
		deliver(sender, target, icr_lo);
	}
}
