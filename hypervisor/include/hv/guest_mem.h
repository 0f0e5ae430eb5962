/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a cell's memory from a trap handler (hypervisor/mm/guest_mem.c):
 * only what the calling CPU's cell maps as readable RAM in its own
 * stage-2 / nested page table, so a cell can never make the hypervisor
 * read anything that is not the cell's.
 */
#ifndef HV_GUEST_MEM_H
#define HV_GUEST_MEM_H

#include <hv/types.h>
#include <asm/layout.h>

struct per_cpu;

/*
 * One page per CPU in the 2 MiB below the image; 1:1 mappings stay
 * below it (hv_paging.c).
 */
#define GUEST_WINDOW_BASE	((uintptr_t)HV_VIRT_BASE - 0x200000UL)

/* Sets up the per-CPU windows (hv_paging_init). 0 or an error. */
int guest_mem_init(void);

/*
 * len bytes at guest-physical gpa of the CPU's cell, within one page.
 * 0, -JH_EINVAL (len 0 or crosses a page) or -JH_EFAULT (not RAM of the
 * cell).
 */
int guest_mem_read(struct per_cpu *pcpu, uint64_t gpa, void *buf,
		   unsigned int len);

/*
 * The host-physical address of guest-physical gpa if the CPU's cell maps
 * it as readable RAM (what guest_mem_read may read): 0 or -JH_EFAULT.
 * For arch caches of guest mappings, which must drop what they hold when
 * the cell's table changes.
 */
int guest_mem_phys(const struct per_cpu *pcpu, uint64_t gpa, paddr_t *phys);

/*
 * Arch: the window at win now shows another page. Drop this CPU's stale
 * TLB entry for it and make [p, p + len) inside it show what the guest
 * wrote last, whatever memory type the guest used.
 */
void guest_mem_arch_window_moved(const void *win, const void *p,
				 unsigned int len);

#endif /* HV_GUEST_MEM_H */
