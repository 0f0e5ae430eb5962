/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The arm64 inmate library: everything a demo may call.
 *
 * An inmate runs at EL1 with the stage-1 MMU off, on one CPU, with IRQs
 * masked until it calls irq_enable(). It is linked at guest-physical 0
 * and its entry is at 0 (the cell's cpu_reset_address). The library's
 * start-up code calls inmate_main(); returning from it halts the CPU.
 */
#ifndef _INMATE_H
#define _INMATE_H

#include <stdarg.h>
#include <jailhouse/comm-region.h>
#include <jailhouse/hypercall.h>
#include <jailhouse/types.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Defined by the demo. */
void inmate_main(void);

/* halt.c: stop this CPU for good, with interrupts masked. */
void __attribute__((noreturn)) inmate_halt(void);

/* printk.c: printf subset: %s %c %d %i %u %x %X %p %%, flags 0 and -,
 * field width, length modifiers l, ll, z. */
void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vprintk(const char *fmt, va_list ap);

/* console.c: one character to the cell's console. */
void console_putc(char c);

/* comm.c: the communication region at COMM_REGION_ADDR. */
#define COMM_REGION_ADDR	0x80000000UL
bool comm_region_valid(void);
uint32_t comm_read32(unsigned long offset);
void comm_write32(unsigned long offset, uint32_t value);
uint64_t comm_read64(unsigned long offset);
void comm_set_cell_state(uint32_t state);
/* True while a shutdown request waits for this cell's answer. */
bool comm_shutdown_requested(void);
void comm_answer_shutdown(bool approve);

/* cmdline.c: "name=value" words in the string "cell load -s" wrote. */
const char *cmdline_string(void);
int64_t cmdline_parse_int(const char *name, int64_t default_value);

/* timer.c: the EL1 virtual timer, PPI TIMER_VIRT_IRQ. */
#define TIMER_VIRT_IRQ		27
uint64_t timer_frequency(void);
uint64_t timer_now(void);			/* ticks */
void timer_set_deadline(uint64_t ticks);	/* absolute, fires once */
void timer_stop(void);
uint64_t timer_ticks_to_ns(uint64_t ticks);
uint64_t timer_us_to_ticks(uint64_t us);

/* gic.c: GICv3 CPU interface and this CPU's redistributor. */
int gic_init(void);
void gic_enable_ppi(unsigned int intid);
unsigned int gic_ack(void);			/* ICC_IAR1_EL1 */
void gic_eoi(unsigned int intid);		/* ICC_EOIR1_EL1 */
#define GIC_INTID_SPURIOUS	1020		/* 1020-1023: no interrupt */

/* irq.c: one handler for every acknowledged interrupt. */
typedef void (*irq_handler_t)(unsigned int intid);
void irq_set_handler(irq_handler_t handler);
void irq_enable(void);
void irq_disable(void);

/* string.c: what the compiler may call on its own. */
void *memset(void *dest, int c, size_t n);
void *memcpy(void *dest, const void *src, size_t n);
size_t strlen(const char *s);

static inline void cpu_wait_for_interrupt(void)
{
	asm volatile("wfi" ::: "memory");
}

#endif /* _INMATE_H */
