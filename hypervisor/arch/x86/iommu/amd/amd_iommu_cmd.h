/* SPDX-License-Identifier: GPL-2.0 */
/* Command buffer and event log of each unit (amd_iommu_cmd.c). */
#ifndef AMD_IOMMU_CMD_H
#define AMD_IOMMU_CMD_H

#include <hv/types.h>
#include "amd_iommu_unit.h"

struct amd_cmd {
	uint64_t q0, q1;
};

void amd_cmd_reset(struct amd_unit *u);
/* Runs num commands and waits (bounded) until the unit finished them. */
int amd_cmd_run(struct amd_unit *u, const struct amd_cmd *cmds,
		unsigned int num);
/* The same on every unit; the last error, if any. */
int amd_cmd_run_all(const struct amd_cmd *cmds, unsigned int num);
void amd_evt_reset(struct amd_unit *u);
/* Forgets the target aborts the unit signalled so far. */
void amd_clear_aborts(const struct amd_unit *u);
void amd_poll_faults(void);

#endif /* AMD_IOMMU_CMD_H */
