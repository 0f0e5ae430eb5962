/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cell lifecycle hypercalls (core/control.c).
 *
 * Locks and claims (see also the lock order in setup.c): control_lock
 * serialises the lifecycle; a lifecycle call that drops it to wait holds a
 * claim on its cell instead (struct cell.busy), which other calls never
 * wait for (they are refused), so claims add no lock order.
 */
#ifndef HV_CONTROL_H
#define HV_CONTROL_H

#include <hv/types.h>

struct cell;
struct jh_comm_region;
struct per_cpu;

long control_cell_create(struct per_cpu *pcpu, unsigned long config_addr);

/* flags: JH_HC_FORCE or 0. */
long control_cell_start(struct per_cpu *pcpu, unsigned long id,
			unsigned long flags);
long control_cell_set_loadable(struct per_cpu *pcpu, unsigned long id,
			       unsigned long flags);
long control_cell_shutdown(struct per_cpu *pcpu, unsigned long id,
			   unsigned long flags);
long control_cell_destroy(struct per_cpu *pcpu, unsigned long id,
			  unsigned long flags);
long control_cell_get_state(struct per_cpu *pcpu, unsigned long id);

#endif /* HV_CONTROL_H */
