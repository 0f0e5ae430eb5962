// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated GICv3 distributor. No cell maps the GICD; every access
 * traps here. A cell reaches the physical registers only in the bits,
 * bytes or routing entries of SPIs its config gives it, and may route
 * them only to its own CPUs. Everything else reads as zero and ignores
 * writes; group and global settings stay the hypervisor's (and Linux's,
 * from before enable). The SPI filters (gicd_*) serve the GICv2
 * distributor (gicv2_gicd.c) too.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/gic_ops.h>
#include <asm/io.h>
#include "gicd.h"
#include "gicd_regs.h"
#include "v3/gicv3_regs.h"

/* The affinity fields of IROUTER, laid out as in MPIDR. */
#define MPIDR_AFF_ROUTE_MASK	0xff00ffffffULL

/* Serialises read-modify-write cycles on shared registers. */
static DEFINE_SPINLOCK(gicd_lock);
static struct ratelimit route_rl;

uint32_t gicd_owned_bits(const struct cell *cell, unsigned int first,
			   unsigned int per_irq)
{
	unsigned int n, irqs = 32 / per_irq;
	uint32_t mask = 0;

	for (n = 0; n < irqs; n++) {
		if (gic_cell_owns_spi(cell, first + n)) {
			mask |= ((1U << per_irq) - 1) << (n * per_irq);
		}
	}
	return mask;
}

void gicd_masked_access(struct mmio_access *acc, uint64_t reg,
			  uint32_t mask, bool rmw)
{
	uint32_t val;

	if (!acc->is_write) {
		acc->value = mmio_read32(gic.gicd + reg) & mask;
		return;
	}
	if (!mask) {
		return;
	}
	if (!rmw) {
		/* Write-1-to-set/clear: zero bits have no effect. */
		mmio_write32(gic.gicd + reg, (uint32_t)acc->value & mask);
		return;
	}
	spin_lock(&gicd_lock);
	val = mmio_read32(gic.gicd + reg);
	val = (val & ~mask) | ((uint32_t)acc->value & mask);
	mmio_write32(gic.gicd + reg, val);
	spin_unlock(&gicd_lock);
}

void gicd_bit_register(struct cell *cell, struct mmio_access *acc,
			 uint64_t base, bool writable)
{
	uint64_t reg = acc->offset & ~3ULL;
	unsigned int first = (unsigned int)(reg - base) * 8;
	uint32_t mask = gicd_owned_bits(cell, first, 1);

	if (acc->is_write && !writable) {
		return;
	}
	gicd_masked_access(acc, reg, mask, false);
}

/* IPRIORITYR: one byte per interrupt, byte or word accesses. */
void gicd_priority_register(struct cell *cell, struct mmio_access *acc)
{
	uint64_t reg = acc->offset & ~3ULL;
	unsigned int shift = (unsigned int)(acc->offset & 3) * 8;
	unsigned int first = (unsigned int)(reg - GICD_IPRIORITYR);
	uint32_t mask = gicd_owned_bits(cell, first, 8);

	if (acc->size == 1) {
		mask &= 0xffU << shift;
		acc->value <<= shift;
	}
	gicd_masked_access(acc, reg, mask, true);
	if (!acc->is_write && acc->size == 1) {
		acc->value = (acc->value >> shift) & 0xff;
	}
}

void gicd_config_register(struct cell *cell, struct mmio_access *acc)
{
	uint64_t reg = acc->offset & ~3ULL;
	unsigned int first = (unsigned int)(reg - GICD_ICFGR) * 4;

	gicd_masked_access(acc, reg, gicd_owned_bits(cell, first, 2), true);
}

static bool is_cell_cpu(const struct cell *cell, uint64_t route)
{
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		if (per_cpu(cpu) && per_cpu(cpu)->arch.mpidr ==
		    (route & MPIDR_AFF_ROUTE_MASK)) {
			return true;
		}
	}
	return false;
}

static uint64_t first_cell_cpu_route(const struct cell *cell)
{
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		if (per_cpu(cpu) && per_cpu(cpu)->state != CPU_ABSENT) {
			return per_cpu(cpu)->arch.mpidr;
		}
	}
	return 0;
}

/* IROUTER: 64 bits per SPI, as one access or two 32-bit halves. */
static void route_register(struct cell *cell, struct mmio_access *acc)
{
	uint64_t reg = acc->offset & ~7ULL;
	unsigned int intid = (unsigned int)(reg - GICD_IROUTER) / 8;
	unsigned int half = acc->offset & 4 ? 32 : 0;
	uint64_t route;

	if (!gic_cell_owns_spi(cell, intid)) {
		acc->value = 0;
		return;
	}
	spin_lock(&gicd_lock);
	route = mmio_read64(gic.gicd + reg);
	if (!acc->is_write) {
		acc->value = acc->size == 8 ? route :
			(route >> half) & 0xffffffffULL;
		spin_unlock(&gicd_lock);
		return;
	}
	if (acc->size == 8) {
		route = acc->value;
	} else {
		route = (route & ~(0xffffffffULL << half)) |
			(acc->value & 0xffffffffULL) << half;
	}
	if ((route & GICD_IROUTER_IRM) || !is_cell_cpu(cell, route)) {
		if (ratelimit_ok(&route_rl, 8)) {
			printk("cell \"%s\": SPI %u routed to 0x%llx, outside the cell; using its first CPU\n",
			       cell->name, intid, (unsigned long long)route);
		}
		route = first_cell_cpu_route(cell);
	}
	mmio_write64(gic.gicd + reg, route);
	spin_unlock(&gicd_lock);
}

/*
 * SETSPI_NSR/CLRSPI_NSR take the INTID in bits 12:0 (extended SPIs
 * included); the whole value is checked, and only the INTID written.
 */
static void spi_message(struct cell *cell, struct mmio_access *acc)
{
	unsigned int intid = (unsigned int)acc->value & GICD_SPI_INTID_MASK;

	if (acc->is_write && acc->size == 4 && intid == acc->value &&
	    gic_cell_owns_spi(cell, intid)) {
		mmio_write32(gic.gicd + acc->offset, intid);
	} else {
		acc->value = 0;
	}
}

static enum mmio_result gicd_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	struct cell *cell = pcpu->cell;
	uint64_t off = acc->offset;

	bool size_ok = acc->size == 4 ||
		(acc->size == 1 && off >= GICD_IPRIORITYR &&
		 off < GICD_ITARGETSR) ||
		(acc->size == 8 && off >= GICD_IROUTER);

	if ((off & (acc->size - 1)) || !size_ok) {
		return MMIO_ERROR;
	}

	if (off >= GICD_IGROUPR && off < GICD_ISENABLER) {
		gicd_bit_register(cell, acc, GICD_IGROUPR, false);
	} else if (off >= GICD_ISENABLER && off < GICD_IPRIORITYR) {
		gicd_bit_register(cell, acc, ALIGN_DOWN(off, 0x80ULL), true);
	} else if (off >= GICD_IPRIORITYR && off < GICD_ITARGETSR) {
		gicd_priority_register(cell, acc);
	} else if (off >= GICD_ICFGR && off < GICD_IGRPMODR) {
		gicd_config_register(cell, acc);
	} else if (off >= GICD_IGRPMODR && off < GICD_IGRPMODR + 0x80) {
		gicd_bit_register(cell, acc, GICD_IGRPMODR, false);
	} else if (off >= GICD_IROUTER + GIC_FIRST_SPI * 8 &&
		 off < GICD_IROUTER + (GIC_MAX_SPI + 1) * 8) {
		route_register(cell, acc);
	} else if (off == GICD_SETSPI_NSR || off == GICD_CLRSPI_NSR) {
		spi_message(cell, acc);
	} else if (!acc->is_write && off == GICD_TYPER) {
		/* No LPIs: their tables are memory the GIC would write. */
		acc->value = mmio_read32(gic.gicd + off) & ~GICD_TYPER_LPIS;
	} else if (!acc->is_write && (off <= GICD_TYPER2 || off >= GICD_ID_REGS)) {
		/* CTLR (RWP), IIDR, TYPER2, ID registers: read only. */
		acc->value = mmio_read32(gic.gicd + off);
	} else {
		acc->value = 0;
	}
	return MMIO_HANDLED;
}

int gicd_init(void)
{
	return mmio_register(gic.gicd, GICD_SIZE, gicd_access, NULL);
}
