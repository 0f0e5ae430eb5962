// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the Cadence UART console driver (hypervisor/uart_cadence.c)
 * on a register file in memory: the byte lands in the FIFO register, a
 * full FIFO is waited for a bounded time, then the byte is written anyway
 * (and dropped by real hardware) instead of hanging the hypervisor.
 */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <string.h>

#include "../../hypervisor/uart_cadence.c"

#define CHANNEL_STS_WORD	(0x2c / 4)
#define FIFO_WORD		(0x30 / 4)
#define TFUL			0x10

static uint32_t regs[16] __attribute__((aligned(8)));

static uint64_t base(void)
{
	return (uint64_t)(uintptr_t)regs;
}

TEST(uart_cadence_fifo_register)
{
	memset(regs, 0, sizeof(regs));
	uart_cadence.init(base(), 0);
	uart_cadence.putc(base(), 'Z');
	CHECK_EQ(regs[FIFO_WORD], 'Z');
	CHECK_EQ(regs[CHANNEL_STS_WORD], 0);
}

TEST(uart_cadence_full_fifo_is_bounded)
{
	memset(regs, 0, sizeof(regs));
	regs[CHANNEL_STS_WORD] = TFUL;
	uart_cadence.putc(base(), 'Q');
	/* Returned after TX_WAIT_LOOPS polls; the byte was still written. */
	CHECK_EQ(regs[FIFO_WORD], 'Q');
}

TEST(uart_cadence_registered_type)
{
	CHECK_EQ(uart_cadence.type, JH_CON_CADENCE);
	CHECK(strcmp(uart_cadence.name, "cadence") == 0);
}
