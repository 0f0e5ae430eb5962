// SPDX-License-Identifier: GPL-2.0
/*
 * See x86_stubs.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <asm/apic.h>
#include "unit.h"
#include "x86_stubs.h"

#define STUB_DEVICES	8
#define CONSOLE_SIZE	8192

struct hypervisor hv;
struct cell root_cell;
struct cell *cells[HV_MAX_CELLS];
struct per_cpu stub_cpu[STUB_CPUS];
unsigned int stub_map_calls;

static struct {
	paddr_t phys;
	uint64_t size;
	void *mem;
} devices[STUB_DEVICES];
static unsigned int num_devices;

static char console[CONSOLE_SIZE];
static size_t console_len;

static void free_at_end(void *buf)
{
	unit_cleanup(free, buf);
}

void stub_system(const struct tb_system *sys)
{
	uint64_t size;
	unsigned int cpu;

	tb_on_alloc = free_at_end;
	hv.sysconfig = tb_system_build(sys, &size);
	hv.sysconfig_size = size;
	memset(&root_cell, 0, sizeof(root_cell));
	root_cell.id = 0;
	root_cell.config = &hv.sysconfig->root_cell;
	strcpy(root_cell.name, "root");
	cells[0] = &root_cell;
	for (cpu = 0; cpu < STUB_CPUS; cpu++) {
		stub_cpu[cpu].cpu_id = cpu;
		stub_cpu[cpu].cell = &root_cell;
		stub_cpu[cpu].arch.apic_id = cpu;
	}
}

static void move_cpus(const struct cell *cell, struct cell *to)
{
	unsigned int cpu;

	for (cpu = 0; cpu < STUB_CPUS; cpu++)
		if (jh_cpu_in_set(cell->config, cpu))
			stub_cpu[cpu].cell = to;
}

struct cell *stub_cell_create(const struct tb_cell *tc, unsigned int id)
{
	struct cell *cell = calloc(1, sizeof(*cell));
	uint64_t size;

	if (!cell)
		abort();
	unit_cleanup(free, cell);
	tb_on_alloc = free_at_end;
	cell->id = id;
	cell->config = tb_cell_build(tc, &size);
	strncpy(cell->name, tc->desc.name, sizeof(cell->name) - 1);
	move_cpus(cell, cell);
	cells[id] = cell;
	return cell;
}

void stub_cell_destroy(struct cell *cell)
{
	move_cpus(cell, &root_cell);
	cells[cell->id] = NULL;
}

void stub_device(paddr_t phys, uint64_t size, void *mem)
{
	if (num_devices >= STUB_DEVICES)
		abort();
	devices[num_devices].phys = phys;
	devices[num_devices].size = size;
	devices[num_devices].mem = mem;
	num_devices++;
}

void *hv_map_device(paddr_t phys, uint64_t size)
{
	unsigned int n;

	stub_map_calls++;
	for (n = 0; n < num_devices; n++)
		if (devices[n].phys == phys && size <= devices[n].size)
			return devices[n].mem;
	return NULL;
}

const char *stub_console(void)
{
	return console;
}

static void console_add(const char *fmt, va_list ap)
{
	int n;

	if (console_len >= CONSOLE_SIZE - 1)
		return;
	n = vsnprintf(console + console_len, CONSOLE_SIZE - console_len,
		      fmt, ap);
	if (n > 0)
		console_len = MIN(console_len + (size_t)n, CONSOLE_SIZE - 1);
}

void printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_add(fmt, ap);
	va_end(ap);
}

void hv_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_add(fmt, ap);
	va_end(ap);
	printk("\n");
}

/* printk.c's with a clock that never moves: burst messages, then none. */
bool ratelimit_ok(struct ratelimit *rl, unsigned int burst)
{
	if (rl->count >= burst) {
		rl->suppressed++;
		return false;
	}
	rl->count++;
	return true;
}

bool stub_apic_x2apic;

bool apic_hw_x2apic(void)
{
	return stub_apic_x2apic;
}

/*
 * As apic.c resolves destinations, with flat logical mode: logical bit n
 * is the CPU with APIC ID n; physical 0xff is every CPU.
 */
bool apic_dest_in_cell(const struct cell *cell, uint32_t dest, bool logical)
{
	unsigned int cpu;
	bool any = false, match;

	for (cpu = 0; cpu < STUB_CPUS; cpu++) {
		match = logical ? (dest >> cpu) & 1 :
			dest == 0xff || dest == cpu;
		if (!match)
			continue;
		if (stub_cpu[cpu].cell != cell)
			return false;
		any = true;
	}
	return any;
}

/*
 * The IOAPICs' requester IDs (ioapic_ir.c), for the IOMMU drivers' tests:
 * IOAPIC n has stub_ioapic_sid[n] (-1: unknown). Weak: test_x86_ioapic
 * links the real ones.
 */
int stub_ioapic_sid[4] = { -1, -1, -1, -1 };

__attribute__((weak)) int ioapic_source_id(unsigned int chip)
{
	return chip < 4 ? stub_ioapic_sid[chip] : -1;
}

__attribute__((weak)) bool ioapic_sources_known(void)
{
	return stub_ioapic_sid[0] >= 0;
}

__attribute__((weak)) bool ioapic_is_source(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < 4; n++)
		if (stub_ioapic_sid[n] == (int)bdf)
			return true;
	return false;
}
