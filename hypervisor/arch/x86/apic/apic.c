// SPDX-License-Identifier: GPL-2.0
/*
 * The local APIC: the emulated xAPIC page, hand-over reset and timer
 * calibration. Register access is apic_hw.c's, IPIs apic_ipi.c's, the
 * checked writes of either mode apic_guest.c's, the x2APIC MSRs
 * apic_x2apic.c's.
 *
 * Every APIC stays in the mode Linux left it in at enable (apic_hw.c):
 * xAPIC, or x2APIC where the root cell's Linux runs in x2APIC mode. The
 * root cell sees that mode. A non-root cell's CPU starts in xAPIC mode as
 * the cell sees it and may switch to x2APIC (per_cpu.arch.x2apic), whose
 * MSRs apic_x2apic.c serves, and sees xAPIC mode again at hand-over. On
 * hardware x2APIC the xAPIC page below is served through the x2APIC MSRs:
 * only registers x2APIC mode has, only the bits it allows (anything else
 * would raise #GP in the hypervisor); the ID reads in xAPIC format. Where
 * cell.c passes x2APIC MSRs through (hardware x2APIC: the root cell, and
 * cells with JH_CELL_DIRECT_IRQ), reads, EOI and TPR reach the hardware
 * without an exit; every other x2APIC MSR still traps here.
 *
 * No cell maps the APIC page: every access traps (nested page fault) and
 * lands in apic_mmio(), which performs it on the CPU's own APIC through
 * the hypervisor's mapping. Almost every register passes through, because
 * a CPU's APIC belongs to the cell that owns the CPU. The exceptions:
 *
 * - ICR: the destination the cell writes to ICR high is only shadowed;
 *   an ICR low write is resolved into target CPUs and checked
 *   (apic_ipi.c).
 * - APIC ID is read-only (the ICR checks depend on it). LDR and DFR of a
 *   non-root cell are virtual: the cell reads back what it wrote and its
 *   logical IPIs are resolved against it, but the hardware keeps LDR 0
 *   (set at hand-over), which no logical destination matches, so a
 *   spoofed logical ID receives no interrupt routed to another cell. The
 *   root cell's writes reach the hardware (its devices' MSIs need them).
 *   Hence non-root cells route IOAPIC interrupts in physical mode only:
 *   apic_dest_in_cell() resolves against the hardware's LDRs.
 * - EOI passes; while an IOMMU remaps level-triggered IOAPIC entries to
 *   another hardware vector (ioapic_ir.c), the vector in service is read
 *   first and the IOAPIC told, since the APIC's broadcast misses them.
 * - LVT entries (CMCI included) may not use SMI, INIT or reserved delivery
 *   modes, ExtINT only in the root cell (it owns the 8259), and no vector
 *   below 32 with fixed delivery; such writes become masked entries.
 * - A CPU in (emulated) x2APIC mode has no xAPIC page: accesses to it
 *   fail, as the hardware would not decode them.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic.h>
#include <asm/apic_dest.h>
#include <asm/apic_regs.h>
#include <asm/descriptors.h>
#include <asm/ioapic.h>
#include <asm/vcpu.h>
#include "apic_guest.h"
#include "apic_hw.h"
#include "apic_ipi.h"

/*
 * A write of the xAPIC page that passes. On hardware x2APIC: the bits the
 * register has in x2APIC mode; ESR takes 0 (any xAPIC write latches it);
 * registers x2APIC mode lacks (APR, RRD) drop the write.
 */
static void xapic_write(unsigned int reg, uint32_t val)
{
	uint32_t bits;

	if (apic_hw_x2apic()) {
		if (reg == APIC_ESR) {
			val = 0;
			bits = 0xffffffffU;
		} else if (apic_is_lvt(reg)) {
			bits = apic_x2apic_lvt_writable(reg);
		} else {
			bits = apic_plain_writable(reg);
		}
		if (bits == 0U) {
			return;
		}
		val &= bits;
	}
	apic_write(reg, val);
}

static enum mmio_result apic_mmio(struct per_cpu *pcpu, void *arg,
				  struct mmio_access *acc)
{
	unsigned int reg = acc->offset;
	uint32_t val = acc->value;
	const char *why;

	if (acc->size != 4 || reg % 16 || pcpu->arch.x2apic) {
		return MMIO_ERROR;
	}
	if (!acc->is_write) {
		if (reg == APIC_ICR_HI) {
			acc->value = pcpu->arch.apic_icr_hi;
		} else if (reg == APIC_LDR) {
			acc->value = pcpu->arch.apic_ldr;
		} else if (reg == APIC_DFR) {
			acc->value = pcpu->arch.apic_dfr;
		} else if (apic_hw_x2apic() && reg == APIC_ID) {
			acc->value = pcpu->arch.apic_id << 24;
		} else if (apic_hw_x2apic() && reg != APIC_ICR_LO &&
			   !apic_plain_readable(reg)) {
			acc->value = 0;
		} else {
			acc->value = apic_read(reg);
		}
		return MMIO_HANDLED;
	}
	switch (reg) {
	case APIC_ID:
	case APIC_SELF_IPI:	/* x2APIC only; reserved in xAPIC */
		break;
	case APIC_ICR_HI:
		pcpu->arch.apic_icr_hi = val;
		break;
	case APIC_ICR_LO:
		apic_icr_write(pcpu, pcpu->arch.apic_icr_hi >> 24, val, false);
		break;
	case APIC_EOI:
		apic_eoi(pcpu);
		break;
	case APIC_LDR:
		/* Bits 23:0 are reserved. */
		pcpu->arch.apic_ldr = val & 0xff000000U;
		if (pcpu->cell == &root_cell) {
			apic_write(reg, val);
			pcpu->arch.hw_ldr = apic_read(APIC_LDR);
		}
		break;
	case APIC_DFR:
		/* Bits 27:0 are reserved, read as ones. */
		pcpu->arch.apic_dfr = val | 0x0fffffff;
		if (pcpu->cell == &root_cell) {
			apic_write(reg, val);
			pcpu->arch.hw_dfr = apic_read(APIC_DFR);
		}
		break;
	default:
		why = apic_is_lvt(reg) ? apic_lvt_refusal(pcpu->cell, reg, val) :
			NULL;
		if (why != NULL) {
			apic_refuse(pcpu, why, NULL, "entry masked");
			val |= LVT_MASKED;
		}
		xapic_write(reg, val);
		break;
	}
	return MMIO_HANDLED;
}

enum mmio_result apic_access(struct per_cpu *pcpu, struct mmio_access *acc)
{
	acc->offset = acc->addr - XAPIC_BASE;
	return apic_mmio(pcpu, NULL, acc);
}

bool apic_x2apic_direct(const struct cell *cell)
{
	return apic_hw_x2apic() && !ioapic_ir_eoi_wanted() &&
		(cell == &root_cell ||
		 (cell->config->flags & JH_CELL_DIRECT_IRQ) != 0U);
}

void apic_banner(void)
{
	if (apic_hw_x2apic()) {
		printk("  local APIC: x2APIC mode (the root cell's and JH_CELL_DIRECT_IRQ cells' reads, EOI and TPR without exits; ICR, SELF IPI, LVT, APIC base trapped)\n");
		return;
	}
	printk("  local APIC: xAPIC mode (every access trapped)\n");
	printk("  x2APIC for cells: %s\n", apic_x2apic_offered() ?
	       "emulated on the xAPIC" : "no (the CPU has none)");
}

int apic_register_mmio(void)
{
	return mmio_register(XAPIC_BASE, XAPIC_SIZE, apic_mmio, NULL);
}

static bool irr_pending(void)
{
	unsigned int word;

	for (word = 0; word < 8; word++) {
		if (apic_read(APIC_IRR + word * 0x10)) {
			return true;
		}
	}
	return false;
}

/*
 * A CPU starting afresh in a cell: nothing of the previous owner's APIC
 * setup may fire into the new one. The cell sees xAPIC mode again; masks
 * the LVTs, stops the timer, ends
 * every interrupt still in service, then takes the ones still pending
 * (an IRR bit can only be cleared by accepting it) with interrupts open
 * for a moment, through the drain IDT: every vector there ends the
 * interrupt, so one below 32 that slipped through (an MSI of a device,
 * say) cannot pass for an exception of the hypervisor. Bounded by the
 * 256 vectors. The logical ID goes back to 0, which no logical
 * destination reaches; a root CPU's Linux sets its own when it comes
 * (x2APIC mode: the hardware derives it from the APIC ID, nothing to
 * reset or spoof).
 */
void apic_cpu_reset(void)
{
	struct per_cpu *pcpu = this_cpu();
	unsigned int reg, word, eois;

	/* The root cell sees the hardware's mode, other cells xAPIC first. */
	pcpu->arch.x2apic = apic_hw_x2apic() && pcpu->cell == &root_cell;
	for (reg = APIC_LVT_TIMER; reg <= APIC_LVT_LAST; reg += 0x10) {
		apic_write(reg, LVT_MASKED);
	}
	if (VERSION_MAX_LVT(apic_read(APIC_VERSION)) >= MAX_LVT_CMCI) {
		apic_write(APIC_LVT_CMCI, LVT_MASKED);
	}
	/* x2APIC mode: the logical ID is the hardware's, read-only. */
	if (!apic_hw_x2apic()) {
		apic_write(APIC_LDR, 0);
	}
	pcpu->arch.hw_ldr = apic_read(APIC_LDR);
	pcpu->arch.apic_ldr = pcpu->arch.hw_ldr;
	pcpu->arch.apic_dfr = pcpu->cell == &root_cell ?
		pcpu->arch.hw_dfr : DFR_RESET;
	apic_write(APIC_TMICT, 0);
	apic_write(APIC_TDCR, 0xb);
	for (word = 0, eois = 0; word < 8 && eois < 256; ) {
		if (apic_read(APIC_ISR + word * 0x10)) {
			apic_write(APIC_EOI, 0);
			eois++;
		} else {
			word++;
		}
	}
	/* Only an enabled APIC with TPR 0 delivers what is pending. */
	apic_write(APIC_TPR, 0);
	apic_write(APIC_SVR, apic_read(APIC_SVR) | SVR_ENABLE);
	descriptors_use_drain_idt(true);
	for (eois = 0; eois < 256 && irr_pending(); eois++) {
		vcpu_irq_window();
	}
	descriptors_use_drain_idt(false);
}

/*
 * Calibration (timer.c) on the first CPU while Linux owns its timer:
 * the timer counts down from ~0 at divide-by-1 with its LVT masked,
 * then Linux's setup comes back with the count it had left (the tick
 * it was waiting for arrives the calibration interval late). A one-shot
 * that reads as expired may not have delivered its interrupt yet (an
 * emulator raises it a little later, and by then the LVT is masked): it
 * is rearmed with one tick, since a lost tick leaves an idle tickless
 * kernel asleep for good, and an extra one is harmless.
 */
static uint32_t saved_lvt, saved_tdcr, saved_initial, saved_count;

void apic_timer_count_start(void)
{
	saved_lvt = apic_read(APIC_LVT_TIMER);
	saved_tdcr = apic_read(APIC_TDCR);
	saved_initial = apic_read(APIC_TMICT);
	saved_count = apic_read(APIC_TMCCT);
	apic_write(APIC_LVT_TIMER, LVT_MASKED);
	apic_write(APIC_TDCR, 0xb);
	apic_write(APIC_TMICT, 0xffffffffU);
}

uint32_t apic_timer_count(void)
{
	return apic_read(APIC_TMCCT);
}

void apic_timer_count_stop(void)
{
	apic_write(APIC_TMICT, 0);
	apic_write(APIC_TDCR, saved_tdcr);
	apic_write(APIC_LVT_TIMER, saved_lvt);
	if (saved_initial != 0U) {
		apic_write(APIC_TMICT, saved_count ? saved_count : 1);
	}
}
