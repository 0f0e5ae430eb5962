// SPDX-License-Identifier: GPL-2.0
/*
 * 16550 UART in MMIO, transmit only, on either arch. Register n sits at
 * n << shift (the device tree's reg-shift, in the console flags) and
 * takes 8-bit accesses, or 32-bit ones with JH_CON_IO32 (reg-io-width 4,
 * as DesignWare UARTs on some SoCs want). Linux set the line up already
 * (it shares the UART), so init keeps the settings.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define UART_THR		0
#define UART_LSR		5
#define UART_LSR_THRE		0x20

static unsigned int uart8250_shift;
static bool uart8250_io32;

static uint8_t uart8250_read(uint64_t base, unsigned int reg)
{
	uint64_t addr = base + ((uint64_t)reg << uart8250_shift);

	return uart8250_io32 ? (uint8_t)mmio_read32(addr) : mmio_read8(addr);
}

static void uart8250_write(uint64_t base, unsigned int reg, uint8_t val)
{
	uint64_t addr = base + ((uint64_t)reg << uart8250_shift);

	if (uart8250_io32) {
		mmio_write32(addr, val);
	} else {
		mmio_write8(addr, val);
	}
}

static void uart_8250_mmio_init(uint64_t base, uint16_t flags)
{
	(void)base;
	uart8250_shift = JH_CON_REG_SHIFT_OF(flags);
	uart8250_io32 = (flags & JH_CON_IO32) != 0U;
}

static bool uart_8250_mmio_tx_ready(uint64_t base)
{
	return (uart8250_read(base, UART_LSR) & UART_LSR_THRE) != 0U;
}

static void uart_8250_mmio_tx_write(uint64_t base, char c)
{
	uart8250_write(base, UART_THR, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_8250_mmio) = {
	.type = JH_CON_8250_MMIO,
	.name = "8250-mmio",
	.init = uart_8250_mmio_init,
	.tx_ready = uart_8250_mmio_tx_ready,
	.tx_write = uart_8250_mmio_tx_write,
};
