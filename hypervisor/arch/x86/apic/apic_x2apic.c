// SPDX-License-Identifier: GPL-2.0
/*
 * x2APIC mode for the CPUs of non-root cells, where the CPU has x2APIC
 * (CPUID.1:ECX[21]; cpuid.c shows the bit to those cells), emulated on
 * the xAPIC, which stays in xAPIC mode; and the trapped x2APIC MSRs of
 * every cell where the APICs are in hardware x2APIC mode (the root cell's
 * Linux chose it, apic.c), whose reads, EOI and TPR pass for the root and
 * JH_CELL_DIRECT_IRQ cells (cell.c's MSR bitmap).
 *
 * Why emulated rather than the hardware's: a CPU goes back to the root
 * cell, whose Linux runs it in xAPIC mode, and the only way from x2APIC
 * to xAPIC leads through the globally disabled state (IA32_APIC_BASE.EN
 * clear). Bochs 2.7, the bench's Intel CPU, ignores every IA32_APIC_BASE
 * write while the APIC is disabled (its log: "MSR_APICBASE APIC global
 * enable bit cleared !"), so the CPU would come back to Linux without an
 * APIC. And with every APIC in one mode, each IPI and IOAPIC message
 * means what the checks in apic_ipi.c and ioapic.c assume.
 * The price: reads, EOI and TPR exit too, but an MSR exit needs no
 * instruction decoding (Documentation/perf.md has the cost).
 *
 * IA32_APIC_BASE (reads and writes trap for non-root cells): the cell
 * reads EXTD once it has set it. It may set EXTD (xAPIC -> x2APIC), base
 * and enable as they are; nothing else changes but rewriting the value
 * there. Disabling the APIC (a disabled APIC takes no NMI, and the
 * hypervisor manages CPUs by NMI), moving it and going back to xAPIC are
 * refused (#GP). The root cell keeps the mode Linux chose: xAPIC (no
 * switch), or x2APIC, where the APICs are in hardware x2APIC mode and
 * this file serves its trapped registers (ICR, SELF IPI, LVT, the rest of
 * the writes) as it does a cell's; apic_hw.c reaches the hardware.
 *
 * The x2APIC MSRs, all trapped, #GP unless the cell is in x2APIC mode:
 * - ID reads the APIC ID (32 bits), LDR the logical ID the CPU derives
 *   from it (cluster << 16 | 1 << (ID & 15)); both read-only;
 * - TPR, PPR, SVR, ISR, TMR, IRR, ESR, LVTs and timer registers are the
 *   xAPIC's; EOI ends the interrupt as an xAPIC EOI does (apic_guest.c);
 * - ICR: the 32-bit destination (physical, 0xffffffff broadcast, or
 *   cluster logical) and shorthands resolved into CPUs of the sender's
 *   cell, mode and vector checked, as for the xAPIC ICR (apic_ipi.c);
 *   SELF IPI: a fixed IPI to itself, vector 32 and up;
 * - LVT entries: the xAPIC rules (apic_guest.c); reserved bits and TSC-deadline
 *   mode #GP, as the x2APIC raises it for reserved bits;
 * - the registers x2APIC mode does not have (DFR, ICR high, APR, RRD),
 *   read-only ones written and write-only ones read: #GP.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/percpu.h>
#include <asm/apic_x2apic.h>
#include <asm/apic_dest.h>
#include <asm/apic_regs.h>
#include <asm/io.h>
#include <asm/msr.h>
#include "apic_guest.h"
#include "apic_hw.h"
#include "apic_ipi.h"

#define CPUID1_ECX_X2APIC	(1U << 21)

bool apic_x2apic_offered(void)
{
	uint32_t a, b, c, d;

	cpuid(1, 0, &a, &b, &c, &d);
	return (c & CPUID1_ECX_X2APIC) != 0U;
}

/* IA32_APIC_BASE as the cell sees it: EXTD is its mode, not the hardware's. */
static uint64_t apic_base_seen(const struct per_cpu *pcpu)
{
	return (rdmsr(MSR_APIC_BASE) & ~APIC_BASE_X2APIC) |
		(pcpu->arch.x2apic ? APIC_BASE_X2APIC : 0U);
}

static int apic_base_write(struct per_cpu *pcpu, uint64_t val)
{
	uint64_t diff = (val ^ apic_base_seen(pcpu)) & ~APIC_BASE_BSP_FLAG;

	if (diff == 0U) {
		/* Rewriting what is there (Linux does at CPU bring-up). */
		return 1;
	}
	if (pcpu->cell == &root_cell || diff != APIC_BASE_X2APIC ||
	    !(val & APIC_BASE_X2APIC) || !apic_x2apic_offered()) {
		return -1;
	}
	pcpu->arch.x2apic = true;
	pcpu->arch.apic_icr_hi = 0;
	return 1;
}

int apic_msr_read(struct per_cpu *pcpu, uint32_t msr, uint64_t *val)
{
	unsigned int reg = X2APIC_REG(msr);

	if (msr == MSR_APIC_BASE) {
		*val = apic_base_seen(pcpu);
		return 1;
	}
	if (msr < MSR_X2APIC_FIRST || msr > MSR_X2APIC_LAST) {
		return 0;
	}
	if (!pcpu->arch.x2apic) {
		return -1;
	}
	if (reg == APIC_ID) {
		*val = pcpu->arch.apic_id;
	} else if (reg == APIC_LDR) {
		*val = apic_x2apic_ldr(pcpu->arch.apic_id);
	} else if (reg == APIC_ICR_LO) {
		/* The destination as the cell last wrote it. */
		*val = (uint64_t)pcpu->arch.apic_icr_hi << 32 |
			(apic_read(APIC_ICR_LO) & ~ICR_BUSY);
	} else if (apic_plain_readable(reg)) {
		*val = apic_read(reg);
	} else {
		return -1;
	}
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
	uint32_t bits;

	if (msr == MSR_APIC_BASE) {
		return apic_base_write(pcpu, val);
	}
	if (msr < MSR_X2APIC_FIRST || msr > MSR_X2APIC_LAST) {
		return 0;
	}
	if (!pcpu->arch.x2apic) {
		return -1;
	}
	bits = apic_plain_writable(reg);
	if (bits != 0U) {
		if ((val & ~(uint64_t)bits) != 0U) {
			return -1;
		}
		apic_write(reg, (uint32_t)val);
		return 1;
	}
	switch (reg) {
	case APIC_ICR_LO:
		pcpu->arch.apic_icr_hi = (uint32_t)(val >> 32);
		apic_icr_write(pcpu, (uint32_t)(val >> 32), (uint32_t)val,
			       true);
		return 1;
	case APIC_SELF_IPI:
		if ((val & ~(uint64_t)ICR_VECTOR) != 0U) {
			return -1;
		}
		apic_icr_write(pcpu, pcpu->arch.apic_id,
			       (uint32_t)val | ICR_MODE_FIXED << 8 | ICR_ASSERT,
			       true);
		return 1;
	case APIC_EOI:
	case APIC_ESR:
		/* Both take 0 only. */
		if (val != 0U) {
			return -1;
		}
		if (reg == APIC_EOI) {
			apic_eoi(pcpu);
		} else {
			apic_write(reg, 0);
		}
		return 1;
	default:
		if (apic_x2apic_lvt_writable(reg) != 0U) {
			return lvt_write(pcpu, reg, val);
		}
		return -1;
	}
}
