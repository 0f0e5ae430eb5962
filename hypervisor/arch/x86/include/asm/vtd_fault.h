/* SPDX-License-Identifier: GPL-2.0 */
/* VT-d fault records (vtd_fault.c). */
#ifndef ASM_VTD_FAULT_H
#define ASM_VTD_FAULT_H

void vtd_poll_faults(void);

#endif /* ASM_VTD_FAULT_H */
