/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-cell attack suite: one inmate per arch (attack.bin) holding every
 * attack on the isolation; the cell's command line picks one:
 *
 *   jailhouse cell load attack attack.bin -s "attack=NAME run=N"
 *
 * Each attack registers itself with ATTACK() (no central list) and ends
 * with one verdict line, which tests/bench/guest-bin/jh-attack reads from
 * the hypervisor console:
 *
 *   attack-begin run=N name=NAME expect=refused|stop|either: GOAL
 *   attack-verdict run=N name=NAME contained: EVIDENCE
 *   attack-verdict run=N name=NAME BREACH: EVIDENCE
 *
 * "refused": the inmate survives and checks itself that the attempt had
 * no effect. "stop": the hypervisor must stop the cell; an attack that
 * returns reports a breach. "either": both are containment (e.g. an
 * instruction the hypervisor may refuse with a fault or by stopping).
 * attack=list prints "attack-list run=N NAME EXPECT" for every attack.
 */
#ifndef _ATTACK_H
#define _ATTACK_H

#include <inmate.h>

enum attack_expect {
	ATTACK_REFUSED,
	ATTACK_STOP,
	ATTACK_EITHER,
};

struct attack {
	const char *name;
	enum attack_expect expect;
	const char *goal;	/* what a breach would achieve */
	void (*run)(void);
};

#define ATTACK(fn, name_, expect_, goal_)				\
	static void fn(void);						\
	static const struct attack attack_entry_##fn			\
	__attribute__((section(".attack_table"), used, aligned(8))) = {	\
		.name = name_, .expect = expect_, .goal = goal_,	\
		.run = fn,						\
	}

/* The verdict; exactly one per attack. */
void attack_contained(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
void attack_breach(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* An intermediate observation, tagged with the run like the verdict. */
void attack_note(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Parameters passed after attack=NAME on the command line. */
int64_t attack_param(const char *name, int64_t default_value);

/* Writes one word at guest-physical addr (memory.c); for attacks that
 * expect the hypervisor to stop the cell there. */
void attack_write_at(unsigned long addr);

/* An attack that writes one word at ADDR, which the cell does not own. */
#define ATTACK_WRITE_AT(fn, name, addr, goal)				\
	ATTACK(fn, name, ATTACK_STOP, goal);				\
	static void fn(void)						\
	{								\
		attack_write_at(addr);					\
	}

/* Host addresses of memory the cell does not own, for attacks that hand
 * them to the hypervisor (arch memory-targets.c). */
extern const uint64_t attack_hv_memory, attack_root_ram,
	attack_other_cell_ram;

/* The hypervisor's hypercall instruction (the arch file's):
 * common/hypercall-attacks.c. */
long attack_arch_hypercall(uint64_t code, uint64_t a1, uint64_t a2);

/* Leaves secrets for the scrub attacks of the next cell (scrub.c): the
 * runner calls it after every attack; attack_arch_plant_regs is the arch
 * file's part (registers). */
void attack_plant_secrets(void);
void attack_arch_plant_regs(void);

/* Spins for about us microseconds on the free-running counter. */
void attack_delay_us(uint64_t us);

#endif /* _ATTACK_H */
