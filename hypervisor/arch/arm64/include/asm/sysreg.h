/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trapped system register accesses (sysreg.c), handed over by traps.c.
 * The register encodings themselves are in sysregs.h.
 */
#ifndef ASM_SYSREG_H
#define ASM_SYSREG_H

#include <hv/types.h>

struct per_cpu;
struct trap_frame;

/* A system register as the ISS of a trapped MSR/MRS names it. */
#define SYSREG_ID(op0, op1, crn, crm, op2)				\
	((op0) << 20 | (op2) << 17 | (op1) << 14 | (crn) << 10 | (crm) << 1)
#define SYSREG_ID_MASK		SYSREG_ID(3, 7, 0xf, 0xf, 7)

/* ICC_SGI1R_EL1 and other trapped system registers; true if handled. */
bool sysreg_handle(struct per_cpu *pcpu, struct trap_frame *frame,
		   uint64_t esr);

#endif /* ASM_SYSREG_H */
