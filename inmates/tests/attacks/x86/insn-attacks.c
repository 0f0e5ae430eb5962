// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks with instructions whose effect reaches beyond the cell's CPU
 * unless the hypervisor intercepts them (hypervisor/arch/x86/
 * intercepts.c, svm.c, vmx_exit.c): INVD, XSETBV with values the CPU
 * would refuse, RDPMC, HLT with interrupts off, a triple fault.
 */
#include "insn-attacks.h"

#define CR4_OSXSAVE		(1UL << 18)
#define CPUID1_ECX_XSAVE	(1U << 26)

#define XCR0_X87		(1ULL << 0)
#define XCR0_SSE		(1ULL << 1)
#define XCR0_AVX		(1ULL << 2)
#define XCR0_BNDREGS		(1ULL << 3)
#define XCR0_BNDCSR		(1ULL << 4)
#define XCR0_OPMASK		(1ULL << 5)
#define XCR0_ZMM_HI256		(1ULL << 6)
#define XCR0_TILECFG		(1ULL << 17)

static uint8_t invd_buf[4096] __attribute__((aligned(64)));

ATTACK(invd, "insn-invd", ATTACK_REFUSED,
       "INVD: drop dirty cache lines of the hypervisor and other cells");
static void invd(void)
{
	uint64_t yardstick = exit_ticks(), t;
	unsigned int n, bad = 0;

	for (n = 0; n < sizeof(invd_buf); n++)
		invd_buf[n] = (uint8_t)(n * 7 + 1);
	t = rdtsc();
	asm volatile("invd" : : : "memory");
	t = rdtsc() - t;
	for (n = 0; n < sizeof(invd_buf); n++)
		if (invd_buf[n] != (uint8_t)(n * 7 + 1))
			bad++;
	/*
	 * Dropped lines only show on hardware; that the hypervisor got
	 * the instruction shows anywhere: it took about as long as an exit.
	 */
	if (bad)
		attack_breach("%u bytes written before INVD were lost", bad);
	else if (t * 4 < yardstick)
		attack_breach("INVD ran in the cell (%lu TSC ticks, an exit takes %lu): not intercepted",
			      t, yardstick);
	else
		attack_contained("INVD trapped (%lu ticks, exit %lu), written data intact",
				 t, yardstick);
}

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	asm volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	return (uint64_t)hi << 32 | lo;
}

static bool xsave_on(void)
{
	uint32_t a, b, c, d;
	unsigned long cr4;

	cpuid(1, &a, &b, &c, &d);
	if (!(c & CPUID1_ECX_XSAVE))
		return false;
	asm volatile("mov %%cr4, %0" : "=r" (cr4));
	cr4 |= CR4_OSXSAVE;
	asm volatile("mov %0, %%cr4" : : "r" (cr4));
	return true;
}

/* XSETBV(index, value) must raise #GP and leave XCR0 as it was. */
static void xsetbv_expect_gp(uint32_t index, uint64_t value, const char *rule)
{
	uint64_t before, after;
	int v;

	if (!xsave_on()) {
		attack_contained("the CPU has no XSAVE: XSETBV is #UD anyway");
		return;
	}
	before = xgetbv0();
	v = FAULT_TRY("xsetbv", : : "c" (index), "a" ((uint32_t)value),
		      "d" ((uint32_t)(value >> 32)) : "memory");
	after = xgetbv0();
	if (v == VEC_GP && after == before)
		attack_contained("XSETBV XCR%u=0x%lx (%s): #GP, XCR0 still 0x%lx",
				 index, value, rule, after);
	else
		attack_breach("XSETBV XCR%u=0x%lx (%s): %s (vector %d), XCR0 0x%lx -> 0x%lx",
			      index, value, rule, fault_name(v), v, before,
			      after);
}

#define XSETBV_ATTACK(fn, name, index, value, rule)			\
	ATTACK(fn, name, ATTACK_REFUSED,				\
	       "XSETBV with an XCR0 the CPU refuses: #GP in the hypervisor"); \
	static void fn(void)						\
	{								\
		xsetbv_expect_gp(index, value, rule);			\
	}

XSETBV_ATTACK(xsetbv_xcr1, "xsetbv-xcr1", 1, XCR0_X87 | XCR0_SSE,
	      "XCR index other than 0")
XSETBV_ATTACK(xsetbv_no_x87, "xsetbv-no-x87", 0, XCR0_SSE,
	      "bit 0 (x87) clear")
XSETBV_ATTACK(xsetbv_avx_no_sse, "xsetbv-avx-no-sse", 0,
	      XCR0_X87 | XCR0_AVX, "AVX without SSE")
XSETBV_ATTACK(xsetbv_mpx_half, "xsetbv-mpx-half", 0,
	      XCR0_X87 | XCR0_SSE | XCR0_BNDREGS, "BNDREGS without BNDCSR")
XSETBV_ATTACK(xsetbv_avx512_part, "xsetbv-avx512-partial", 0,
	      XCR0_X87 | XCR0_SSE | XCR0_AVX | XCR0_OPMASK | XCR0_ZMM_HI256,
	      "AVX-512 state bits 7:5 not all set")
XSETBV_ATTACK(xsetbv_amx_half, "xsetbv-amx-half", 0,
	      XCR0_X87 | XCR0_SSE | XCR0_TILECFG, "TILECFG without TILEDATA")
XSETBV_ATTACK(xsetbv_reserved, "xsetbv-reserved", 0,
	      XCR0_X87 | XCR0_SSE | 1ULL << 63, "reserved bit 63")

ATTACK(rdpmc, "insn-rdpmc", ATTACK_REFUSED,
       "RDPMC: read the root cell's performance counters");
static void rdpmc(void)
{
	uint32_t lo = 0, hi = 0;
	int v;

	v = FAULT_TRY("rdpmc", : "=a" (lo), "=d" (hi) : "c" (0) : "memory");
	if (v == VEC_GP)
		attack_contained("RDPMC of counter 0: #GP");
	else
		attack_breach("RDPMC of counter 0: %s (vector %d), value 0x%x%08x: not refused by the hypervisor",
			      fault_name(v), v, hi, lo);
}

ATTACK(hlt_cli, "insn-hlt-cli", ATTACK_REFUSED,
       "HLT with interrupts off: a CPU the hypervisor can no longer stop");
static void hlt_cli(void)
{
	/* The verdict first: what is judged is that the runner's shutdown
	 * and destroy still get the CPU back. */
	attack_contained("halting with IF=0 for good; the runner's shutdown must still stop the cell");
	for (;;)
		asm volatile("cli; hlt" : : : "memory");
}

ATTACK(triple_fault, "insn-triple-fault", ATTACK_STOP,
       "triple fault: reset the CPU under the hypervisor");
static void triple_fault(void)
{
	struct {
		uint16_t limit;
		uint64_t base;
	} __attribute__((packed)) empty = { 0, 0 };

	asm volatile("lidt %0; int3" : : "m" (empty) : "memory");
}
