// SPDX-License-Identifier: GPL-2.0
/*
 * Calls the hooks of every unit (hv/unit.h) in table order, or in reverse
 * for shutdown and cell_exit. The table is the section "units".
 */
#include <hv/printk.h>
#include <hv/unit.h>

/*
 * The bounds of the section: hypervisor.lds.S defines them, and on the
 * host (unit tests) ld does. Not weak: a weak reference is loaded through
 * the GOT, which the image does not carry.
 */
extern const struct unit __start_units[];
extern const struct unit __stop_units[];

/* What a hook gets: a cell, or a range of the root's memory. */
struct hook_args {
	struct cell *cell;
	uint64_t phys;
	uint64_t size;
};

typedef void (*unit_visit_t)(const struct unit *u, const struct hook_args *a);

static const struct unit *first_unit(void)
{
	const struct unit *end = __stop_units;

	return (end > __start_units) ? __start_units : NULL;
}

static const struct unit *next_unit(const struct unit *u)
{
	const struct unit *end = __stop_units;

	return (&u[1] < end) ? &u[1] : NULL;
}

static const struct unit *last_unit(void)
{
	const struct unit *end = __stop_units;

	return (end > __start_units) ? &end[-1] : NULL;
}

static const struct unit *previous_unit(const struct unit *u)
{
	return (u > __start_units) ? &u[-1] : NULL;
}

static void visit_units(bool reverse, unit_visit_t visit,
			const struct hook_args *a)
{
	const struct unit *u = reverse ? last_unit() : first_unit();

	while (u != NULL) {
		visit(u, a);
		u = reverse ? previous_unit(u) : next_unit(u);
	}
}

int units_init(void)
{
	const struct unit *u = first_unit();
	int err = 0;

	while ((u != NULL) && (err == 0)) {
		if (u->init != NULL) {
			err = u->init();
		}
		if (err != 0) {
			hv_error("unit %s: cannot start (error %d)", u->name, err);
		}
		u = next_unit(u);
	}
	return err;
}

static void visit_shutdown(const struct unit *u, const struct hook_args *a)
{
	(void)a;
	if (u->shutdown != NULL) {
		u->shutdown();
	}
}

void units_shutdown(void)
{
	visit_units(true, visit_shutdown, NULL);
}

int units_cell_init(struct cell *cell)
{
	const struct unit *u = first_unit();
	int err = 0;

	while ((u != NULL) && (err == 0)) {
		if (u->cell_init != NULL) {
			err = u->cell_init(cell);
		}
		u = next_unit(u);
	}
	return err;
}

static void visit_cell_exit(const struct unit *u, const struct hook_args *a)
{
	if (u->cell_exit != NULL) {
		u->cell_exit(a->cell);
	}
}

void units_cell_exit(struct cell *cell)
{
	const struct hook_args a = { .cell = cell };

	visit_units(true, visit_cell_exit, &a);
}

static void visit_assign(const struct unit *u, const struct hook_args *a)
{
	if (u->assign != NULL) {
		u->assign(a->cell);
	}
}

void units_assign(struct cell *cell)
{
	const struct hook_args a = { .cell = cell };

	visit_units(false, visit_assign, &a);
}

static void visit_release(const struct unit *u, const struct hook_args *a)
{
	if (u->release != NULL) {
		u->release(a->cell);
	}
}

void units_release(struct cell *cell)
{
	const struct hook_args a = { .cell = cell };

	visit_units(false, visit_release, &a);
}

static void visit_reset(const struct unit *u, const struct hook_args *a)
{
	if (u->reset != NULL) {
		u->reset(a->cell);
	}
}

void units_reset(struct cell *cell)
{
	const struct hook_args a = { .cell = cell };

	visit_units(false, visit_reset, &a);
}

int units_map_region(struct cell *cell, const struct jh_memory_region *mem,
		     bool merge)
{
	const struct unit *u = first_unit();
	int err = 0;

	while ((u != NULL) && (err == 0)) {
		if (u->map_region != NULL) {
			err = u->map_region(cell, mem, merge);
		}
		u = next_unit(u);
	}
	return err;
}

static void visit_root_unmap(const struct unit *u, const struct hook_args *a)
{
	if (u->root_unmap != NULL) {
		u->root_unmap(a->phys, a->size);
	}
}

void units_root_unmap(uint64_t phys, uint64_t size)
{
	const struct hook_args a = { .phys = phys, .size = size };

	visit_units(false, visit_root_unmap, &a);
}

unsigned int units_tables_per_region(void)
{
	const struct unit *u = first_unit();
	unsigned int n = 0U;

	while (u != NULL) {
		if (u->tables_per_region != NULL) {
			n += u->tables_per_region();
		}
		u = next_unit(u);
	}
	return n;
}

enum mmio_result units_mmio(struct per_cpu *pcpu, struct mmio_access *acc)
{
	const struct unit *u = first_unit();
	enum mmio_result res = MMIO_UNHANDLED;

	while ((u != NULL) && (res == MMIO_UNHANDLED)) {
		if (u->mmio != NULL) {
			res = u->mmio(pcpu, acc);
		}
		u = next_unit(u);
	}
	return res;
}

static void visit_poll(const struct unit *u, const struct hook_args *a)
{
	(void)a;
	if (u->poll != NULL) {
		u->poll();
	}
}

void units_poll(void)
{
	visit_units(false, visit_poll, NULL);
}
