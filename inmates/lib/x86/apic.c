/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * This CPU's local APIC, xAPIC mode, through its page at APIC_BASE.
 *
 * In a cell every access to that page traps to the hypervisor, which
 * emulates plain 32-bit loads and stores only: hence the volatile 32-bit
 * accessors and nothing else. IA32_APIC_BASE is never touched (the MSR is
 * not the cell's); the APIC is already globally enabled at APIC_BASE.
 *
 * The timer always runs with the divider at 1 (TDCR 0xb), the setting the
 * comm region's apic_timer_frequency is given for.
 */
#include <inmate.h>
#include <x86.h>

#define APIC_ID			0x020
#define APIC_TPR		0x080
#define APIC_EOI		0x0b0
#define APIC_SVR		0x0f0
#define APIC_ICR_LOW		0x300
#define APIC_ICR_HIGH		0x310
#define APIC_LVT_TIMER		0x320
#define APIC_TMICT		0x380
#define APIC_TMCCT		0x390
#define APIC_TDCR		0x3e0

#define APIC_SVR_ENABLE		0x100
#define APIC_LVT_MASKED		0x10000
#define APIC_LVT_PERIODIC	0x20000
#define APIC_TDCR_DIV_1		0xb
#define APIC_ICR_PENDING	0x1000	/* delivery status */
#define APIC_ICR_DEST_SHIFT	24

#define NS_PER_SEC		1000000000ULL
#define US_PER_SEC		1000000ULL
/* Each poll traps to the hypervisor: keep the wait short. */
#define IPI_POLL_LIMIT		1000

static uint32_t apic_read(unsigned int reg)
{
	return mmio_read32(APIC_BASE + reg);
}

static void apic_write(unsigned int reg, uint32_t value)
{
	mmio_write32(APIC_BASE + reg, value);
}

void apic_init(void)
{
	apic_write(APIC_TPR, 0);
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | APIC_TIMER_VECTOR);
	apic_write(APIC_TDCR, APIC_TDCR_DIV_1);
	apic_write(APIC_SVR, APIC_SVR_ENABLE | APIC_SPURIOUS_VECTOR);
}

uint32_t apic_id(void)
{
	return apic_read(APIC_ID) >> 24;
}

void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

uint32_t apic_timer_us_to_count(uint64_t us)
{
	uint64_t freq = apic_timer_frequency();
	uint64_t count = us / US_PER_SEC * freq +
		us % US_PER_SEC * freq / US_PER_SEC;

	if (count == 0)
		return 1;
	return count > 0xffffffff ? 0xffffffff : (uint32_t)count;
}

uint64_t apic_timer_count_to_ns(uint64_t count)
{
	uint64_t freq = apic_timer_frequency();

	if (!freq)
		return 0;
	return count / freq * NS_PER_SEC + count % freq * NS_PER_SEC / freq;
}

/* The LVT first: a TMICT write starts the count in the current mode. */
static void timer_start(uint32_t lvt, uint32_t count)
{
	apic_write(APIC_TDCR, APIC_TDCR_DIV_1);
	apic_write(APIC_LVT_TIMER, lvt);
	apic_write(APIC_TMICT, count);
}

void apic_timer_oneshot(uint32_t count)
{
	timer_start(APIC_TIMER_VECTOR, count);
}

void apic_timer_periodic(uint32_t count)
{
	timer_start(APIC_LVT_PERIODIC | APIC_TIMER_VECTOR, count);
}

void apic_timer_stop(void)
{
	apic_write(APIC_TMICT, 0);
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | APIC_TIMER_VECTOR);
}

uint32_t apic_timer_current(void)
{
	return apic_read(APIC_TMCCT);
}

void apic_timer_start_masked(uint32_t count)
{
	timer_start(APIC_LVT_MASKED | APIC_TIMER_VECTOR, count);
}

static bool ipi_pending(void)
{
	for (unsigned int i = 0; i < IPI_POLL_LIMIT; i++) {
		if (!(apic_read(APIC_ICR_LOW) & APIC_ICR_PENDING))
			return false;
		cpu_relax();
	}
	return true;
}

int apic_send_ipi(uint32_t dest_apic_id, uint32_t mode_vector)
{
	if (ipi_pending())
		return -1;
	apic_write(APIC_ICR_HIGH, dest_apic_id << APIC_ICR_DEST_SHIFT);
	/* The low half sends: physical destination, no shorthand. */
	apic_write(APIC_ICR_LOW, mode_vector);
	return ipi_pending() ? -1 : 0;
}
