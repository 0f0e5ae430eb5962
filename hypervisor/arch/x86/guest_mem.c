// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a cell's memory from a trap handler: instruction bytes at the
 * guest's RIP and the guest page-table entries leading to them.
 *
 * An MMIO exit reads the same few pages every time (the guest's tables
 * above RIP and the code page). Remapping the single window of
 * hypervisor/mm/guest_mem.c for each of those reads, with an INVLPG, cost
 * four fifths of an APIC exit, so each CPU keeps GCACHE_SLOTS windows of
 * its own mapped. A slot holds a guest-physical page that the cell's
 * nested/EPT table mapped as readable RAM when it was filled. That table
 * only changes with a flush request to every CPU of the cell (cell.c,
 * request_flush, which sets flush_tlb after the change): the slots are
 * dropped when a lookup sees the request pending and when the CPU clears
 * it before it enters its guest again, and when the CPU serves another
 * cell. A slot is thus never trusted longer than the CPU's own TLB
 * entries, which the lifecycle code already waits for (a synchronous
 * flush returns only after each CPU cleared its flag or waits for the
 * control lock, and a CPU in a trap looks again at its next lookup).
 *
 * Guest page tables are not cached: they change without an exit.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/guest_cache.h>
#include <asm/layout.h>
#include <asm/vcpu.h>

#define GCACHE_VALID		1ULL
/* Slots follow the common windows, one page per CPU each. */
#define GCACHE_BASE		(GUEST_WINDOW_BASE + HV_MAX_CPUS * PAGE_SIZE)

JH_STATIC_ASSERT(HV_MAX_CPUS * (1 + GCACHE_SLOTS) * PAGE_SIZE <= 0x200000UL,
		 "guest windows and cache slots fit below the image");

void guest_mem_arch_window_moved(const void *win, const void *p,
				 unsigned int len)
{
	/* Caches are coherent whatever memory type the guest used. */
	(void)p;
	(void)len;
	asm volatile("invlpg (%0)" : : "r" (win) : "memory");
}

int x86_guest_cache_init(void)
{
	int err = pt_map_keep_tables(&hv.paging, GCACHE_BASE, hv.phys_base,
				     HV_MAX_CPUS * GCACHE_SLOTS * PAGE_SIZE,
				     PT_READ);

	if (err != 0) {
		hv_error("cannot set up the guest mapping cache (error %d)",
			 err);
	}
	return err;
}

static uint8_t *slot_va(const struct per_cpu *pcpu, unsigned int slot)
{
	return (uint8_t *)(GCACHE_BASE +
			   (pcpu->cpu_id * GCACHE_SLOTS + slot) * PAGE_SIZE);
}

void x86_guest_cache_flush(struct per_cpu *pcpu)
{
	struct x86_guest_cache *c = &pcpu->arch.gcache;
	unsigned int n;

	for (n = 0; n < GCACHE_SLOTS; n++) {
		c->page[n] = 0;
	}
	c->cell = pcpu->cell;
	c->epoch++;
}

uint32_t x86_guest_cache_epoch(struct per_cpu *pcpu)
{
	struct x86_guest_cache *c = &pcpu->arch.gcache;

	if (c->cell != pcpu->cell || READ_ONCE(pcpu->arch.flush_tlb)) {
		x86_guest_cache_flush(pcpu);
	}
	return c->epoch;
}

const uint8_t *x86_guest_cache_map(struct per_cpu *pcpu, uint64_t gpa,
				   unsigned int len)
{
	struct x86_guest_cache *c = &pcpu->arch.gcache;
	uint64_t key = (gpa & PAGE_MASK) | GCACHE_VALID;
	unsigned int n;
	paddr_t phys;
	uint8_t *win;

	if (len == 0 || len > PAGE_SIZE - (gpa & ~PAGE_MASK)) {
		return NULL;
	}
	(void)x86_guest_cache_epoch(pcpu);
	for (n = 0; n < GCACHE_SLOTS; n++) {
		if (c->page[n] == key) {
			return slot_va(pcpu, n) + (gpa & ~PAGE_MASK);
		}
	}
	if (guest_mem_phys(pcpu, gpa, &phys) != 0) {
		return NULL;
	}
	n = c->next;
	c->next = (n + 1) % GCACHE_SLOTS;
	c->page[n] = 0;
	c->epoch++;
	win = slot_va(pcpu, n);
	if (pt_map_keep_tables(&hv.paging, (uintptr_t)win, phys & PAGE_MASK,
			       PAGE_SIZE, PT_READ) != 0) {
		return NULL;
	}
	asm volatile("invlpg (%0)" : : "r" (win) : "memory");
	c->page[n] = key;
	return win + (gpa & ~PAGE_MASK);
}
