// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the x86 MMIO instruction decoder. The byte sequences are
 * what GNU as and GCC 12 produce (Linux 6.1's readl/writel & co. are
 * plain "mov" asm with a memory operand). Every valid case is also run
 * with each shorter prefix of its bytes, in a heap buffer of exactly that
 * size, which must give X86_DECODE_TRUNCATED without reading past it
 * (ASan catches a read of one byte too many).
 */
/* UNIT-SOURCES: hypervisor/arch/x86/emulate/insn_decode.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <stdlib.h>

#include <asm/insn_decode.h>

#define L64	X86_MODE_LONG64
#define P32	X86_MODE_PROT32
#define P16	X86_MODE_PROT16
#define R16	X86_MODE_REAL16

enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13,
       R14, R15 };

/* Expected decode; fields left out are 0/false. */
struct want {
	unsigned int len, size, reg, dest;
	bool wr, has_imm, hb, sx, xchg;
	uint64_t imm;
};

#define B(...)	((const uint8_t[]){ __VA_ARGS__ }), \
		sizeof((const uint8_t[]){ __VA_ARGS__ })

/* Exactly n bytes on the heap (NULL for none), freed at test end. */
static uint8_t *exact_copy(const uint8_t *bytes, unsigned int n)
{
	uint8_t *buf;

	if (!n)
		return NULL;
	buf = malloc(n);
	if (!buf)
		abort();
	memcpy(buf, bytes, n);
	unit_cleanup(free, buf);
	return buf;
}

#define FIELD(got, exp)							\
	do {								\
		if ((unsigned long long)(got) !=			\
		    (unsigned long long)(exp))				\
			unit_fail(__FILE__, line, "%s: got 0x%llx, "	\
				  "expected 0x%llx", #got,		\
				  (unsigned long long)(got),		\
				  (unsigned long long)(exp));		\
	} while (0)

static void check_decode(int line, enum x86_cpu_mode mode,
			 const uint8_t *bytes, unsigned int n,
			 const struct want *w, struct x86_mmio_insn *out)
{
	struct x86_mmio_insn insn;
	uint8_t padded[32];
	unsigned int k;
	int rc;

	rc = x86_decode_mmio(exact_copy(bytes, n), n, mode, &insn);
	if (rc != 0) {
		unit_fail(__FILE__, line, "decode returned %d", rc);
		return;
	}
	FIELD(insn.length, w->len);
	FIELD(insn.size, w->size);
	FIELD(insn.is_write, w->wr);
	FIELD(insn.has_imm, w->has_imm);
	FIELD(insn.imm, w->imm);
	FIELD(insn.reg, w->reg);
	FIELD(insn.high_byte, w->hb);
	FIELD(insn.dest_size, w->dest);
	FIELD(insn.sign_extend, w->sx);
	FIELD(insn.is_xchg, w->xchg);
	if (out)
		*out = insn;

	/* The next instruction's bytes must not change anything. */
	memset(padded, 0x90, sizeof(padded));
	memcpy(padded, bytes, n);
	rc = x86_decode_mmio(padded, sizeof(padded), mode, &insn);
	if (rc != 0 || insn.length != w->len)
		unit_fail(__FILE__, line, "with trailing bytes: rc %d len %u",
			  rc, insn.length);

	for (k = 0; k < n; k++) {
		rc = x86_decode_mmio(exact_copy(bytes, k), k, mode, &insn);
		if (rc != X86_DECODE_TRUNCATED)
			unit_fail(__FILE__, line, "first %u of %u bytes: "
				  "rc %d, expected -2", k, n, rc);
	}
}

static void check_error(int line, enum x86_cpu_mode mode,
			const uint8_t *bytes, unsigned int n, int expected)
{
	struct x86_mmio_insn insn;
	int rc;

	rc = x86_decode_mmio(exact_copy(bytes, n), n, mode, &insn);
	if (rc != expected)
		unit_fail(__FILE__, line, "rc %d, expected %d", rc, expected);
}

#define DEC_OK(mode, bytes, ...)					\
	check_decode(__LINE__, mode, bytes,				\
		     &(const struct want){ __VA_ARGS__ }, NULL)
#define DEC_GET(insn, mode, bytes, ...)					\
	check_decode(__LINE__, mode, bytes,				\
		     &(const struct want){ __VA_ARGS__ }, insn)
#define DEC_ERR(mode, bytes, rc)	check_error(__LINE__, mode, bytes, rc)

/* Linux 6.1 readl/readb/readw/readq as GCC compiles them. */
TEST(linux_mmio_reads)
{
	/* mov 0x300(%rax),%eax; mov 0x300(%rdi),%eax */
	DEC_OK(L64, B(0x8b, 0x80, 0x00, 0x03, 0x00, 0x00),
	       .len = 6, .size = 4, .reg = RAX, .dest = 4);
	DEC_OK(L64, B(0x8b, 0x87, 0x00, 0x03, 0x00, 0x00),
	       .len = 6, .size = 4, .reg = RAX, .dest = 4);
	/* mov 0x10(%rdi),%al (readb, "=q") */
	DEC_OK(L64, B(0x8a, 0x47, 0x10),
	       .len = 3, .size = 1, .reg = RAX, .dest = 1);
	/* mov 0x12(%rdi),%ax (readw) */
	DEC_OK(L64, B(0x66, 0x8b, 0x47, 0x12),
	       .len = 4, .size = 2, .reg = RAX, .dest = 2);
	/* mov 0x8(%rdi),%rax (readq) */
	DEC_OK(L64, B(0x48, 0x8b, 0x47, 0x08),
	       .len = 4, .size = 8, .reg = RAX, .dest = 8);
	/* mov 0x10(%r9),%ecx */
	DEC_OK(L64, B(0x41, 0x8b, 0x49, 0x10),
	       .len = 4, .size = 4, .reg = RCX, .dest = 4);
	/* mov (%rax),%eax */
	DEC_OK(L64, B(0x8b, 0x00), .len = 2, .size = 4, .reg = RAX,
	       .dest = 4);
	/* native_apic_mem_read: mov 0xffffffffff5fd020,%eax */
	DEC_OK(L64, B(0x8b, 0x04, 0x25, 0x20, 0xd0, 0x5f, 0xff),
	       .len = 7, .size = 4, .reg = RAX, .dest = 4);
	/* mov 0xffffffffff5fd020,%r13d */
	DEC_OK(L64, B(0x44, 0x8b, 0x2c, 0x25, 0x20, 0xd0, 0x5f, 0xff),
	       .len = 8, .size = 4, .reg = R13, .dest = 4);
}

TEST(linux_mmio_writes)
{
	/* mov %esi,0xb0(%rdi) (writel) */
	DEC_OK(L64, B(0x89, 0xb7, 0xb0, 0x00, 0x00, 0x00),
	       .len = 6, .size = 4, .reg = RSI, .wr = true);
	/* mov %sil,0x14(%rdi) (writeb: REX for sil) */
	DEC_OK(L64, B(0x40, 0x88, 0x77, 0x14),
	       .len = 4, .size = 1, .reg = RSI, .wr = true);
	/* mov %si,0x16(%rdi) (writew) */
	DEC_OK(L64, B(0x66, 0x89, 0x77, 0x16),
	       .len = 4, .size = 2, .reg = RSI, .wr = true);
	/* mov %rsi,0x18(%rdi) (writeq) */
	DEC_OK(L64, B(0x48, 0x89, 0x77, 0x18),
	       .len = 4, .size = 8, .reg = RSI, .wr = true);
	/* native_apic_mem_write: mov %edi,0xffffffffff5fd0b0 */
	DEC_OK(L64, B(0x89, 0x3c, 0x25, 0xb0, 0xd0, 0x5f, 0xff),
	       .len = 7, .size = 4, .reg = RDI, .wr = true);
	/* mov %eax,0x10(%rdx) */
	DEC_OK(L64, B(0x89, 0x42, 0x10), .len = 3, .size = 4, .reg = RAX,
	       .wr = true);
	/* mov %eax,0x10(%r12): SIB needed for r12 */
	DEC_OK(L64, B(0x41, 0x89, 0x44, 0x24, 0x10),
	       .len = 5, .size = 4, .reg = RAX, .wr = true);
	/* mov %eax,(%r12); mov %eax,0x0(%r13) */
	DEC_OK(L64, B(0x41, 0x89, 0x04, 0x24),
	       .len = 4, .size = 4, .reg = RAX, .wr = true);
	DEC_OK(L64, B(0x41, 0x89, 0x45, 0x00),
	       .len = 4, .size = 4, .reg = RAX, .wr = true);
	/* mov %r15,(%rsp) */
	DEC_OK(L64, B(0x4c, 0x89, 0x3c, 0x24),
	       .len = 4, .size = 8, .reg = R15, .wr = true);
	/* X86_BUG_11AP variant: xchg %edi,0xffffffffff5fd300 */
	DEC_OK(L64, B(0x87, 0x3c, 0x25, 0x00, 0xd3, 0x5f, 0xff),
	       .len = 7, .size = 4, .reg = RDI, .wr = true, .dest = 4,
	       .xchg = true);
}

TEST(store_immediates)
{
	/* movl $0x12345678,0x0(%rip) (volatile global store) */
	DEC_OK(L64, B(0xc7, 0x05, 0x00, 0x00, 0x00, 0x00,
		      0x78, 0x56, 0x34, 0x12),
	       .len = 10, .size = 4, .wr = true, .has_imm = true,
	       .imm = 0x12345678);
	/* movl $0x0,(%rax) */
	DEC_OK(L64, B(0xc7, 0x00, 0x00, 0x00, 0x00, 0x00),
	       .len = 6, .size = 4, .wr = true, .has_imm = true, .imm = 0);
	/* movb $0xab,(%rdi) */
	DEC_OK(L64, B(0xc6, 0x07, 0xab), .len = 3, .size = 1, .wr = true,
	       .has_imm = true, .imm = 0xab);
	/* movw $0x8001,0x6(%rdi) */
	DEC_OK(L64, B(0x66, 0xc7, 0x47, 0x06, 0x01, 0x80),
	       .len = 6, .size = 2, .wr = true, .has_imm = true,
	       .imm = 0x8001);
	/* movq $-2,0x8(%rdi): imm32 sign-extended */
	DEC_OK(L64, B(0x48, 0xc7, 0x47, 0x08, 0xfe, 0xff, 0xff, 0xff),
	       .len = 8, .size = 8, .wr = true, .has_imm = true,
	       .imm = 0xfffffffffffffffeULL);
	DEC_OK(L64, B(0x48, 0xc7, 0x00, 0x00, 0x00, 0x00, 0x80),
	       .len = 7, .size = 8, .wr = true, .has_imm = true,
	       .imm = 0xffffffff80000000ULL);
	DEC_OK(L64, B(0x48, 0xc7, 0x00, 0xff, 0xff, 0xff, 0x7f),
	       .len = 7, .size = 8, .wr = true, .has_imm = true,
	       .imm = 0x7fffffff);
	/* movl $0xdeadbeef,0xfec00010 (32-bit IOAPIC write) */
	DEC_OK(P32, B(0xc7, 0x05, 0x10, 0x00, 0xc0, 0xfe,
		      0xef, 0xbe, 0xad, 0xde),
	       .len = 10, .size = 4, .wr = true, .has_imm = true,
	       .imm = 0xdeadbeef);
	/* 32-bit mode movw $0x1234,(%eax) */
	DEC_OK(P32, B(0x66, 0xc7, 0x00, 0x34, 0x12),
	       .len = 5, .size = 2, .wr = true, .has_imm = true,
	       .imm = 0x1234);
}

TEST(movzx_movsx)
{
	/* movzbl 0x10(%rdi),%eax; movzwl 0x12(%rsi),%ecx */
	DEC_OK(L64, B(0x0f, 0xb6, 0x47, 0x10),
	       .len = 4, .size = 1, .reg = RAX, .dest = 4);
	DEC_OK(L64, B(0x0f, 0xb7, 0x4e, 0x12),
	       .len = 4, .size = 2, .reg = RCX, .dest = 4);
	/* movzbq (%rax),%r8 */
	DEC_OK(L64, B(0x4c, 0x0f, 0xb6, 0x00),
	       .len = 4, .size = 1, .reg = R8, .dest = 8);
	/* movsbl 0x5(%rdi),%eax; movswl 0xa(%rdi),%eax */
	DEC_OK(L64, B(0x0f, 0xbe, 0x47, 0x05),
	       .len = 4, .size = 1, .reg = RAX, .dest = 4, .sx = true);
	DEC_OK(L64, B(0x0f, 0xbf, 0x47, 0x0a),
	       .len = 4, .size = 2, .reg = RAX, .dest = 4, .sx = true);
	/* movsbw (%rbx),%dx */
	DEC_OK(L64, B(0x66, 0x0f, 0xbe, 0x13),
	       .len = 4, .size = 1, .reg = RDX, .dest = 2, .sx = true);
	/* movswq 0x4(%r9),%r10 */
	DEC_OK(L64, B(0x4d, 0x0f, 0xbf, 0x51, 0x04),
	       .len = 5, .size = 2, .reg = R10, .dest = 8, .sx = true);
	/* movslq 0x14(%rdi),%rax */
	DEC_OK(L64, B(0x48, 0x63, 0x47, 0x14),
	       .len = 4, .size = 4, .reg = RAX, .dest = 8, .sx = true);
	/* 32-bit mode: movzbl 0x1(%ecx),%eax; movswl (%edx),%ebx */
	DEC_OK(P32, B(0x0f, 0xb6, 0x41, 0x01),
	       .len = 4, .size = 1, .reg = RAX, .dest = 4);
	DEC_OK(P32, B(0x0f, 0xbf, 0x1a),
	       .len = 3, .size = 2, .reg = RBX, .dest = 4, .sx = true);
}

TEST(byte_registers)
{
	/* mov %ah,(%rdi); mov (%rdx),%bh: no REX, so high bytes */
	DEC_OK(L64, B(0x88, 0x27), .len = 2, .size = 1, .reg = RAX,
	       .hb = true, .wr = true);
	DEC_OK(L64, B(0x8a, 0x3a), .len = 2, .size = 1, .reg = RBX,
	       .hb = true, .dest = 1);
	/* Any REX turns 4-7 into spl/bpl/sil/dil: mov %spl,(%rdi) */
	DEC_OK(L64, B(0x40, 0x88, 0x27), .len = 3, .size = 1, .reg = RSP,
	       .wr = true);
	DEC_OK(L64, B(0x40, 0x8a, 0x3a), .len = 3, .size = 1, .reg = RDI,
	       .dest = 1);
	/* mov 0x1(%r11),%r14b */
	DEC_OK(L64, B(0x45, 0x8a, 0x73, 0x01), .len = 4, .size = 1,
	       .reg = R14, .dest = 1);
	/* xchg %ah,(%rcx); xchg %al,(%rdi) */
	DEC_OK(L64, B(0x86, 0x21), .len = 2, .size = 1, .reg = RAX,
	       .hb = true, .wr = true, .dest = 1, .xchg = true);
	DEC_OK(L64, B(0x86, 0x07), .len = 2, .size = 1, .reg = RAX,
	       .wr = true, .dest = 1, .xchg = true);
	/* 32-bit mov %bh,(%eax); 16-bit mov %ah,(%si) */
	DEC_OK(P32, B(0x88, 0x38), .len = 2, .size = 1, .reg = RBX,
	       .hb = true, .wr = true);
	DEC_OK(R16, B(0x88, 0x24), .len = 2, .size = 1, .reg = RAX,
	       .hb = true, .wr = true);
	/* movzx never has a byte register operand */
	DEC_OK(P32, B(0x0f, 0xb6, 0x27), .len = 3, .size = 1, .reg = RSP,
	       .dest = 4);
}

TEST(modrm_sib_64)
{
	/* mov 0x0(%rbp),%rax: rbp base needs mod=1 */
	DEC_OK(L64, B(0x48, 0x8b, 0x45, 0x00), .len = 4, .size = 8,
	       .reg = RAX, .dest = 8);
	/* mov 0x10(%r13),%rcx */
	DEC_OK(L64, B(0x49, 0x8b, 0x4d, 0x10), .len = 4, .size = 8,
	       .reg = RCX, .dest = 8);
	/* mov 0x80(%rax,%rbx,8),%edx: SIB + disp32 */
	DEC_OK(L64, B(0x8b, 0x94, 0xd8, 0x80, 0x00, 0x00, 0x00),
	       .len = 7, .size = 4, .reg = RDX, .dest = 4);
	/* mov (%rax,%r12,2),%edx: REX.X does not touch reg */
	DEC_OK(L64, B(0x42, 0x8b, 0x14, 0x60), .len = 4, .size = 4,
	       .reg = RDX, .dest = 4);
	/* mov 0x12345678(,%rcx,4),%esi: SIB base=5 mod=0 */
	DEC_OK(L64, B(0x8b, 0x34, 0x8d, 0x78, 0x56, 0x34, 0x12),
	       .len = 7, .size = 4, .reg = RSI, .dest = 4);
	/* mov 0x0(%r13,%r12,1),%eax */
	DEC_OK(L64, B(0x43, 0x8b, 0x44, 0x25, 0x00), .len = 5, .size = 4,
	       .reg = RAX, .dest = 4);
	/* mov 0x0(%rip),%eax */
	DEC_OK(L64, B(0x8b, 0x05, 0x00, 0x00, 0x00, 0x00),
	       .len = 6, .size = 4, .reg = RAX, .dest = 4);
	/* REX.B changes neither rm=5 (RIP-relative) nor SIB base=5 */
	DEC_OK(L64, B(0x41, 0x8b, 0x05, 0x00, 0x10, 0x00, 0x00),
	       .len = 7, .size = 4, .reg = RAX, .dest = 4);
	DEC_OK(L64, B(0x41, 0x8b, 0x04, 0x25, 0x10, 0x00, 0x00, 0x00),
	       .len = 8, .size = 4, .reg = RAX, .dest = 4);
	/* mod=1 with SIB: mov -0x8(%rsp),%ecx */
	DEC_OK(L64, B(0x8b, 0x4c, 0x24, 0xf8), .len = 4, .size = 4,
	       .reg = RCX, .dest = 4);
	/* mod=2 rm=5: mov 0x1000(%rbp),%ecx */
	DEC_OK(L64, B(0x8b, 0x8d, 0x00, 0x10, 0x00, 0x00), .len = 6,
	       .size = 4, .reg = RCX, .dest = 4);
}

TEST(address_size_prefix_64)
{
	/* mov (%eax),%eax; mov 0x10(%esp),%ebx */
	DEC_OK(L64, B(0x67, 0x8b, 0x00), .len = 3, .size = 4, .reg = RAX,
	       .dest = 4);
	DEC_OK(L64, B(0x67, 0x8b, 0x5c, 0x24, 0x10), .len = 5, .size = 4,
	       .reg = RBX, .dest = 4);
	/* addr32 EIP-relative: still disp32 */
	DEC_OK(L64, B(0x67, 0x89, 0x05, 0x00, 0x01, 0x00, 0x00),
	       .len = 7, .size = 4, .reg = RAX, .wr = true);
}

TEST(moffs_forms)
{
	/* 64-bit: moffs64, or moffs32 with 67 */
	DEC_OK(L64, B(0xa1, 0x30, 0x00, 0xe0, 0xfe, 0, 0, 0, 0),
	       .len = 9, .size = 4, .reg = RAX, .dest = 4);
	DEC_OK(L64, B(0x48, 0xa3, 0x00, 0x03, 0xe0, 0xfe, 0, 0, 0, 0),
	       .len = 10, .size = 8, .reg = RAX, .wr = true);
	DEC_OK(L64, B(0xa0, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11),
	       .len = 9, .size = 1, .reg = RAX, .dest = 1);
	DEC_OK(L64, B(0x67, 0xa1, 0x30, 0x00, 0xe0, 0xfe),
	       .len = 6, .size = 4, .reg = RAX, .dest = 4);
	/* 32-bit: moffs32, moffs16 with 67 */
	DEC_OK(P32, B(0xa1, 0x20, 0x00, 0xe0, 0xfe),
	       .len = 5, .size = 4, .reg = RAX, .dest = 4);
	DEC_OK(P32, B(0x66, 0xa1, 0x30, 0x00, 0xe0, 0xfe),
	       .len = 6, .size = 2, .reg = RAX, .dest = 2);
	DEC_OK(P32, B(0xa2, 0x31, 0x00, 0xe0, 0xfe),
	       .len = 5, .size = 1, .reg = RAX, .wr = true);
	DEC_OK(P32, B(0x67, 0xa1, 0x34, 0x12),
	       .len = 4, .size = 4, .reg = RAX, .dest = 4);
	/* 16-bit: moffs16, moffs32 with 67 */
	DEC_OK(R16, B(0xa3, 0x00, 0x03), .len = 3, .size = 2, .reg = RAX,
	       .wr = true);
	DEC_OK(R16, B(0xa1, 0x34, 0x12), .len = 3, .size = 2, .reg = RAX,
	       .dest = 2);
	DEC_OK(P16, B(0x66, 0xa1, 0x78, 0x56), .len = 4, .size = 4,
	       .reg = RAX, .dest = 4);
	DEC_OK(R16, B(0x67, 0xa1, 0x78, 0x56, 0x34, 0x12), .len = 6,
	       .size = 2, .reg = RAX, .dest = 2);
}

TEST(mode32_forms)
{
	/* mov %ecx,0xfee000b0 (mod=0 rm=5: disp32, no RIP) */
	DEC_OK(P32, B(0x89, 0x0d, 0xb0, 0x00, 0xe0, 0xfe),
	       .len = 6, .size = 4, .reg = RCX, .wr = true);
	DEC_OK(P32, B(0x89, 0x83, 0x00, 0x03, 0x00, 0x00),
	       .len = 6, .size = 4, .reg = RAX, .wr = true);
	/* mov (%esi,%edi,4),%edx; mov 0x10(,%eax,2),%edx */
	DEC_OK(P32, B(0x8b, 0x14, 0xbe), .len = 3, .size = 4, .reg = RDX,
	       .dest = 4);
	DEC_OK(P32, B(0x8b, 0x14, 0x45, 0x10, 0x00, 0x00, 0x00),
	       .len = 7, .size = 4, .reg = RDX, .dest = 4);
	/* mov %eax,0x0(%ebp); mov %dx,0x4(%eax) */
	DEC_OK(P32, B(0x89, 0x45, 0x00), .len = 3, .size = 4, .reg = RAX,
	       .wr = true);
	DEC_OK(P32, B(0x66, 0x89, 0x50, 0x04), .len = 4, .size = 2,
	       .reg = RDX, .wr = true);
	/* addr16 mov (%bx,%si),%eax */
	DEC_OK(P32, B(0x67, 0x8b, 0x00), .len = 3, .size = 4, .reg = RAX,
	       .dest = 4);
	/* lock xchg %eax,(%ebx) */
	DEC_OK(P32, B(0xf0, 0x87, 0x03), .len = 3, .size = 4, .reg = RAX,
	       .wr = true, .dest = 4, .xchg = true);
	/* mov %eax,%es:(%edi) */
	DEC_OK(P32, B(0x26, 0x89, 0x07), .len = 3, .size = 4, .reg = RAX,
	       .wr = true);
}

TEST(mode16_forms)
{
	/* mov (%bx,%si),%ax; mov 0x10(%bp),%cx; mov 0x1234(%di),%dx */
	DEC_OK(R16, B(0x8b, 0x00), .len = 2, .size = 2, .reg = RAX,
	       .dest = 2);
	DEC_OK(R16, B(0x8b, 0x4e, 0x10), .len = 3, .size = 2, .reg = RCX,
	       .dest = 2);
	DEC_OK(R16, B(0x8b, 0x95, 0x34, 0x12), .len = 4, .size = 2,
	       .reg = RDX, .dest = 2);
	/* mod=0 rm=6 is disp16: mov 0x300,%bx; mov 0x0(%bp),%ax */
	DEC_OK(R16, B(0x8b, 0x1e, 0x00, 0x03), .len = 4, .size = 2,
	       .reg = RBX, .dest = 2);
	DEC_OK(P16, B(0x8b, 0x46, 0x00), .len = 3, .size = 2, .reg = RAX,
	       .dest = 2);
	/* mod=0 rm=4 is (%si), no SIB in 16-bit addressing */
	DEC_OK(R16, B(0x8b, 0x04), .len = 2, .size = 2, .reg = RAX,
	       .dest = 2);
	/* with 67 it is a SIB: mov (%esp),%ax */
	DEC_OK(R16, B(0x67, 0x8b, 0x04, 0x24), .len = 4, .size = 2,
	       .reg = RAX, .dest = 2);
	/* 66: 32-bit operand */
	DEC_OK(R16, B(0x66, 0x89, 0x07), .len = 3, .size = 4, .reg = RAX,
	       .wr = true);
	DEC_OK(R16, B(0x67, 0x66, 0x8b, 0x46, 0x08), .len = 5, .size = 4,
	       .reg = RAX, .dest = 4);
	DEC_OK(P16, B(0x67, 0x66, 0x8b, 0x0c, 0x98), .len = 5, .size = 4,
	       .reg = RCX, .dest = 4);
	/* movw $0x55aa,0x20(%bx); movl $0x11223344,(%di) */
	DEC_OK(R16, B(0xc7, 0x47, 0x20, 0xaa, 0x55), .len = 5, .size = 2,
	       .wr = true, .has_imm = true, .imm = 0x55aa);
	DEC_OK(R16, B(0x66, 0xc7, 0x05, 0x44, 0x33, 0x22, 0x11), .len = 7,
	       .size = 4, .wr = true, .has_imm = true, .imm = 0x11223344);
	/* movzbw (%bx),%ax; movsbl (%bx),%eax; xchg %ax,(%bx) */
	DEC_OK(R16, B(0x0f, 0xb6, 0x07), .len = 3, .size = 1, .reg = RAX,
	       .dest = 2);
	DEC_OK(R16, B(0x66, 0x0f, 0xbe, 0x07), .len = 4, .size = 1,
	       .reg = RAX, .dest = 4, .sx = true);
	DEC_OK(R16, B(0x87, 0x07), .len = 2, .size = 2, .reg = RAX,
	       .wr = true, .dest = 2, .xchg = true);
}

TEST(prefix_combinations)
{
	/* mov %fs:0x10(%rax),%eax; mov %gs:0x20,%ecx */
	DEC_OK(L64, B(0x64, 0x8b, 0x40, 0x10), .len = 4, .size = 4,
	       .reg = RAX, .dest = 4);
	DEC_OK(L64, B(0x65, 0x8b, 0x0c, 0x25, 0x20, 0x00, 0x00, 0x00),
	       .len = 8, .size = 4, .reg = RCX, .dest = 4);
	/* Every segment override, then 66 67 and REX.WR */
	DEC_OK(L64, B(0x2e, 0x36, 0x3e, 0x26, 0x64, 0x65, 0x66, 0x67, 0x4c,
		      0x89, 0x00),
	       .len = 11, .size = 8, .reg = R8, .wr = true);
	/* REX.W beats 66 */
	DEC_OK(L64, B(0x66, 0x48, 0x89, 0x07), .len = 4, .size = 8,
	       .reg = RAX, .wr = true);
	/* 66 does not widen byte operations */
	DEC_OK(L64, B(0x66, 0x88, 0x07), .len = 3, .size = 1, .reg = RAX,
	       .wr = true);
	/* A REX followed by another prefix is ignored by the CPU */
	DEC_OK(L64, B(0x48, 0x66, 0x89, 0x07), .len = 4, .size = 2,
	       .reg = RAX, .wr = true);
	DEC_OK(L64, B(0x44, 0x3e, 0x89, 0x07), .len = 4, .size = 4,
	       .reg = RAX, .wr = true);
	DEC_OK(L64, B(0x44, 0x48, 0x89, 0x07), .len = 4, .size = 8,
	       .reg = RAX, .wr = true);
	/* ... and the ignored REX no longer selects spl: ah again */
	DEC_OK(L64, B(0x40, 0x2e, 0x88, 0x27), .len = 4, .size = 1,
	       .reg = RAX, .hb = true, .wr = true);
	/* lock xchg %r9,0x8(%r10); 13 redundant prefixes make 15 bytes */
	DEC_OK(L64, B(0xf0, 0x4d, 0x87, 0x4a, 0x08), .len = 5, .size = 8,
	       .reg = R9, .wr = true, .dest = 8, .xchg = true);
	DEC_OK(L64, B(0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
		      0x3e, 0x3e, 0x3e, 0x3e, 0x89, 0x07),
	       .len = 15, .size = 4, .reg = RAX, .wr = true);
}

TEST(rejected_encodings)
{
	/* mod=3: register operands, no memory access */
	DEC_ERR(L64, B(0x89, 0xc0), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x8b, 0xc8), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x0f, 0xb6, 0xc0), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x86, 0xc4), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0xc7, 0xc0, 0x01, 0x00, 0x00, 0x00),
		X86_DECODE_UNSUPPORTED);
	DEC_ERR(R16, B(0x8b, 0xc0), X86_DECODE_UNSUPPORTED);
	/* c6/c7 with reg field != 0 */
	DEC_ERR(L64, B(0xc6, 0x4f, 0x10, 0xab), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0xc7, 0x38, 0, 0, 0, 0), X86_DECODE_UNSUPPORTED);
	/* add, inc, lea, rep movs, movups, 0f b8 (popcnt w/o f3) */
	DEC_ERR(L64, B(0x01, 0x07), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0xff, 0x07), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x8d, 0x07), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0xf3, 0xa5), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x0f, 0x10, 0x07), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0x0f, 0xb8, 0x07), X86_DECODE_UNSUPPORTED);
	/* lock is #UD on mov */
	DEC_ERR(L64, B(0xf0, 0x89, 0x07), X86_DECODE_UNSUPPORTED);
	DEC_ERR(L64, B(0xf0, 0xa1, 0, 0, 0, 0, 0, 0, 0, 0),
		X86_DECODE_UNSUPPORTED);
	DEC_ERR(P32, B(0xf0, 0x0f, 0xb6, 0x07), X86_DECODE_UNSUPPORTED);
	/* movsxd only with REX.W; 63 is arpl outside 64-bit mode */
	DEC_ERR(L64, B(0x63, 0x47, 0x14), X86_DECODE_UNSUPPORTED);
	DEC_ERR(P32, B(0x63, 0x07), X86_DECODE_UNSUPPORTED);
	/* 40-4f are inc/dec, not REX, outside 64-bit mode */
	DEC_ERR(P32, B(0x48, 0x8b, 0x00), X86_DECODE_UNSUPPORTED);
	DEC_ERR(R16, B(0x40, 0x8b, 0x00), X86_DECODE_UNSUPPORTED);
	/* A REX alone, then an unsupported opcode */
	DEC_ERR(L64, B(0x48, 0x01, 0x07), X86_DECODE_UNSUPPORTED);
}

TEST(length_limit_and_truncation)
{
	static const uint8_t sixteen[] = {
		0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e,
		0x3e, 0x3e, 0x3e, 0x3e, 0x89, 0x07,
	};
	uint8_t prefixes[20];

	/* 14 prefixes + 2 bytes = 16: too long, even with all bytes */
	check_error(__LINE__, L64, sixteen, sizeof(sixteen),
		    X86_DECODE_UNSUPPORTED);
	/* 20 bytes of prefixes: stops at 15 without going further */
	memset(prefixes, 0x66, sizeof(prefixes));
	check_error(__LINE__, L64, prefixes, sizeof(prefixes),
		    X86_DECODE_UNSUPPORTED);
	check_error(__LINE__, L64, prefixes, 15, X86_DECODE_UNSUPPORTED);
	check_error(__LINE__, L64, prefixes, 14, X86_DECODE_TRUNCATED);
	/* an imm32 that ends at byte 16: too long */
	DEC_ERR(L64, B(0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x3e, 0x65, 0xc7, 0x84,
		       0x80, 0x00, 0x00, 0x00, 0x00, 0x78, 0x56),
		X86_DECODE_UNSUPPORTED);
	/* nothing at all; and truncated before an unknown second byte */
	check_error(__LINE__, L64, NULL, 0, X86_DECODE_TRUNCATED);
	DEC_ERR(L64, B(0x0f), X86_DECODE_TRUNCATED);
	DEC_ERR(L64, B(0x66, 0x2e, 0x48), X86_DECODE_TRUNCATED);
}

/* 32-bit writes zero the upper half, 8/16-bit ones merge. */
TEST(load_merge_rules)
{
	const uint64_t old = 0x1111222233334444ULL;
	struct x86_mmio_insn i;

	DEC_GET(&i, L64, B(0x8b, 0x00), .len = 2, .size = 4, .dest = 4);
	CHECK_EQ(x86_mmio_load_result(~0ULL, &i, 0x12345678), 0x12345678);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0xaabbccdd87654321ULL),
		 0x87654321);

	DEC_GET(&i, L64, B(0x48, 0x8b, 0x00), .len = 3, .size = 8, .dest = 8);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0xaabbccdd87654321ULL),
		 0xaabbccdd87654321ULL);

	DEC_GET(&i, L64, B(0x66, 0x8b, 0x00), .len = 3, .size = 2, .dest = 2);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0xfffabcd),
		 0x111122223333abcdULL);

	DEC_GET(&i, L64, B(0x8a, 0x00), .len = 2, .size = 1, .dest = 1);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x1ab), 0x11112222333344abULL);

	/* mov (%rax),%ah: bits 15:8 only */
	DEC_GET(&i, L64, B(0x8a, 0x20), .len = 2, .size = 1, .hb = true,
		.dest = 1);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x1ab), 0x111122223333ab44ULL);

	/* xchg loads like a mov of its size */
	DEC_GET(&i, L64, B(0x87, 0x00), .len = 2, .size = 4, .wr = true,
		.dest = 4, .xchg = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0xfee1dead), 0xfee1dead);
}

TEST(load_extension_rules)
{
	const uint64_t old = 0x1111222233334444ULL;
	struct x86_mmio_insn i;

	/* movzbl: upper 56 bits zero */
	DEC_GET(&i, L64, B(0x0f, 0xb6, 0x00), .len = 3, .size = 1,
		.dest = 4);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0xff), 0xff);
	/* movzbw (66): only bits 15:0 change */
	DEC_GET(&i, L64, B(0x66, 0x0f, 0xb6, 0x00), .len = 4, .size = 1,
		.dest = 2);
	CHECK_EQ(x86_mmio_load_result(~0ULL, &i, 0x80), 0xffffffffffff0080ULL);
	/* movzwq */
	DEC_GET(&i, L64, B(0x48, 0x0f, 0xb7, 0x00), .len = 4, .size = 2,
		.dest = 8);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x12348765), 0x8765);

	/* movsbl: sign extends to 32 bits, then zero extends */
	DEC_GET(&i, L64, B(0x0f, 0xbe, 0x00), .len = 3, .size = 1,
		.dest = 4, .sx = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x80), 0xffffff80);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x7f), 0x7f);
	/* movsbq */
	DEC_GET(&i, L64, B(0x48, 0x0f, 0xbe, 0x00), .len = 4, .size = 1,
		.dest = 8, .sx = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x80), 0xffffffffffffff80ULL);
	/* movsbw keeps bits 63:16 */
	DEC_GET(&i, L64, B(0x66, 0x0f, 0xbe, 0x00), .len = 4, .size = 1,
		.dest = 2, .sx = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x80), 0x111122223333ff80ULL);
	/* movswl */
	DEC_GET(&i, L64, B(0x0f, 0xbf, 0x00), .len = 3, .size = 2,
		.dest = 4, .sx = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x18000), 0xffff8000);
	/* movslq */
	DEC_GET(&i, L64, B(0x48, 0x63, 0x00), .len = 3, .size = 4,
		.dest = 8, .sx = true);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x80000000),
		 0xffffffff80000000ULL);
	CHECK_EQ(x86_mmio_load_result(old, &i, 0x7fffffff), 0x7fffffff);
}

TEST(store_values)
{
	const uint64_t reg = 0x1122334455667788ULL;
	struct x86_mmio_insn i;

	DEC_GET(&i, L64, B(0x89, 0x00), .len = 2, .size = 4, .wr = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x55667788);
	DEC_GET(&i, L64, B(0x48, 0x89, 0x00), .len = 3, .size = 8, .wr = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), reg);
	DEC_GET(&i, L64, B(0x66, 0x89, 0x00), .len = 3, .size = 2, .wr = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x7788);
	DEC_GET(&i, L64, B(0x88, 0x00), .len = 2, .size = 1, .wr = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x88);
	/* mov %ah,(%rax) stores bits 15:8 */
	DEC_GET(&i, L64, B(0x88, 0x20), .len = 2, .size = 1, .hb = true,
		.wr = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x77);
	/* immediates ignore the register */
	DEC_GET(&i, L64, B(0x48, 0xc7, 0x00, 0xfe, 0xff, 0xff, 0xff),
		.len = 7, .size = 8, .wr = true, .has_imm = true,
		.imm = 0xfffffffffffffffeULL);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0xfffffffffffffffeULL);
	DEC_GET(&i, L64, B(0xc6, 0x00, 0x5a), .len = 3, .size = 1,
		.wr = true, .has_imm = true, .imm = 0x5a);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x5a);
	/* xchg %cl,(%rax) stores the register byte */
	DEC_GET(&i, L64, B(0x86, 0x08), .len = 2, .size = 1, .reg = RCX,
		.wr = true, .dest = 1, .xchg = true);
	CHECK_EQ(x86_mmio_store_value(reg, &i), 0x88);
}
