// SPDX-License-Identifier: GPL-2.0
/*
 * IOAPIC redirection entries through the IOMMU's interrupt remapping
 * (ioapic_ir.h).
 *
 * Once an IOMMU driver that remaps per entry calls ioapic_ir_start(),
 * the redirection entries ioapic.c reads and writes are a shadow: what
 * the pin's owner wrote and reads back (with the hardware's delivery
 * status and Remote IRR). ioapic.c's checks run on the shadow as before;
 * the hardware holds the unit's form of each entry: for a fixed or
 * lowest-priority entry that is unmasked, iommu_ioapic_remap() programs
 * the unit's entry for the pin (IOAPIC number * IOMMU_IOAPIC_PINS + pin)
 * and returns the routing bits the IOAPIC must send instead; mask,
 * trigger mode and polarity are the owner's. A masked entry keeps the
 * unit's form with the mask set. NMI and ExtINT entries (ioapic.c lets
 * the root cell have ExtINT, every owner NMI) go to the hardware as
 * written: the unit decides whether such a message passes (AMD-Vi: the
 * device table entry's NMIPass and EIntPass).
 *
 * End of interrupt. The local APICs broadcast the vector they retire,
 * and an IOAPIC clears Remote IRR of the level-triggered entries with
 * that vector. If the hardware entry's vector is the unit's index, not
 * the owner's vector (AMD-Vi), that broadcast misses: apic.c tells
 * ioapic_ir_lapic_eoi() which vector a CPU retired, and the IOAPIC's EOI
 * register gets the hardware vector of each such level entry of the
 * CPU's cell. An IOAPIC without EOI register (version below 0x20) is not
 * handled.
 *
 * ioapic_ir_stop() writes the shadow back into the hardware.
 *
 * Source IDs. The IOMMU drivers bind the units' IOAPIC entries to the
 * IOAPIC's requester ID when the root cell's irqchip gives it
 * (JH_IOAPIC_SID), so that no other device can replay a pin's message
 * by a DMA write into the interrupt range.
 */
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/ioapic_hw.h>
#include <asm/ioapic_regs.h>
#include "ioapic_ir.h"

/* Bits of the hardware entry that stay the owner's. */
#define OWNER_BITS		(REDIR_POLARITY | REDIR_LEVEL | REDIR_MASKED)
#define STATUS_BITS		(REDIR_DELIVS | REDIR_RIRR)

#define MSI_ADDR_BASE		0xfee00000ULL
#define MSI_ADDR_LOGICAL	(1ULL << 2)

JH_STATIC_ASSERT(IOAPIC_MAX_PINS <= IOMMU_IOAPIC_PINS,
		 "every pin has an index");

struct ir_chip {
	uint32_t low[IOAPIC_MAX_PINS];
	uint32_t high[IOAPIC_MAX_PINS];
	/* Level entries whose hardware vector is not the owner's. */
	uint64_t eoi[BITMAP_WORDS(IOAPIC_MAX_PINS)];
};

bool ioapic_ir_active;
static struct ir_chip chips[IOAPIC_MAX];
/* Per IOAPIC: the root irqchip's id (JH_IOAPIC_SID or 0); how many. */
static uint32_t sources[IOAPIC_MAX];
static unsigned int num_sources;
static unsigned int num_eoi;	/* entries set in any eoi bitmap */
static struct ratelimit refusals;

static void set_eoi(struct ir_chip *c, unsigned int pin, bool on)
{
	if (on == bitmap_test(c->eoi, pin)) {
		return;
	}
	if (on) {
		bitmap_set(c->eoi, pin);
		num_eoi++;
	} else {
		bitmap_clear(c->eoi, pin);
		num_eoi--;
	}
}

/* The owner's entry (shadow) as a message. */
static struct iommu_msi_msg entry_msg(uint32_t low, uint32_t high)
{
	return (struct iommu_msi_msg){
		.address = MSI_ADDR_BASE |
			(uint64_t)REDIR_DEST(high) << 12 |
			((low & REDIR_LOGICAL) ? MSI_ADDR_LOGICAL : 0),
		.data = low & (REDIR_VECTOR | 7U << 8 | REDIR_LEVEL),
	};
}

/* The hardware entry for the shadow of pin; lock held by ioapic.c. */
static void sync(unsigned int chip, volatile uint32_t *page, unsigned int pin)
{
	struct ir_chip *c = &chips[chip];
	uint32_t low = c->low[pin], high = c->high[pin], hw;
	unsigned int mode = REDIR_MODE(low);
	struct iommu_msi_msg msg;
	uint64_t rte;
	int err;

	if (low & REDIR_MASKED) {
		/* The unit's routing stays; trigger mode etc. follow. */
		hw = ioapic_hw->read(page, REG_REDIR + 2 * pin);
		ioapic_hw->write(page, REG_REDIR + 2 * pin,
				 (hw & ~(OWNER_BITS | STATUS_BITS)) |
				 (low & OWNER_BITS));
		return;
	}
	if (mode != MODE_FIXED && mode != MODE_LOWEST) {
		set_eoi(c, pin, false);
		ioapic_hw->write(page, REG_REDIR + 2 * pin + 1, high);
		ioapic_hw->write(page, REG_REDIR + 2 * pin, low);
		return;
	}
	msg = entry_msg(low, high);
	err = iommu_ioapic_remap(chip * IOMMU_IOAPIC_PINS + pin, &msg, &rte);
	if (err != 0) {
		hw = ioapic_hw->read(page, REG_REDIR + 2 * pin);
		ioapic_hw->write(page, REG_REDIR + 2 * pin, hw | REDIR_MASKED);
		if (ratelimit_ok(&refusals, 8)) {
			printk("IOAPIC %u pin %u: the IOMMU cannot remap vector 0x%x (error %d); pin masked\n",
			       chip, pin, low & REDIR_VECTOR, err);
		}
		return;
	}
	set_eoi(c, pin, (low & REDIR_LEVEL) &&
		((uint32_t)rte & REDIR_VECTOR) != (low & REDIR_VECTOR));
	ioapic_hw->write(page, REG_REDIR + 2 * pin + 1, (uint32_t)(rte >> 32));
	ioapic_hw->write(page, REG_REDIR + 2 * pin,
			 ((uint32_t)rte & ~(OWNER_BITS | STATUS_BITS)) |
			 (low & OWNER_BITS));
}

uint32_t ioapic_ir_read(unsigned int chip, volatile uint32_t *page,
			unsigned int index)
{
	unsigned int pin = (index - REG_REDIR) / 2;

	if (index & 1) {
		return chips[chip].high[pin];
	}
	return (chips[chip].low[pin] & ~STATUS_BITS) |
		(ioapic_hw->read(page, index) & STATUS_BITS);
}

void ioapic_ir_write(unsigned int chip, volatile uint32_t *page,
		     unsigned int index, uint32_t value)
{
	unsigned int pin = (index - REG_REDIR) / 2;

	if (index & 1) {
		chips[chip].high[pin] = value;
	} else {
		chips[chip].low[pin] = value & ~STATUS_BITS;
	}
	sync(chip, page, pin);
}

void ioapic_ir_adopt(unsigned int chip, volatile uint32_t *page,
		     unsigned int pin)
{
	struct ir_chip *c = &chips[chip];

	c->high[pin] = ioapic_hw->read(page, REG_REDIR + 2 * pin + 1);
	c->low[pin] = ioapic_hw->read(page, REG_REDIR + 2 * pin) &
		~STATUS_BITS;
	set_eoi(c, pin, false);
	sync(chip, page, pin);
}

void ioapic_ir_restore(unsigned int chip, volatile uint32_t *page,
		       unsigned int pin)
{
	struct ir_chip *c = &chips[chip];
	uint32_t hw = ioapic_hw->read(page, REG_REDIR + 2 * pin);

	/* Never live with the unit's routing and the owner's destination. */
	ioapic_hw->write(page, REG_REDIR + 2 * pin, hw | REDIR_MASKED);
	ioapic_hw->write(page, REG_REDIR + 2 * pin + 1, c->high[pin]);
	ioapic_hw->write(page, REG_REDIR + 2 * pin, c->low[pin]);
	set_eoi(c, pin, false);
}

bool ioapic_ir_eoi_wanted(void)
{
	return ioapic_ir_active && num_eoi;
}

bool ioapic_ir_eoi_pin(unsigned int chip, unsigned int pin,
		       unsigned int vector)
{
	const struct ir_chip *c = &chips[chip];

	return bitmap_test(c->eoi, pin) &&
		(c->low[pin] & REDIR_VECTOR) == vector;
}

void ioapic_ir_forget_sources(void)
{
	unsigned int n;

	for (n = 0; n < IOAPIC_MAX; n++) {
		sources[n] = 0;
	}
	num_sources = 0;
}

void ioapic_ir_set_source(unsigned int chip, uint32_t config_id)
{
	if (chip >= IOAPIC_MAX) {
		return;
	}
	if ((config_id & JH_IOAPIC_SID_VALID) != 0U) {
		sources[chip] = config_id;
	}
	if (chip >= num_sources) {
		num_sources = chip + 1;
	}
}

int ioapic_source_id(unsigned int chip)
{
	if (chip >= num_sources || !(sources[chip] & JH_IOAPIC_SID_VALID)) {
		return -1;
	}
	return (int)(sources[chip] & 0xffffU);
}

bool ioapic_sources_known(void)
{
	unsigned int n;

	for (n = 0; n < num_sources; n++) {
		if (ioapic_source_id(n) < 0) {
			return false;
		}
	}
	return num_sources > 0;
}

bool ioapic_is_source(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < num_sources; n++) {
		if (ioapic_source_id(n) == (int)bdf) {
			return true;
		}
	}
	return false;
}

void ioapic_ir_report_source(unsigned int chip, paddr_t base)
{
	int sid = ioapic_source_id(chip);

	if (sid >= 0) {
		printk("  IOAPIC 0x%llx: remapped entries accept requester %02x:%02x.%x only\n",
		       (unsigned long long)base, (unsigned int)sid >> 8,
		       ((unsigned int)sid >> 3) & 0x1f, (unsigned int)sid & 7);
	} else {
		printk("  IOAPIC 0x%llx: requester ID unknown (root irqchip id 0): any device can replay its remapped entries\n",
		       (unsigned long long)base);
	}
}
