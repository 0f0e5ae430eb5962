/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Report of an unexpected exception (vectors.S). The inmate cannot
 * recover from one, so it tells the comm region and the console why it
 * stops; the caller halts.
 */
#include <inmate.h>

void exception_report(uint64_t vector, uint64_t esr, uint64_t elr,
		      uint64_t far, uint64_t spsr);

static const char *const vector_names[16] = {
	"synchronous (SP_EL0)", "IRQ (SP_EL0)", "FIQ (SP_EL0)",
	"SError (SP_EL0)",
	"synchronous", "IRQ", "FIQ", "SError",
	"synchronous from EL0", "IRQ from EL0", "FIQ from EL0",
	"SError from EL0",
	"synchronous from AArch32", "IRQ from AArch32", "FIQ from AArch32",
	"SError from AArch32",
};

void exception_report(uint64_t vector, uint64_t esr, uint64_t elr,
		      uint64_t far, uint64_t spsr)
{
	comm_set_cell_state(JH_CELL_FAILED);
	printk("inmate: unexpected %s exception: ESR_EL1 0x%lx (EC 0x%lx) "
	       "ELR_EL1 0x%lx FAR_EL1 0x%lx SPSR_EL1 0x%lx; CPU halted\n",
	       vector_names[vector & 15], esr, (esr >> 26) & 0x3f, elr, far,
	       spsr);
}
