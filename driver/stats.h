/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.c: statistics/cpu<N>/ follow the cell's CPUs after each sync.
 */
#ifndef _JH_DRIVER_STATS_H
#define _JH_DRIVER_STATS_H

struct jh_cell;

void jh_stats_sync(struct jh_cell *cell);
void jh_stats_remove(struct jh_cell *cell);

#endif /* _JH_DRIVER_STATS_H */
