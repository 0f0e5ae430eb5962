// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a cell's memory from a trap handler: instruction bytes at the
 * guest's RIP and the guest page-table entries leading to them.
 *
 * The hypervisor maps no guest RAM. Each CPU owns one page-sized window
 * just below the link address; a read points the window's leaf entry at
 * the page (its own entry only, in a leaf table that exists from setup
 * on, so nothing is allocated and no other CPU is disturbed) and flushes
 * its own TLB entry. Only memory the cell's nested page table maps as
 * readable RAM can be read, so a cell cannot make the hypervisor read
 * anything that is not the cell's.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <hv/string.h>
#include <asm/layout.h>
#include <asm/vcpu.h>

#define WINDOW_BASE	(HV_VIRT_BASE - 0x200000UL)

static uint8_t *window_of(const struct per_cpu *pcpu)
{
	return (uint8_t *)(WINDOW_BASE + pcpu->cpu_id * PAGE_SIZE);
}

int guest_mem_init(void)
{
	int err = pt_map_keep_tables(&hv.paging, WINDOW_BASE, hv.phys_base,
				     HV_MAX_CPUS * PAGE_SIZE, PT_READ);

	if (err != 0) {
		hv_error("cannot set up the guest memory windows (error %d)",
			 err);
	}
	return err;
}

int guest_mem_read(struct per_cpu *pcpu, uint64_t gpa, void *buf,
		   unsigned int len)
{
	uint8_t *win = window_of(pcpu);
	unsigned long flags;
	paddr_t phys;

	if (len == 0 || len > PAGE_SIZE - (gpa & ~PAGE_MASK)) {
		return -JH_EINVAL;
	}
	if (pt_translate(&pcpu->cell->guest_pt, gpa, &phys, &flags) ||
	    (flags & PT_DEVICE) || !(flags & PT_READ)) {
		return -JH_EFAULT;
	}
	if (pt_map_keep_tables(&hv.paging, (uintptr_t)win, phys & PAGE_MASK,
			       PAGE_SIZE, PT_READ)) {
		return -JH_EFAULT;
	}
	asm volatile("invlpg (%0)" : : "r" (win) : "memory");
	memcpy(buf, win + (gpa & ~PAGE_MASK), len);
	return 0;
}

static int read_for_walk(void *ctx, uint64_t gpa, void *buf, unsigned int len)
{
	return guest_mem_read(ctx, gpa, buf, len);
}

int vcpu_fetch_insn(struct per_cpu *pcpu, uint8_t *buf, unsigned int len)
{
	struct x86_paging_state pg;
	enum x86_cpu_mode mode;
	uint64_t rip;
	unsigned int got;

	vcpu_code_state(pcpu, &rip, &mode, &pg);
	/* All of it, or as much as lies before an unreadable page. */
	if (!x86_guest_fetch(&pg, rip, buf, len, read_for_walk, pcpu)) {
		return len;
	}
	got = (unsigned int)(PAGE_SIZE - (rip & ~PAGE_MASK));
	if (got < len &&
	    !x86_guest_fetch(&pg, rip, buf, got, read_for_walk, pcpu)) {
		return got;
	}
	return 0;
}
