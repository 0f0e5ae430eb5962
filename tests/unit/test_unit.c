// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the unit table (hypervisor/core/unit.c): three units
 * registered with DEFINE_UNIT, as the hypervisor's subsystems are, whose
 * hooks write down the order in which the core reaches them.
 */
/* UNIT-SOURCES: hypervisor/core/unit.c */
/* UNIT-CFLAGS: -fno-toplevel-reorder */
#include "unit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <hv/unit.h>

static char trace[256];
static char last_error[256];
static int fail_in;		/* unit number whose cell_init fails */

void hv_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_error, sizeof(last_error), fmt, ap);
	va_end(ap);
}

static void note(const char *what, int unit)
{
	size_t len = strlen(trace);

	snprintf(trace + len, sizeof(trace) - len, "%s%s%d",
		 len ? " " : "", what, unit);
}

static void reset_trace(void)
{
	trace[0] = '\0';
	last_error[0] = '\0';
	fail_in = 0;
}

/* Hooks of unit N: each writes its name and N (unit 3 uses some). */
#define UNIT_HOOKS(n)							\
static int init##n(void) { note("init", n); return fail_in == -(n) ? -5 : 0; } \
static __attribute__((unused)) void shutdown##n(void) { note("shutdown", n); }			\
static int cell_init##n(struct cell *c) { (void)c; note("cinit", n);	\
	return fail_in == (n) ? -12 : 0; }				\
static void cell_exit##n(struct cell *c) { (void)c; note("cexit", n); } \
static __attribute__((unused)) void assign##n(struct cell *c) { (void)c; note("assign", n); }	\
static __attribute__((unused)) void release##n(struct cell *c) { (void)c; note("release", n); }

UNIT_HOOKS(1)
UNIT_HOOKS(2)
UNIT_HOOKS(3)

static int mapped;

static int map1(struct cell *c, const struct jh_memory_region *mem,
		bool merge)
{
	(void)c;
	(void)merge;
	mapped += (int)mem->size;
	return mem->size == 13 ? -7 : 0;
}

static unsigned int tables1(void) { return 1; }
static unsigned int tables3(void) { return 2; }

/* Unit 2 claims the MMIO page at 0x1000, unit 3 everything else. */
static enum mmio_result mmio2(struct per_cpu *p, struct mmio_access *acc)
{
	(void)p;
	return (acc->addr >> 12) == 1 ? MMIO_HANDLED : MMIO_UNHANDLED;
}

static enum mmio_result mmio3(struct per_cpu *p, struct mmio_access *acc)
{
	(void)p;
	(void)acc;
	note("mmio", 3);
	return MMIO_ERROR;
}

DEFINE_UNIT(unit_one) = {
	.name = "one", .init = init1, .shutdown = shutdown1,
	.cell_init = cell_init1, .cell_exit = cell_exit1,
	.assign = assign1, .release = release1,
	.map_region = map1, .tables_per_region = tables1,
};
DEFINE_UNIT(unit_two) = {
	.name = "two", .init = init2, .shutdown = shutdown2,
	.cell_init = cell_init2, .cell_exit = cell_exit2,
	.assign = assign2, .release = release2, .mmio = mmio2,
};
/* A unit with only some hooks: the others are skipped. */
DEFINE_UNIT(unit_three) = {
	.name = "three", .init = init3, .cell_init = cell_init3,
	.cell_exit = cell_exit3, .tables_per_region = tables3,
	.mmio = mmio3,
};

/*
 * The table holds the three in the order of definition (in the hypervisor,
 * one unit per object, in link order; -fno-toplevel-reorder keeps gcc from
 * reversing them within this one object).
 */
TEST(unit_build_hooks_run_in_table_order)
{
	reset_trace();
	CHECK_EQ(units_init(), 0);
	CHECK_EQ(units_cell_init(NULL), 0);
	units_assign(NULL);
	CHECK_STR(trace, "init1 init2 init3 cinit1 cinit2 cinit3 assign1 assign2");
}

TEST(unit_take_down_hooks_run_in_reverse_but_release)
{
	reset_trace();
	units_release(NULL);
	units_cell_exit(NULL);
	units_shutdown();
	CHECK_STR(trace, "release1 release2 cexit3 cexit2 cexit1 shutdown2 shutdown1");
}

TEST(unit_failing_init_stops_and_is_named)
{
	reset_trace();
	fail_in = -2;
	CHECK_EQ(units_init(), -5);
	CHECK_STR(trace, "init1 init2");
	CHECK_STR(last_error, "unit two: cannot start (error -5)");
}

TEST(unit_failing_cell_init_stops_there)
{
	reset_trace();
	fail_in = 2;
	CHECK_EQ(units_cell_init(NULL), -12);
	CHECK_STR(trace, "cinit1 cinit2");
}

TEST(unit_map_region_and_tables)
{
	struct jh_memory_region mem = { .size = 4 };

	mapped = 0;
	CHECK_EQ(units_map_region(NULL, &mem, true), 0);
	mem.size = 13;
	CHECK_EQ(units_map_region(NULL, &mem, false), -7);
	CHECK_EQ(mapped, 17);
	CHECK_EQ(units_tables_per_region(), 3);
}

TEST(unit_mmio_goes_to_the_first_that_claims_it)
{
	struct mmio_access acc = { .addr = 0x1008, .size = 4 };

	reset_trace();
	CHECK_EQ(units_mmio(NULL, &acc), MMIO_HANDLED);
	CHECK_STR(trace, "");
	acc.addr = 0x2000;
	CHECK_EQ(units_mmio(NULL, &acc), MMIO_ERROR);
	CHECK_STR(trace, "mmio3");
}
