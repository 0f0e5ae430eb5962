// SPDX-License-Identifier: GPL-2.0
/*
 * Redistributor accesses that trap. A cell has the RD_base frames of its
 * CPUs mapped 1:1; their SGI_base frames (SGI/PPI enable, pending, active,
 * priority, configuration) trap so that the hypervisor's own SGI and the
 * maintenance PPI stay enabled whatever the guest writes. Frames of other
 * cells' CPUs show only their identification (Linux reads every frame's
 * GICR_TYPER to find its own) and ignore writes.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/spinlock.h>
#include <asm/gic.h>
#include <asm/io.h>

static DEFINE_SPINLOCK(gicr_lock);

static void foreign_frame(uint64_t frame, uint64_t off,
			  struct mmio_access *acc)
{
	acc->value = 0;
	if (acc->is_write)
		return;
	if (off == GICR_TYPER && acc->size == 8)
		acc->value = mmio_read64(frame + off);
	else if ((off == GICR_TYPER || off == GICR_TYPER + 4 ||
		  off == GICR_IIDR || off == GICR_PIDR2) && acc->size == 4)
		acc->value = mmio_read32(frame + off);
}

/* Bits of a 32-bit SGI_base register, 1 bit per interrupt. */
static void private_bits(uint64_t reg, struct mmio_access *acc, bool w1x)
{
	uint32_t keep = gic.reserved_private, val;

	if (!acc->is_write) {
		acc->value = mmio_read32(reg) & ~keep;
		return;
	}
	if (w1x) {
		mmio_write32(reg, (uint32_t)acc->value & ~keep);
		return;
	}
	spin_lock(&gicr_lock);
	val = mmio_read32(reg);
	mmio_write32(reg, (val & keep) | ((uint32_t)acc->value & ~keep));
	spin_unlock(&gicr_lock);
}

/* A read-modify-write under a mask of bits the guest may change. */
static void private_masked(uint64_t reg, struct mmio_access *acc,
			   uint32_t mask, unsigned int shift)
{
	uint32_t val;

	if (!acc->is_write) {
		acc->value = (mmio_read32(reg) & mask) >> shift;
		return;
	}
	spin_lock(&gicr_lock);
	val = mmio_read32(reg);
	val = (val & ~mask) | (((uint32_t)acc->value << shift) & mask);
	mmio_write32(reg, val);
	spin_unlock(&gicr_lock);
}

static uint32_t priority_mask(uint64_t reg_off)
{
	unsigned int first = (unsigned int)(reg_off - GICR_IPRIORITYR), n;
	uint32_t mask = 0;

	for (n = 0; n < 4; n++)
		if (!(gic.reserved_private & BIT(first + n)))
			mask |= 0xffU << (n * 8);
	return mask;
}

static void sgi_frame(uint64_t base, uint64_t off, struct mmio_access *acc)
{
	uint64_t reg_off = off & ~3ULL;
	unsigned int shift = (unsigned int)(off & 3) * 8;
	uint32_t mask;

	if (acc->size != 4 && !(acc->size == 1 && off >= GICR_IPRIORITYR &&
				off < GICR_IPRIORITYR + 32)) {
		acc->value = 0;
		return;
	}

	switch (reg_off) {
	case GICR_IGROUPR0:
	case GICR_IGRPMODR0:
		/* Groups stay as they are: reads only. */
		if (!acc->is_write)
			acc->value = mmio_read32(base + reg_off);
		break;
	case GICR_ISENABLER0:
	case GICR_ICENABLER0:
	case GICR_ISPENDR0:
	case GICR_ICPENDR0:
	case GICR_ISACTIVER0:
	case GICR_ICACTIVER0:
		private_bits(base + reg_off, acc, true);
		break;
	case GICR_ICFGR1:
		mask = ~(3U << ((gic.maint_irq - 16) * 2));
		private_masked(base + reg_off, acc, mask, 0);
		break;
	case GICR_ICFGR0:
		if (!acc->is_write)
			acc->value = mmio_read32(base + reg_off);
		break;
	default:
		if (reg_off >= GICR_IPRIORITYR &&
		    reg_off < GICR_IPRIORITYR + 32) {
			mask = priority_mask(reg_off);
			if (acc->size == 1)
				mask &= 0xffU << shift;
			else
				shift = 0;
			private_masked(base + reg_off, acc, mask, shift);
		} else {
			acc->value = 0;
		}
		break;
	}
}

static enum mmio_result gicr_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	unsigned int index = (unsigned int)(acc->offset / gic.gicr_stride);
	uint64_t off = acc->offset % gic.gicr_stride;
	uint64_t frame = gic.gicr + index * gic.gicr_stride;
	struct per_cpu *owner;

	if (acc->offset & (acc->size - 1))
		return MMIO_ERROR;
	if (index >= gic.gicr_frames) {
		acc->value = 0;
		return MMIO_HANDLED;
	}

	owner = gic_frame_owner(frame);
	if (!owner || owner->cell != pcpu->cell) {
		foreign_frame(frame, off, acc);
	} else if (off >= GICR_SGI_OFFSET) {
		sgi_frame(frame + GICR_SGI_OFFSET, off - GICR_SGI_OFFSET, acc);
	} else if (!acc->is_write) {
		/* RD_base is mapped; only an unmapped moment lands here. */
		acc->value = acc->size == 8 ? mmio_read64(frame + off) :
			mmio_read32(frame + off);
	}
	return MMIO_HANDLED;
}

int gicr_init(void)
{
	return mmio_register(gic.gicr, gic.gicr_frames * gic.gicr_stride,
			     gicr_access, NULL);
}
