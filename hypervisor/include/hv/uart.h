/* SPDX-License-Identifier: GPL-2.0 */
/*
 * UART drivers for the debug console. Each driver file registers itself
 * in the .uart_drivers section; the arch object list decides which exist.
 */
#ifndef HV_UART_H
#define HV_UART_H

#include <hv/types.h>
#include <asm/processor.h>

struct uart_driver {
	uint16_t type;			/* JH_CON_* */
	const char *name;
	/* flags: jh_console.flags (JH_CON_REG_SHIFT, JH_CON_IO32). */
	void (*init)(uint64_t base, uint16_t flags);
	/* Room for one more character in the transmitter. */
	bool (*tx_ready)(uint64_t base);
	void (*tx_write)(uint64_t base, char c);
};

/*
 * About a millisecond of polling at TCG speed. A UART that never gets
 * ready (unclocked, or stuck in flow control) must not hang the
 * hypervisor: the character is written anyway and lost.
 */
#define UART_TX_WAIT_LOOPS	100000U

static inline void uart_putc(const struct uart_driver *drv, uint64_t base,
			     char c)
{
	unsigned int n;

	for (n = 0; n < UART_TX_WAIT_LOOPS; n++) {
		if (drv->tx_ready(base)) {
			break;
		}
		cpu_relax();
	}
	drv->tx_write(base, c);
}

#define DEFINE_UART_DRIVER(var)						\
	static const struct uart_driver var				\
	__used __section(".uart_drivers") __aligned(8)

extern const struct uart_driver __uart_drivers_start[];
extern const struct uart_driver __uart_drivers_end[];

#endif /* HV_UART_H */
