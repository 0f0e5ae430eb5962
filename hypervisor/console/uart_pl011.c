// SPDX-License-Identifier: GPL-2.0
/*
 * ARM PL011 UART, transmit only. Linux has set it up already (it shares
 * the UART), so init leaves the configuration alone.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define UARTDR			0x00
#define UARTFR			0x18
#define UARTFR_TXFF		BIT(5)

static void pl011_init(uint64_t base, uint16_t flags)
{
}

static bool pl011_tx_ready(uint64_t base)
{
	return (mmio_read32(base + UARTFR) & UARTFR_TXFF) == 0U;
}

static void pl011_tx_write(uint64_t base, char c)
{
	mmio_write32(base + UARTDR, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_pl011) = {
	.type = JH_CON_PL011,
	.name = "pl011",
	.init = pl011_init,
	.tx_ready = pl011_tx_ready,
	.tx_write = pl011_tx_write,
};
