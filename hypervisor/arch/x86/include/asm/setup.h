/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ASM_SETUP_H
#define ASM_SETUP_H

#include <hv/types.h>

struct per_cpu;

/* setup.c: back to Linux on a failed first entry (returns err there). */
void __noreturn arch_entry_abort(long err, struct per_cpu *pcpu);

#endif /* ASM_SETUP_H */
