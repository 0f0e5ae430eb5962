/* SPDX-License-Identifier: GPL-2.0 */
/* VT-d queued invalidation (vtd_qi.c). */
#ifndef ASM_VTD_QI_H
#define ASM_VTD_QI_H

#include <hv/types.h>

struct vtd_unit;

int vtd_qi_enable(struct vtd_unit *u);
void vtd_qi_disable(struct vtd_unit *u);
int vtd_qi_submit(struct vtd_unit *u, const uint64_t (*desc)[2],
		  unsigned int count);
int vtd_invalidate_all(struct vtd_unit *u);

#endif /* ASM_VTD_QI_H */
