// SPDX-License-Identifier: GPL-2.0
/*
 * 16550 UART in x86 I/O space, transmit only. Linux set it up already
 * (it shares COM1), so init leaves the line settings alone.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define UART_THR		0
#define UART_LSR		5
#define UART_LSR_THRE		0x20

static void uart_8250_pio_init(uint64_t base, uint16_t flags)
{
}

static bool uart_8250_pio_tx_ready(uint64_t base)
{
	return (inb(base + UART_LSR) & UART_LSR_THRE) != 0U;
}

static void uart_8250_pio_tx_write(uint64_t base, char c)
{
	outb(base + UART_THR, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_8250_pio) = {
	.type = JH_CON_8250_PIO,
	.name = "8250-pio",
	.init = uart_8250_pio_init,
	.tx_ready = uart_8250_pio_tx_ready,
	.tx_write = uart_8250_pio_tx_write,
};
