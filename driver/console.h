/* SPDX-License-Identifier: GPL-2.0 */
/*
 * console.c: the hypervisor's console page.
 */
#ifndef _JH_DRIVER_CONSOLE_H
#define _JH_DRIVER_CONSOLE_H

#include <linux/compiler.h>
#include <linux/types.h>

int jh_console_map(phys_addr_t phys);
void jh_console_unmap(void);
u32 jh_console_error_seq(void);
bool jh_console_error_since(u32 seq, char *buf, size_t size);
ssize_t jh_console_read(u32 *pos, char __user *buf, size_t count);

#endif /* _JH_DRIVER_CONSOLE_H */
