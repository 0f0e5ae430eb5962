/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VT-d driver (vtd.c on top of vtd_tables.c, vtd_ir.c, vtd_qi.c,
 * vtd_fault.c and vtd_unit.c): its headers in one, for the host tests.
 * The driver's files include what they use.
 */
#ifndef ASM_VTD_H
#define ASM_VTD_H

#include <asm/vtd_fault.h>
#include <asm/vtd_ir.h>
#include <asm/vtd_qi.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_tables.h>
#include <asm/vtd_unit.h>

#endif /* ASM_VTD_H */
