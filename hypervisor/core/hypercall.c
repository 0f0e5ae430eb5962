// SPDX-License-Identifier: GPL-2.0
/*
 * Hypercall dispatch. Everything but the console calls is for the root
 * cell only; arguments from the caller are checked before use.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/hypercall.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/setup.h>
#include <hv/unit.h>

static long hypervisor_get_info(unsigned long item)
{
	switch (item) {
	case JH_INFO_MEM_POOL_SIZE:
		return (long)hv.pool.pages;
	case JH_INFO_MEM_POOL_USED:
		return (long)hv.pool.used;
	case JH_INFO_NUM_CELLS:
		return (long)cell_count();
	default:
		return -JH_EINVAL;
	}
}

static long cpu_get_info(unsigned long cpu, unsigned long item)
{
	struct per_cpu *pcpu = per_cpu((unsigned int)cpu);

	if (!pcpu || pcpu->state == CPU_ABSENT) {
		return -JH_EINVAL;
	}

	if (item == JH_CPU_INFO_STATE) {
		return pcpu->state == CPU_FAILED ? JH_CPU_FAILED :
			JH_CPU_RUNNING;
	}
	if (item == JH_CPU_INFO_CELL) {
		return pcpu->cell ? (long)pcpu->cell->id : -JH_EINVAL;
	}
	if (item >= JH_CPU_INFO_STAT_BASE &&
	    item < JH_CPU_INFO_STAT_BASE + JH_STAT_MAX) {
		return (long)(READ_ONCE(pcpu->stats[item -
					JH_CPU_INFO_STAT_BASE]) & (~0UL >> 1));
	}
	return -JH_EINVAL;
}

long hypercall_dispatch(struct per_cpu *pcpu, unsigned long code,
			unsigned long arg1, unsigned long arg2)
{
	struct cell *cell = pcpu->cell;

	pcpu->stats[JH_STAT_HYPERCALL]++;

	if (code == JH_HC_DEBUG_CONSOLE_PUTC ||
	    code == JH_HC_DEBUG_CONSOLE_WRITE) {
		if (cell != &root_cell &&
		    !(cell->config->flags & JH_CELL_CONSOLE_ALLOWED)) {
			return -JH_EPERM;
		}
		if (code == JH_HC_DEBUG_CONSOLE_WRITE) {
			return cell_console_write(pcpu, arg1, arg2);
		}
		cell_console_putc(cell, (char)arg1);
		return 0;
	}
	if (code > JH_HC_MAX) {
		return -JH_ENOSYS;
	}
	if (cell != &root_cell) {
		return -JH_EPERM;
	}
	/* Root calls come often enough (cell state polls) to report DMA faults. */
	units_poll();

	switch (code) {
	case JH_HC_DISABLE:
		return hv_disable_cpu(pcpu);
	case JH_HC_CELL_CREATE:
		return control_cell_create(pcpu, arg1);
	case JH_HC_CELL_START:
		return control_cell_start(pcpu, arg1, arg2);
	case JH_HC_CELL_SET_LOADABLE:
		return control_cell_set_loadable(pcpu, arg1, arg2);
	case JH_HC_CELL_DESTROY:
		return control_cell_destroy(pcpu, arg1, arg2);
	case JH_HC_CELL_SHUTDOWN:
		return control_cell_shutdown(pcpu, arg1, arg2);
	case JH_HC_CELL_GET_STATE:
		return control_cell_get_state(pcpu, arg1);
	case JH_HC_HYPERVISOR_GET_INFO:
		return hypervisor_get_info(arg1);
	case JH_HC_CPU_GET_INFO:
		return cpu_get_info(arg1, arg2);
	default:
		return -JH_ENOSYS;
	}
}
