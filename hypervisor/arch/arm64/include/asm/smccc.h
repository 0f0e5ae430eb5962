/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SMCCC architecture calls passed through to firmware (smccc.c), for
 * psci.c's SMC dispatch and setup.c. Function IDs: Arm DEN0028.
 */
#ifndef ASM_SMCCC_H
#define ASM_SMCCC_H

#include <jailhouse/types.h>

#define SMCCC_VERSION		0x80000000U
#define SMCCC_ARCH_FEATURES	0x80000001U
#define SMCCC_ARCH_WORKAROUND_1	0x80008000U
#define SMCCC_ARCH_WORKAROUND_2	0x80007fffU
#define SMCCC_ARCH_WORKAROUND_3	0x80003fffU

/* At enable: the firmware's SMCCC version, and a line saying what cells get. */
void smccc_init(void);
/* PSCI_FEATURES of SMCCC_VERSION as a cell sees it. */
int64_t smccc_version_feature(void);
/* One of the five calls above, as a cell sees it. */
int64_t smccc_handle(uint32_t fn, uint64_t arg);

#endif /* ASM_SMCCC_H */
