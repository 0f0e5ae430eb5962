// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the VMX backend's pure helpers: control words from the
 * capability MSRs (allowed-0 / allowed-1 halves), the CR0/CR4 fixed-bit
 * rule, and exit-reason and VM-instruction-error names.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/vmx/vmx_caps.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <asm/vmx.h>

/* MSR value: low half must-be-1 bits, high half may-be-1 bits. */
static uint64_t cap(uint32_t must_be_1, uint32_t may_be_1)
{
	return ((uint64_t)may_be_1 << 32) | must_be_1;
}

TEST(vmx_controls_take_forced_bits)
{
	uint32_t out = 0;

	/* Bits 1, 2, 4 forced (the old default1 class), 3 and 5 allowed. */
	CHECK_EQ(vmx_adjust_controls(cap(0x16, 0x3e), 0x08, 0x08, &out), 0);
	CHECK_EQ(out, 0x1e);
}

TEST(vmx_controls_drop_wanted_bits_not_allowed)
{
	uint32_t out = 0;

	/* Wanted 0x40 is optional and not allowed: left out, no error. */
	CHECK_EQ(vmx_adjust_controls(cap(0x1, 0x0f), 0x48, 0x08, &out), 0);
	CHECK_EQ(out, 0x09);
}

TEST(vmx_controls_report_missing_needed_bits)
{
	uint32_t out = 0;

	/* Needed 0x20 | 0x08, the CPU allows only 0x08. */
	CHECK_EQ(vmx_adjust_controls(cap(0, 0x0f), 0x28, 0x28, &out), 0x20);
	CHECK_EQ(out, 0x08);
}

TEST(vmx_controls_report_contradictory_msr)
{
	uint32_t out = 0;

	/* A must-be-1 bit that is not allowed-1 cannot be met either. */
	CHECK_EQ(vmx_adjust_controls(cap(0x3, 0x1), 0, 0, &out), 0x2);
}

TEST(vmx_controls_true_msr_lets_default1_bits_go)
{
	uint32_t legacy = 0, truectl = 0;

	/*
	 * The same CPU: the legacy MSR forces CR3 load/store exiting (bits
	 * 15, 16), its TRUE twin does not.
	 */
	vmx_adjust_controls(cap(0x0401e172, 0xfff9fffe), 1U << 25,
			    1U << 25, &legacy);
	vmx_adjust_controls(cap(0x04006172, 0xfff9fffe), 1U << 25,
			    1U << 25, &truectl);
	CHECK(legacy & (1U << 15));
	CHECK(legacy & (1U << 16));
	CHECK(!(truectl & (1U << 15)));
	CHECK(!(truectl & (1U << 16)));
	CHECK(truectl & (1U << 25));
}

TEST(vmx_fixed_bits)
{
	uint64_t f0 = 0x80000021, f1 = 0xffffffff;

	/* Linux's CR0: PG, WP, NE, ET, MP, PE. */
	CHECK(vmx_fixed_ok(0x80050033, f0, f1, 0));
	/* Real mode lacks PE and PG: only with them exempt. */
	CHECK(!vmx_fixed_ok(0x30, f0, f1, 0));
	CHECK(vmx_fixed_ok(0x30, f0, f1, 0x80000001));
	/* NE missing is never fine. */
	CHECK(!vmx_fixed_ok(0x10, f0, f1, 0x80000001));
	/* CR4: VMXE must be 1; a bit FIXED1 does not allow must be 0. */
	CHECK(vmx_fixed_ok(0x2020, 0x2000, 0x3727ff, 0));
	CHECK(!vmx_fixed_ok(0x0020, 0x2000, 0x3727ff, 0));
	CHECK(!vmx_fixed_ok(0x1002020, 0x2000, 0x3727ff, 0));
}

TEST(vmx_names)
{
	CHECK_STR(vmx_exit_name(48), "EPT violation");
	CHECK_STR(vmx_exit_name(49), "EPT misconfiguration");
	CHECK_STR(vmx_exit_name(2), "triple fault");
	CHECK_STR(vmx_exit_name(30), "I/O instruction");
	CHECK_STR(vmx_exit_name(55), "XSETBV");
	/* Gaps and reasons beyond the table are still named. */
	CHECK_STR(vmx_exit_name(35), "unknown exit reason");
	CHECK_STR(vmx_exit_name(65535), "unknown exit reason");
	CHECK_STR(vmx_insn_error_name(7),
		  "VM entry with invalid control fields");
	CHECK_STR(vmx_insn_error_name(0), "unknown VM-instruction error");
	CHECK_STR(vmx_insn_error_name(1000), "unknown VM-instruction error");
}

TEST(vmx_apic_virt_text_lists_offered_controls)
{
	char buf[160];

	vmx_apic_virt_text(buf, sizeof(buf), 0, 0, 0);
	CHECK_STR(buf, "none");
	vmx_apic_virt_text(buf, sizeof(buf), 0, PROC_TPR_SHADOW,
			   PROC2_VIRT_APIC_ACCESS | PROC2_VIRT_X2APIC);
	CHECK_STR(buf, "TPR shadow, APIC-access page, virtual x2APIC mode");
	vmx_apic_virt_text(buf, sizeof(buf), PIN_POSTED_INTR, 0,
			   PROC2_APIC_REG_VIRT | PROC2_VIRT_INTR_DELIVERY);
	CHECK_STR(buf, "APIC-register virtualization, "
		  "virtual-interrupt delivery, posted interrupts");
	/* Too small for the first name: "none" still fits. */
	vmx_apic_virt_text(buf, 8, 0, PROC_TPR_SHADOW, 0);
	CHECK_STR(buf, "none");
}
