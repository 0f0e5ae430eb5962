// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a cell's memory from a trap handler: instruction bytes at the
 * guest's RIP and the guest page-table entries leading to them, through
 * the per-CPU windows of hypervisor/guest_mem.c.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <hv/string.h>
#include <asm/layout.h>
#include <asm/vcpu.h>

void guest_mem_arch_window_moved(const void *win, const void *p,
				 unsigned int len)
{
	/* Caches are coherent whatever memory type the guest used. */
	(void)p;
	(void)len;
	asm volatile("invlpg (%0)" : : "r" (win) : "memory");
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
