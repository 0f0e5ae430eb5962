// SPDX-License-Identifier: GPL-2.0
/*
 * Shared-memory links across the cell lifecycle (Documentation/ivshmem.md).
 *
 * A link gets a slot when the first of its peers is created and loses it
 * when the last one is freed. Its memory leaves the root cell when the
 * first peer is assigned (zeroed then: the state table starts all zero)
 * and goes back, zeroed again, when the last assigned peer is destroyed,
 * so the root never sees what the peers left and never writes while one
 * runs. Each peer maps the sections with the permissions of its end; the
 * hypervisor keeps a mapping of the state table only. A link with a root
 * cell end (joined at enable, never left) has memory that was never the
 * root's: nothing is taken or given back, and a cell end that leaves gets
 * its output section zeroed instead.
 *
 * Every hook runs under the control lock; the parts the device
 * emulation reads (ends' cell pointers, registers) change under
 * ivshmem_lock as well. No allocation after cell create: the slots are
 * static, the cell's mappings are made in create.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/iommu.h>
#include <hv/ivshmem.h>
#include <hv/paging.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <hv/unit.h>

/* Bit n: link n of cell id's config holds a user count (init to exit). */
static uint8_t counted[HV_MAX_CELLS];

static struct ivshmem_link *link_by_id(uint32_t id, bool allocate)
{
	struct ivshmem_link *free_slot = NULL;
	unsigned int n;

	for (n = 0; n < IVSHMEM_MAX_LINKS; n++) {
		if (ivshmem_links[n].users == 0U) {
			if (free_slot == NULL) {
				free_slot = &ivshmem_links[n];
			}
		} else if (ivshmem_links[n].id == id) {
			return &ivshmem_links[n];
		}
	}
	return allocate ? free_slot : NULL;
}

/* The ends init counted, each with its link. */
static void for_each_end(struct cell *cell,
			 void (*fn)(struct cell *cell,
				    struct ivshmem_link *link,
				    const struct jh_link *cfg))
{
	const struct jh_link *cfg = jh_cell_links(cell->config);
	struct ivshmem_link *link;
	unsigned int n;

	for (n = 0; n < cell->config->num_links && n < JH_MAX_LINKS; n++) {
		if (cell->id >= HV_MAX_CELLS ||
		    !(counted[cell->id] & (1U << n))) {
			continue;
		}
		link = link_by_id(cfg[n].id, false);
		if (link != NULL) {
			fn(cell, link, &cfg[n]);
		}
	}
}

/* The sections in the cell: state table RO, R/W, output n RW for n only. */
static int map_sections(struct cell *cell, const struct jh_link *cfg)
{
	uint64_t off = 0, size = cfg->state_table_size;
	unsigned long flags = PT_READ;
	unsigned int n;
	int err;

	err = pt_map(&cell->guest_pt, cfg->shmem_virt, cfg->shmem_phys, size,
		     flags);
	off += size;
	if (!err && cfg->rw_size != 0U) {
		err = pt_map(&cell->guest_pt, cfg->shmem_virt + off,
			     cfg->shmem_phys + off, cfg->rw_size,
			     PT_READ | PT_WRITE);
	}
	off += cfg->rw_size;
	for (n = 0; !err && cfg->out_size != 0U && n < cfg->num_peers; n++) {
		flags = n == cfg->peer_id ? PT_READ | PT_WRITE : PT_READ;
		err = pt_map(&cell->guest_pt, cfg->shmem_virt + off,
			     cfg->shmem_phys + off, cfg->out_size, flags);
		off += cfg->out_size;
	}
	return err;
}

int ivshmem_cell_init(struct cell *cell)
{
	const struct jh_link *cfg = jh_cell_links(cell->config);
	struct ivshmem_link *link;
	unsigned int n;
	int err;

	if (cell->id >= HV_MAX_CELLS) {
		return -JH_EINVAL;
	}
	counted[cell->id] = 0;
	if (cell->config->num_links != 0U && !ivshmem_arch_supported()) {
		hv_error("cell \"%s\": links are not implemented on this arch yet",
			 cell->name);
		return -JH_EINVAL;
	}
	for (n = 0; n < cell->config->num_links && n < JH_MAX_LINKS; n++) {
		link = link_by_id(cfg[n].id, true);
		if (link == NULL) {
			hv_error("cell \"%s\": no slot left for link %u",
				 cell->name, cfg[n].id);
			return -JH_E2BIG;
		}
		if (link->users == 0U) {
			link->state_table = hv_map_temporary(
				cfg[n].shmem_phys, cfg[n].state_table_size);
			if (link->state_table == NULL) {
				return -JH_ENOMEM;
			}
			link->id = cfg[n].id;
			link->phys = cfg[n].shmem_phys;
			link->size = jh_link_shmem_size(&cfg[n]);
			link->state_size = cfg[n].state_table_size;
			link->taken = false;
		}
		/* Counted at once: exit undoes exactly what init did. */
		link->users++;
		counted[cell->id] |= (uint8_t)(1U << n);
		err = map_sections(cell, &cfg[n]);
		if (err != 0) {
			hv_error("cell \"%s\": cannot map the memory of link %u (error %d)",
				 cell->name, cfg[n].id, err);
			return err;
		}
	}
	return 0;
}

/*
 * The state table through the hypervisor's own mapping (a temporary one
 * of the same identity address would take it away when unmapped), the
 * rest a piece at a time.
 */
static void zero_memory(struct ivshmem_link *link)
{
	void *virt;
	uint64_t off, len;

	for (off = 0; off < link->state_size / 4; off++) {
		link->state_table[off] = 0;
	}
	cache_arch_flush((void *)link->state_table, link->state_size);
	for (off = link->state_size; off < link->size; off += len) {
		len = MIN(link->size - off, 2ULL << 20);
		virt = hv_map_temporary(link->phys + off, len);
		if (virt == NULL) {
			printk("link %u: could not zero its memory\n",
			       link->id);
			return;
		}
		memset(virt, 0, len);
		cache_arch_flush(virt, len);
		hv_unmap_temporary(virt, len);
	}
}

/* Device reset: the registers the guest set, and its state. */
static void reset_end(struct cell *cell, struct ivshmem_link *link,
		      const struct jh_link *cfg)
{
	struct ivshmem_end *end = &link->ends[cfg->peer_id];

	(void)cell;
	spin_lock(&ivshmem_lock);
	end->int_ctrl = 0;
	end->command = 0;
	end->int_status = false;
	end->sizing = 0;
	ivshmem_msix_reset(end);
	ivshmem_set_state(link, cfg->peer_id, 0);
	spin_unlock(&ivshmem_lock);
}

static void assign_end(struct cell *cell, struct ivshmem_link *link,
		       const struct jh_link *cfg)
{
	/*
	 * The memory of a link with a root end was never root memory (the
	 * validator says so); the root's mapping at shmem_virt is its end.
	 */
	if (!link->taken) {
		if (cell != &root_cell) {
			pt_clear(&root_cell.guest_pt, link->phys, link->size);
			iommu_clear_root(link->phys, link->size);
		}
		zero_memory(link);
		link->taken = true;
	}
	spin_lock(&ivshmem_lock);
	link->ends[cfg->peer_id] = (struct ivshmem_end){
		.cell = cell, .cfg = cfg, .bar2 = cell == &root_cell,
	};
	spin_unlock(&ivshmem_lock);
	reset_end(cell, link, cfg);
	printk("Cell \"%s\" joined link %u as peer %u\n", cell->name,
	       link->id, cfg->peer_id);
}

void ivshmem_cell_assign(struct cell *cell)
{
	for_each_end(cell, assign_end);
}

void ivshmem_cell_reset(struct cell *cell)
{
	for_each_end(cell, reset_end);
}

/*
 * A peer left while others stay (always so on a link with a root end):
 * its output section is zeroed, so that the next cell on that end starts
 * clean and reads no request its predecessor left there.
 */
static void zero_out_section(struct ivshmem_link *link,
			     const struct jh_link *cfg)
{
	uint64_t off = (uint64_t)cfg->state_table_size + cfg->rw_size +
		(uint64_t)cfg->peer_id * cfg->out_size;
	void *virt;

	if (cfg->out_size == 0U) {
		return;
	}
	virt = hv_map_temporary(link->phys + off, cfg->out_size);
	if (virt == NULL) {
		printk("link %u: could not zero the output section of peer %u\n",
		       link->id, cfg->peer_id);
		return;
	}
	memset(virt, 0, cfg->out_size);
	cache_arch_flush(virt, cfg->out_size);
	hv_unmap_temporary(virt, cfg->out_size);
}

static void give_back(struct ivshmem_link *link)
{
	struct jh_memory_region back = {
		.phys_start = link->phys, .size = link->size,
	};

	zero_memory(link);
	link->taken = false;
	if (cell_give_back_to_root(&back) != 0) {
		printk("link %u: memory 0x%llx+0x%llx could not be given back to the root cell\n",
		       link->id, (unsigned long long)link->phys,
		       (unsigned long long)link->size);
	}
}

static void release_end(struct cell *cell, struct ivshmem_link *link,
			const struct jh_link *cfg)
{
	unsigned int n;
	bool others = false;

	if (link->ends[cfg->peer_id].cell != cell) {
		return;
	}
	spin_lock(&ivshmem_lock);
	ivshmem_set_state(link, cfg->peer_id, 0);
	link->ends[cfg->peer_id].cell = NULL;
	spin_unlock(&ivshmem_lock);
	for (n = 0; n < JH_LINK_MAX_PEERS; n++) {
		others |= link->ends[n].cell != NULL;
	}
	printk("Cell \"%s\" left link %u\n", cell->name, link->id);
	if (!others && link->taken) {
		give_back(link);
	} else if (link->taken) {
		zero_out_section(link, cfg);
	}
}

void ivshmem_cell_release(struct cell *cell)
{
	for_each_end(cell, release_end);
}

static void exit_end(struct cell *cell, struct ivshmem_link *link,
		     const struct jh_link *cfg)
{
	counted[cell->id] &= (uint8_t)~(1U << (unsigned int)(cfg -
		jh_cell_links(cell->config)));
	if (link->users == 0U || --link->users != 0U) {
		return;
	}
	hv_unmap_temporary((void *)link->state_table, link->state_size);
	link->state_table = NULL;
}

void ivshmem_cell_exit(struct cell *cell)
{
	for_each_end(cell, exit_end);
}

DEFINE_UNIT(links_unit) = {
	.name = "links",
	.cell_init = ivshmem_cell_init,
	.cell_exit = ivshmem_cell_exit,
	.assign = ivshmem_cell_assign,
	.release = ivshmem_cell_release,
	.reset = ivshmem_cell_reset,
	.mmio = ivshmem_mmio,
};
