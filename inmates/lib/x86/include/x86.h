/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Port I/O, MMIO and CPU instruction accessors.
 *
 * MMIO accessors are single mov instructions of the stated width: the
 * hypervisor emulates trapped pages (local APIC, IOAPIC, ECAM) by
 * decoding exactly such plain loads and stores.
 */
#ifndef _INMATE_X86_H
#define _INMATE_X86_H

#include <jailhouse/types.h>

/* Two steps so that a macro argument is expanded before it becomes a
 * string. */
#define __stringify(x)	#x
#define stringify(x)	__stringify(x)

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	asm volatile("inb %1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

static inline uint16_t inw(uint16_t port)
{
	uint16_t v;

	asm volatile("inw %1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;

	asm volatile("inl %1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

static inline void outb(uint8_t v, uint16_t port)
{
	asm volatile("outb %0, %1" : : "a" (v), "Nd" (port));
}

static inline void outw(uint16_t v, uint16_t port)
{
	asm volatile("outw %0, %1" : : "a" (v), "Nd" (port));
}

static inline void outl(uint32_t v, uint16_t port)
{
	asm volatile("outl %0, %1" : : "a" (v), "Nd" (port));
}

/* In asm, so that the compiler cannot fold an access into another
 * instruction (cmp or test with a memory operand), which the
 * hypervisor's MMIO decoder would not take. */
#define MMIO_READ(name, type, suffix)					\
static inline type name(unsigned long addr)				\
{									\
	type v;								\
									\
	asm volatile("mov" suffix " %1, %0"				\
		     : "=r" (v) : "m" (*(volatile type *)addr));	\
	return v;							\
}

#define MMIO_WRITE(name, type, suffix)					\
static inline void name(unsigned long addr, type value)		\
{									\
	asm volatile("mov" suffix " %1, %0"				\
		     : "=m" (*(volatile type *)addr) : "r" (value));	\
}

MMIO_READ(mmio_read8, uint8_t, "b")
MMIO_READ(mmio_read16, uint16_t, "w")
MMIO_READ(mmio_read32, uint32_t, "l")
MMIO_READ(mmio_read64, uint64_t, "q")
MMIO_WRITE(mmio_write8, uint8_t, "b")
MMIO_WRITE(mmio_write16, uint16_t, "w")
MMIO_WRITE(mmio_write32, uint32_t, "l")
MMIO_WRITE(mmio_write64, uint64_t, "q")

/* x86 keeps stores in order for WB and UC memory; this only stops the
 * compiler from moving accesses across it. */
static inline void barrier(void)
{
	asm volatile("" ::: "memory");
}

static inline void cpu_relax(void)
{
	asm volatile("pause" ::: "memory");
}

/* lfence first, so that the read is not taken before earlier
 * instructions have finished. */
static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	asm volatile("lfence; rdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static inline void cpuid(uint32_t leaf, uint32_t *eax, uint32_t *ebx,
			 uint32_t *ecx, uint32_t *edx)
{
	asm volatile("cpuid"
		     : "=a" (*eax), "=b" (*ebx), "=c" (*ecx), "=d" (*edx)
		     : "a" (leaf), "c" (0));
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	asm volatile("rdmsr" : "=a" (lo), "=d" (hi) : "c" (msr));
	return (uint64_t)hi << 32 | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t value)
{
	asm volatile("wrmsr"
		     : : "c" (msr), "a" ((uint32_t)value),
		       "d" ((uint32_t)(value >> 32)) : "memory");
}

static inline uint64_t read_cr2(void)
{
	uint64_t v;

	asm volatile("mov %%cr2, %0" : "=r" (v));
	return v;
}

#endif /* _INMATE_X86_H */
