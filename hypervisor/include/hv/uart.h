/* SPDX-License-Identifier: GPL-2.0 */
/*
 * UART drivers for the debug console. Each driver file registers itself
 * in the .uart_drivers section; the arch object list decides which exist.
 */
#ifndef HV_UART_H
#define HV_UART_H

#include <hv/types.h>

struct uart_driver {
	uint16_t type;			/* JH_CON_* */
	const char *name;
	/* flags: jh_console.flags (JH_CON_REG_SHIFT, JH_CON_IO32). */
	void (*init)(uint64_t base, uint16_t flags);
	/* Waits a bounded time for room, then drops the character. */
	void (*putc)(uint64_t base, char c);
};

#define DEFINE_UART_DRIVER(var)						\
	static const struct uart_driver var				\
	__used __section(".uart_drivers") __aligned(8)

extern const struct uart_driver __uart_drivers_start[];
extern const struct uart_driver __uart_drivers_end[];

#endif /* HV_UART_H */
