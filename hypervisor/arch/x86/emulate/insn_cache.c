// SPDX-License-Identifier: GPL-2.0
/*
 * The MMIO instruction at the guest's RIP: fetched through the guest's
 * page tables (guest_walk.c) and the CPU's mapping cache (guest_mem.c),
 * decoded (insn_decode.c), and remembered for the next exit at the same
 * place (ICACHE_ENTRIES places per CPU).
 *
 * A guest changes its page tables and its code without an exit, so a
 * remembered decode is never trusted as such: it stands only if the walk
 * and fetch it came from would read exactly the same bytes now. For the
 * last decode each CPU keeps the paging registers, the linear RIP and
 * the mode, and every read that walk and fetch made (where it lies in
 * the mapping cache, and the bytes). A walk is a function of CR0, CR3,
 * CR4, EFER, the linear address and the entries it reads (each entry's
 * address follows from the one before), and the decoder a function of
 * the bytes and the mode; if all of them are equal now, a fresh walk,
 * fetch and decode would find the same instruction. Comparing costs a
 * few loads where walking cost the page-table arithmetic and decoding a
 * parse byte by byte. The recorded places are only used while the
 * mapping cache's epoch is the one they were recorded in (no slot
 * refilled or dropped since), so they still show the same guest pages.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/string.h>
#include <asm/guest_cache.h>
#include <asm/vcpu.h>
#include "insn_cache.h"

struct fetch_ctx {
	struct per_cpu *pcpu;
	struct x86_insn_cache_entry *rec;	/* NULL: do not record */
	bool overflow;			/* more reads than rec holds */
};

/* Table entries are 4 or 8 bytes: no byte loop for them. */
static void copy_bytes(void *dst, const void *src, unsigned int len)
{
	if (len == 8) {
		__builtin_memcpy(dst, src, 8);
	} else if (len == 4) {
		__builtin_memcpy(dst, src, 4);
	} else {
		memcpy(dst, src, len);
	}
}

static int read_cached(void *ctx, uint64_t gpa, void *buf, unsigned int len)
{
	struct fetch_ctx *f = ctx;
	const uint8_t *p = x86_guest_cache_map(f->pcpu, gpa, len);
	struct x86_insn_read *r;

	if (p == NULL) {
		return -JH_EFAULT;
	}
	copy_bytes(buf, p, len);
	if (f->rec == NULL) {
		return 0;
	}
	if (f->rec->reads >= ICACHE_READS || len > X86_MAX_INSN_LEN) {
		f->overflow = true;
		return 0;
	}
	r = &f->rec->read[f->rec->reads];
	f->rec->reads++;
	r->at = p;
	r->len = len;
	/* What this walk used, not a second look that may differ. */
	copy_bytes(r->bytes, buf, len);
	return 0;
}

/* All of len, or as much as lies before an unreadable page; 0: none. */
static int fetch(struct fetch_ctx *f, const struct x86_paging_state *pg,
		 uint64_t rip, uint8_t *buf, unsigned int len)
{
	unsigned int got;

	if (!x86_guest_fetch(pg, rip, buf, len, read_cached, f)) {
		return (int)len;
	}
	f->overflow = true;	/* not the plain case: not remembered */
	got = (unsigned int)(PAGE_SIZE - (rip & ~PAGE_MASK));
	if (got < len && !x86_guest_fetch(pg, rip, buf, got, read_cached, f)) {
		return (int)got;
	}
	return 0;
}

int vcpu_fetch_insn(struct per_cpu *pcpu, uint8_t *buf, unsigned int len)
{
	struct fetch_ctx f = { .pcpu = pcpu, .rec = NULL };
	struct x86_paging_state pg;
	enum x86_cpu_mode mode;
	uint64_t rip;

	vcpu_code_state(pcpu, &rip, &mode, &pg);
	return fetch(&f, &pg, rip, buf, len);
}

/* Word compares: len is at most 15, and 4 or 8 for table entries. */
static bool same_bytes(const uint8_t *now, const uint8_t *then,
		       unsigned int len)
{
	uint64_t a, b, c, d;
	uint32_t x, y;
	unsigned int n;

	if (len == 8) {
		__builtin_memcpy(&a, now, 8);
		__builtin_memcpy(&b, then, 8);
		return a == b;
	}
	if (len > 8) {
		__builtin_memcpy(&a, now, 8);
		__builtin_memcpy(&b, then, 8);
		__builtin_memcpy(&c, now + len - 8, 8);
		__builtin_memcpy(&d, then + len - 8, 8);
		return a == b && c == d;
	}
	if (len == 4) {
		__builtin_memcpy(&x, now, 4);
		__builtin_memcpy(&y, then, 4);
		return x == y;
	}
	for (n = 0; n < len; n++) {
		if (now[n] != then[n]) {
			return false;
		}
	}
	return true;
}

static bool remembered(const struct x86_insn_cache_entry *ic,
		       const struct per_cpu *pcpu, uint32_t epoch,
		       uint64_t rip, enum x86_cpu_mode mode,
		       const struct x86_paging_state *pg)
{
	unsigned int n;

	if (!ic->valid || ic->epoch != epoch || ic->cell != pcpu->cell ||
	    ic->rip != rip || ic->mode != mode || ic->cr3 != pg->cr3 ||
	    ic->cr0 != pg->cr0 || ic->cr4 != pg->cr4 ||
	    ic->efer != pg->efer) {
		return false;
	}
	for (n = 0; n < ic->reads; n++) {
		if (!same_bytes(ic->read[n].at, ic->read[n].bytes,
				ic->read[n].len)) {
			return false;
		}
	}
	return true;
}

int x86_mmio_insn_at_rip(struct per_cpu *pcpu, const uint8_t *hw_bytes,
			 unsigned int hw_len, struct x86_mmio_insn *insn)
{
	struct x86_insn_cache *cache = &pcpu->arch.icache;
	struct x86_insn_cache_entry *ic;
	struct fetch_ctx f = { .pcpu = pcpu };
	uint8_t code[X86_MAX_INSN_LEN];
	struct x86_paging_state pg;
	enum x86_cpu_mode mode;
	unsigned int n;
	uint32_t epoch;
	uint64_t rip;
	int got;

	vcpu_code_state(pcpu, &rip, &mode, &pg);
	/* The bytes the CPU itself fetched (SVM decode assists). */
	if (hw_len > 0 && hw_len <= X86_MAX_INSN_LEN &&
	    x86_decode_mmio(hw_bytes, hw_len, mode, insn) == 0) {
		return 0;
	}
	epoch = x86_guest_cache_epoch(pcpu);
	for (n = 0; n < ICACHE_ENTRIES; n++) {
		ic = &cache->entry[n];
		if (ic->valid && ic->rip == rip) {
			if (remembered(ic, pcpu, epoch, rip, mode, &pg)) {
				*insn = ic->insn;
				return 0;
			}
			break;	/* this place's entry is refilled */
		}
	}
	if (n == ICACHE_ENTRIES) {
		n = cache->next;
		cache->next = (n + 1) % ICACHE_ENTRIES;
	}
	ic = &cache->entry[n];
	f.rec = ic;
	ic->valid = false;
	ic->reads = 0;
	got = fetch(&f, &pg, rip, code, sizeof(code));
	if (got <= 0) {
		return -JH_EFAULT;
	}
	if (x86_decode_mmio(code, (unsigned int)got, mode, insn) != 0) {
		return -JH_EINVAL;
	}
	/* A slot refilled meanwhile may hold an earlier read's page no more. */
	if (!f.overflow && x86_guest_cache_epoch(pcpu) == epoch) {
		ic->epoch = epoch;
		ic->cell = pcpu->cell;
		ic->rip = rip;
		ic->mode = mode;
		ic->cr0 = pg.cr0;
		ic->cr3 = pg.cr3;
		ic->cr4 = pg.cr4;
		ic->efer = pg.efer;
		ic->insn = *insn;
		ic->valid = true;
	}
	return 0;
}
