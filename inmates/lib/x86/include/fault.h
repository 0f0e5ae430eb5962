/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Expecting a fault: FAULT_TRY runs one asm instruction sequence and
 * returns the vector of the exception it raised, or FAULT_NONE. The
 * exception handler (idt.c) resumes after the sequence instead of
 * reporting the exception and halting. Only the sequence is covered:
 * any other exception still halts the inmate.
 *
 *   int v = FAULT_TRY("wrmsr", : : "c" (msr), "a" (lo), "d" (hi));
 *
 * The arguments after the instruction string are the asm's operand lists,
 * starting with the colon of the outputs.
 */
#ifndef _INMATE_FAULT_H
#define _INMATE_FAULT_H

#include <jailhouse/types.h>

#define FAULT_NONE	(-1)

/* Where the handler resumes; 0: no fault expected. */
extern volatile uint64_t fault_resume;
extern volatile int fault_vector;
extern volatile uint64_t fault_error_code;

/* Disarms the catch; the vector caught since FAULT_TRY began, if any. */
int fault_take(void);

#define FAULT_TRY(insn, ...) ({						\
	fault_vector = FAULT_NONE;					\
	asm volatile("movq $1f, fault_resume(%%rip)\n\t"		\
		     insn "\n1:\n\t" __VA_ARGS__);			\
	fault_take();							\
})

/* idt.c: true if the exception was expected; *rip is the resume point. */
bool fault_catch(uint64_t vector, uint64_t error_code, uint64_t *rip);

#endif /* _INMATE_FAULT_H */
