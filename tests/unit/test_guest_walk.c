// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the guest page-table walker: small page-table images in a
 * host buffer that stands for guest-physical memory from 0, one per
 * paging mode. The read callback logs every access, so the tests also
 * check which entries a walk read and that no read crosses a page.
 * Table indices below were worked out by hand from the addresses.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/emulate/guest_walk.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdlib.h>

#include <jailhouse/hypercall.h>
#include <asm/guest_walk.h>

#define MEM_PAGES	64
#define PG(n)		((uint64_t)(n) * 0x1000)

#define CR0_PE		(1ULL << 0)
#define CR0_PG		(1ULL << 31)
#define CR4_PSE		(1ULL << 4)
#define CR4_PAE		(1ULL << 5)
#define CR4_LA57	(1ULL << 12)
#define EFER_LME	(1ULL << 8)
#define EFER_LMA	(1ULL << 10)

#define P		0x001ULL	/* present */
#define RW		0x002ULL
#define US		0x004ULL
#define A		0x020ULL
#define PS		0x080ULL
#define NX		(1ULL << 63)

struct gmem {
	uint8_t *mem;
	unsigned int nreads;
	struct {
		uint64_t gpa;
		unsigned int len;
	} log[16];
	bool bad_read;		/* len 0, > 15 or across a page */
};

static struct gmem *gmem_new(void)
{
	struct gmem *g = calloc(1, sizeof(*g));

	if (!g)
		abort();
	g->mem = calloc(MEM_PAGES, 0x1000);
	if (!g->mem)
		abort();
	unit_cleanup(free, g);
	unit_cleanup(free, g->mem);
	return g;
}

static int gmem_read(void *ctx, uint64_t gpa, void *buf, unsigned int len)
{
	struct gmem *g = ctx;

	if (len == 0 || len > 15 || (gpa & 0xfff) + len > 0x1000) {
		g->bad_read = true;
		return -JH_EINVAL;
	}
	if (g->nreads < ARRAY_SIZE(g->log)) {
		g->log[g->nreads].gpa = gpa;
		g->log[g->nreads].len = len;
	}
	g->nreads++;
	if (gpa >= PG(MEM_PAGES))
		return -JH_ERANGE;	/* outside the image */
	memcpy(buf, g->mem + gpa, len);
	return 0;
}

static void put32(struct gmem *g, uint64_t gpa, uint32_t v)
{
	memcpy(g->mem + gpa, &v, 4);
}

static void put64(struct gmem *g, uint64_t gpa, uint64_t v)
{
	memcpy(g->mem + gpa, &v, 8);
}

static void fill(struct gmem *g, uint64_t gpa, unsigned int len,
		 uint8_t first)
{
	unsigned int n;

	for (n = 0; n < len; n++)
		g->mem[gpa + n] = (uint8_t)(first + n);
}

static uint64_t walk(struct gmem *g, const struct x86_paging_state *st,
		     uint64_t la, int *rc)
{
	uint64_t gpa = 0xdeadbeef;

	g->nreads = 0;
	*rc = x86_guest_virt2phys(st, la, &gpa, gmem_read, g);
	return gpa;
}

#define CHECK_READ(g, n, addr, size)					\
	do {								\
		CHECK((g)->nreads > (n));				\
		CHECK_EQ((g)->log[n].gpa, addr);			\
		CHECK_EQ((g)->log[n].len, size);			\
	} while (0)

TEST(paging_off_identity)
{
	struct x86_paging_state st = { .cr0 = CR0_PE };
	struct gmem *g = gmem_new();
	int rc;

	CHECK_EQ(walk(g, &st, 0x12345, &rc), 0x12345);
	CHECK_EQ(rc, 0);
	CHECK_EQ(walk(g, &st, 0xfee00300, &rc), 0xfee00300);
	CHECK_EQ(rc, 0);
	/* Legacy linear addresses are 32 bits wide */
	CHECK_EQ(walk(g, &st, 0x100001000ULL, &rc), 0x1000);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 0);
	/* EFER.LME without CR0.PG is not long mode yet */
	st.efer = EFER_LME;
	CHECK_EQ(walk(g, &st, 0x100002000ULL, &rc), 0x2000);
	CHECK_EQ(rc, 0);
}

TEST(paging32_4k)
{
	struct x86_paging_state st = { .cr0 = CR0_PE | CR0_PG, .cr3 = PG(1) };
	struct gmem *g = gmem_new();
	int rc;

	/* 0x00403abc: PDE 1, PTE 3 */
	put32(g, PG(1) + 1 * 4, PG(2) | P | RW);
	put32(g, PG(2) + 3 * 4, PG(7) | P | A);
	CHECK_EQ(walk(g, &st, 0x00403abc, &rc), PG(7) + 0xabc);
	CHECK_EQ(rc, 0);
	/* two 4-byte entry reads at the hand-computed slots */
	CHECK_EQ(g->nreads, 2);
	CHECK_READ(g, 0, PG(1) + 4, 4);
	CHECK_READ(g, 1, PG(2) + 12, 4);

	/* 0xc0123456: PDE 0x300, PTE 0x123; PS ignored without CR4.PSE */
	put32(g, PG(1) + 0x300 * 4, PG(3) | P | PS);
	put32(g, PG(3) + 0x123 * 4, 0xfffff000 | P);
	CHECK_EQ(walk(g, &st, 0xc0123456, &rc), 0xfffff456);
	CHECK_EQ(rc, 0);
	CHECK_READ(g, 1, PG(3) + 0x123 * 4, 4);
	/* la above 4 GiB wraps */
	CHECK_EQ(walk(g, &st, 0x1c0123456ULL, &rc), 0xfffff456);
	CHECK_EQ(rc, 0);
	/* CR3 low bits (PCD/PWT) are no address */
	st.cr3 = PG(1) | 0x18;
	CHECK_EQ(walk(g, &st, 0x00403abc, &rc), PG(7) + 0xabc);
	CHECK_EQ(rc, 0);
}

TEST(paging32_4m_pse)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr3 = PG(1), .cr4 = CR4_PSE,
	};
	struct gmem *g = gmem_new();
	int rc;

	/* 0xc0123456 in a 4 MiB page at 0x12c00000 */
	put32(g, PG(1) + 0x300 * 4, 0x12c00000 | PS | P | RW);
	CHECK_EQ(walk(g, &st, 0xc0123456, &rc), 0x12c00000 + 0x123456);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 1);
	/* PSE-36: PDE bits 20:13 are address bits 39:32; bit 12 is PAT */
	put32(g, PG(1) + 0x300 * 4, 0x12c00000 | (0x5a << 13) | (1 << 12) |
	      PS | P);
	CHECK_EQ(walk(g, &st, 0xc0123456, &rc), 0x5a12d23456ULL);
	CHECK_EQ(rc, 0);
}

TEST(paging32_not_present)
{
	struct x86_paging_state st = { .cr0 = CR0_PE | CR0_PG, .cr3 = PG(1) };
	struct gmem *g = gmem_new();
	int rc;

	walk(g, &st, 0x00403abc, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 1);
	put32(g, PG(1) + 1 * 4, PG(2) | P);
	put32(g, PG(2) + 3 * 4, PG(7) & ~P);
	walk(g, &st, 0x00403abc, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 2);
	/* a table outside guest memory: the reader's error is passed on */
	put32(g, PG(2) + 3 * 4, PG(7) | P);
	put32(g, PG(1) + 1 * 4, 0x80000000 | P);
	walk(g, &st, 0x00403abc, &rc);
	CHECK_EQ(rc, -JH_ERANGE);
}

TEST(paging_pae)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr4 = CR4_PAE, .cr3 = PG(1) + 0x20,
	};
	struct gmem *g = gmem_new();
	int rc;

	/* 0x80201abc: PDPTE 2 (PDPT at 0x1020, 32-byte aligned), PDE 1,
	 * PTE 1; NX and high bits in entries are no address bits */
	put64(g, PG(1) + 0x20 + 2 * 8, PG(2) | P);
	put64(g, PG(2) + 1 * 8, PG(3) | P | RW | NX);
	put64(g, PG(3) + 1 * 8, 0x123456000ULL | NX | (0x7ffULL << 52) | P);
	CHECK_EQ(walk(g, &st, 0x80201abc, &rc), 0x123456abcULL);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 3);
	CHECK_READ(g, 0, PG(1) + 0x30, 8);
	CHECK_READ(g, 1, PG(2) + 8, 8);
	CHECK_READ(g, 2, PG(3) + 8, 8);

	/* 2 MiB page (PAT bit 12 set): 0x80400000 + 0x1abc -> PDE 2 */
	put64(g, PG(2) + 2 * 8, 0x4cf600000ULL | (1 << 12) | PS | P);
	CHECK_EQ(walk(g, &st, 0x80401abc, &rc), 0x4cf601abcULL);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 2);

	/* PAE has no 1 GiB pages: bit 7 of a PDPTE makes none */
	put64(g, PG(1) + 0x20 + 2 * 8, PG(2) | PS | P);
	CHECK_EQ(walk(g, &st, 0x80401abc, &rc), 0x4cf601abcULL);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 2);

	/* not-present PDPTE, PDE, PTE */
	walk(g, &st, 0x00201abc, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	walk(g, &st, 0x80601abc, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	walk(g, &st, 0x80202abc, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 3);
}

/* Long-mode tables for 0xffffffff81234567: PML4 0x1ff, PDPT 0x1fe, PD 9,
 * PT 0x34; and for 0x00007f0012345678: PML4 0xfe, PDPT 0, PD 0x91,
 * PT 0x145. */
static void build_long(struct gmem *g)
{
	put64(g, PG(1) + 0x1ff * 8, PG(2) | P | RW | US);
	put64(g, PG(2) + 0x1fe * 8, PG(3) | P | RW);
	put64(g, PG(3) + 9 * 8, PG(4) | P | RW);
	put64(g, PG(4) + 0x34 * 8, 0xabcdef12000ULL | NX | P);

	put64(g, PG(1) + 0xfe * 8, PG(5) | P | (0xfULL << 59));
	put64(g, PG(5) + 0 * 8, PG(6) | P);
	put64(g, PG(6) + 0x91 * 8, PG(7) | P);
	put64(g, PG(7) + 0x145 * 8, PG(8) | P);
}

TEST(paging_long_4k)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr4 = CR4_PAE, .cr3 = PG(1),
		.efer = EFER_LME | EFER_LMA,
	};
	struct gmem *g = gmem_new();
	int rc;

	build_long(g);
	CHECK_EQ(walk(g, &st, 0xffffffff81234567ULL, &rc),
		 0xabcdef12567ULL);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 4);
	CHECK_READ(g, 0, PG(1) + 0x1ff * 8, 8);
	CHECK_READ(g, 1, PG(2) + 0x1fe * 8, 8);
	CHECK_READ(g, 2, PG(3) + 9 * 8, 8);
	CHECK_READ(g, 3, PG(4) + 0x34 * 8, 8);

	CHECK_EQ(walk(g, &st, 0x00007f0012345678ULL, &rc), PG(8) + 0x678);
	CHECK_EQ(rc, 0);

	/* LME alone (with PG) means long mode too; PCID bits in CR3 */
	st.efer = EFER_LME;
	st.cr3 = PG(1) | 0x123;
	CHECK_EQ(walk(g, &st, 0x00007f0012345678ULL, &rc), PG(8) + 0x678);
	CHECK_EQ(rc, 0);
	/* a 64-bit address, so no 32-bit wrap */
	CHECK_EQ(walk(g, &st, 0x0000000012345678ULL, &rc), 0xdeadbeef);
	CHECK_EQ(rc, -JH_EFAULT);
}

TEST(paging_long_large_pages)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr4 = CR4_PAE, .cr3 = PG(1),
		.efer = EFER_LMA | EFER_LME,
	};
	struct gmem *g = gmem_new();
	int rc;

	build_long(g);
	/* 2 MiB at PD level (PAT bit 12 set) */
	put64(g, PG(3) + 9 * 8, 0x7fe00000ULL | (1 << 12) | PS | P);
	CHECK_EQ(walk(g, &st, 0xffffffff81234567ULL, &rc),
		 0x7fe00000ULL + 0x34567);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 3);
	/* 1 GiB at PDPT level */
	put64(g, PG(2) + 0x1fe * 8, 0x3c0000000ULL | NX | PS | P);
	CHECK_EQ(walk(g, &st, 0xffffffff81234567ULL, &rc),
		 0x3c0000000ULL + 0x01234567);
	CHECK_EQ(rc, 0);
	CHECK_EQ(g->nreads, 2);
}

TEST(paging_long_errors)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr4 = CR4_PAE, .cr3 = PG(1),
		.efer = EFER_LMA | EFER_LME,
	};
	struct gmem *g = gmem_new();
	int rc;

	build_long(g);
	/* not present at each level */
	put64(g, PG(4) + 0x34 * 8, 0xabcdef12000ULL);
	walk(g, &st, 0xffffffff81234567ULL, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 4);
	put64(g, PG(3) + 9 * 8, PS);
	walk(g, &st, 0xffffffff81234567ULL, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 3);
	put64(g, PG(2) + 0x1fe * 8, PG(3));
	walk(g, &st, 0xffffffff81234567ULL, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 2);
	walk(g, &st, 0xffff800000000000ULL, &rc);	/* PML4 0x100 */
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 1);

	/* non-canonical: no read at all */
	walk(g, &st, 0x0000800000000000ULL, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	walk(g, &st, 0xfffe7f0012345678ULL, &rc);
	CHECK_EQ(rc, -JH_EFAULT);
	CHECK_EQ(g->nreads, 0);

	/* 5-level paging is not supported */
	st.cr4 |= CR4_LA57;
	walk(g, &st, 0x00007f0012345678ULL, &rc);
	CHECK_EQ(rc, -JH_ENOSYS);
	CHECK_EQ(g->nreads, 0);
}

TEST(fetch_across_pages)
{
	struct x86_paging_state st = {
		.cr0 = CR0_PE | CR0_PG, .cr4 = CR4_PAE, .cr3 = PG(1),
		.efer = EFER_LMA | EFER_LME,
	};
	struct gmem *g = gmem_new();
	uint8_t buf[16], want[15];
	unsigned int n;

	build_long(g);
	/* 0x00007f0012345000 -> PG(8), the next page -> PG(20) */
	put64(g, PG(7) + 0x146 * 8, PG(20) | P);
	fill(g, PG(8) + 0xff8, 8, 0x10);
	fill(g, PG(20), 7, 0x18);
	fill(g, PG(9), 16, 0xee);	/* the adjacent frame: wrong */
	for (n = 0; n < 15; n++)
		want[n] = 0x10 + n;

	memset(buf, 0, sizeof(buf));
	g->nreads = 0;
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345ff8ULL, buf, 15,
				 gmem_read, g), 0);
	CHECK(memcmp(buf, want, 15) == 0);
	CHECK_EQ(buf[15], 0);
	CHECK(!g->bad_read);
	/* two walks of 4 reads, each followed by one code read */
	CHECK_EQ(g->nreads, 10);
	CHECK_READ(g, 4, PG(8) + 0xff8, 8);
	CHECK_READ(g, 9, PG(20), 7);

	/* within one page: a single code read */
	g->nreads = 0;
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345ff0ULL, buf, 8,
				 gmem_read, g), 0);
	CHECK_EQ(g->nreads, 5);
	CHECK_READ(g, 4, PG(8) + 0xff0, 8);

	/* the second page not present */
	put64(g, PG(7) + 0x146 * 8, PG(20));
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345ff8ULL, buf, 15,
				 gmem_read, g), -JH_EFAULT);
	/* ... but what lies before it can be fetched */
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345ff8ULL, buf, 8,
				 gmem_read, g), 0);
	CHECK(memcmp(buf, want, 8) == 0);

	/* lengths: 0 reads nothing, more than 15 is refused */
	g->nreads = 0;
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345ff8ULL, buf, 0,
				 gmem_read, g), 0);
	CHECK_EQ(g->nreads, 0);
	CHECK_EQ(x86_guest_fetch(&st, 0x00007f0012345000ULL, buf, 16,
				 gmem_read, g), -JH_EINVAL);
	CHECK(!g->bad_read);
}

TEST(fetch_32bit_wrap_and_real_mode)
{
	struct x86_paging_state st = { .cr0 = CR0_PE | CR0_PG, .cr3 = PG(1) };
	struct gmem *g = gmem_new();
	uint8_t buf[15], want[15];
	unsigned int n;

	/* 0xfffffffc -> PDE 0x3ff, PTE 0x3ff -> PG(30); 0 -> PG(12) */
	put32(g, PG(1) + 0x3ff * 4, PG(2) | P);
	put32(g, PG(2) + 0x3ff * 4, PG(30) | P);
	put32(g, PG(1) + 0, PG(3) | P);
	put32(g, PG(3) + 0, PG(12) | P);
	fill(g, PG(30) + 0xffc, 4, 0x40);
	fill(g, PG(12), 11, 0x44);
	for (n = 0; n < 15; n++)
		want[n] = 0x40 + n;
	CHECK_EQ(x86_guest_fetch(&st, 0xfffffffc, buf, 15, gmem_read, g), 0);
	CHECK(memcmp(buf, want, 15) == 0);
	CHECK(!g->bad_read);

	/* paging off: identity, still split at the page boundary */
	st.cr0 = 0;
	fill(g, PG(5) + 0xffa, 6, 0x60);
	fill(g, PG(6), 9, 0x66);
	for (n = 0; n < 15; n++)
		want[n] = 0x60 + n;
	g->nreads = 0;
	CHECK_EQ(x86_guest_fetch(&st, PG(5) + 0xffa, buf, 15, gmem_read, g),
		 0);
	CHECK(memcmp(buf, want, 15) == 0);
	CHECK_EQ(g->nreads, 2);
	CHECK(!g->bad_read);
}
