// SPDX-License-Identifier: GPL-2.0
/*
 * ARM PL011 UART, transmit only. Linux has set it up already (it shares
 * the UART), so init leaves the configuration alone.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>
#include <asm/processor.h>

#define UARTDR			0x00
#define UARTFR			0x18
#define UARTFR_TXFF		BIT(5)

/* About a millisecond of polling at TCG speed; then drop the byte. */
#define TX_WAIT_LOOPS		100000

static void pl011_init(uint64_t base, uint16_t flags)
{
}

static void pl011_putc(uint64_t base, char c)
{
	unsigned int n;

	for (n = 0; n < TX_WAIT_LOOPS; n++) {
		if (!(mmio_read32(base + UARTFR) & UARTFR_TXFF)) {
			break;
		}
		cpu_relax();
	}
	mmio_write32(base + UARTDR, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_pl011) = {
	.type = JH_CON_PL011,
	.name = "pl011",
	.init = pl011_init,
	.putc = pl011_putc,
};
