// SPDX-License-Identifier: GPL-2.0
/*
 * x2APIC mode for the CPUs of non-root cells, where the CPU has it
 * (CPUID.1:ECX[21]; cpuid.c shows the bit to those cells only).
 *
 * IA32_APIC_BASE: a non-root cell may set EXTD (xAPIC -> x2APIC), the
 * base and enable bits as they are; nothing else changes but rewriting
 * the value there. Disabling the APIC is refused, because a disabled APIC
 * receives no NMI and the hypervisor manages CPUs by NMI, and so is the
 * way back to xAPIC (only through disabled): the hypervisor switches back
 * itself at hand-over (apic.c). The root cell stays in xAPIC mode.
 *
 * The x2APIC MSRs (cell.c builds the bitmaps from
 * apic_x2apic_write_direct()): every read goes straight to the APIC
 * (an MSR exit needs no decoding, but no exit at all is cheaper); so do
 * the writes of TPR, TMICT, TDCR, ESR and SVR, which act on the CPU's own
 * APIC only, and of EOI unless an IOMMU remaps IOAPIC entries (then the
 * IOAPIC must hear of level-triggered EOIs, apic.c). In xAPIC mode the
 * CPU raises #GP for them itself. Trapped and checked here:
 * - ICR: the 32-bit destination (physical, 0xffffffff broadcast, or
 *   cluster logical) and shorthands resolved into CPUs of the sender's
 *   cell, mode and vector checked, as for the xAPIC ICR (apic_ipi.c);
 * - SELF IPI: vector 32 and up only;
 * - LVT entries: the xAPIC rules, and no reserved bit set (the CPU would
 *   raise #GP in the hypervisor), no TSC-deadline mode;
 * - everything else (read-only or reserved registers): #GP, as the CPU
 *   raises it.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/apic.h>
#include <asm/apic_dest.h>
#include <asm/apic_regs.h>
#include <asm/io.h>
#include <asm/ioapic.h>
#include <asm/msr.h>
#include "apic_internal.h"

#define CPUID1_ECX_X2APIC	(1U << 21)

bool apic_x2apic_offered(void)
{
	uint32_t a, b, c, d;

	cpuid(1, 0, &a, &b, &c, &d);
	return (c & CPUID1_ECX_X2APIC) != 0U;
}

bool apic_x2apic_write_direct(uint32_t msr)
{
	switch (X2APIC_REG(msr)) {
	case APIC_TPR:
	case APIC_TMICT:
	case APIC_TDCR:
	case APIC_ESR:
	case APIC_SVR:
		return true;
	case APIC_EOI:
		return !ioapic_ir_active;
	default:
		return false;
	}
}

static int apic_base_write(struct per_cpu *pcpu, uint64_t val)
{
	uint64_t cur = rdmsr(MSR_APIC_BASE);

	if (!((val ^ cur) & ~APIC_BASE_BSP_FLAG)) {
		/* Rewriting what is there (Linux does at CPU bring-up). */
		return 1;
	}
	if (pcpu->cell == &root_cell || pcpu->arch.x2apic ||
	    ((val ^ cur) & ~APIC_BASE_BSP_FLAG) != APIC_BASE_X2APIC ||
	    !apic_x2apic_offered()) {
		return -1;
	}
	wrmsr(MSR_APIC_BASE, cur | APIC_BASE_X2APIC);
	pcpu->arch.x2apic = true;
	/* As the hardware now delivers logical interrupts (apic_ipi.c). */
	pcpu->arch.hw_ldr = apic_read(APIC_LDR);
	pcpu->arch.apic_ldr = pcpu->arch.hw_ldr;
	return 1;
}

static int lvt_write(struct per_cpu *pcpu, unsigned int reg, uint64_t val)
{
	uint32_t v = (uint32_t)val;
	const char *why;

	if ((val & ~(uint64_t)apic_x2apic_lvt_writable(reg)) != 0U) {
		return -1;
	}
	why = apic_lvt_refusal(pcpu->cell, reg, v);
	if (why != NULL) {
		apic_refuse(pcpu, why, NULL, "entry masked");
		v |= LVT_MASKED;
	}
	apic_write(reg, v);
	return 1;
}

int apic_msr_write(struct per_cpu *pcpu, uint32_t msr, uint64_t val)
{
	unsigned int reg = X2APIC_REG(msr);

	if (msr == MSR_APIC_BASE) {
		return apic_base_write(pcpu, val);
	}
	if (msr < MSR_X2APIC_FIRST || msr > MSR_X2APIC_LAST) {
		return 0;
	}
	if (!pcpu->arch.x2apic) {
		return -1;
	}
	switch (reg) {
	case APIC_ICR_LO:
		apic_icr_write(pcpu, (uint32_t)(val >> 32), (uint32_t)val,
			       true);
		return 1;
	case APIC_SELF_IPI:
		if ((val & ~(uint64_t)ICR_VECTOR) != 0U) {
			return -1;
		}
		if (val < FIRST_IRQ_VECTOR) {
			apic_refuse(pcpu, "self IPI", NULL,
				    "vector below 32 (an exception vector)");
			return 1;
		}
		apic_write(reg, (uint32_t)val);
		pcpu->stats[JH_STAT_IPI]++;
		return 1;
	case APIC_EOI:
		if (val != 0U) {
			return -1;
		}
		apic_eoi(pcpu);
		return 1;
	default:
		/* The direct ones get here from no cell in x2APIC mode. */
		if (apic_x2apic_lvt_writable(reg) != 0U) {
			return lvt_write(pcpu, reg, val);
		}
		return -1;
	}
}
