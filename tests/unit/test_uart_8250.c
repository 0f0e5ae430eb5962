// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the 16550 MMIO console driver (hypervisor/console/uart_8250_mmio.c)
 * on a register file in memory: where THR and LSR sit for each register
 * shift, the access width JH_CON_IO32 selects, and the bounded wait for a
 * transmitter that never empties. The driver is included, not linked, to
 * reach its static driver entry.
 */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <string.h>

#include "../../hypervisor/console/uart_8250_mmio.c"

#define THRE	0x20

static uint8_t regs[64] __attribute__((aligned(8)));

static uint64_t base(void)
{
	return (uint64_t)(uintptr_t)regs;
}

TEST(uart_8250_byte_registers)
{
	memset(regs, 0, sizeof(regs));
	regs[5] = THRE;
	uart_8250_mmio.init(base(), 0);
	uart_putc(&uart_8250_mmio, base(), 'A');
	CHECK_EQ(regs[0], 'A');
	CHECK_EQ(regs[5], THRE);
}

TEST(uart_8250_shift_2_byte_access)
{
	memset(regs, 0, sizeof(regs));
	regs[5 << 2] = THRE;
	uart_8250_mmio.init(base(), JH_CON_REG_SHIFT(2));
	uart_putc(&uart_8250_mmio, base(), 'B');
	CHECK_EQ(regs[0], 'B');
	/* Byte access: the rest of the THR word is untouched. */
	CHECK_EQ(regs[1], 0);
	CHECK_EQ(regs[5], 0);
}

TEST(uart_8250_shift_2_32bit_access)
{
	uint32_t lsr = THRE, thr;

	memset(regs, 0xee, sizeof(regs));
	memcpy(&regs[5 << 2], &lsr, 4);
	uart_8250_mmio.init(base(), JH_CON_REG_SHIFT(2) | JH_CON_IO32);
	uart_putc(&uart_8250_mmio, base(), 'C');
	memcpy(&thr, &regs[0], 4);
	/* A 32-bit write: the upper bytes are written as zero. */
	CHECK_EQ(thr, 'C');
}

TEST(uart_8250_full_transmitter_drops_after_bounded_wait)
{
	memset(regs, 0, sizeof(regs));
	uart_8250_mmio.init(base(), 0);
	/* LSR never says empty: the wait ends, the byte is written anyway
	 * (and lost on real hardware), and putc returns. */
	uart_putc(&uart_8250_mmio, base(), 'D');
	CHECK_EQ(regs[0], 'D');
}
