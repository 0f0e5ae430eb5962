/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IOAPICs' table and the helpers of ioapic_chips.c, for ioapic.c
 * (the emulated page) and ioapic_cells.c (pins changing owner).
 * Everything that touches a chip's entries or owners wants ioapic_lock
 * held.
 */
#ifndef IOAPIC_IOAPIC_CHIPS_H
#define IOAPIC_IOAPIC_CHIPS_H

#include <jailhouse/config.h>
#include <hv/bitmap.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <hv/types.h>
#include <asm/ioapic_hw.h>
#include <asm/ioapic_regs.h>

struct cell;

#define NO_OWNER		0xff
#define CHIP_PIN_BITS		(JH_IRQCHIP_PIN_WORDS * 32)

JH_STATIC_ASSERT(REDIR_HIGH(IOAPIC_MAX_PINS - 1) <= 0xff,
		 "IOREGSEL is 8 bits");
JH_STATIC_ASSERT(IOAPIC_MAX_PINS <= CHIP_PIN_BITS,
		 "an irqchip's bitmap covers every pin");
JH_STATIC_ASSERT(HV_MAX_CELLS < NO_OWNER, "cell ids fit an owner byte");

struct ioapic {
	paddr_t base;
	volatile uint32_t *page;
	unsigned int pins;
	uint8_t owner[IOAPIC_MAX_PINS];		/* cell id or NO_OWNER */
	/* High dwords written while the entry was live, not yet applied. */
	uint32_t pending_high[IOAPIC_MAX_PINS];
	uint64_t pending[BITMAP_WORDS(IOAPIC_MAX_PINS)];
	struct ratelimit refusals;
};

extern spinlock_t ioapic_lock;
extern struct ioapic ioapics[IOAPIC_MAX];
extern unsigned int num_ioapics;
/* IOREGSEL as each CPU last wrote it, per IOAPIC. */
extern uint8_t ioapic_regsel[HV_MAX_CPUS][IOAPIC_MAX];

/* Register index access, through the remapping shadow while it is on. */
uint32_t ioapic_reg_read(const struct ioapic *chip, unsigned int index);
void ioapic_reg_write(const struct ioapic *chip, unsigned int index,
		      uint32_t value);
struct ioapic *ioapic_find(paddr_t base);
bool ioapic_chip_has_pin(const struct jh_irqchip *ic, unsigned int pin);
/* NULL if the entry may go live for cell, else why not. */
const char *ioapic_entry_refusal(const struct cell *cell, uint32_t low,
				 uint32_t high);
/* The rate-limited line for a refused entry. */
void ioapic_refuse(const struct cell *cell, struct ioapic *chip,
		   unsigned int pin, uint32_t low, uint32_t high,
		   const char *why);
void ioapic_mask_live(const struct ioapic *chip, unsigned int pin,
		      uint32_t low);

#endif /* IOAPIC_IOAPIC_CHIPS_H */
