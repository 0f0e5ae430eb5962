/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-ins for the hypervisor around the x86 PCI and IOAPIC mediation
 * (x86_stubs.c), for host tests: the global hv and root cell built from
 * a config_builder system, cells from config_builder cells, CPUs 0-3
 * with APIC IDs 0-3, device "mappings" onto host buffers, and a console
 * that keeps what was printed.
 */
#ifndef _X86_STUBS_H
#define _X86_STUBS_H

#include <hv/cell.h>
#include <hv/percpu.h>
#include "config_builder.h"

#define STUB_CPUS	4

extern struct per_cpu stub_cpu[STUB_CPUS];

/*
 * hv.sysconfig and root_cell from sys (built into a fresh buffer), every
 * stub CPU the root cell's.
 */
void stub_system(const struct tb_system *sys);

/* A cell with id from tc; its CPUs leave the root cell, as on create. */
struct cell *stub_cell_create(const struct tb_cell *tc, unsigned int id);
/* Its CPUs go back to the root cell, as on destroy. */
void stub_cell_destroy(struct cell *cell);

/* hv_map_device(phys, size) returns mem; anything else maps nothing. */
void stub_device(paddr_t phys, uint64_t size, void *mem);
extern unsigned int stub_map_calls;
/* apic_hw_x2apic(): the APICs in hardware x2APIC mode (default false). */
extern bool stub_apic_x2apic;
extern int stub_ioapic_sid[4];

/* Everything printk and hv_error printed since the test began. */
const char *stub_console(void);

#endif /* _X86_STUBS_H */
