// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the local APIC mediation's pure rules: xAPIC flat and
 * cluster logical matching, the x2APIC logical ID and cluster matching
 * with its 32-bit destination, the ICR mode and vector checks, and the
 * bits an x2APIC LVT write may carry.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/apic/apic_dest.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <asm/apic_dest.h>
#include <asm/apic_regs.h>

TEST(apic_xapic_logical)
{
	/* Flat: any common bit. */
	CHECK(apic_xapic_logical_match(0x02000000, DFR_RESET, 0x02));
	CHECK(apic_xapic_logical_match(0x02000000, DFR_RESET, 0xff));
	CHECK(!apic_xapic_logical_match(0x02000000, DFR_RESET, 0x01));
	/* LDR 0 (a CPU handed over) is reached by nothing. */
	CHECK(!apic_xapic_logical_match(0, DFR_RESET, 0xff));
	/* Cluster: cluster 1, CPU bit 2; cluster 15 is every cluster. */
	CHECK(apic_xapic_logical_match(0x12000000, 0x0fffffff, 0x12));
	CHECK(apic_xapic_logical_match(0x12000000, 0x0fffffff, 0xf2));
	CHECK(!apic_xapic_logical_match(0x12000000, 0x0fffffff, 0x22));
	CHECK(!apic_xapic_logical_match(0x12000000, 0x0fffffff, 0x11));
}

TEST(apic_x2apic_ldr)
{
	/* Cluster = ID / 16 in bits 31:16, one bit of 16 below. */
	CHECK_EQ(apic_x2apic_ldr(0), 0x00000001U);
	CHECK_EQ(apic_x2apic_ldr(1), 0x00000002U);
	CHECK_EQ(apic_x2apic_ldr(15), 0x00008000U);
	CHECK_EQ(apic_x2apic_ldr(16), 0x00010001U);
	CHECK_EQ(apic_x2apic_ldr(0x123), 0x00120008U);
}

TEST(apic_x2apic_dest)
{
	/* Physical: the full 32-bit ID, no truncation to 8 bits. */
	CHECK(apic_x2apic_dest_match(1, 1, false));
	CHECK(!apic_x2apic_dest_match(1, 0x101, false));
	CHECK(!apic_x2apic_dest_match(0, 0x100, false));
	CHECK(apic_x2apic_dest_match(0x100, 0x100, false));
	CHECK(apic_x2apic_dest_match(7, X2APIC_BROADCAST, false));
	/* xAPIC broadcast 0xff is an ordinary ID in x2APIC format. */
	CHECK(!apic_x2apic_dest_match(1, 0xff, false));
	/* Logical: cluster 0, CPUs 0 and 1 by mask 0x3. */
	CHECK(apic_x2apic_dest_match(0, 0x3, true));
	CHECK(apic_x2apic_dest_match(1, 0x3, true));
	CHECK(!apic_x2apic_dest_match(2, 0x3, true));
	/* The same mask in cluster 1 reaches IDs 16 and 17 only. */
	CHECK(!apic_x2apic_dest_match(1, 0x00010003, true));
	CHECK(apic_x2apic_dest_match(17, 0x00010003, true));
	/* Cluster 0xffff: every cluster. */
	CHECK(apic_x2apic_dest_match(1, 0xffff0002, true));
	CHECK(apic_x2apic_dest_match(17, 0xffff0002, true));
	CHECK(!apic_x2apic_dest_match(18, 0xffff0002, true));
	/* An empty mask reaches nobody. */
	CHECK(!apic_x2apic_dest_match(0, 0x00000000, true));
	CHECK(!apic_x2apic_logical_match(apic_x2apic_ldr(3), 0xffff0000));
}

TEST(apic_icr_checks)
{
	CHECK(apic_icr_refusal(0x4000 | 0x40) == NULL);	/* fixed 64 */
	CHECK(apic_icr_refusal(0x4100 | 0x20) == NULL);	/* lowest 32 */
	CHECK(apic_icr_refusal(0x4000 | 0x1f) != NULL);	/* fixed 31 */
	CHECK(apic_icr_refusal(0x4100 | 0x02) != NULL);	/* lowest 2 */
	CHECK(apic_icr_refusal(0x4200) != NULL);		/* SMI */
	CHECK(apic_icr_refusal(0x4300 | 0x40) != NULL);	/* reserved */
	CHECK(apic_icr_refusal(0x4700) != NULL);		/* ExtINT */
	/* NMI, INIT, SIPI: the vector field is not an interrupt vector. */
	CHECK(apic_icr_refusal(0x4400) == NULL);
	CHECK(apic_icr_refusal(0x4500) == NULL);
	CHECK(apic_icr_refusal(0x4600 | 0x10) == NULL);
	/* Logical mode and shorthand bits do not matter here. */
	CHECK(apic_icr_refusal(0xc0800 | 0x40) == NULL);
}

TEST(apic_x2apic_lvt_bits)
{
	/* Timer: vector, mask, periodic; TSC-deadline not writable. */
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_LVT_TIMER) & (1U << 18), 0U);
	CHECK(apic_x2apic_lvt_writable(APIC_LVT_TIMER) & (1U << 17));
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_LVT_TIMER) & 0x700U, 0U);
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_LVT_ERROR), 0x100ffU);
	/* LINT: polarity and trigger, but not remote IRR (bit 14). */
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_LVT_LINT0) & (1U << 14), 0U);
	CHECK(apic_x2apic_lvt_writable(APIC_LVT_LINT1) & (1U << 15));
	CHECK(apic_x2apic_lvt_writable(APIC_LVT_CMCI) != 0U);
	/* Not LVTs: ICR, TPR, the delivery-status bit never writable. */
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_ICR_LO), 0U);
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_TPR), 0U);
	CHECK_EQ(apic_x2apic_lvt_writable(APIC_LVT_PERF) & (1U << 12), 0U);
	/* MSR numbering: ICR 0x830, self IPI 0x83f, TMCCT 0x839. */
	CHECK_EQ(X2APIC_MSR(APIC_ICR_LO), 0x830U);
	CHECK_EQ(X2APIC_MSR(APIC_SELF_IPI), 0x83fU);
	CHECK_EQ(X2APIC_MSR(APIC_TMCCT), 0x839U);
	CHECK_EQ(X2APIC_REG(0x80bU), (unsigned int)APIC_EOI);
}
