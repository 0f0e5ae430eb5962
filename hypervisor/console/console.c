// SPDX-License-Identifier: GPL-2.0
/*
 * The console: every byte goes to the ring of the console page (read by
 * the driver, "jailhouse console") and, once it is set up, to the debug
 * UART. The page is mapped cacheable on both sides, so no cache
 * maintenance is needed; write_pos is published after the bytes.
 */
#include <jailhouse/hypercall.h>
#include <hv/console.h>
#include <hv/spinlock.h>
#include <hv/string.h>
#include <hv/uart.h>
#include <asm/processor.h>

struct jh_console_page console_page __section(".console")
	__aligned(PAGE_SIZE);

/* Innermost lock of all (see setup.c). */
static DEFINE_SPINLOCK(console_lock);
static const struct uart_driver *uart;
static uint64_t uart_base;

static const struct uart_driver *find_uart(uint16_t type)
{
	const struct uart_driver *drv;

	for (drv = __uart_drivers_start; drv < __uart_drivers_end; drv++) {
		if (drv->type == type) {
			return drv;
		}
	}
	return NULL;
}

int console_init(const struct jh_console *con, console_map_t map)
{
	const struct uart_driver *drv;
	void *base;

	if (con->type == JH_CON_NONE) {
		return 0;
	}

	drv = find_uart(con->type);
	if (!drv) {
		return -JH_EINVAL;
	}
	/* A UART in x86 I/O space needs no mapping. */
	base = con->type == JH_CON_8250_PIO ? (void *)1 :
		map(ALIGN_DOWN(con->address, PAGE_SIZE),
			      PAGE_ALIGN_UP(MAX(con->size, 1U)));
	if (!base) {
		return -JH_ENOMEM;
	}
	uart_base = con->address;
	drv->init(uart_base, con->flags);
	uart = drv;
	return 0;
}

void console_write(const char *s, size_t len)
{
	uint32_t pos;
	size_t n;

	spin_lock(&console_lock);
	pos = console_page.write_pos;
	for (n = 0; n < len; n++) {
		if (uart != NULL) {
			if (s[n] == '\n') {
				uart_putc(uart, uart_base, '\r');
			}
			uart_putc(uart, uart_base, s[n]);
		}
		console_page.ring[pos++ % JH_CONSOLE_RING_SIZE] = s[n];
	}
	smp_wmb();
	console_page.write_pos = pos;
	spin_unlock(&console_lock);
}

void console_set_last_error(const char *msg)
{
	spin_lock(&console_lock);
	strscpy_hv(console_page.last_error, msg,
		   sizeof(console_page.last_error));
	smp_wmb();
	console_page.last_error_seq++;
	spin_unlock(&console_lock);
}
