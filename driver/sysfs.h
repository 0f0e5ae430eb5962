/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysfs.c. jh_sysfs_add_cell() hands the cell to its kobject even when it
 * fails; from then on only jh_sysfs_remove_cell() frees it.
 */
#ifndef _JH_DRIVER_SYSFS_H
#define _JH_DRIVER_SYSFS_H

struct device;
struct jh_cell;

int jh_sysfs_init(void);
void jh_sysfs_exit(void);
struct device *jh_sysfs_device(void);
int jh_sysfs_add_cell(struct jh_cell *cell);
void jh_sysfs_remove_cell(struct jh_cell *cell);
/* "running", "shut down", "failed", ... as the state attribute shows. */
const char *jh_cell_state_name(long state);

#endif /* _JH_DRIVER_SYSFS_H */
