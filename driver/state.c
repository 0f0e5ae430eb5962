// SPDX-License-Identifier: GPL-2.0
/*
 * The global state of state.h; enable.c sets it up and tears it down,
 * cell.c keeps the list of cells.
 */
#include <linux/list.h>
#include <linux/mutex.h>

#include "state.h"

/* Serialises all requests and guards the state in state.h. */
DEFINE_MUTEX(jh_lock);

bool jh_enabled;
struct jh_system_desc *jh_sysconfig;
struct jh_cell *jh_root_cell;
LIST_HEAD(jh_cells);
