/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Console output, chosen at the first character (so that nothing runs
 * before the demo asks for it):
 *
 *   - comm region console JH_CON_8250_PIO (or _MMIO) with an address: the
 *     cell owns that 16550 and the inmate drives it itself, polled; the
 *     cell config must grant its eight ports (or map its page);
 *   - a valid comm region with any other console: the hypervisor's
 *     console hypercalls, a line at a time (console-line.c; the cell
 *     needs JH_CELL_CONSOLE_ALLOWED), which tag each line with the
 *     cell's name;
 *   - no comm region at all: nothing but bare hardware can be running
 *     us, so print to COM1 at port 0x3f8 (the bare-metal tests).
 */
#include <inmate.h>
#include <x86.h>

#define COM1_PORT		0x3f8

/* 16550 registers, as offsets from the base. */
#define UART_THR		0	/* transmit holding (DLAB 0) */
#define UART_DLL		0	/* divisor low (DLAB 1) */
#define UART_IER		1	/* interrupt enable (DLAB 0) */
#define UART_DLM		1	/* divisor high (DLAB 1) */
#define UART_FCR		2
#define UART_LCR		3
#define UART_MCR		4
#define UART_LSR		5
#define UART_LCR_8N1		0x03
#define UART_LCR_DLAB		0x80
#define UART_FCR_ENABLE_CLEAR	0x07	/* FIFOs on, both cleared */
#define UART_MCR_DTR_RTS	0x03	/* OUT2 off: no IRQ line driven */
#define UART_LSR_THRE		0x20	/* holding register empty */
#define UART_DIVISOR_115200	1

/* A UART that never drains must not hang the inmate: after this many
 * polls the character is written anyway. */
#define UART_POLL_LIMIT		100000

enum console_kind {
	CONSOLE_UNKNOWN,
	CONSOLE_HYPERCALL,
	CONSOLE_8250_PIO,
	CONSOLE_8250_MMIO,
};

static enum console_kind console_kind;
static unsigned long console_base;
/* vmmcall on AMD SVM, vmcall on Intel VMX. */
static bool use_vmcall;

static uint8_t uart_read(unsigned int reg)
{
	if (console_kind == CONSOLE_8250_PIO)
		return inb((uint16_t)(console_base + reg));
	return uart8250_mmio_read(reg);
}

static void uart_write(unsigned int reg, uint8_t value)
{
	if (console_kind == CONSOLE_8250_PIO)
		outb(value, (uint16_t)(console_base + reg));
	else
		uart8250_mmio_write(reg, value);
}

/* 115200 8N1, FIFOs on, no interrupts. */
static void uart_init(void)
{
	uart_write(UART_IER, 0);
	uart_write(UART_LCR, UART_LCR_DLAB);
	uart_write(UART_DLL, UART_DIVISOR_115200);
	uart_write(UART_DLM, 0);
	uart_write(UART_LCR, UART_LCR_8N1);
	uart_write(UART_FCR, UART_FCR_ENABLE_CLEAR);
	uart_write(UART_MCR, UART_MCR_DTR_RTS);
}

static void choose_hypercall(void)
{
	uint32_t eax, ebx, ecx, edx;

	console_kind = CONSOLE_HYPERCALL;
	/* "GenuineIntel": ebx "Genu", edx "ineI", ecx "ntel". */
	cpuid(0, &eax, &ebx, &ecx, &edx);
	use_vmcall = ebx == 0x756e6547 && edx == 0x49656e69 &&
		ecx == 0x6c65746e;
}

static void console_choose(void)
{
	const unsigned long con = offsetof(struct jh_comm_region, console);
	uint32_t type_flags;
	uint16_t type;

	if (!comm_region_valid()) {
		console_kind = CONSOLE_8250_PIO;
		console_base = COM1_PORT;
		uart_init();
		return;
	}
	/* 16-bit field at a 4-aligned offset: read its 32-bit word. */
	type_flags = comm_read32(con + offsetof(struct jh_console, type));
	type = type_flags & 0xffff;
	console_base = comm_read64(con + offsetof(struct jh_console, address));
	if (console_base && type == JH_CON_8250_PIO) {
		console_kind = CONSOLE_8250_PIO;
	} else if (console_base && type == JH_CON_8250_MMIO) {
		console_kind = CONSOLE_8250_MMIO;
		uart8250_mmio_setup(console_base, (uint16_t)(type_flags >> 16));
	}
	else
		choose_hypercall();
	if (console_kind != CONSOLE_HYPERCALL)
		uart_init();
}

/* "memory": the hypervisor reads the buffer arg1 points to. */
long console_arch_hypercall(uint64_t code, uint64_t arg1, uint64_t arg2)
{
	uint64_t rax = code;

	if (use_vmcall)
		asm volatile("vmcall" : "+a" (rax) : "D" (arg1), "S" (arg2)
			     : "memory");
	else
		asm volatile("vmmcall" : "+a" (rax) : "D" (arg1), "S" (arg2)
			     : "memory");
	return (long)rax;
}

static void uart_putc(char c)
{
	for (unsigned int i = 0; i < UART_POLL_LIMIT; i++)
		if (uart_read(UART_LSR) & UART_LSR_THRE)
			break;
	uart_write(UART_THR, (uint8_t)c);
}

void console_putc(char c)
{
	if (console_kind == CONSOLE_UNKNOWN)
		console_choose();
	if (console_kind == CONSOLE_HYPERCALL) {
		console_line_putc(c);
		return;
	}
	/* A UART of our own needs CR LF; the hypervisor handles its console. */
	if (c == '\n')
		uart_putc('\r');
	uart_putc(c);
}
