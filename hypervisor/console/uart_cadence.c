// SPDX-License-Identifier: GPL-2.0
/*
 * Cadence UART (Xilinx Zynq and ZynqMP: "cdns,uart-r1p12",
 * "xlnx,xuartps"), transmit only. Register offsets and bits from the
 * Zynq UltraScale+ register reference (UG1087, UART module). Linux set
 * the line up already (it shares the UART), so init keeps the settings.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define CDNS_CHANNEL_STS	0x2c
#define CDNS_STS_TFUL		BIT(4)	/* transmit FIFO full */
#define CDNS_TX_RX_FIFO		0x30

static void cadence_init(uint64_t base, uint16_t flags)
{
	(void)base;
	(void)flags;
}

static bool cadence_tx_ready(uint64_t base)
{
	return (mmio_read32(base + CDNS_CHANNEL_STS) & CDNS_STS_TFUL) == 0U;
}

static void cadence_tx_write(uint64_t base, char c)
{
	mmio_write32(base + CDNS_TX_RX_FIFO, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_cadence) = {
	.type = JH_CON_CADENCE,
	.name = "cadence",
	.init = cadence_init,
	.tx_ready = cadence_tx_ready,
	.tx_write = cadence_tx_write,
};
