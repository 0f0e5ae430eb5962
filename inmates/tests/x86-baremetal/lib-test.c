// SPDX-License-Identifier: GPL-2.0
/*
 * Test inmate for the x86 library; the run script compares its output
 * line by line. Run with the command line
 * "a=1 b=0x10 ab=5 c=12x neg=-17 hex=0xDEADbeef a=3".
 *
 * T1-T7 are the formatter and command-line cases of the arm64 lib-test.
 * The rest measure against the PM timer (port 0x608, which bios.S sets
 * up) and count interrupts, and end with an exception on purpose.
 */
#include <inmate.h>
#include <x86.h>

#define PM_MASK		0xffffff

static volatile unsigned int timer_irqs;
static volatile unsigned int other_irqs;

static void count_irq(unsigned int vector)
{
	if (vector == APIC_TIMER_VECTOR)
		timer_irqs++;
	else
		other_irqs++;
}

static uint32_t pm_now(void)
{
	return inl(PM_TIMER_PORT) & PM_MASK;
}

static uint64_t pm_ticks_to_us(uint32_t ticks)
{
	return (uint64_t)ticks * 1000000 / PM_TIMER_HZ;
}

void inmate_main(void)
{
	extern const char lib_test_ud2[];
	uint64_t start, end;
	uint32_t pm_start;
	unsigned int seen;

	printk("T1 [%d] [%5d] [%-5d] [%05d] [%i]\n", 42, -42, 7, -42, 0);
	printk("T2 [%u] [%x] [%X] [%08x] [%lx]\n", 4000000000u, 0xbeefu,
	       0xbeefu, 0x1234u, 0x123456789abcdefUL);
	printk("T3 [%llx] [%lu] [%ld]\n", 0xffffffffffffffffULL,
	       18446744073709551615UL, -9223372036854775807L - 1);
	printk("T4 [%zu] [%c%c] [%s] [%8s] [%-6s] [%p] [%%] [%s]\n",
	       (size_t)12, 'o', 'k', "str", "right", "left", (void *)0x1000,
	       (const char *)NULL);
	printk("T5 [%s]\n", cmdline_string());
	printk("T6 a=%ld b=%ld ab=%ld neg=%ld hex=%lx missing=%ld\n",
	       cmdline_parse_int("a", -1), cmdline_parse_int("b", -1),
	       cmdline_parse_int("ab", -1), cmdline_parse_int("neg", 0),
	       cmdline_parse_int("hex", 0), cmdline_parse_int("missing", 77));
	printk("T7 c=%ld\n", cmdline_parse_int("c", -1));

	printk("T8 %lu ns, %s, %lu ns\n", timer_ticks_to_ns(timer_frequency()),
	       timer_us_to_ticks(1000000) == timer_frequency() ?
	       "ticks ok" : "ticks WRONG",
	       apic_timer_count_to_ns(apic_timer_frequency()));

	/* TSC frequency and delay_us() against the PM timer. */
	pm_start = pm_now();
	delay_us(100000);
	printk("T9 delay_us(100000) took %lu us\n",
	       pm_ticks_to_us((pm_now() - pm_start) & PM_MASK));

	apic_init();
	irq_set_handler(count_irq);
	irq_enable();

	/* One-shot: one IRQ after 50 ms, measured with the TSC. */
	start = timer_now();
	apic_timer_oneshot(apic_timer_us_to_count(50000));
	while (!timer_irqs)
		cpu_wait_for_interrupt();
	end = timer_now();
	delay_us(30000);
	printk("T10 one-shot of 50000 us fired after %lu us, %u IRQ(s)\n",
	       timer_ticks_to_ns(end - start) / 1000, timer_irqs);

	/* Periodic: 10 ms for 105 ms, then nothing after the stop. */
	timer_irqs = 0;
	apic_timer_periodic(apic_timer_us_to_count(10000));
	delay_us(105000);
	apic_timer_stop();
	seen = timer_irqs;
	delay_us(50000);
	printk("T11 periodic 10000 us: %u IRQs in 105 ms, %u after the stop, "
	       "%u other\n", seen, timer_irqs - seen, other_irqs);

	printk("T12 00:00.0 vendor %x device %x byte1 %x byte3 %x\n",
	       pci_read_config(PCI_BDF(0, 0, 0), 0, 2),
	       pci_read_config(PCI_BDF(0, 0, 0), 2, 2),
	       pci_read_config(PCI_BDF(0, 0, 0), 1, 1),
	       pci_read_config(PCI_BDF(0, 0, 0), 3, 1));

	printk("T13 APIC ID %u, ud2 at 0x%lx\n", apic_id(),
	       (unsigned long)lib_test_ud2);
	asm volatile(".global lib_test_ud2\nlib_test_ud2: ud2");
	printk("T14 ERROR: survived ud2\n");
}
