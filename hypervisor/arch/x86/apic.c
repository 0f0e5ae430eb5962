// SPDX-License-Identifier: GPL-2.0
/*
 * The local APIC (xAPIC mode; the bench's CPU model has no x2APIC).
 *
 * No cell maps the APIC page: every access traps (nested page fault) and
 * lands in apic_mmio(), which performs it on the CPU's own APIC through
 * the hypervisor's mapping. Almost every register passes through, because
 * a CPU's APIC belongs to the cell that owns the CPU. The exceptions:
 *
 * - ICR: the destination the cell writes to ICR high is only shadowed;
 *   an ICR low write is resolved into target CPUs (physical, flat or
 *   cluster logical, shorthands), and only targets inside the sender's
 *   cell receive anything. Fixed and NMI IPIs are re-sent one physical
 *   destination at a time; INIT and SIPI are never sent at all but
 *   emulated, so that no cell can reset a CPU (the hypervisor's own
 *   CPUs included). SMI is refused.
 * - Vectors 0-31 are the CPU's exceptions: a fixed or lowest-priority
 *   IPI with one is refused (also in the root cell's transition path),
 *   as the IOAPIC refuses such entries; a CPU's previous owner could
 *   otherwise leave one pending for the hypervisor or the next owner.
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
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/apic.h>
#include <asm/descriptors.h>
#include <asm/ioapic.h>
#include <asm/processor.h>
#include <asm/vcpu.h>

#define APIC_ID			0x020
#define APIC_VERSION		0x030
#define APIC_TPR		0x080
#define APIC_EOI		0x0b0
#define APIC_LDR		0x0d0
#define APIC_DFR		0x0e0
#define APIC_SVR		0x0f0
#define APIC_ISR		0x100
#define APIC_IRR		0x200
#define APIC_LVT_CMCI		0x2f0
#define APIC_ICR_LO		0x300
#define APIC_ICR_HI		0x310
#define APIC_LVT_TIMER		0x320
#define APIC_LVT_ERROR		0x370
#define APIC_LVT_LAST		0x370
#define APIC_TMICT		0x380
#define APIC_TMCCT		0x390
#define APIC_TDCR		0x3e0
#define APIC_SELF_IPI		0x3f0

#define ICR_VECTOR		0x000000ff
#define FIRST_IRQ_VECTOR	32
#define ICR_MODE(v)		(((v) >> 8) & 7)
#define ICR_MODE_FIXED		0
#define ICR_MODE_LOWEST		1
#define ICR_MODE_SMI		2
#define ICR_MODE_NMI		4
#define ICR_MODE_INIT		5
#define ICR_MODE_SIPI		6
#define ICR_MODE_EXTINT		7
#define ICR_LOGICAL		(1U << 11)
#define ICR_BUSY		(1U << 12)
#define ICR_ASSERT		(1U << 14)
#define ICR_LEVEL		(1U << 15)
#define ICR_SHORTHAND(v)	(((v) >> 18) & 3)
#define ICR_TO_SELF		1
#define ICR_TO_ALL		2
#define ICR_TO_OTHERS		3
#define LVT_MASKED		(1U << 16)
#define DFR_FLAT		0xf0000000U
#define SVR_ENABLE		(1U << 8)
#define VERSION_MAX_LVT(v)	(((v) >> 16) & 0xff)
#define MAX_LVT_CMCI		6	/* CMCI is the 7th LVT entry */
#define DFR_RESET		0xffffffffU

/* Polls of the delivery-status bit before an ICR write gives up. */
#define ICR_IDLE_POLLS		100000

static volatile uint32_t *apic_page;

static uint32_t apic_read(unsigned int reg)
{
	return apic_page[reg / 4];
}

static void apic_write(unsigned int reg, uint32_t val)
{
	apic_page[reg / 4] = val;
}

int apic_init(void)
{
	apic_page = hv_map_device(XAPIC_BASE, XAPIC_SIZE);
	if (!apic_page) {
		hv_error("cannot map the local APIC at 0x%lx", XAPIC_BASE);
		return -JH_ENOMEM;
	}
	return 0;
}

void apic_cpu_init(struct per_cpu *pcpu)
{
	pcpu->arch.apic_id = apic_read(APIC_ID) >> 24;
	pcpu->arch.hw_ldr = apic_read(APIC_LDR);
	pcpu->arch.apic_ldr = pcpu->arch.hw_ldr;
	pcpu->arch.hw_dfr = apic_read(APIC_DFR);
	pcpu->arch.apic_dfr = pcpu->arch.hw_dfr;
}

static void wait_icr_idle(void)
{
	unsigned int n;

	for (n = 0; n < ICR_IDLE_POLLS && (apic_read(APIC_ICR_LO) & ICR_BUSY);
	     n++) {
		cpu_relax();
	}
}

/* One IPI to one CPU, physical destination mode. */
static void send_ipi(unsigned int apic_id, uint32_t icr_lo)
{
	wait_icr_idle();
	apic_write(APIC_ICR_HI, apic_id << 24);
	apic_write(APIC_ICR_LO, icr_lo);
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

/* Does a logical destination reach a CPU with this LDR and DFR? */
static bool logical_match(uint32_t ldr_reg, uint32_t dfr, uint8_t dest)
{
	uint8_t ldr = (uint8_t)(ldr_reg >> 24);

	if ((dfr & DFR_FLAT) == DFR_FLAT) {
		return ldr & dest;
	}
	/* Cluster model: high nibble cluster (15: all), low nibble CPUs. */
	return ((dest >> 4) == (ldr >> 4) || (dest >> 4) == 0xf) &&
		(dest & ldr & 0xf);
}

/*
 * hw: as the hardware delivers (the LDRs the APICs really have), else as
 * the CPU's cell sees its own logical ID.
 */
static bool dest_match(const struct per_cpu *pcpu, uint32_t dest,
		       bool logical, bool hw)
{
	if (logical && hw) {
		return logical_match(pcpu->arch.hw_ldr, pcpu->arch.hw_dfr,
				     dest & 0xff);
	}
	if (logical) {
		return logical_match(pcpu->arch.apic_ldr, pcpu->arch.apic_dfr,
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
		if (!pcpu || !dest_match(pcpu, dest, logical, true)) {
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

static void refuse(struct per_cpu *sender, const char *what,
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
			refuse(sender, "INIT", NULL, "INIT to itself");
			break;
		}
		emulate_init_sipi(sender, target, icr_lo);
		break;
	default:
		refuse(sender, ipi_name(mode), target, "delivery mode not allowed");
		break;
	}
}

static void icr_write(struct per_cpu *sender, uint32_t icr_lo)
{
	uint32_t dest = sender->arch.apic_icr_hi >> 24;
	unsigned int shorthand = ICR_SHORTHAND(icr_lo), cpu;
	bool logical = (icr_lo & ICR_LOGICAL) != 0U, hit;
	unsigned int mode = ICR_MODE(icr_lo);
	struct per_cpu *target;

	if (mode == ICR_MODE_SMI || mode == ICR_MODE_EXTINT || mode == 3) {
		refuse(sender, ipi_name(mode), NULL,
		       "delivery mode not allowed");
		return;
	}
	if ((mode == ICR_MODE_FIXED || mode == ICR_MODE_LOWEST) &&
	    (icr_lo & ICR_VECTOR) < FIRST_IRQ_VECTOR) {
		refuse(sender, ipi_name(mode), NULL,
		       "vector below 32 (an exception vector)");
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
		wait_icr_idle();
		apic_write(APIC_ICR_HI, sender->arch.apic_icr_hi);
		apic_write(APIC_ICR_LO, icr_lo);
		sender->stats[JH_STAT_IPI]++;
		return;
	}
	for_each_cpu_id(cpu) {
		target = per_cpu(cpu);
		if (!target) {
			continue;
		}
		switch (shorthand) {
		case ICR_TO_SELF:
			hit = target == sender;
			break;
		case ICR_TO_ALL:
			hit = true;
			break;
		case ICR_TO_OTHERS:
			hit = target != sender;
			break;
		default:
			/*
			 * Inside the sender's cell as the cell sees its
			 * logical IDs; outside as the hardware would deliver.
			 */
			hit = dest_match(target, dest, logical,
					 target->cell != sender->cell);
			break;
		}
		if (!hit) {
			continue;
		}
		/* Broadcasts mean "all of my cell": others are not refused. */
		if (target->cell != sender->cell) {
			if (shorthand == 0) {
				refuse(sender, ipi_name(ICR_MODE(icr_lo)),
				       target, "not a CPU of the sender's cell");
			}
			continue;
		}
		deliver(sender, target, icr_lo);
	}
}

static bool is_lvt(unsigned int reg)
{
	return reg == APIC_LVT_CMCI ||
		(reg >= APIC_LVT_TIMER && reg <= APIC_LVT_LAST);
}

/* NULL if an LVT entry may be written as it is, else why not. */
static const char *lvt_refusal(const struct cell *cell, unsigned int reg,
			       uint32_t val)
{
	unsigned int mode = ICR_MODE(val);

	if (val & LVT_MASKED) {
		return NULL;
	}
	/* Timer and error entries have no mode field: always fixed. */
	if (reg == APIC_LVT_TIMER || reg == APIC_LVT_ERROR) {
		mode = ICR_MODE_FIXED;
	}
	if (mode == ICR_MODE_FIXED &&
	    (val & ICR_VECTOR) < FIRST_IRQ_VECTOR) {
		return "LVT entry with a vector below 32";
	}
	if (mode == ICR_MODE_FIXED || mode == ICR_MODE_NMI ||
	    (mode == ICR_MODE_EXTINT && cell == &root_cell)) {
		return NULL;
	}
	return "LVT entry with SMI, INIT, ExtINT or a reserved delivery mode";
}

/* The highest vector in service, the one an EOI retires; -1: none. */
static int in_service(void)
{
	unsigned int word;
	uint32_t isr;

	for (word = 8; word-- > 0;) {
		isr = apic_read(APIC_ISR + word * 0x10);
		if (isr != 0U) {
			return (int)(word * 32 + 31 - __builtin_clz(isr));
		}
	}
	return -1;
}

static enum mmio_result apic_mmio(struct per_cpu *pcpu, void *arg,
				  struct mmio_access *acc)
{
	unsigned int reg = acc->offset;
	uint32_t val = acc->value;
	const char *why;
	int vector;

	if (acc->size != 4 || reg % 16) {
		return MMIO_ERROR;
	}
	if (!acc->is_write) {
		if (reg == APIC_ICR_HI) {
			acc->value = pcpu->arch.apic_icr_hi;
		} else if (reg == APIC_LDR) {
			acc->value = pcpu->arch.apic_ldr;
		} else if (reg == APIC_DFR) {
			acc->value = pcpu->arch.apic_dfr;
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
		icr_write(pcpu, val);
		break;
	case APIC_EOI:
		/* Remapped IOAPIC entries may miss the EOI broadcast. */
		vector = ioapic_ir_eoi_wanted() ? in_service() : -1;
		apic_write(reg, val);
		if (vector >= 0) {
			ioapic_lapic_eoi(pcpu->cell, (unsigned int)vector);
		}
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
		why = is_lvt(reg) ? lvt_refusal(pcpu->cell, reg, val) : NULL;
		if (why != NULL) {
			refuse(pcpu, why, NULL, "entry masked");
			val |= LVT_MASKED;
		}
		apic_write(reg, val);
		break;
	}
	return MMIO_HANDLED;
}

enum mmio_result apic_access(struct per_cpu *pcpu, struct mmio_access *acc)
{
	acc->offset = acc->addr - XAPIC_BASE;
	return apic_mmio(pcpu, NULL, acc);
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
 * setup may fire into the new one. Masks the LVTs, stops the timer, ends
 * every interrupt still in service, then takes the ones still pending
 * (an IRR bit can only be cleared by accepting it) with interrupts open
 * for a moment, through the drain IDT: every vector there ends the
 * interrupt, so one below 32 that slipped through (an MSI of a device,
 * say) cannot pass for an exception of the hypervisor. Bounded by the
 * 256 vectors. The logical ID goes back to 0, which no logical
 * destination reaches; a root CPU's Linux sets its own when it comes.
 */
void apic_cpu_reset(void)
{
	struct per_cpu *pcpu = this_cpu();
	unsigned int reg, word, eois;

	for (reg = APIC_LVT_TIMER; reg <= APIC_LVT_LAST; reg += 0x10) {
		apic_write(reg, LVT_MASKED);
	}
	if (VERSION_MAX_LVT(apic_read(APIC_VERSION)) >= MAX_LVT_CMCI) {
		apic_write(APIC_LVT_CMCI, LVT_MASKED);
	}
	apic_write(APIC_LDR, 0);
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
