// SPDX-License-Identifier: GPL-2.0
/*
 * The UART of NXP i.MX 6/7/8M SoCs ("fsl,imx6q-uart", "fsl,imx21-uart"
 * and the per-SoC names before them), transmit only. Offsets and bits from
 * the i.MX 8M reference manuals' UART chapter: UTXD takes the byte, UTS
 * says whether the transmit FIFO is full. Linux set the line up already
 * (it shares the UART), so init keeps the settings.
 */
#include <jailhouse/config.h>
#include <hv/uart.h>
#include <asm/io.h>

#define IMX_UTXD		0x40
#define IMX_UTS			0xb4
#define IMX_UTS_TXFULL		BIT(4)

static void imx_init(uint64_t base, uint16_t flags)
{
	(void)base;
	(void)flags;
}

static bool imx_tx_ready(uint64_t base)
{
	return (mmio_read32(base + IMX_UTS) & IMX_UTS_TXFULL) == 0U;
}

static void imx_tx_write(uint64_t base, char c)
{
	mmio_write32(base + IMX_UTXD, (uint8_t)c);
}

DEFINE_UART_DRIVER(uart_imx) = {
	.type = JH_CON_IMX,
	.name = "imx",
	.init = imx_init,
	.tx_ready = imx_tx_ready,
	.tx_write = imx_tx_write,
};
