/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Console output. By default it goes to the hypervisor's console
 * hypercalls a line at a time (console-line.c; the cell needs
 * JH_CELL_CONSOLE_ALLOWED), which tag each line with the cell's name. If the comm region says the cell owns a
 * UART (console.type PL011, 8250 MMIO, Cadence, i.MX or LPUART), the inmate drives it directly;
 * the cell config must then map that UART.
 *
 * The choice is made at the first character, not at start-up, so that
 * bare-metal tests can prepare a comm region first.
 */
#include <inmate.h>
#include <sysreg.h>

#define PL011_DR		0x00
#define PL011_FR		0x18
#define PL011_FR_TXFF		(1 << 5)	/* transmit FIFO full */

#define UART8250_THR		0x00
#define UART8250_LSR		0x05
#define UART8250_LSR_THRE	(1 << 5)	/* holding register empty */

/* Cadence UART (Zynq UltraScale+ register reference, UG1087). */
#define CADENCE_CR		0x00
#define CADENCE_CR_TXEN		(1 << 4)
#define CADENCE_CR_TXDIS	(1 << 5)
#define CADENCE_CHANNEL_STS	0x2c
#define CADENCE_STS_TFUL	(1 << 4)	/* transmit FIFO full */
#define CADENCE_TX_RX_FIFO	0x30

/* i.MX 6/7/8M UART (the SoCs' reference manuals). */
#define IMX_UTXD		0x40
#define IMX_UTS			0xb4
#define IMX_UTS_TXFULL		(1 << 4)

/* i.MX 7ULP/8/8X/9 LPUART (the SoCs' reference manuals). */
#define LPUART_STAT		0x14
#define LPUART_STAT_TDRE	(1 << 23)	/* transmit data register empty */
#define LPUART_DATA		0x1c

enum console_kind {
	CONSOLE_UNKNOWN,
	CONSOLE_HYPERCALL,
	CONSOLE_PL011,
	CONSOLE_8250_MMIO,
	CONSOLE_CADENCE,
	CONSOLE_IMX,
	CONSOLE_LPUART,
};

static enum console_kind console_kind;
static unsigned long console_base;

/*
 * A Cadence UART that no boot loader set up (a board's second UART, or
 * any on QEMU's ZynqMP model) comes out of reset with its transmitter
 * disabled and sends nothing: enable it, keeping the line settings.
 */
static void cadence_setup(unsigned long base)
{
	uint32_t cr = mmio_read32(base + CADENCE_CR);

	if ((cr & (CADENCE_CR_TXEN | CADENCE_CR_TXDIS)) != CADENCE_CR_TXEN)
		mmio_write32(base + CADENCE_CR,
			     (cr & ~CADENCE_CR_TXDIS) | CADENCE_CR_TXEN);
}

static void console_choose(void)
{
	const unsigned long con = offsetof(struct jh_comm_region, console);
	uint32_t type_flags;
	uint16_t type;

	console_kind = CONSOLE_HYPERCALL;
	if (!comm_region_valid())
		return;
	/* 16-bit fields at a 4-aligned offset: read their 32-bit word. */
	type_flags = comm_read32(con + offsetof(struct jh_console, type));
	type = type_flags & 0xffff;
	console_base = comm_read64(con + offsetof(struct jh_console, address));
	if (console_base && type == JH_CON_PL011) {
		console_kind = CONSOLE_PL011;
	} else if (console_base && type == JH_CON_8250_MMIO) {
		console_kind = CONSOLE_8250_MMIO;
		uart8250_mmio_setup(console_base, (uint16_t)(type_flags >> 16));
	} else if (console_base && type == JH_CON_CADENCE) {
		console_kind = CONSOLE_CADENCE;
		cadence_setup(console_base);
	} else if (console_base && type == JH_CON_IMX) {
		console_kind = CONSOLE_IMX;
	} else if (console_base && type == JH_CON_LPUART) {
		console_kind = CONSOLE_LPUART;
	}
}

long console_arch_hypercall(uint64_t code, uint64_t arg1, uint64_t arg2)
{
	register uint64_t x0 asm("x0") = code;
	register uint64_t x1 asm("x1") = arg1;
	register uint64_t x2 asm("x2") = arg2;

	/* "memory": the hypervisor reads the buffer x1 points to. */
	asm volatile("hvc #" stringify(JH_HVC_IMM)
		     : "+r" (x0) : "r" (x1), "r" (x2) : "memory");
	return (long)x0;
}

static void pl011_putc(char c)
{
	while (mmio_read32(console_base + PL011_FR) & PL011_FR_TXFF)
		;
	mmio_write32(console_base + PL011_DR, (uint8_t)c);
}

static void uart8250_putc(char c)
{
	while (!(uart8250_mmio_read(UART8250_LSR) & UART8250_LSR_THRE))
		;
	uart8250_mmio_write(UART8250_THR, (uint8_t)c);
}

static void cadence_putc(char c)
{
	while (mmio_read32(console_base + CADENCE_CHANNEL_STS) &
	       CADENCE_STS_TFUL)
		;
	mmio_write32(console_base + CADENCE_TX_RX_FIFO, (uint8_t)c);
}

static void imx_putc(char c)
{
	while (mmio_read32(console_base + IMX_UTS) & IMX_UTS_TXFULL)
		;
	mmio_write32(console_base + IMX_UTXD, (uint8_t)c);
}

static void lpuart_putc(char c)
{
	while (!(mmio_read32(console_base + LPUART_STAT) & LPUART_STAT_TDRE))
		;
	mmio_write32(console_base + LPUART_DATA, (uint8_t)c);
}

static void raw_putc(char c)
{
	switch (console_kind) {
	case CONSOLE_PL011:
		pl011_putc(c);
		break;
	case CONSOLE_8250_MMIO:
		uart8250_putc(c);
		break;
	case CONSOLE_CADENCE:
		cadence_putc(c);
		break;
	case CONSOLE_IMX:
		imx_putc(c);
		break;
	case CONSOLE_LPUART:
		lpuart_putc(c);
		break;
	default:
		console_line_putc(c);
		break;
	}
}

void console_putc(char c)
{
	if (console_kind == CONSOLE_UNKNOWN)
		console_choose();
	/* A UART of our own needs CR LF; the hypervisor handles its console. */
	if (c == '\n' && console_kind != CONSOLE_HYPERCALL)
		raw_putc('\r');
	raw_putc(c);
}
