// SPDX-License-Identifier: GPL-2.0
/*
 * The IOAPICs, for every vendor backend.
 *
 * No cell maps an IOAPIC page: each access traps and is performed here on
 * the real IOAPIC through the hypervisor's mapping, dword accesses only.
 *
 * - IOREGSEL (0x00) is shadowed per CPU and IOAPIC, so that no cell's
 *   selection disturbs another CPU's; an IOWIN (0x10) access writes select
 *   and window to the hardware as one pair under ioapic_lock.
 * - ID, version and arbitration registers read through; writes reach the
 *   hardware for the root cell only.
 * - Redirection entries (index 0x10 + 2 * pin, high dword + 1): a pin the
 *   cell does not own reads as masked (low 0x00010000, high 0) and ignores
 *   writes. An owned pin's entry reaches the hardware only while it is
 *   masked, or if it names a destination that apic_dest_in_cell() puts
 *   inside the writing cell and a delivery mode that stays under the
 *   hypervisor's control: fixed, lowest priority, NMI, and ExtINT for the
 *   root cell (which owns the 8259). Never SMI or INIT: those bypass the
 *   hypervisor; never a fixed or lowest-priority vector below 32 (an
 *   exception vector). Logical destinations are resolved against the
 *   LDRs the APICs really have, and a non-root cell's CPUs keep LDR 0
 *   (apic.c), so non-root cells route in physical mode only. The two halves are written one at a time, so a high
 *   dword written while the entry is live is checked against the live low
 *   dword; if refused, it is kept as pending and checked again when an
 *   unmasked low dword comes (Linux writes high, then low). A refused
 *   write leaves the entry masked and prints one line (rate-limited per
 *   IOAPIC) naming cell, pin and destination. Reads show the hardware.
 *   When CPUs leave the root cell for a new one, live root entries that
 *   now reach them are masked the same way.
 * - EOI register (0x40; IOAPIC version 0x20 and later): clears Remote IRR
 *   of every entry with the written vector, and Linux may use it for
 *   level-triggered lines. It is passed on only if a pin the writer owns
 *   has that vector, so no cell EOIs vectors it has no line for. An entry
 *   of another cell with the same vector is cleared too, as the local
 *   APICs' EOI broadcast does anyway.
 * - Anything else in the page reads 0 and ignores writes.
 *
 * Ownership per pin: the root cell owns the pins its irqchips list (a pin
 * none lists is nobody's); a new cell takes from the root cell the pins
 * of its irqchips with the same IOAPIC address (pin = pin_base + bit) and
 * gives them back when it goes. Every loop over pins is bounded by the
 * IOAPIC's pin count, at most IOAPIC_MAX_PINS.
 */
#include <jailhouse/hypercall.h>
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/ioapic.h>
#include <asm/ioapic_regs.h>
#include "ioapic_chips.h"
#include "ioapic_ir.h"

bool ioapic_cell_owns(const struct cell *cell, paddr_t base,
		      unsigned int pin)
{
	const struct ioapic *chip = ioapic_find(base);

	return chip && pin < chip->pins && chip->owner[pin] == cell->id;
}

static void write_high(const struct cell *cell, struct ioapic *chip,
		       unsigned int pin, uint32_t value)
{
	uint32_t low = ioapic_reg_read(chip, REDIR_LOW(pin));
	const char *why = NULL;

	if (!(low & REDIR_MASKED)) {
		why = ioapic_entry_refusal(cell, low, value);
	}
	if (!why) {
		ioapic_reg_write(chip, REDIR_HIGH(pin), value);
		bitmap_clear(chip->pending, pin);
		return;
	}
	chip->pending_high[pin] = value;
	bitmap_set(chip->pending, pin);
	ioapic_mask_live(chip, pin, low);
	ioapic_refuse(cell, chip, pin, low, value, why);
}

static void write_low(const struct cell *cell, struct ioapic *chip,
		      unsigned int pin, uint32_t value)
{
	uint32_t low = ioapic_reg_read(chip, REDIR_LOW(pin));
	bool pending = bitmap_test(chip->pending, pin);
	uint32_t high;
	const char *why;

	if (value & REDIR_MASKED) {
		/* Masked: anything goes; a pending high dword can land. */
		ioapic_reg_write(chip, REDIR_LOW(pin), value);
		if (pending) {
			ioapic_reg_write(chip, REDIR_HIGH(pin),
				  chip->pending_high[pin]);
			bitmap_clear(chip->pending, pin);
		}
		return;
	}

	high = pending ? chip->pending_high[pin] :
		ioapic_reg_read(chip, REDIR_HIGH(pin));
	why = ioapic_entry_refusal(cell, value, high);
	if (why != NULL) {
		ioapic_mask_live(chip, pin, low);
		ioapic_refuse(cell, chip, pin, value, high, why);
		return;
	}
	if (pending) {
		/* Never live with the old low dword and the new high one. */
		ioapic_mask_live(chip, pin, low);
		ioapic_reg_write(chip, REDIR_HIGH(pin), high);
		bitmap_clear(chip->pending, pin);
	}
	ioapic_reg_write(chip, REDIR_LOW(pin), value);
}

/* Lock held. Indices beyond the pins, and reserved ones, read 0. */
static uint32_t window_read(const struct cell *cell, struct ioapic *chip,
			    unsigned int index)
{
	unsigned int pin;

	if (index <= REG_ARB) {
		return ioapic_reg_read(chip, index);
	}
	if (index < REG_REDIR || index > REDIR_HIGH(chip->pins - 1)) {
		return 0;
	}
	pin = (index - REG_REDIR) / 2;
	if (chip->owner[pin] != cell->id) {
		return index & 1 ? 0 : REDIR_MASKED;
	}
	return ioapic_reg_read(chip, index);
}

static void window_write(const struct cell *cell, struct ioapic *chip,
			 unsigned int index, uint32_t value)
{
	unsigned int pin;

	if (index <= REG_ARB) {
		if (cell == &root_cell) {
			ioapic_reg_write(chip, index, value);
		}
		return;
	}
	if (index < REG_REDIR || index > REDIR_HIGH(chip->pins - 1)) {
		return;
	}
	pin = (index - REG_REDIR) / 2;
	if (chip->owner[pin] != cell->id) {
		return;
	}
	if (index & 1) {
		write_high(cell, chip, pin, value);
	} else {
		write_low(cell, chip, pin, value);
	}
}

/* The vector the hardware entry of pin holds for the owner's vector. */
static uint32_t hw_vector(const struct ioapic *chip, unsigned int pin,
			  uint32_t vector)
{
	if (!ioapic_ir_active) {
		return vector;
	}
	return ioapic_hw->read(chip->page, REDIR_LOW(pin)) & REDIR_VECTOR;
}

static void eoi_write(const struct cell *cell, struct ioapic *chip,
		      uint32_t value)
{
	uint32_t vector = value & REDIR_VECTOR;
	unsigned int pin;

	for (pin = 0; pin < chip->pins; pin++) {
		if (chip->owner[pin] == cell->id &&
		    (ioapic_reg_read(chip, REDIR_LOW(pin)) & REDIR_VECTOR) == vector) {
			ioapic_hw->eoi(chip->page, hw_vector(chip, pin, vector));
			return;
		}
	}
}

void ioapic_ir_start(void)
{
	unsigned int n, pin;

	for (n = 0; n < num_ioapics; n++) {
		ioapic_ir_report_source(n, ioapics[n].base);
	}
	spin_lock(&ioapic_lock);
	for (n = 0; n < num_ioapics; n++) {
		for (pin = 0; pin < ioapics[n].pins; pin++) {
			ioapic_ir_adopt(n, ioapics[n].page, pin);
		}
	}
	ioapic_ir_active = true;
	spin_unlock(&ioapic_lock);
}

void ioapic_ir_stop(void)
{
	unsigned int n, pin;

	spin_lock(&ioapic_lock);
	for (n = 0; ioapic_ir_active && n < num_ioapics; n++) {
		for (pin = 0; pin < ioapics[n].pins; pin++) {
			ioapic_ir_restore(n, ioapics[n].page, pin);
		}
	}
	ioapic_ir_active = false;
	spin_unlock(&ioapic_lock);
}

void ioapic_lapic_eoi(const struct cell *cell, unsigned int vector)
{
	unsigned int n, pin;

	spin_lock(&ioapic_lock);
	for (n = 0; ioapic_ir_active && n < num_ioapics; n++) {
		for (pin = 0; pin < ioapics[n].pins; pin++) {
			if (ioapics[n].owner[pin] == cell->id &&
			    ioapic_ir_eoi_pin(n, pin, vector)) {
				ioapic_hw->eoi(ioapics[n].page,
					       hw_vector(&ioapics[n], pin,
							 vector));
			}
		}
	}
	spin_unlock(&ioapic_lock);
}

static enum mmio_result ioapic_access(struct per_cpu *pcpu, void *arg,
				      struct mmio_access *acc)
{
	struct ioapic *chip = arg;
	uint8_t *sel = &ioapic_regsel[pcpu->cpu_id][chip - ioapics];
	const struct cell *cell = pcpu->cell;

	if (acc->size != 4 || (acc->offset & 3)) {
		return MMIO_ERROR;
	}

	switch (acc->offset) {
	case OFF_REGSEL:
		if (acc->is_write) {
			*sel = (uint8_t)acc->value;
		} else {
			acc->value = *sel;
		}
		break;
	case OFF_WINDOW:
		spin_lock(&ioapic_lock);
		if (acc->is_write) {
			window_write(cell, chip, *sel, (uint32_t)acc->value);
		} else {
			acc->value = window_read(cell, chip, *sel);
		}
		spin_unlock(&ioapic_lock);
		break;
	case OFF_EOI:
		if (acc->is_write) {
			spin_lock(&ioapic_lock);
			eoi_write(cell, chip, (uint32_t)acc->value);
			spin_unlock(&ioapic_lock);
		} else {
			acc->value = 0;
		}
		break;
	default:
		if (!acc->is_write) {
			acc->value = 0;
		}
		break;
	}
	return MMIO_HANDLED;
}

static struct ioapic *add_ioapic(paddr_t base)
{
	struct ioapic *chip;
	uint32_t version;
	unsigned int pin;

	if (num_ioapics >= IOAPIC_MAX) {
		hv_error("more than %u IOAPICs in the root cell's irqchips",
			 IOAPIC_MAX);
		return NULL;
	}
	if (base % IOAPIC_PAGE) {
		hv_error("IOAPIC address 0x%llx is not 4 KiB aligned",
			 (unsigned long long)base);
		return NULL;
	}
	chip = &ioapics[num_ioapics];
	chip->base = base;
	chip->page = hv_map_device(base, IOAPIC_PAGE);
	if (!chip->page) {
		hv_error("cannot map the IOAPIC at 0x%llx",
			 (unsigned long long)base);
		return NULL;
	}
	version = ioapic_reg_read(chip, REG_VERSION);
	if (version == 0xffffffffU) {
		hv_error("no IOAPIC answers at 0x%llx",
			 (unsigned long long)base);
		return NULL;
	}
	chip->pins = VERSION_MAX_ENTRY(version) + 1;
	if (chip->pins > IOAPIC_MAX_PINS) {
		printk("IOAPIC 0x%llx: %u pins, only the first %u are reachable\n",
		       (unsigned long long)base, chip->pins, IOAPIC_MAX_PINS);
		chip->pins = IOAPIC_MAX_PINS;
	}
	for (pin = 0; pin < chip->pins; pin++) {
		chip->owner[pin] = NO_OWNER;
	}
	if (mmio_register(base, IOAPIC_PAGE, ioapic_access, chip) != 0) {
		hv_error("no MMIO handler slot left for the IOAPIC at 0x%llx",
			 (unsigned long long)base);
		return NULL;
	}
	num_ioapics++;
	printk("  IOAPIC 0x%llx: %u pins\n", (unsigned long long)base,
	       chip->pins);
	return chip;
}

int ioapic_init(void)
{
	const struct jh_cell_desc *root = &hv.sysconfig->root_cell;
	const struct jh_irqchip *ic = jh_cell_irqchips(root);
	unsigned int n, pin, num = MIN(root->num_irqchips, JH_MAX_IRQCHIPS);
	struct ioapic *chip;

	ioapic_ir_forget_sources();
	for (n = 0; n < num; n++) {
		chip = ioapic_find(ic[n].address);
		if (!chip) {
			chip = add_ioapic(ic[n].address);
		}
		if (!chip) {
			return -JH_EINVAL;
		}
		ioapic_ir_set_source((unsigned int)(chip - ioapics), ic[n].id);
		for (pin = 0; pin < chip->pins; pin++) {
			if (ioapic_chip_has_pin(&ic[n], pin)) {
				chip->owner[pin] = root_cell.id;
			}
		}
	}
	return 0;
}

bool ioapic_owned_entry(const struct cell *cell, unsigned int pin,
			uint32_t *low, uint32_t *high)
{
	const struct ioapic *chip = &ioapics[0];
	bool owned;

	spin_lock(&ioapic_lock);
	owned = num_ioapics != 0U && pin < chip->pins &&
		chip->owner[pin] == cell->id;
	if (owned) {
		/* With remapping on, what the owner wrote (the shadow). */
		*low = ioapic_reg_read(chip, REDIR_LOW(pin));
		*high = ioapic_reg_read(chip, REDIR_HIGH(pin));
	}
	spin_unlock(&ioapic_lock);
	return owned;
}
