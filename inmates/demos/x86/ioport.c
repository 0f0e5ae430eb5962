/* SPDX-License-Identifier: GPL-2.0 */
/*
 * I/O port test: accesses a port its cell config does not grant (default
 * 0x80, the POST code port). The hypervisor must stop the cell at that
 * instruction; the line printed after it must never appear in a cell. On
 * bare metal it does appear, which shows the access itself was made.
 *
 * Command line: port=<n> (default 0x80); write=1 writes 0 to the port
 * instead of reading it.
 */
#include <inmate.h>
#include <x86.h>

void inmate_main(void)
{
	uint16_t port = (uint16_t)cmdline_parse_int("port", 0x80);
	bool write = cmdline_parse_int("write", 0) != 0;
	uint8_t value;

	comm_set_cell_state(JH_CELL_RUNNING);
	if (write) {
		printk("ioport: writing 0x00 to port 0x%x\n", port);
		outb(0, port);
		printk("ioport: ERROR: the write to port 0x%x was not "
		       "stopped\n", port);
		return;
	}
	printk("ioport: reading port 0x%x\n", port);
	value = inb(port);
	printk("ioport: ERROR: the read of port 0x%x (0x%02x) was not "
	       "stopped\n", port, value);
}
