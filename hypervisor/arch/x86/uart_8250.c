// SPDX-License-Identifier: GPL-2.0
/*
 * 16550 UART in x86 I/O space, transmit only. Linux set it up already
 * (it shares COM1), so init leaves the line settings alone.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>
#include <asm/processor.h>

#define UART_THR		0
#define UART_LSR		5
#define UART_LSR_THRE		0x20

/* Bounded wait for the transmitter; then the byte is dropped. */
#define TX_WAIT_LOOPS		100000

static void uart_8250_pio_init(uint64_t base, uint16_t flags)
{
}

static void uart_8250_pio_putc(uint64_t base, char c)
{
	unsigned int n;

	for (n = 0; n < TX_WAIT_LOOPS; n++) {
		if (inb(base + UART_LSR) & UART_LSR_THRE) {
			break;
		}
		cpu_relax();
	}
	outb(base + UART_THR, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_8250_pio) = {
	.type = JH_CON_8250_PIO,
	.name = "8250-pio",
	.init = uart_8250_pio_init,
	.putc = uart_8250_pio_putc,
};
