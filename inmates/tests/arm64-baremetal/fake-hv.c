// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only hypervisor side of the comm region, on CPU 1 at EL2 (see
 * fake-el2.S). The run script leaves a plan at PLAN_ADDR:
 *
 *   u32 delay_ms      wait this long after start
 *   u32 max_requests  then send up to this many shutdown requests, each
 *                     answered within 1 s or reported as "reply 0"
 *
 * and this code prints "[fake-hv] request <n>: reply <r>" per request.
 * It powers the machine off after an approval, after the last request, or
 * (max_requests 0) after delay_ms, so QEMU exits on its own.
 */
#include <stddef.h>
#include <stdint.h>
#include <jailhouse/comm-region.h>

#define COMM_ADDR		0x80000000UL
#define PLAN_ADDR		0x80003000UL
#define PL011_BASE		0x09000000UL
#define PSCI_SYSTEM_OFF		0x84000008UL

#define REG32(addr)		(*(volatile uint32_t *)(addr))
#define COMM32(field)		\
	REG32(COMM_ADDR + offsetof(struct jh_comm_region, field))

void fake_hv_main(void);

static void uart_putc(char c)
{
	while (REG32(PL011_BASE + 0x18) & (1 << 5))
		;
	REG32(PL011_BASE) = (uint8_t)c;
}

static void uart_puts(const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			uart_putc('\r');
		uart_putc(*s);
	}
}

static void uart_putu(unsigned int v)
{
	char buf[12];
	int n = 0;

	do {
		buf[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		uart_putc(buf[--n]);
}

static uint64_t counter(void)
{
	uint64_t v;

	asm volatile("isb; mrs %0, cntpct_el0" : "=r" (v));
	return v;
}

static uint64_t ticks_per_ms(void)
{
	uint64_t freq;

	asm volatile("mrs %0, cntfrq_el0" : "=r" (freq));
	return freq / 1000;
}

static void delay_ms(unsigned int ms)
{
	uint64_t end = counter() + ticks_per_ms() * ms;

	while (counter() < end)
		;
}

static void psci_system_off(void)
{
	register uint64_t x0 asm("x0") = PSCI_SYSTEM_OFF;

	asm volatile("smc #0" : "+r" (x0) : : "memory");
}

static void __attribute__((noreturn)) power_off(void)
{
	delay_ms(100);	/* let the UART drain */
	psci_system_off();
	for (;;)
		asm volatile("wfi");
}

void fake_hv_main(void)
{
	unsigned int max_requests = REG32(PLAN_ADDR + 4);
	uint32_t reply = JH_REPLY_NONE;

	delay_ms(REG32(PLAN_ADDR));
	for (unsigned int n = 1; n <= max_requests; n++) {
		uint64_t deadline = counter() + ticks_per_ms() * 1000;

		/* Clear the old answer first: the inmate answers only a
		 * request whose reply is still JH_REPLY_NONE. */
		COMM32(reply_from_cell) = JH_REPLY_NONE;
		COMM32(msg_to_cell) = JH_MSG_SHUTDOWN_REQUEST;
		do
			reply = COMM32(reply_from_cell);
		while (reply == JH_REPLY_NONE && counter() < deadline);
		COMM32(msg_to_cell) = JH_MSG_NONE;

		uart_puts("[fake-hv] request ");
		uart_putu(n);
		uart_puts(": reply ");
		uart_putu(reply);
		uart_puts("\n");
		if (reply == JH_REPLY_REQUEST_APPROVED)
			break;
		delay_ms(300);
	}
	power_off();
}
