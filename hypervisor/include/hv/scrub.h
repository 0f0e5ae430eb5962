/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HV_SCRUB_H
#define HV_SCRUB_H

#include <jailhouse/config.h>

/* Zeroes the cell's private RAM (see scrub.c); -JH_ENOMEM if the pool has
 * no room for the temporary mapping. */
int scrub_cell_memory(const struct jh_cell_desc *desc);

#endif
