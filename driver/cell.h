/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cell.c: non-root cells, and the lookup load.c shares.
 */
#ifndef _JH_DRIVER_CELL_H
#define _JH_DRIVER_CELL_H

#include <jailhouse/ioctl.h>

struct jh_cause;
struct jh_cell;

int jh_cell_create(struct jh_cause *cause, const struct jh_ioctl_config *arg);
int jh_cell_start(struct jh_cause *cause, const struct jh_ioctl_cell_id *id);
int jh_cell_shutdown(struct jh_cause *cause,
		     const struct jh_ioctl_cell_id *id);
int jh_cell_destroy(struct jh_cause *cause, const struct jh_ioctl_cell_id *id);
int jh_cell_destroy_all(struct jh_cause *cause);
struct jh_cell *jh_cell_find(struct jh_cause *cause,
			     const struct jh_ioctl_cell_id *id);
void jh_cell_set_cpus_from_desc(struct jh_cell *cell);

#endif /* _JH_DRIVER_CELL_H */
