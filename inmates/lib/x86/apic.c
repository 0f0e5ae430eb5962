/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * This CPU's local APIC, in xAPIC mode through its page at APIC_BASE or
 * in x2APIC mode through its MSRs (0x800 + offset / 16).
 *
 * x2APIC is used where the comm region says the cell may switch to it
 * (platform.x86.x2apic; the hypervisor then shows the CPUID bit) and the
 * command line does not say x2apic=0: apic_init() sets IA32_APIC_BASE's
 * EXTD bit, the one change of that MSR a cell may make. In a cell every
 * APIC access traps to the hypervisor: in x2APIC mode as an MSR exit,
 * which needs no instruction decoding; in xAPIC mode as a page access,
 * whose instruction is decoded, and of which the hypervisor emulates
 * plain 32-bit loads and stores only: hence the volatile 32-bit
 * accessors and nothing else.
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

#define MSR_APIC_BASE		0x1b
#define APIC_BASE_EXTD		(1ULL << 10)
#define X2APIC_MSR(reg)		(0x800 + (reg) / 16)
#define CPUID1_ECX_X2APIC	(1U << 21)

#define NS_PER_SEC		1000000000ULL
#define US_PER_SEC		1000000ULL
/* Each poll traps to the hypervisor: keep the wait short. */
#define IPI_POLL_LIMIT		1000

static bool x2apic;

static uint32_t apic_read(unsigned int reg)
{
	if (x2apic)
		return (uint32_t)rdmsr(X2APIC_MSR(reg));
	return mmio_read32(APIC_BASE + reg);
}

static void apic_write(unsigned int reg, uint32_t value)
{
	if (x2apic)
		wrmsr(X2APIC_MSR(reg), value);
	else
		mmio_write32(APIC_BASE + reg, value);
}

/* Where the comm region offers it (or bare metal's CPUID does). */
static bool x2apic_wanted(void)
{
	uint32_t a, b, c, d;
	uint64_t word;

	if (cmdline_parse_int("x2apic", 1) == 0)
		return false;
	cpuid(1, &a, &b, &c, &d);
	if (!(c & CPUID1_ECX_X2APIC))
		return false;
	if (!comm_region_valid())
		return true;
	/* pm_timer_port (2 bytes), then x2apic. */
	word = comm_platform64(COMM_PLATFORM(x86.pm_timer_port), 0);
	return (word >> 16) & 0xff;
}

void apic_init_mode(bool use_x2apic)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);

	if (use_x2apic && !(base & APIC_BASE_EXTD))
		wrmsr(MSR_APIC_BASE, base | APIC_BASE_EXTD);
	x2apic = (rdmsr(MSR_APIC_BASE) & APIC_BASE_EXTD) != 0;
	apic_write(APIC_TPR, 0);
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | APIC_TIMER_VECTOR);
	apic_write(APIC_TDCR, APIC_TDCR_DIV_1);
	apic_write(APIC_SVR, APIC_SVR_ENABLE | APIC_SPURIOUS_VECTOR);
}

void apic_init(void)
{
	apic_init_mode(x2apic_wanted());
}

bool apic_x2apic_mode(void)
{
	return x2apic;
}

uint32_t apic_id(void)
{
	/* x2APIC: the whole register is the ID. */
	return x2apic ? apic_read(APIC_ID) : apic_read(APIC_ID) >> 24;
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

void apic_timer_mask(void)
{
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
	/* x2APIC has no delivery status: the ICR write sends. */
	for (unsigned int i = 0; i < IPI_POLL_LIMIT && !x2apic; i++) {
		if (!(apic_read(APIC_ICR_LOW) & APIC_ICR_PENDING))
			return false;
		cpu_relax();
	}
	return !x2apic;
}

int apic_send_ipi(uint32_t dest_apic_id, uint32_t mode_vector)
{
	if (ipi_pending())
		return -1;
	if (x2apic) {
		/* One 64-bit ICR: destination in the high half. */
		wrmsr(X2APIC_MSR(APIC_ICR_LOW),
		      (uint64_t)dest_apic_id << 32 | mode_vector);
		return 0;
	}
	apic_write(APIC_ICR_HIGH, dest_apic_id << APIC_ICR_DEST_SHIFT);
	/* The low half sends: physical destination, no shorthand. */
	apic_write(APIC_ICR_LOW, mode_vector);
	return ipi_pending() ? -1 : 0;
}
