/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Port I/O, MSRs and control registers.
 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <hv/types.h>

static inline void outb(uint16_t port, uint8_t val)
{
	asm volatile("outb %0, %1" : : "a" (val), "Nd" (port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t val;

	asm volatile("inb %1, %0" : "=a" (val) : "Nd" (port));
	return val;
}

static inline void outw(uint16_t port, uint16_t val)
{
	asm volatile("outw %0, %1" : : "a" (val), "Nd" (port));
}

static inline uint16_t inw(uint16_t port)
{
	uint16_t val;

	asm volatile("inw %1, %0" : "=a" (val) : "Nd" (port));
	return val;
}

static inline void outl(uint16_t port, uint32_t val)
{
	asm volatile("outl %0, %1" : : "a" (val), "Nd" (port));
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t val;

	asm volatile("inl %1, %0" : "=a" (val) : "Nd" (port));
	return val;
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	asm volatile("rdmsr" : "=a" (lo), "=d" (hi) : "c" (msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t val)
{
	asm volatile("wrmsr" : : "c" (msr), "a" ((uint32_t)val),
		     "d" ((uint32_t)(val >> 32)) : "memory");
}

#define read_cr(n) ({							\
	uint64_t __v;							\
	asm volatile("mov %%cr" #n ", %0" : "=r" (__v));		\
	__v; })

#define write_cr(n, v)							\
	asm volatile("mov %0, %%cr" #n : : "r" ((uint64_t)(v)) : "memory")

static inline void cpuid(uint32_t leaf, uint32_t sub, uint32_t *a,
			 uint32_t *b, uint32_t *c, uint32_t *d)
{
	asm volatile("cpuid" : "=a" (*a), "=b" (*b), "=c" (*c), "=d" (*d)
		     : "a" (leaf), "c" (sub));
}

#endif /* _ASM_IO_H */
