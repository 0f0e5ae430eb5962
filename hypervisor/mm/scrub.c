// SPDX-License-Identifier: GPL-2.0
/*
 * Memory scrubbing at ownership changes: RAM a cell takes from the root
 * cell is zeroed before the cell can run, and zeroed again before it goes
 * back, so neither side ever reads what the previous owner left there.
 * Zeroing goes through a temporary cacheable mapping and is then cleaned
 * and invalidated to the point of coherency: a cell that runs with its
 * caches off (an arm64 inmate, a booting kernel) reads the zeros from
 * memory, and no stale line of the previous owner is written back over
 * the new owner's data later.
 *
 * Device regions (JH_MEM_IO), the comm region and memory shared with the
 * root cell are never touched. Runs on the create and destroy paths only,
 * under control_lock; the time is linear in the cell's RAM.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/hv_paging.h>
#include <hv/scrub.h>
#include <hv/string.h>

/* Mapped, zeroed and flushed a piece at a time, so that the temporary
 * mapping needs only a few page-table pages from the pool. */
#define SCRUB_CHUNK	(2ULL << 20)

static bool is_private_ram(const struct jh_memory_region *mem)
{
	return !(mem->flags & (JH_MEM_IO | JH_MEM_COMM_REGION |
			       JH_MEM_ROOTSHARED));
}

static int scrub_range(paddr_t phys, uint64_t size)
{
	while (size != 0U) {
		uint64_t len = size < SCRUB_CHUNK ? size : SCRUB_CHUNK;
		void *virt = hv_map_temporary(phys, len);

		if (!virt) {
			return -JH_ENOMEM;
		}
		memset(virt, 0, len);
		cache_arch_flush(virt, len);
		hv_unmap_temporary(virt, len);
		phys += len;
		size -= len;
	}
	return 0;
}

int scrub_cell_memory(const struct jh_cell_desc *desc)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(desc);
	unsigned int n;
	int err;

	for (n = 0; n < desc->num_memory_regions; n++) {
		if (!is_private_ram(&mem[n])) {
			continue;
		}
		err = scrub_range(mem[n].phys_start, mem[n].size);
		if (err != 0) {
			return err;
		}
	}
	return 0;
}
