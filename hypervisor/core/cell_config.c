// SPDX-License-Identifier: GPL-2.0
/*
 * Cell create's config: fetched from root RAM into hypervisor memory and
 * checked by the shared validator, also against every cell that exists or
 * is being created. Control lock held.
 */
#include <jailhouse/config-check.h>
#include <jailhouse/console.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/cell_config.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/paging.h>
#include <hv/printk.h>
#include <hv/string.h>

#define MAX_CELL_CONFIG_SIZE	(64 * 1024)

/* Is [phys, phys + size) plain RAM of the root cell (IPA == PA)? */
static bool root_owns_ram(paddr_t phys, uint64_t size)
{
	unsigned long flags;
	uint64_t off;
	paddr_t pa;

	if (size == 0 || phys + size < phys) {
		return false;
	}
	for (off = ALIGN_DOWN(phys, PAGE_SIZE); off < phys + size;
	     off += PAGE_SIZE) {
		if (pt_translate(&root_cell.guest_pt, off, &pa, &flags) ||
		    pa != off || (flags & PT_DEVICE) || !(flags & PT_READ)) {
			return false;
		}
	}
	return true;
}

static int copy_from_root(void *dst, paddr_t src, uint64_t size)
{
	void *map = hv_map_temporary(src, size);

	if (!map) {
		return -JH_ENOMEM;
	}
	memcpy(dst, map, size);
	hv_unmap_temporary(map, size);
	return 0;
}

/* The config at root address addr, copied into hypervisor memory. */
struct jh_cell_desc *cell_config_fetch(paddr_t addr, uint64_t *size)
{
	struct jh_cell_desc head, *copy;

	if (!root_owns_ram(addr, sizeof(head)) ||
	    copy_from_root(&head, addr, sizeof(head))) {
		hv_error("cell create: config address 0x%llx is not in the root cell's RAM",
			 (unsigned long long)addr);
		return NULL;
	}
	*size = jh_cell_config_size(&head);
	if (*size > MAX_CELL_CONFIG_SIZE) {
		hv_error("cell create: config of %llu bytes is larger than %u",
			 (unsigned long long)*size, MAX_CELL_CONFIG_SIZE);
		return NULL;
	}
	if (!root_owns_ram(addr, *size)) {
		hv_error("cell create: config 0x%llx+0x%llx is not in the root cell's RAM",
			 (unsigned long long)addr, (unsigned long long)*size);
		return NULL;
	}
	copy = page_alloc(&hv.pool, PAGES(*size));
	if (!copy) {
		hv_error("cell create: no memory for the config (%llu bytes)",
			 (unsigned long long)*size);
		return NULL;
	}
	if (copy_from_root(copy, addr, *size) != 0) {
		page_free(&hv.pool, copy, PAGES(*size));
		hv_error("cell create: cannot map config at 0x%llx",
			 (unsigned long long)addr);
		return NULL;
	}
	return copy;
}

int cell_config_check(const struct jh_cell_desc *desc, uint64_t size)
{
	struct jh_config_error cerr;
	char msg[JH_LAST_ERROR_LEN];
	unsigned int id;
	int err;

	err = jh_check_cell_config(desc, size, hv.sysconfig->arch, &cerr);
	/* The real CPU's physical address size, not only the arch's. */
	if (!err) {
		err = jh_check_cell_addr_bits(desc, paging_arch_phys_bits(),
					      &cerr);
	}
	if (!err) {
		err = jh_check_cell_in_system(hv.sysconfig, desc, &cerr);
	}
	for (id = 1; !err && id < HV_MAX_CELLS; id++) {
		if (cells[id] != NULL) {
			err = jh_check_cells_disjoint(cells[id]->config, desc,
						      &cerr);
		}
	}
	if (err != 0) {
		jh_format_config_error(msg, sizeof(msg), &cerr);
		hv_error("cell config: %s", msg);
	}
	return err;
}
