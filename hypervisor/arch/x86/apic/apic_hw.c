// SPDX-License-Identifier: GPL-2.0
/*
 * The calling CPU's local APIC registers, through the hypervisor's
 * mapping of the xAPIC page (every APIC stays in xAPIC mode, apic.c), and
 * the IDs each CPU starts with.
 */
#include <jailhouse/hypercall.h>
#include <hv/hv_paging.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic_regs.h>
#include "apic_hw.h"

static volatile uint32_t *apic_page;

uint32_t apic_read(unsigned int reg)
{
	return apic_page[reg / 4];
}

void apic_write(unsigned int reg, uint32_t val)
{
	apic_page[reg / 4] = val;
}

int apic_init(void)
{
	apic_page = hv_map_device(XAPIC_BASE, XAPIC_SIZE);
	if (!apic_page) {
		hv_error("cannot map the local APIC at 0x%lx", XAPIC_BASE);
		return -JH_ENOMEM;
	}
	return 0;
}

void apic_cpu_init(struct per_cpu *pcpu)
{
	pcpu->arch.x2apic = false;
	pcpu->arch.apic_id = apic_read(APIC_ID) >> 24;
	pcpu->arch.hw_ldr = apic_read(APIC_LDR);
	pcpu->arch.apic_ldr = pcpu->arch.hw_ldr;
	pcpu->arch.hw_dfr = apic_read(APIC_DFR);
	pcpu->arch.apic_dfr = pcpu->arch.hw_dfr;
}
