// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell, built at enable from the system config: its memory, the
 * console page, the units' and the arch's parts.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/console.h>
#include <hv/hypervisor.h>
#include <hv/printk.h>
#include <hv/root_cell.h>
#include <hv/string.h>
#include <hv/unit.h>

/* What the root cell sees beside its regions: the console page, read-only. */
static int map_console_page(struct cell *cell)
{
	paddr_t phys = hv_virt2phys(&console_page);

	return pt_map(&cell->guest_pt, phys, phys,
		      PAGE_ALIGN_UP(sizeof(console_page)), PT_READ);
}

int cell_init_root(void)
{
	const struct jh_cell_desc *desc = &hv.sysconfig->root_cell;
	const struct jh_memory_region *mem = jh_cell_mem_regions(desc);
	unsigned int n;
	int err;

	root_cell.id = 0;
	root_cell.config = desc;
	strscpy_hv(root_cell.name, desc->name, sizeof(root_cell.name));
	cell_set_cpus(&root_cell, desc);

	err = pt_create(&root_cell.guest_pt, paging_arch_guest_format(),
			&hv.pool);
	if (err != 0) {
		hv_error("root cell: no memory for its page table");
		return err;
	}
	for (n = 0; n < desc->num_memory_regions; n++) {
		err = cell_map_region(&root_cell, &mem[n]);
		if (err != 0) {
			return err;
		}
	}
	/* The validator keeps root regions off it; make sure anyway. */
	err = pt_unmap(&root_cell.guest_pt, hv.phys_base, hv.mem_size);
	if (!err) {
		err = map_console_page(&root_cell);
	}
	/* The units' parts of the root (the links: its ends at shmem_virt). */
	if (!err) {
		err = units_cell_init(&root_cell);
	}
	if (!err) {
		err = cell_arch_init(&root_cell);
	}
	if (!err) {
		cell_guest_pt_live(&root_cell);
		err = cell_arch_map_platform(&root_cell);
	}
	if (err != 0) {
		hv_error("root cell: setup failed (error %d)", err);
		return err;
	}

	root_cell.state = JH_CELL_RUNNING;
	cells[0] = &root_cell;
	units_assign(&root_cell);
	return 0;
}
