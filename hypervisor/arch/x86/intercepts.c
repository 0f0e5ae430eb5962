// SPDX-License-Identifier: GPL-2.0
/*
 * Instructions both backends intercept because they reach beyond the
 * cell's CPU (asm/intercepts.h):
 * - XSETBV: checked against the XCR0 rules and the CPU's XSAVE components
 *   (CPUID 0xd.0, which cells see unchanged), then written; XCR0 then
 *   belongs to the cell on that CPU (the hypervisor uses no FP/SIMD).
 * - INVD: it drops dirty cache lines without writing them back, lines
 *   that may hold other cells' and the hypervisor's data. It becomes
 *   WBINVD, which is what INVD promises a program that owns all memory.
 * - RDPMC in a non-root cell: the counters are programmed by the root
 *   cell (their MSRs are the root's); a cell would read the root's counts.
 * - The root cell's writes of the MSRs msr_policy.c guards.
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/intercepts.h>
#include <asm/io.h>
#include <asm/apic.h>
#include <asm/msr_policy.h>
#include <asm/vcpu.h>
#include <asm/vendor.h>
#include <asm/xcr0.h>

bool x86_guest_xsetbv(struct per_cpu *pcpu, uint32_t index, uint64_t value)
{
	uint32_t a, b, c, d;

	cpuid(0xd, 0, &a, &b, &c, &d);
	if (!x86_xcr0_valid(index, value, a | (uint64_t)d << 32)) {
		if (ratelimit_ok(&pcpu->arch.msr_refusals, 8)) {
			printk("cell \"%s\" CPU %u: XSETBV XCR%u = 0x%llx refused (#GP)\n",
			       pcpu->cell->name, pcpu->cpu_id, index,
			       (unsigned long long)value);
		}
		return false;
	}
	asm volatile("xsetbv" : : "a" ((uint32_t)value),
		     "d" ((uint32_t)(value >> 32)), "c" (index));
	return true;
}

void x86_emulate_invd(struct per_cpu *pcpu)
{
	(void)pcpu;
	asm volatile("wbinvd" : : : "memory");
}

void x86_refuse_rdpmc(struct per_cpu *pcpu, uint64_t rip)
{
	if (ratelimit_ok(&pcpu->arch.msr_refusals, 8)) {
		printk("cell \"%s\" CPU %u: RDPMC at rip 0x%llx refused (#GP): the counters are the root cell's\n",
		       pcpu->cell->name, pcpu->cpu_id, (unsigned long long)rip);
	}
}

int x86_root_msr_guard(struct per_cpu *pcpu, uint32_t msr, uint64_t val)
{
	enum x86_msr_verdict v;

	if (pcpu->cell != &root_cell ||
	    !x86_root_msr_guarded(x86_vendor->msr_format, msr)) {
		return 0;
	}
	/* Trapped only where the CPU has it (cell.c): rdmsr is safe. */
	v = x86_root_msr_write(msr, x86_root_msr_needs_value(msr) ?
			       rdmsr(msr) : 0, val);
	if (v == X86_MSR_REFUSE) {
		return -1;
	}
	if (v == X86_MSR_WRITE) {
		wrmsr(msr, val);
	}
	return 1;
}

bool x86_msr_emulate(struct per_cpu *pcpu, uint32_t msr, bool write,
		     uint64_t *val)
{
	if (!write) {
		return apic_msr_read(pcpu, msr, val) > 0;
	}
	return apic_msr_write(pcpu, msr, *val) > 0 ||
		x86_root_msr_guard(pcpu, msr, *val) > 0;
}
