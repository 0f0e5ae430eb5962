// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the console drivers for UARTs with one transmit status bit
 * (hypervisor/console/uart_cadence.c, uart_imx.c: "FIFO full"; uart_lpuart.c:
 * "data register empty") on a
 * register file in memory: the byte lands in the data register, a full
 * FIFO is waited for a bounded time and the byte is written anyway
 * (real hardware drops it) instead of hanging the hypervisor. The
 * drivers are included, not linked, to reach their static entries.
 */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <string.h>

#include "../../hypervisor/console/uart_cadence.c"
#include "../../hypervisor/console/uart_imx.c"
#include "../../hypervisor/console/uart_lpuart.c"

static uint32_t regs[64] __attribute__((aligned(8)));

static uint64_t base(void)
{
	return (uint64_t)(uintptr_t)regs;
}

/* Where each driver's registers are, from the manuals it cites. */
static const struct fifo_uart {
	const struct uart_driver *drv;
	uint16_t type;
	const char *name;
	unsigned int status;
	uint32_t busy;		/* status value: no room */
	uint32_t ready;		/* status value: room for a byte */
	unsigned int data;
} uarts[] = {
	{ &uart_cadence, JH_CON_CADENCE, "cadence", 0x2c, 0x10, 0, 0x30 },
	{ &uart_imx, JH_CON_IMX, "imx", 0xb4, 0x10, 0, 0x40 },
	{ &uart_lpuart, JH_CON_LPUART, "lpuart", 0x14, 0, 0x800000, 0x1c },
};

TEST(uart_fifo_data_register)
{
	unsigned int i;

	for (i = 0; i < sizeof(uarts) / sizeof(uarts[0]); i++) {
		memset(regs, 0, sizeof(regs));
		regs[uarts[i].status / 4] = uarts[i].ready;
		uarts[i].drv->init(base(), 0);
		CHECK(uarts[i].drv->tx_ready(base()));
		uart_putc(uarts[i].drv, base(), 'Z');
		CHECK_EQ(regs[uarts[i].data / 4], 'Z');
		CHECK_EQ(regs[uarts[i].status / 4], uarts[i].ready);
	}
}

TEST(uart_fifo_full_is_bounded)
{
	unsigned int i;

	for (i = 0; i < sizeof(uarts) / sizeof(uarts[0]); i++) {
		memset(regs, 0, sizeof(regs));
		regs[uarts[i].status / 4] = uarts[i].busy;
		CHECK(!uarts[i].drv->tx_ready(base()));
		/* Returns after UART_TX_WAIT_LOOPS polls, byte written. */
		uart_putc(uarts[i].drv, base(), 'Q');
		CHECK_EQ(regs[uarts[i].data / 4], 'Q');
	}
}

TEST(uart_fifo_registered_types)
{
	unsigned int i;

	for (i = 0; i < sizeof(uarts) / sizeof(uarts[0]); i++) {
		CHECK_EQ(uarts[i].drv->type, uarts[i].type);
		CHECK(strcmp(uarts[i].drv->name, uarts[i].name) == 0);
	}
}
