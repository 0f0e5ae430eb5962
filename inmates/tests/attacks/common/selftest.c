// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks that fail on purpose, so that the scenarios prove jh-attack
 * tells a breach, a missing verdict and a cell that survives an attack
 * meant to stop it from containment (each must make jh-attack fail).
 */
#include <attack.h>

ATTACK(selftest_breach, "selftest-breach", ATTACK_REFUSED,
       "harness self-test: report a breach");
static void selftest_breach(void)
{
	attack_breach("reported on purpose by the harness self-test");
}

ATTACK(selftest_no_verdict, "selftest-no-verdict", ATTACK_REFUSED,
       "harness self-test: give no verdict");
static void selftest_no_verdict(void)
{
	attack_note("returning without a verdict on purpose");
	for (;;)
		attack_delay_us(1000000);
}

ATTACK(selftest_survive, "selftest-survive", ATTACK_STOP,
       "harness self-test: survive an attack that must stop the cell");
static void selftest_survive(void)
{
	attack_note("touching only my own memory");
}
