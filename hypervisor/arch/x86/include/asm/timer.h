/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TSC and APIC timer rates (timer.c).
 */
#ifndef ASM_TIMER_H
#define ASM_TIMER_H

/* First CPU, at enable: measures both against the ACPI PM timer. */
int timer_calibrate(void);

#endif /* ASM_TIMER_H */
