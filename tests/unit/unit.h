/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny host unit-test framework.
 *
 *   #include "unit.h"
 *   TEST(adds_up) { CHECK_EQ(1 + 1, 2); }
 *
 * TEST() registers the test from a constructor, so a test file needs no
 * list and no main(): runner.c runs every registered test, each in a forked
 * child (a crash, sanitizer report or timeout fails that test only), prints
 * every failure as "file:line: ..." and ends with "N passed, N failed".
 *
 * CHECK* record a failure and go on; REQUIRE* also leave the test function
 * (or helper) at once. CHECK_EQ compares as unsigned long long after
 * converting each side, so -1 equals (uint64_t)-1 but not (uint32_t)-1.
 * unit_cleanup() registers a call made when the test ends, e.g. to free a
 * buffer, so early REQUIRE exits do not leak.
 */
#ifndef _UNIT_H
#define _UNIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct unit_test {
	const char *name;
	const char *file;
	int line;
	void (*fn)(void);
	struct unit_test *next;
};

void unit_register(struct unit_test *test);
void unit_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void unit_cleanup(void (*fn)(void *), void *arg);

#define TEST(name)							\
	static void unit_fn_##name(void);				\
	static struct unit_test unit_desc_##name = {			\
		#name, __FILE__, __LINE__, unit_fn_##name, NULL		\
	};								\
	__attribute__((constructor)) static void unit_reg_##name(void)	\
	{								\
		unit_register(&unit_desc_##name);			\
	}								\
	static void unit_fn_##name(void)

#define UNIT_CHECK_(cond, on_fail)					\
	do {								\
		if (!(cond)) {						\
			unit_fail(__FILE__, __LINE__, "CHECK(%s) failed", \
				  #cond);				\
			on_fail;					\
		}							\
	} while (0)

#define UNIT_CHECK_EQ_(a, b, on_fail)					\
	do {								\
		unsigned long long unit_a_ = (unsigned long long)(a);	\
		unsigned long long unit_b_ = (unsigned long long)(b);	\
		if (unit_a_ != unit_b_) {				\
			unit_fail(__FILE__, __LINE__,			\
				  "CHECK_EQ(%s, %s) failed: %lld (0x%llx) " \
				  "!= %lld (0x%llx)", #a, #b,		\
				  (long long)unit_a_, unit_a_,		\
				  (long long)unit_b_, unit_b_);		\
			on_fail;					\
		}							\
	} while (0)

#define UNIT_CHECK_STR_(a, b, on_fail)					\
	do {								\
		const char *unit_a_ = (a), *unit_b_ = (b);		\
		if (!unit_a_ || !unit_b_ ? unit_a_ != unit_b_ :		\
		    strcmp(unit_a_, unit_b_) != 0) {			\
			unit_fail(__FILE__, __LINE__,			\
				  "CHECK_STR(%s, %s) failed:\n"		\
				  "    got      \"%s\"\n"		\
				  "    expected \"%s\"", #a, #b,	\
				  unit_a_ ? unit_a_ : "(null)",		\
				  unit_b_ ? unit_b_ : "(null)");	\
			on_fail;					\
		}							\
	} while (0)

#define CHECK(cond)		UNIT_CHECK_(cond, (void)0)
#define CHECK_EQ(a, b)		UNIT_CHECK_EQ_(a, b, (void)0)
#define CHECK_STR(a, b)		UNIT_CHECK_STR_(a, b, (void)0)
#define REQUIRE(cond)		UNIT_CHECK_(cond, return)
#define REQUIRE_EQ(a, b)	UNIT_CHECK_EQ_(a, b, return)
#define REQUIRE_STR(a, b)	UNIT_CHECK_STR_(a, b, return)

#endif /* _UNIT_H */
