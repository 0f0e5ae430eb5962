/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's console: debug UART plus the ring in the console page.
 */
#ifndef HV_CONSOLE_H
#define HV_CONSOLE_H

#include <jailhouse/config.h>
#include <jailhouse/console.h>
#include <hv/types.h>

/* Page aligned, padded to whole pages, inside the core image. */
extern struct jh_console_page console_page;

/* Maps device memory 1:1 into the hypervisor; NULL on failure. */
typedef void *(*console_map_t)(paddr_t phys, uint64_t size);

/*
 * Maps (through map: the console sits below the memory management, which
 * prints) and starts the debug UART described by con (JH_CON_NONE: ring
 * only). 0, -JH_EINVAL (no driver for its type) or -JH_ENOMEM (no
 * mapping); the caller names the cause (printk sits on top of this).
 */
int console_init(const struct jh_console *con, console_map_t map);

/* Writes len bytes to ring and UART; takes the console lock. */
void console_write(const char *s, size_t len);

/* Sets last_error (cut to fit) and bumps its sequence number. */
void console_set_last_error(const char *msg);

#endif /* HV_CONSOLE_H */
