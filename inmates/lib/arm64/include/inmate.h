/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The arm64 inmate library: everything a demo may call. The calls that
 * x86 has too are declared in lib/common/include/inmate-common.h.
 *
 * An inmate runs at EL1 with the stage-1 MMU off, on one CPU, with IRQs
 * masked until it calls irq_enable(). It is linked at guest-physical 0
 * and its entry is at 0 (the cell's cpu_reset_address). The library's
 * start-up code calls inmate_main(); returning from it halts the CPU.
 */
#ifndef _INMATE_H
#define _INMATE_H

#include <inmate-common.h>

/* timer.c: the EL1 virtual timer, PPI TIMER_VIRT_IRQ; it counts the
 * ticks of timer_now(). */
#define TIMER_VIRT_IRQ		27
void timer_set_deadline(uint64_t ticks);	/* absolute, fires once */
void timer_stop(void);

/*
 * gic.c: the GIC the comm region names (GICv3: CPU interface and this
 * CPU's redistributor; GICv2: gic-v2.c, GICC and the banked distributor).
 */
int gic_init(void);
void gic_enable_ppi(unsigned int intid);
unsigned int gic_ack(void);			/* ICC_IAR1_EL1 / GICC_IAR */
void gic_eoi(unsigned int intid);		/* ICC_EOIR1_EL1 / GICC_EOIR */
int gicv2_init(void);
void gicv2_enable_ppi(unsigned int intid);
unsigned int gicv2_ack(void);
void gicv2_eoi(unsigned int intid);
#define GIC_INTID_SPURIOUS	1020		/* 1020-1023: no interrupt */

static inline void cpu_wait_for_interrupt(void)
{
	asm volatile("wfi" ::: "memory");
}

#endif /* _INMATE_H */
