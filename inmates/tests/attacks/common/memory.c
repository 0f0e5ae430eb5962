// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks on memory isolation that look the same on every arch: the cell
 * owns guest-physical 0..1 MiB (its RAM) and the comm region; anything
 * else it touches must stop it. addr= moves the target, so one attack
 * also probes e.g. the root's RAM at its host address.
 */
#include <attack.h>

/* The first byte past the attack cell's 1 MiB of RAM. */
#define PAST_CELL_RAM	0x100000UL

static volatile uint32_t *target(void)
{
	return (volatile uint32_t *)(unsigned long)
		attack_param("addr", PAST_CELL_RAM);
}

void attack_write_at(unsigned long addr)
{
	volatile uint32_t *p = (volatile uint32_t *)addr;

	attack_note("writing %p", (void *)p);
	*p = 0xbad0c0de;
}

ATTACK(write_outside, "mem-write-outside", ATTACK_STOP,
       "write memory the cell does not own");
static void write_outside(void)
{
	attack_write_at((unsigned long)target());
}

ATTACK(read_outside, "mem-read-outside", ATTACK_STOP,
       "read memory the cell does not own");
static void read_outside(void)
{
	volatile uint32_t *p = target();
	uint32_t v;

	attack_note("reading %p", (void *)p);
	v = *p;
	attack_note("read 0x%x", v);
}

ATTACK(exec_outside, "mem-exec-outside", ATTACK_STOP,
       "execute code from memory the cell does not own");
static void exec_outside(void)
{
	void (*fn)(void) = (void (*)(void))(unsigned long)target();

	attack_note("jumping to %p", (void *)fn);
	fn();
}
