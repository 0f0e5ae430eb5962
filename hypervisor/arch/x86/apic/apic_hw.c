// SPDX-License-Identifier: GPL-2.0
/*
 * The calling CPU's local APIC registers and the IDs each CPU starts with.
 *
 * The mode is the one Linux left the APICs in at enable, and it stays
 * (apic.c): xAPIC, through the hypervisor's mapping of the xAPIC page; or
 * hardware x2APIC, through the x2APIC MSRs (register offset / 16 above
 * 0x800), where every register is 32 bits wide except the ICR, one 64-bit
 * MSR with the 32-bit destination in its upper half. A CPU in x2APIC mode
 * cannot return to xAPIC mode without passing through the disabled state
 * (SDM 10.12.5), so every CPU stays in the mode the first one reports;
 * one that differs refuses to enter.
 */
#include <jailhouse/hypercall.h>
#include <hv/hv_paging.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic_regs.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include "apic_hw.h"

static volatile uint32_t *apic_page;
/* Read by exception.S's drain handlers too. */
bool apic_hw_x2apic_mode;

bool apic_hw_x2apic(void)
{
	return apic_hw_x2apic_mode;
}

uint32_t apic_read(unsigned int reg)
{
	if (apic_hw_x2apic_mode) {
		return (uint32_t)rdmsr(X2APIC_MSR(reg));
	}
	return apic_page[reg / 4];
}

void apic_write(unsigned int reg, uint32_t val)
{
	if (apic_hw_x2apic_mode) {
		wrmsr(X2APIC_MSR(reg), val);
	} else {
		apic_page[reg / 4] = val;
	}
}

/*
 * Polls of the delivery-status bit before an xAPIC ICR write gives up
 * (x2APIC mode has no such bit: an ICR write is accepted at once).
 */
#define ICR_IDLE_POLLS		100000

void apic_icr_send(uint32_t dest, uint32_t icr_lo)
{
	unsigned int n;

	if (apic_hw_x2apic_mode) {
		wrmsr(X2APIC_MSR(APIC_ICR_LO), (uint64_t)dest << 32 | icr_lo);
		return;
	}
	for (n = 0; n < ICR_IDLE_POLLS && (apic_read(APIC_ICR_LO) & ICR_BUSY);
	     n++) {
		cpu_relax();
	}
	apic_page[APIC_ICR_HI / 4] = dest << 24;
	apic_page[APIC_ICR_LO / 4] = icr_lo;
}

int apic_init(void)
{
	apic_hw_x2apic_mode = (rdmsr(MSR_APIC_BASE) & APIC_BASE_X2APIC) != 0U;
	if (apic_hw_x2apic_mode) {
		return 0;
	}
	apic_page = hv_map_device(XAPIC_BASE, XAPIC_SIZE);
	if (!apic_page) {
		hv_error("cannot map the local APIC at 0x%lx", XAPIC_BASE);
		return -JH_ENOMEM;
	}
	return 0;
}

int apic_cpu_init(struct per_cpu *pcpu)
{
	bool x2apic = (rdmsr(MSR_APIC_BASE) & APIC_BASE_X2APIC) != 0U;

	if (x2apic != apic_hw_x2apic_mode) {
		hv_error("CPU %u: local APIC in %s mode, CPU 0's in %s mode",
			 pcpu->cpu_id, x2apic ? "x2APIC" : "xAPIC",
			 apic_hw_x2apic_mode ? "x2APIC" : "xAPIC");
		return -JH_EINVAL;
	}
	/* The root cell sees the mode Linux chose; other cells xAPIC first. */
	pcpu->arch.x2apic = x2apic;
	/* x2APIC: a 32-bit ID, and no DFR (cluster logical mode only). */
	pcpu->arch.apic_id = apic_read(APIC_ID) >> (x2apic ? 0U : 24U);
	pcpu->arch.hw_ldr = apic_read(APIC_LDR);
	pcpu->arch.hw_dfr = x2apic ? 0U : apic_read(APIC_DFR);
	pcpu->arch.apic_ldr = pcpu->arch.hw_ldr;
	pcpu->arch.apic_dfr = pcpu->arch.hw_dfr;
	return 0;
}
