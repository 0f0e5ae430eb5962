// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a cell's memory from a trap handler.
 *
 * The hypervisor maps no guest RAM. Each CPU owns one page-sized window
 * at GUEST_WINDOW_BASE; a read points the window's leaf entry at the page
 * (its own entry only, in a leaf table that exists from setup on, so
 * nothing is allocated and no other CPU is disturbed) and lets the arch
 * drop its own stale TLB entry. Only memory the cell's guest page table
 * maps as readable, non-device memory can be read.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/guest_mem.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>

static uint8_t *window_of(const struct per_cpu *pcpu)
{
	return (uint8_t *)(GUEST_WINDOW_BASE + pcpu->cpu_id * PAGE_SIZE);
}

int guest_mem_init(void)
{
	int err = pt_map_keep_tables(&hv.paging, GUEST_WINDOW_BASE,
				     hv.phys_base, HV_MAX_CPUS * PAGE_SIZE,
				     PT_READ);

	if (err != 0) {
		hv_error("cannot set up the guest memory windows (error %d)",
			 err);
	}
	return err;
}

int guest_mem_phys(const struct per_cpu *pcpu, uint64_t gpa, paddr_t *phys)
{
	unsigned long flags;

	if (pt_translate(&pcpu->cell->guest_pt, gpa, phys, &flags) ||
	    (flags & PT_DEVICE) || !(flags & PT_READ)) {
		return -JH_EFAULT;
	}
	return 0;
}

int guest_mem_read(struct per_cpu *pcpu, uint64_t gpa, void *buf,
		   unsigned int len)
{
	uint8_t *win = window_of(pcpu);
	uint8_t *src = win + (gpa & ~PAGE_MASK);
	paddr_t phys;

	if (len == 0 || len > PAGE_SIZE - (gpa & ~PAGE_MASK)) {
		return -JH_EINVAL;
	}
	if (guest_mem_phys(pcpu, gpa, &phys) != 0) {
		return -JH_EFAULT;
	}
	if (pt_map_keep_tables(&hv.paging, (uintptr_t)win, phys & PAGE_MASK,
			       PAGE_SIZE, PT_READ)) {
		return -JH_EFAULT;
	}
	guest_mem_arch_window_moved(win, src, len);
	memcpy(buf, src, len);
	return 0;
}
