// SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause
/*
 * The catch behind FAULT_TRY (fault.h): one expected exception, recorded
 * and resumed from at the end of the instruction sequence.
 */
#include <fault.h>

volatile uint64_t fault_resume;
volatile int fault_vector = FAULT_NONE;
volatile uint64_t fault_error_code;

int fault_take(void)
{
	fault_resume = 0;
	return fault_vector;
}

bool fault_catch(uint64_t vector, uint64_t error_code, uint64_t *rip)
{
	if (!fault_resume)
		return false;
	fault_vector = (int)vector;
	fault_error_code = error_code;
	*rip = fault_resume;
	fault_resume = 0;
	return true;
}
