// SPDX-License-Identifier: GPL-2.0
/*
 * The IOAPICs the hypervisor found (ioapic_init fills the table), their
 * register access under remapping, and the rules a redirection entry
 * must pass before it goes live: shared by ioapic.c (the emulated page)
 * and ioapic_cells.c (pins changing owner).
 */
#include <hv/cell.h>
#include <hv/printk.h>
#include <asm/apic_hw.h>
#include <asm/apic_ipi.h>
#include <asm/ioapic_hw.h>
#include <asm/ioapic_regs.h>
#include "ioapic_chips.h"
#include "ioapic_ir.h"

#define FIRST_IRQ_VECTOR	32

DEFINE_SPINLOCK(ioapic_lock);
struct ioapic ioapics[IOAPIC_MAX];
unsigned int num_ioapics;
uint8_t ioapic_regsel[HV_MAX_CPUS][IOAPIC_MAX];

/* Redirection entries are the shadow of ioapic_ir.c while it remaps. */
uint32_t ioapic_reg_read(const struct ioapic *chip, unsigned int index)
{
	if (ioapic_ir_active && index >= REG_REDIR) {
		return ioapic_ir_read((unsigned int)(chip - ioapics),
				      chip->page, index);
	}
	return ioapic_hw->read(chip->page, index);
}

void ioapic_reg_write(const struct ioapic *chip, unsigned int index,
		      uint32_t value)
{
	if (ioapic_ir_active && index >= REG_REDIR) {
		ioapic_ir_write((unsigned int)(chip - ioapics), chip->page,
				index, value);
	} else {
		ioapic_hw->write(chip->page, index, value);
	}
}

struct ioapic *ioapic_find(paddr_t base)
{
	unsigned int n;

	for (n = 0; n < num_ioapics; n++) {
		if (ioapics[n].base == base) {
			return &ioapics[n];
		}
	}
	return NULL;
}

bool ioapic_chip_has_pin(const struct jh_irqchip *ic, unsigned int pin)
{
	uint64_t bit;

	if (pin < ic->pin_base) {
		return false;
	}
	bit = pin - ic->pin_base;
	return bit < CHIP_PIN_BITS &&
		(ic->pin_bitmap[bit / 32] >> (bit % 32)) & 1;
}

/* NULL if the entry may go live for cell, else why not. */
const char *ioapic_entry_refusal(const struct cell *cell, uint32_t low,
				 uint32_t high)
{
	unsigned int mode = REDIR_MODE(low);

	/*
	 * Remappable format (VT-d): the destination is in an entry of the
	 * interrupt remapping table, which is not the hypervisor's. It is
	 * Linux's only where the root cell runs in x2APIC mode and drives
	 * the IOMMU itself (setup.c refuses x2APIC with iommus[]): the root
	 * decides where its pins go, as its devices' DMA could anyway
	 * without an IOMMU of the hypervisor's. Never another cell's.
	 */
	if ((high & REDIR_HI_REMAPPABLE) != 0U) {
		return cell == &root_cell && apic_hw_x2apic() ? NULL :
			"remappable format (the remapping table is the root's)";
	}
	if (mode != MODE_FIXED && mode != MODE_LOWEST && mode != MODE_NMI &&
	    !(mode == MODE_EXTINT && cell == &root_cell)) {
		return "delivery mode not allowed";
	}
	/* 0-31 are exceptions: 16-31 would be delivered as if raised. */
	if ((mode == MODE_FIXED || mode == MODE_LOWEST) &&
	    (low & REDIR_VECTOR) < FIRST_IRQ_VECTOR) {
		return "vector below 32";
	}
	if (!apic_dest_in_cell(cell, REDIR_DEST(high), low & REDIR_LOGICAL)) {
		return "destination outside the cell";
	}
	return NULL;
}

void ioapic_refuse(const struct cell *cell, struct ioapic *chip,
		   unsigned int pin, uint32_t low, uint32_t high,
		   const char *why)
{
	if (ratelimit_ok(&chip->refusals, 8)) {
		printk("cell \"%s\": IOAPIC 0x%llx pin %u: entry with %s destination 0x%x, delivery mode %u refused (%s); pin masked\n",
		       cell->name, (unsigned long long)chip->base, pin,
		       low & REDIR_LOGICAL ? "logical" : "physical",
		       REDIR_DEST(high), REDIR_MODE(low), why);
	}
}

void ioapic_mask_live(const struct ioapic *chip, unsigned int pin,
		      uint32_t low)
{
	if (!(low & REDIR_MASKED)) {
		ioapic_reg_write(chip, REDIR_LOW(pin), low | REDIR_MASKED);
	}
}
