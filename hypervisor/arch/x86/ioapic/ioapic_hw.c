// SPDX-License-Identifier: GPL-2.0
/*
 * The IOAPIC hardware's registers through its MMIO page: the index/data
 * window and the EOI register. Everything above reaches them through
 * ioapic_hw only, so that host tests can put a model there.
 */
#include <asm/ioapic_hw.h>
#include <asm/ioapic_regs.h>

static uint32_t hw_index_read(volatile uint32_t *page, unsigned int index)
{
	page[OFF_REGSEL / 4] = index;
	return page[OFF_WINDOW / 4];
}

static void hw_index_write(volatile uint32_t *page, unsigned int index,
			   uint32_t value)
{
	page[OFF_REGSEL / 4] = index;
	page[OFF_WINDOW / 4] = value;
}

static void hw_eoi(volatile uint32_t *page, uint32_t vector)
{
	page[OFF_EOI / 4] = vector;
}

static const struct ioapic_hw_ops hw_mmio = {
	.read = hw_index_read,
	.write = hw_index_write,
	.eoi = hw_eoi,
};

const struct ioapic_hw_ops *ioapic_hw = &hw_mmio;
