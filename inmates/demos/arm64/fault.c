/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault: writes to a guest-physical address its cell config does not map
 * (default 0x40000000, root's RAM on the bench). The hypervisor must stop
 * the cell at that write; the line printed after it must never appear.
 *
 * Command line: addr=<address> picks another target.
 */
#include <inmate.h>
#include <sysreg.h>

void inmate_main(void)
{
	uint64_t addr = (uint64_t)cmdline_parse_int("addr", 0x40000000);

	comm_set_cell_state(JH_CELL_RUNNING);
	printk("fault demo: writing outside my memory at 0x%lx\n", addr);
	mmio_write32(addr, 0xbad0cafe);
	dsb_sy();
	printk("fault demo: ERROR: the write to 0x%lx was not stopped\n",
	       addr);
}
