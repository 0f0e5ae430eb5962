// SPDX-License-Identifier: GPL-2.0
/*
 * CPUID as cells see it, for both backends. Leaves 0x40000000-0x400000ff
 * are the hypervisor's: the first names it ("JailhouseSVM" or
 * "JailhouseVMX", so that a guest also learns which hypercall instruction
 * to use), the others read as zero. Everything else is the CPU's, with the
 * hypervisor-present bit set, x2APIC hidden from the root cell where its
 * APICs are in xAPIC mode (they stay there; other cells may switch,
 * apic_x2apic.c; a root in x2APIC mode sees the bit) and the vendor's
 * list of features that cells cannot use.
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/apic_hw.h>
#include <asm/cpuid.h>
#include <asm/io.h>

#define CPUID_HV_LEAF		0x40000000
#define CPUID_HV_LAST		0x400000ff
#define CPUID1_ECX_X2APIC	(1U << 21)
#define CPUID1_ECX_HV		(1U << 31)

static void clear_regs(uint32_t regs[4])
{
	unsigned int n;

	for (n = 0; n < 4; n++) {
		regs[n] = 0;
	}
}

void x86_cpuid(const struct x86_cpuid_hide *hide, uint32_t leaf,
	       uint32_t subleaf, uint32_t regs[4])
{
	if (leaf >= CPUID_HV_LEAF && leaf <= CPUID_HV_LAST) {
		clear_regs(regs);
		if (leaf == CPUID_HV_LEAF) {
			regs[0] = CPUID_HV_LEAF;
			regs[1] = hide->sig_ebx;
			regs[2] = hide->sig_ecx;
			regs[3] = hide->sig_edx;
		}
		return;
	}
	cpuid(leaf, subleaf, &regs[0], &regs[1], &regs[2], &regs[3]);
	switch (leaf) {
	case 1:
		regs[2] &= ~hide->leaf1_ecx;
		if (this_cpu()->cell == &root_cell && !apic_hw_x2apic()) {
			regs[2] &= ~CPUID1_ECX_X2APIC;
		}
		regs[2] |= CPUID1_ECX_HV;
		break;
	case 7:
		if (subleaf == 0) {
			regs[1] &= ~hide->leaf7_ebx;
			regs[2] &= ~hide->leaf7_ecx;
		}
		break;
	case 0xd:
		if (subleaf == 1) {
			regs[0] &= ~hide->leafd1_eax;
		}
		break;
	case 0x80000001U:
		regs[2] &= ~hide->ext1_ecx;
		regs[3] &= ~hide->ext1_edx;
		break;
	case 0x8000000aU:
		if (hide->svm_leaf) {
			clear_regs(regs);
		}
		break;
	default:
		break;
	}
}
