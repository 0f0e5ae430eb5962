/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * 16550 registers in MMIO, placed as the console flags say (include/
 * jailhouse/config.h): register n at n << JH_CON_REG_SHIFT_OF(flags),
 * 32-bit accesses with JH_CON_IO32, else 8-bit ones.
 */
#include <inmate.h>
#include <arch-mmio.h>

static unsigned long uart_base;
static unsigned int uart_shift;
static bool uart_io32;

void uart8250_mmio_setup(unsigned long base, uint16_t flags)
{
	uart_base = base;
	uart_shift = JH_CON_REG_SHIFT_OF(flags);
	uart_io32 = (flags & JH_CON_IO32) != 0;
}

uint8_t uart8250_mmio_read(unsigned int reg)
{
	unsigned long addr = uart_base + ((unsigned long)reg << uart_shift);

	return uart_io32 ? (uint8_t)mmio_read32(addr) : mmio_read8(addr);
}

void uart8250_mmio_write(unsigned int reg, uint8_t value)
{
	unsigned long addr = uart_base + ((unsigned long)reg << uart_shift);

	if (uart_io32)
		mmio_write32(addr, value);
	else
		mmio_write8(addr, value);
}
