/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The root cell's set-up (core/root_cell.c).
 */
#ifndef HV_ROOT_CELL_H
#define HV_ROOT_CELL_H

/* Sets up the root cell from the system config (first CPU, at enable). */
int cell_init_root(void);

#endif /* HV_ROOT_CELL_H */
