// SPDX-License-Identifier: GPL-2.0
/*
 * Test inmate for the library's formatter and command-line parser; the run
 * script compares its output line by line. Run with the command line
 * "a=1 b=0x10 ab=5 c=12x neg=-17 hex=0xDEADbeef a=3".
 */
#include <inmate.h>

void inmate_main(void)
{
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
	printk("T8 %lu ns, %lu ticks\n", timer_ticks_to_ns(timer_frequency()),
	       timer_us_to_ticks(1000000));
}
