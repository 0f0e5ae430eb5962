// SPDX-License-Identifier: GPL-2.0
/*
 * Cell state common to all cells: the cell table and guest memory
 * mappings (the root cell's setup is in root_cell.c, the console
 * hypercalls in cell_console.c).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/console.h>
#include <hv/control_lock.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <hv/unit.h>

struct cell root_cell;
struct cell *cells[HV_MAX_CELLS];

unsigned int cell_count(void)
{
	unsigned int id, n = 0;

	for (id = 0; id < HV_MAX_CELLS; id++) {
		if (cells[id] != NULL) {
			n++;
		}
	}
	return n;
}

static unsigned long region_flags(uint64_t flags)
{
	unsigned long pt = 0;

	if (flags & JH_MEM_READ) {
		pt |= PT_READ;
	}
	if (flags & JH_MEM_WRITE) {
		pt |= PT_WRITE;
	}
	if (flags & JH_MEM_EXECUTE) {
		pt |= PT_EXEC;
	}
	if (flags & JH_MEM_IO) {
		pt |= PT_DEVICE;
	}
	return pt;
}

static paddr_t region_phys(const struct cell *cell,
			   const struct jh_memory_region *mem)
{
	if (mem->flags & JH_MEM_COMM_REGION) {
		return hv_virt2phys(cell->comm_region);
	}
	return mem->phys_start;
}

static int map_region(struct cell *cell, const struct jh_memory_region *mem,
		      bool merge)
{
	int err;

	if ((mem->flags & JH_MEM_COMM_REGION) && !cell->comm_region) {
		return 0;
	}
	err = (merge ? pt_map : pt_map_keep_tables)(&cell->guest_pt,
						    mem->virt_start,
						    region_phys(cell, mem),
						    mem->size,
						    region_flags(mem->flags));
	if (!err) {
		err = units_map_region(cell, mem, merge);
	}
	if (err != 0) {
		hv_error("cell \"%s\": cannot map memory 0x%llx+0x%llx at guest 0x%llx (error %d)",
			 cell->name, (unsigned long long)region_phys(cell, mem),
			 (unsigned long long)mem->size,
			 (unsigned long long)mem->virt_start, err);
	}
	return err;
}

int cell_map_region(struct cell *cell, const struct jh_memory_region *mem)
{
	return map_region(cell, mem, true);
}

int cell_map_region_keep_tables(struct cell *cell,
				const struct jh_memory_region *mem)
{
	return map_region(cell, mem, false);
}

static void guest_pt_flush(struct paging *pg, uint64_t virt, uint64_t size)
{
	cell_arch_flush_tlb_range(container_of(pg, struct cell, guest_pt),
				  virt, size);
}

void cell_guest_pt_live(struct cell *cell)
{
	cell->guest_pt.flush = guest_pt_flush;
}

bool cell_fault_is_transient(struct cell *cell, uint64_t gpa)
{
	bool mapped;

	/* Every change of a guest table is made under the control lock. */
	control_lock_in_trap(this_cpu());
	mapped = pt_translate(&cell->guest_pt, gpa, NULL, NULL) == 0;
	spin_unlock(&control_lock);
	return mapped;
}

void cell_set_cpus(struct cell *cell, const struct jh_cell_desc *desc)
{
	unsigned int cpu;

	cell->num_cpus = 0;
	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (jh_cpu_in_set(desc, cpu)) {
			bitmap_set(cell->cpu_set, cpu);
			cell->num_cpus++;
		}
	}
}

void cell_printk(struct cell *cell, const char *fmt, ...)
{
	va_list ap;

	if (!ratelimit_ok(&cell->msg_rl, GUEST_MSG_BURST)) {
		return;
	}
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

/* The root cell's own region around phys (validated to exist). */
static const struct jh_memory_region *root_region_at(paddr_t phys)
{
	const struct jh_cell_desc *root = root_cell.config;
	const struct jh_memory_region *mem = jh_cell_mem_regions(root);
	unsigned int n;

	for (n = 0; n < root->num_memory_regions; n++) {
		if (phys >= mem[n].phys_start &&
		    phys - mem[n].phys_start < mem[n].size) {
			return &mem[n];
		}
	}
	return NULL;
}

/* Gives [mem] back to the root cell with the root's own attributes. */
int cell_give_back_to_root(const struct jh_memory_region *mem)
{
	const struct jh_memory_region *owner = root_region_at(mem->phys_start);
	struct jh_memory_region back = *mem;

	if (!owner) {
		return -JH_EINVAL;
	}
	back.virt_start = mem->phys_start;
	back.flags = owner->flags;
	return cell_map_region(&root_cell, &back);
}
