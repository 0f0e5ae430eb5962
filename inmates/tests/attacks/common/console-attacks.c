// SPDX-License-Identifier: GPL-2.0
/*
 * JH_HC_DEBUG_CONSOLE_WRITE with hostile arguments: the hypervisor reads
 * the string from the caller's memory, so a cell could try to make it
 * print (and so leak) memory that is not the cell's: the hypervisor's,
 * the root's, another cell's, a range that runs past the end of its RAM
 * or comm region, wraps around the address space, or aliases low memory
 * above the guest address bits, or a huge length. Each must be refused
 * with the exact error of the ABI, and a write from the cell's own RAM
 * must still work. What was printed between the two "hostile calls"
 * notes (nothing of the cell's but those notes) is judged by the
 * scenario from the hypervisor console.
 */
#include <attack.h>
#include <jailhouse/hypercall.h>

/* The cell's RAM is guest-physical 0..1 MiB, its comm region one page. */
#define CELL_RAM_END	0x100000UL
#define COMM_END	(COMM_REGION_ADDR + 0x1000UL)

struct hostile_write {
	uint64_t addr, len;
	long expect;
	const char *what;
};

static const char own_text[] = "console-write-own-buffer\n";

ATTACK(hc_console_write, "hc-console-write", ATTACK_REFUSED,
       "make the console write hypercall print memory the cell does not own");
static void hc_console_write(void)
{
	const struct hostile_write calls[] = {
		{ attack_hv_memory, 64, -JH_EFAULT, "hypervisor memory" },
		{ attack_root_ram, 64, -JH_EFAULT, "root RAM" },
		{ attack_other_cell_ram, 64, -JH_EFAULT, "another cell's RAM" },
		{ CELL_RAM_END - 16, 64, -JH_EFAULT, "past the end of own RAM" },
		{ COMM_END - 16, 64, -JH_EFAULT, "past the comm region" },
		{ ~0UL - 15, 32, -JH_EFAULT, "wrapping around" },
		{ 1UL << 48, 16, -JH_EFAULT, "own RAM aliased at bit 48" },
		{ (uintptr_t)own_text, JH_CONSOLE_WRITE_MAX + 1, -JH_EINVAL,
		  "one byte too long" },
		{ (uintptr_t)own_text, 1UL << 32, -JH_EINVAL, "4 GiB long" },
		{ 0x1000, ~0UL, -JH_EINVAL, "length ~0 (wraps to own RAM)" },
	};
	unsigned int n;
	long ret;

	attack_note("console-write: hostile calls begin");
	for (n = 0; n < ARRAY_SIZE(calls); n++) {
		ret = attack_arch_hypercall(JH_HC_DEBUG_CONSOLE_WRITE,
					    calls[n].addr, calls[n].len);
		if (ret != calls[n].expect) {
			attack_note("console-write: hostile calls end");
			attack_breach("console write of 0x%lx bytes at 0x%lx "
				      "(%s) returned %ld, not %ld",
				      calls[n].len, calls[n].addr,
				      calls[n].what, ret, calls[n].expect);
			return;
		}
	}
	attack_note("console-write: hostile calls end");
	ret = attack_arch_hypercall(JH_HC_DEBUG_CONSOLE_WRITE,
				    (uintptr_t)own_text, sizeof(own_text) - 1);
	if (ret != (long)sizeof(own_text) - 1) {
		attack_breach("a write from the cell's own RAM returned %ld",
			      ret);
		return;
	}
	attack_contained("%u hostile writes refused as expected, own RAM "
			 "printed", n);
}
