// SPDX-License-Identifier: GPL-2.0
/*
 * Walks of the guest's page tables in its three paging modes. The walk
 * runs on a guest-owned structure that may change under us, so every
 * step is bounded by the level count and every read goes through the
 * caller's checked callback.
 */
#include <jailhouse/hypercall.h>
#include <asm/guest_walk.h>
#include <asm/insn_decode.h>

#define CR0_PG		BIT64(31)
#define CR4_PSE		BIT64(4)
#define CR4_PAE		BIT64(5)
#define CR4_LA57	BIT64(12)
#define EFER_LME	BIT64(8)
#define EFER_LMA	BIT64(10)

#define PTE_P		BIT64(0)
#define PTE_PS		BIT64(7)	/* large page (PDE, PDPTE) */
#define PTE_ADDR	MASK64(51, 12)	/* PAE and long-mode entries */
#define PTE32_ADDR	MASK64(31, 12)
#define PDE32_4M_ADDR	MASK64(31, 22)
#define PDE32_4M_HIGH	MASK64(20, 13)	/* PSE-36: address bits 39:32 */
#define CR3_PAE_ADDR	MASK64(31, 5)

static int read_entry(gpa_read_fn read, void *ctx, uint64_t gpa,
		      unsigned int size, uint64_t *entry)
{
	uint32_t e32 = 0;
	uint64_t e64 = 0;
	int err;

	if (size == 4) {
		err = read(ctx, gpa, &e32, 4);
		e64 = e32;
	} else {
		err = read(ctx, gpa, &e64, 8);
	}
	if (err != 0) {
		return err;
	}
	*entry = e64;
	return (e64 & PTE_P) ? 0 : -JH_EFAULT;
}

static bool in_long_mode(const struct x86_paging_state *st)
{
	/* LMA is what the CPU reports; LME with PG implies it. */
	return (st->cr0 & CR0_PG) && (st->efer & (EFER_LME | EFER_LMA));
}

/* 32-bit paging: two levels of 1024 four-byte entries. */
static int walk_32bit(const struct x86_paging_state *st, uint64_t la,
		      uint64_t *gpa, gpa_read_fn read, void *ctx)
{
	uint64_t e;
	int err;

	err = read_entry(read, ctx, (st->cr3 & PTE32_ADDR) +
			 ((la >> 22) & 0x3ff) * 4, 4, &e);
	if (err != 0) {
		return err;
	}
	if ((e & PTE_PS) && (st->cr4 & CR4_PSE)) {
		*gpa = (e & PDE32_4M_ADDR) | ((e & PDE32_4M_HIGH) << 19) |
			(la & MASK64(21, 0));
		return 0;
	}
	err = read_entry(read, ctx, (e & PTE32_ADDR) +
			 ((la >> 12) & 0x3ff) * 4, 4, &e);
	if (err != 0) {
		return err;
	}
	*gpa = (e & PTE32_ADDR) | (la & MASK64(11, 0));
	return 0;
}

/*
 * PAE (levels 3..1, the top one 4 entries) and long mode (levels 4..1):
 * 512 eight-byte entries, large pages at level 2 and, in long mode only,
 * level 3.
 */
static int walk_wide(uint64_t table, unsigned int top_level,
		     unsigned int top_large, uint64_t la, uint64_t *gpa,
		     gpa_read_fn read, void *ctx)
{
	unsigned int level, shift;
	uint64_t e;
	int err;

	for (level = top_level; level >= 1; level--) {
		shift = 12 + 9 * (level - 1);
		err = read_entry(read, ctx, table + ((la >> shift) & 0x1ff) * 8,
				 8, &e);
		if (err != 0) {
			return err;
		}
		if (level == 1 ||
		    (level <= top_large && (e & PTE_PS))) {
			*gpa = (e & MASK64(51, shift)) |
				(la & MASK64(shift - 1, 0));
			return 0;
		}
		table = e & PTE_ADDR;
	}
	return -JH_EFAULT;	/* not reached: level 1 is always a leaf */
}

int x86_guest_virt2phys(const struct x86_paging_state *st, uint64_t la,
			uint64_t *gpa, gpa_read_fn read, void *ctx)
{
	uint64_t top;

	if (in_long_mode(st)) {
		if ((st->cr4 & CR4_LA57) != 0U) {
			return -JH_ENOSYS;
		}
		/* Bits 63:47 must all equal bit 47. */
		top = la >> 47;
		if (top != 0 && top != 0x1ffff) {
			return -JH_EFAULT;
		}
		return walk_wide(st->cr3 & PTE_ADDR, 4, 3, la, gpa, read, ctx);
	}

	/* Legacy modes have 32-bit linear addresses. */
	la &= 0xffffffffULL;
	if (!(st->cr0 & CR0_PG)) {
		*gpa = la;
		return 0;
	}
	if ((st->cr4 & CR4_PAE) != 0U) {
		return walk_wide(st->cr3 & CR3_PAE_ADDR, 3, 2, la, gpa, read,
				 ctx);
	}
	return walk_32bit(st, la, gpa, read, ctx);
}

int x86_guest_fetch(const struct x86_paging_state *st, uint64_t la,
		    uint8_t *buf, unsigned int len, gpa_read_fn read,
		    void *ctx)
{
	unsigned int done = 0, chunk;
	uint64_t gpa;
	int err;

	if (len > X86_MAX_INSN_LEN) {
		return -JH_EINVAL;
	}

	/* At most two rounds: 15 bytes span no more than two pages. */
	while (done < len) {
		err = x86_guest_virt2phys(st, la, &gpa, read, ctx);
		if (err != 0) {
			return err;
		}
		chunk = MIN(len - done,
			    (unsigned int)(PAGE_SIZE - (la & (PAGE_SIZE - 1))));
		err = read(ctx, gpa, buf + done, chunk);
		if (err != 0) {
			return err;
		}
		done += chunk;
		la += chunk;
		if (!in_long_mode(st)) {
			la &= 0xffffffffULL;
		}
	}
	return 0;
}
