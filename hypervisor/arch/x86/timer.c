// SPDX-License-Identifier: GPL-2.0
/*
 * Time on x86: the TSC, calibrated once at enable against the ACPI PM
 * timer (3.579545 MHz, named by the system config), and the local APIC
 * timer's rate, measured over the same interval. Cells get both rates
 * in their comm region: the CPU models we run on have no CPUID leaf
 * that states them.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/printk.h>
#include <asm/apic.h>
#include <asm/processor.h>
#include <asm/timer.h>

#define PM_TIMER_HZ		3579545ULL
#define PM_TIMER_MASK		0xffffffU	/* 24 bits at least */
#define CALIBRATION_TICKS	(PM_TIMER_HZ / 40)	/* 25 ms */

static uint64_t tsc_hz, apic_timer_hz;

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	asm volatile("rdtsc" : "=a" (lo), "=d" (hi));
	return ((uint64_t)hi << 32) | lo;
}

static uint32_t pm_read(uint16_t port)
{
	uint32_t val;

	asm volatile("inl %1, %0" : "=a" (val) : "Nd" (port));
	return val & PM_TIMER_MASK;
}

int timer_calibrate(void)
{
	uint16_t port = hv.sysconfig->platform.x86.pm_timer_address;
	uint32_t pm_start, pm_now, apic_start, apic_end;
	uint64_t tsc_start, tsc_end, elapsed = 0, spins;

	if (!port) {
		hv_error("platform.x86.pm_timer_address is 0: the hypervisor needs the ACPI PM timer to measure the TSC and APIC timer");
		return -JH_EINVAL;
	}
	apic_timer_count_start();
	pm_start = pm_read(port);
	tsc_start = rdtsc();
	apic_start = apic_timer_count();
	for (spins = 0; elapsed < CALIBRATION_TICKS && spins < 100000000ULL;
	     spins++) {
		pm_now = pm_read(port);
		elapsed = (pm_now - pm_start) & PM_TIMER_MASK;
	}
	tsc_end = rdtsc();
	apic_end = apic_timer_count();
	apic_timer_count_stop();
	if (elapsed < CALIBRATION_TICKS) {
		hv_error("the ACPI PM timer at port 0x%x does not count", port);
		return -JH_EINVAL;
	}
	tsc_hz = (tsc_end - tsc_start) * PM_TIMER_HZ / elapsed;
	apic_timer_hz = (uint64_t)(apic_start - apic_end) * PM_TIMER_HZ /
		elapsed;
	printk("  TSC %llu kHz, APIC timer %llu kHz (against the PM timer at port 0x%x)\n",
	       (unsigned long long)(tsc_hz / 1000),
	       (unsigned long long)(apic_timer_hz / 1000), port);
	return 0;
}

uint64_t timer_arch_now_us(void)
{
	/* Before calibration: an assumed 1 GHz, only for early timeouts. */
	return rdtsc() / (tsc_hz ? tsc_hz / 1000000 : 1000);
}

uint64_t timer_arch_frequency(void)
{
	return tsc_hz;
}

void comm_arch_fill(struct jh_comm_region *comm)
{
	const struct jh_x86_platform *p = &hv.sysconfig->platform.x86;

	comm->apic_timer_frequency = apic_timer_hz;
	comm->platform.x86.mmconfig_base = p->mmconfig_base;
	comm->platform.x86.pm_timer_port = p->pm_timer_address;
	/* A non-root cell's CPUs may switch to x2APIC (apic_x2apic.c). */
	comm->platform.x86.x2apic = apic_x2apic_offered() ? 1 : 0;
}
