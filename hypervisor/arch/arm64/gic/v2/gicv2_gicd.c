// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated GICv2 distributor. No cell maps the GICD; every access
 * traps here. The ownership rules are GICv3's (gicd.c): a cell reaches
 * the bits, bytes and target bytes of SPIs its config gives it, and may
 * target them only at its own CPUs. GICv2 adds what GICv3 keeps in the
 * redistributors and system registers:
 *
 * - INTIDs 0-31 are banked per CPU in the first word (or 32 bytes) of
 *   each register: the accessing CPU's own, filtered so that the
 *   hypervisor's kick SGI and the maintenance PPI stay as they are.
 * - GICD_SGIR sends SGIs: they go only to running CPUs of the sender's
 *   cell, as virtual SGIs; target CPUs outside it are dropped and said.
 *
 * Everything else reads as zero and ignores writes; group and global
 * settings stay as Linux set them before enable.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include <asm/vgic.h>
#include "../gicd.h"
#include "../gicd_regs.h"
#include "gicv2_gicd.h"
#include "gicv2_regs.h"

#define PRIVATE_PRIORITY_END	(GICD_IPRIORITYR + GIC_FIRST_SPI)
#define GICD_ITARGETSR_SPI	(GICD_ITARGETSR + GIC_FIRST_SPI)

static DEFINE_SPINLOCK(private_lock);
static struct ratelimit target_rl, sgi_rl;

uint32_t gicv2_cell_targets(const struct cell *cell)
{
	uint32_t mask = 0;
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		if (per_cpu(cpu) != NULL) {
			mask |= gicv2_target(per_cpu(cpu));
		}
	}
	return mask;
}

uint32_t gicv2_first_target(const struct cell *cell)
{
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		if (per_cpu(cpu) && per_cpu(cpu)->state != CPU_ABSENT) {
			return gicv2_target(per_cpu(cpu));
		}
	}
	return 0;
}

/* Banked bits of INTIDs 0-31; w1x: a set/clear register. */
static void private_bits(uint64_t reg, struct mmio_access *acc, bool w1x)
{
	uint32_t keep = gic.reserved_private, val;

	if (!acc->is_write) {
		acc->value = mmio_read32(gic.gicd + reg) & ~keep;
	} else if (w1x) {
		mmio_write32(gic.gicd + reg, (uint32_t)acc->value & ~keep);
	} else {
		spin_lock(&private_lock);
		val = mmio_read32(gic.gicd + reg);
		mmio_write32(gic.gicd + reg,
			     (val & keep) | ((uint32_t)acc->value & ~keep));
		spin_unlock(&private_lock);
	}
}

/* Bytes (priority) or bit pairs (configuration) of INTIDs 0-31. */
static void private_field(struct mmio_access *acc, uint32_t mask,
			  unsigned int shift)
{
	uint64_t reg = gic.gicd + (acc->offset & ~3ULL);
	uint32_t val;

	if (!acc->is_write) {
		acc->value = (mmio_read32(reg) & mask) >> shift;
		return;
	}
	spin_lock(&private_lock);
	val = mmio_read32(reg);
	mmio_write32(reg, (val & ~mask) |
		     (((uint32_t)acc->value << shift) & mask));
	spin_unlock(&private_lock);
}

static void private_priority(struct mmio_access *acc)
{
	unsigned int first = (unsigned int)(acc->offset & ~3ULL) -
		GICD_IPRIORITYR, n, shift = 0;
	uint32_t mask = 0;

	for (n = 0; n < 4; n++) {
		if (!(gic.reserved_private & BIT(first + n))) {
			mask |= 0xffU << (n * 8);
		}
	}
	if (acc->size == 1) {
		shift = (unsigned int)(acc->offset & 3) * 8;
		mask &= 0xffU << shift;
	}
	private_field(acc, mask, shift);
}

/* ICFGR0 (SGIs, fixed) reads only; ICFGR1 (PPIs) but the maintenance's. */
static void private_config(struct mmio_access *acc)
{
	if (acc->offset == GICD_ICFGR) {
		if (!acc->is_write) {
			acc->value = mmio_read32(gic.gicd + GICD_ICFGR);
		}
		return;
	}
	private_field(acc, ~(3U << ((gic.maint_irq - 16) * 2)), 0);
}

/*
 * ITARGETSR of SPIs: one byte per SPI. A target byte naming a CPU
 * interface outside the cell is replaced by the cell's first CPU. Bytes
 * of SPIs the cell does not own are dropped; said only if they name CPUs
 * outside the cell, because a guest that routes every SPI to itself at
 * boot (Linux's distributor setup) attacks nothing.
 */
static void targets_register(struct cell *cell, struct mmio_access *acc)
{
	uint64_t reg = acc->offset & ~3ULL;
	unsigned int first = (unsigned int)(reg - GICD_ITARGETSR), n;
	unsigned int shift = acc->size == 1 ?
		(unsigned int)(acc->offset & 3) * 8 : 0;
	uint32_t mask = gicd_owned_bits(cell, first, 8), allowed, byte;
	uint32_t refused = 0;
	uint64_t asked = acc->value;

	if (acc->size == 1) {
		mask &= 0xffU << shift;
		acc->value = (acc->value & 0xff) << shift;
	}
	if (acc->is_write) {
		allowed = gicv2_cell_targets(cell);
		for (n = 0; n < 4; n++) {
			byte = ((uint32_t)acc->value >> (n * 8)) & 0xff;
			if (!(mask & (0xffU << (n * 8)))) {
				refused |= (byte & ~allowed) ? 1U << n : 0U;
			} else if ((byte & ~allowed) != 0U) {
				refused |= 1U << n;
				acc->value = (acc->value &
					      ~(0xffULL << (n * 8))) |
					(uint64_t)gicv2_first_target(cell) <<
					(n * 8);
			}
		}
		if (refused && ratelimit_ok(&target_rl, 8)) {
			printk("cell \"%s\": GICD_ITARGETSR write 0x%llx at SPI %u targets CPUs outside the cell or SPIs it does not own; refused\n",
			       cell->name, (unsigned long long)asked,
			       first + shift / 8);
		}
	}
	gicd_masked_access(acc, reg, mask, true);
	if (!acc->is_write && acc->size == 1) {
		acc->value = (acc->value >> shift) & 0xff;
	}
}

/*
 * GICD_SGIR: target list, all but self, or self (TargetListFilter).
 * Only running CPUs of the sender's cell can ever be targets.
 */
static void send_sgi(struct per_cpu *pcpu, uint32_t sgir)
{
	unsigned int filter = (sgir >> GICD_SGIR_FILTER_SHIFT) & 3, cpu;
	unsigned int intid = sgir & GICD_SGIR_INTID_MASK;
	uint32_t list = (sgir >> GICD_SGIR_TARGETS_SHIFT) & 0xff, mask;
	struct per_cpu *target;

	pcpu->stats[JH_STAT_SGI]++;
	/* As on GICv3 (gicv3_lr.c): no queues yet or any more. */
	if (pcpu->cell == &root_cell && hv_root_in_transition()) {
		mmio_write32(gic.gicd + GICD_SGIR, sgir);
		return;
	}
	if (filter == GICD_SGIR_FILTER_OTHERS) {
		list = gicv2_cell_targets(pcpu->cell) & ~gicv2_target(pcpu);
	} else if (filter == GICD_SGIR_FILTER_SELF) {
		list = gicv2_target(pcpu);
	} else if (filter != GICD_SGIR_FILTER_LIST) {
		list = 0;	/* reserved filter value */
	}
	mask = list & ~gicv2_cell_targets(pcpu->cell);
	if ((mask != 0U || filter > GICD_SGIR_FILTER_SELF) &&
	    ratelimit_ok(&sgi_rl, 8)) {
		printk("cell \"%s\": SGI %u to CPU interfaces 0x%x (filter %u) outside the cell; refused\n",
		       pcpu->cell->name, intid, list, filter);
	}
	for_each_cell_cpu(cpu, pcpu->cell) {
		target = per_cpu(cpu);
		if (target && target->state == CPU_RUNNING &&
		    (list & gicv2_target(target)) != 0U) {
			vgic_inject(target, intid, false);
		}
	}
}

/* Registers with one bit per INTID, from IGROUPR to ICACTIVER. */
static void bit_registers(struct cell *cell, struct mmio_access *acc)
{
	uint64_t off = acc->offset, base = ALIGN_DOWN(off, 0x80ULL);
	bool group = base == GICD_IGROUPR;

	if (off - base >= 4) {
		gicd_bit_register(cell, acc, base, !group);
	} else if (!group) {
		private_bits(off, acc, true);
	} else if (!acc->is_write) {
		acc->value = mmio_read32(gic.gicd + off);
	}
}

static enum mmio_result gicv2_gicd_access(struct per_cpu *pcpu, void *arg,
					  struct mmio_access *acc)
{
	struct cell *cell = pcpu->cell;
	uint64_t off = acc->offset;
	bool size_ok = acc->size == 4 || (acc->size == 1 &&
		off >= GICD_IPRIORITYR && off < GICD_ITARGETSR_END);

	if ((off & (acc->size - 1)) || !size_ok) {
		return MMIO_ERROR;
	}

	if (off >= GICD_IGROUPR && off < GICD_IPRIORITYR) {
		bit_registers(cell, acc);
	} else if (off >= GICD_IPRIORITYR && off < PRIVATE_PRIORITY_END) {
		private_priority(acc);
	} else if (off >= PRIVATE_PRIORITY_END && off < GICD_ITARGETSR) {
		gicd_priority_register(cell, acc);
	} else if (off >= GICD_ITARGETSR && off < GICD_ITARGETSR_SPI) {
		/* Banked and read only: the reading CPU's interface. */
		acc->value = acc->is_write ? 0 : (acc->size == 1 ?
			mmio_read8(gic.gicd + off) :
			mmio_read32(gic.gicd + off));
	} else if (off >= GICD_ITARGETSR_SPI && off < GICD_ITARGETSR_END) {
		targets_register(cell, acc);
	} else if (off == GICD_ICFGR || off == GICD_ICFGR + 4) {
		private_config(acc);
	} else if (off >= GICD_ICFGR + 8 && off < GICD_ICFGR + 0x100) {
		gicd_config_register(cell, acc);
	} else if (off == GICD_SGIR && acc->is_write) {
		send_sgi(pcpu, (uint32_t)acc->value);
	} else if (!acc->is_write &&
		   (off <= GICD_IIDR || off >= GICD_ID_REGS_V2)) {
		/* CTLR, TYPER, IIDR, ID registers: read only. */
		acc->value = mmio_read32(gic.gicd + off);
	} else {
		/* NSACR, CPENDSGIR/SPENDSGIR, SGIR reads, ...: RAZ/WI. */
		acc->value = 0;
	}
	return MMIO_HANDLED;
}

int gicv2_gicd_init(void)
{
	return mmio_register(gic.gicd, GICV2_GICD_SIZE, gicv2_gicd_access,
			     NULL);
}
