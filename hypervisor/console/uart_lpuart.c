// SPDX-License-Identifier: GPL-2.0
/*
 * The low-power UART of NXP i.MX 7ULP/8/8X/9 ("fsl,imx7ulp-lpuart",
 * "fsl,imx8qxp-lpuart" and the SoC names before them), transmit only:
 * 32-bit little-endian registers behind the version, parameter, global
 * and pin-configuration words, so STAT is at 0x14 and DATA at 0x1c (the
 * SoCs' reference manuals, LPUART chapter). Linux set the line up already
 * (it shares the UART), so init keeps the settings.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define LPUART_STAT		0x14
#define LPUART_STAT_TDRE	BIT(23)	/* transmit data register empty */
#define LPUART_DATA		0x1c

static void lpuart_init(uint64_t base, uint16_t flags)
{
	(void)base;
	(void)flags;
}

static bool lpuart_tx_ready(uint64_t base)
{
	return (mmio_read32(base + LPUART_STAT) & LPUART_STAT_TDRE) != 0U;
}

static void lpuart_tx_write(uint64_t base, char c)
{
	mmio_write32(base + LPUART_DATA, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_lpuart) = {
	.type = JH_CON_LPUART,
	.name = "lpuart",
	.init = lpuart_init,
	.tx_ready = lpuart_tx_ready,
	.tx_write = lpuart_tx_write,
};
