// SPDX-License-Identifier: GPL-2.0
/*
 * Cell state watch. The hypervisor stops a cell on its own when the cell
 * faults or powers itself off, and does not interrupt the root for it. So
 * while the hypervisor is enabled the driver asks for every cell's state
 * each JH_WATCH_MS (one hypercall per cell) and, on a change, wakes poll()
 * on the cell's "state" attribute and sends a change uevent from
 * /dev/jailhouse with JAILHOUSE_CELL=<name> and JAILHOUSE_CELL_STATE=<state>.
 *
 * The check takes jh_lock only with mutex_trylock(): a busy lock (an ioctl
 * running) just skips a round, and jh_watch_stop() may wait for the work
 * with the lock held.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/jiffies.h>
#include <linux/kobject.h>
#include <linux/workqueue.h>

#include <jailhouse/hypercall.h>

#include "arch.h"
#include "state.h"
#include "sysfs.h"
#include "watch.h"

#define JH_WATCH_MS	100

static struct kobject *jh_uevent_kobj;

static void jh_watch_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(jh_watch_work, jh_watch_fn);

void jh_watch_set_uevent_kobj(struct kobject *kobj)
{
	jh_uevent_kobj = kobj;
}

static void jh_watch_notify(struct jh_cell *cell, long state)
{
	char cell_env[16 + JH_CELL_NAME_LEN], state_env[48];
	char *envp[3];

	if (cell->in_sysfs)
		sysfs_notify(&cell->kobj, NULL, "state");
	if (!jh_uevent_kobj)
		return;
	snprintf(cell_env, sizeof(cell_env), "JAILHOUSE_CELL=%s", cell->name);
	snprintf(state_env, sizeof(state_env), "JAILHOUSE_CELL_STATE=%s",
		 jh_cell_state_name(state));
	envp[0] = cell_env;
	envp[1] = state_env;
	envp[2] = NULL;
	kobject_uevent_env(jh_uevent_kobj, KOBJ_CHANGE, envp);
}

static void jh_watch_fn(struct work_struct *work)
{
	struct jh_cell *cell;
	long state;

	if (!mutex_trylock(&jh_lock))
		goto again;
	if (!jh_enabled) {
		mutex_unlock(&jh_lock);
		return;
	}
	list_for_each_entry(cell, &jh_cells, entry) {
		state = jh_arch_hypercall(JH_HC_CELL_GET_STATE, cell->id, 0);
		/* The first look only records: a new cell is no change. */
		if (cell->watched && state != cell->watched_state)
			jh_watch_notify(cell, state);
		cell->watched_state = state;
		cell->watched = true;
	}
	mutex_unlock(&jh_lock);
again:
	schedule_delayed_work(&jh_watch_work, msecs_to_jiffies(JH_WATCH_MS));
}

void jh_watch_start(void)
{
	schedule_delayed_work(&jh_watch_work, msecs_to_jiffies(JH_WATCH_MS));
}

void jh_watch_stop(void)
{
	cancel_delayed_work_sync(&jh_watch_work);
}
