// SPDX-License-Identifier: GPL-2.0
/*
 * IOAPIC pins changing hands: when a cell is created, the pins of its
 * irqchips move from the root cell to it, and back when it goes
 * (ioapic.c describes the ownership rules and the emulated page).
 */
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/printk.h>
#include <asm/ioapic_cells.h>
#include <asm/ioapic_regs.h>
#include "ioapic_chips.h"

/*
 * A pin changing hands is masked and set to edge, which also drops a
 * Remote IRR the old owner left (an IOAPIC keeps none for edge entries),
 * so the new owner finds an idle line. Its other fields stay as they are:
 * the new owner programs the entry anyway.
 */
static void hand_over(struct ioapic *chip, unsigned int pin)
{
	uint32_t low = ioapic_reg_read(chip, REDIR_LOW(pin));

	ioapic_reg_write(chip, REDIR_LOW(pin), (low | REDIR_MASKED) & ~REDIR_LEVEL);
	bitmap_clear(chip->pending, pin);
}

static void reset_regsel(const struct cell *cell)
{
	unsigned int cpu, n;

	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (jh_cpu_in_set(cell->config, cpu)) {
			for (n = 0; n < IOAPIC_MAX; n++) {
				ioapic_regsel[cpu][n] = 0;
			}
		}
	}
}

/*
 * The new cell's CPUs have left the root cell: a live root entry aimed at
 * one of them (checked when it was written) is masked now. Lock held.
 */
static void recheck_root_pins(struct ioapic *chip)
{
	uint32_t low, high;
	unsigned int pin;

	for (pin = 0; pin < chip->pins; pin++) {
		if (chip->owner[pin] != root_cell.id) {
			continue;
		}
		low = ioapic_reg_read(chip, REDIR_LOW(pin));
		if (low & REDIR_MASKED) {
			continue;
		}
		high = ioapic_reg_read(chip, REDIR_HIGH(pin));
		if (!ioapic_entry_refusal(&root_cell, low, high)) {
			continue;
		}
		ioapic_mask_live(chip, pin, low);
		ioapic_refuse(&root_cell, chip, pin, low, high,
		       "a destination CPU left the root cell");
	}
}

void ioapic_cell_assign(struct cell *cell)
{
	const struct jh_irqchip *ic;
	unsigned int n, pin, num;
	struct ioapic *chip;

	if (cell == &root_cell) {
		return;
	}
	ic = jh_cell_irqchips(cell->config);
	num = MIN(cell->config->num_irqchips, JH_MAX_IRQCHIPS);

	spin_lock(&ioapic_lock);
	for (n = 0; n < num; n++) {
		chip = ioapic_find(ic[n].address);
		if (!chip) {
			printk("cell \"%s\": irqchip 0x%llx is no IOAPIC of the root cell; ignored\n",
			       cell->name,
			       (unsigned long long)ic[n].address);
			continue;
		}
		for (pin = 0; pin < chip->pins; pin++) {
			if (!ioapic_chip_has_pin(&ic[n], pin)) {
				continue;
			}
			/* The config checks rule this out. */
			if (chip->owner[pin] != root_cell.id) {
				printk("cell \"%s\": IOAPIC 0x%llx pin %u is not the root cell's; not assigned\n",
				       cell->name,
				       (unsigned long long)chip->base, pin);
				continue;
			}
			hand_over(chip, pin);
			chip->owner[pin] = cell->id;
		}
	}
	for (n = 0; n < num_ioapics; n++) {
		recheck_root_pins(&ioapics[n]);
	}
	reset_regsel(cell);
	spin_unlock(&ioapic_lock);
}

void ioapic_cell_release(struct cell *cell)
{
	unsigned int n, pin;
	struct ioapic *chip;

	if (cell == &root_cell) {
		return;
	}

	spin_lock(&ioapic_lock);
	for (n = 0; n < num_ioapics; n++) {
		chip = &ioapics[n];
		for (pin = 0; pin < chip->pins; pin++) {
			if (chip->owner[pin] != cell->id) {
				continue;
			}
			hand_over(chip, pin);
			chip->owner[pin] = root_cell.id;
		}
	}
	reset_regsel(cell);
	spin_unlock(&ioapic_lock);
}
