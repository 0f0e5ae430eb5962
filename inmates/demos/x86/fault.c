/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault: writes to a guest-physical address its cell config does not map
 * (default 0x20000000, root's RAM on the bench). The hypervisor must stop
 * the cell at that write; the line printed after it must never appear.
 *
 * Command line: addr=<address> picks another target. The library maps
 * 0-4 GiB only, so an address above that faults in the inmate itself
 * (a page fault, reported and halted): the bare-metal test uses that.
 */
#include <inmate.h>
#include <x86.h>

void inmate_main(void)
{
	uint64_t addr = (uint64_t)cmdline_parse_int("addr", 0x20000000);

	comm_set_cell_state(JH_CELL_RUNNING);
	printk("fault demo: writing outside my memory at 0x%lx\n", addr);
	mmio_write32(addr, 0xbad0cafe);
	barrier();
	printk("fault demo: ERROR: the write to 0x%lx was not stopped\n",
	       addr);
}
