/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The comm region shared with each cell (core/comm_region.c).
 */
#ifndef HV_COMM_REGION_H
#define HV_COMM_REGION_H

#include <hv/types.h>

struct cell;

/* Control lock held. */
void comm_write_state(struct cell *cell, uint32_t state);
void comm_reset(struct cell *cell);
/* msg_reply_timeout, defaulted and capped at a hard maximum. */
uint64_t comm_reply_timeout_ms(const struct cell *cell);
/*
 * The shutdown handshake with a running cell: 0 if the cell may be
 * stopped (it agreed, did not answer in time, is passive, or force is
 * set), -JH_EPERM if it refused or is locked. Drops the lock while it
 * waits for the answer (the caller has claimed the cell).
 */
int comm_ask_shutdown(struct cell *cell, bool force);

#endif /* HV_COMM_REGION_H */
