/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Port I/O, MSRs and control registers.
 */
#ifndef ASM_IO_H
#define ASM_IO_H

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

/* Device registers the hypervisor mapped uncached (hv_map_device). */
static inline uint8_t mmio_read8(uint64_t addr)
{
	return *(volatile uint8_t *)(uintptr_t)addr;
}

static inline void mmio_write8(uint64_t addr, uint8_t val)
{
	*(volatile uint8_t *)(uintptr_t)addr = val;
}

static inline uint32_t mmio_read32(uint64_t addr)
{
	return *(volatile uint32_t *)(uintptr_t)addr;
}

static inline void mmio_write32(uint64_t addr, uint32_t val)
{
	*(volatile uint32_t *)(uintptr_t)addr = val;
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

/* One function per control register: plain C at the call site, no GNU
 * statement expression. */
#define DEFINE_READ_CR(n)						\
static inline uint64_t read_cr##n(void)					\
{									\
	uint64_t v;							\
									\
	asm volatile("mov %%cr" #n ", %0" : "=r" (v));			\
	return v;							\
}
DEFINE_READ_CR(0)
DEFINE_READ_CR(2)
DEFINE_READ_CR(3)
DEFINE_READ_CR(4)
DEFINE_READ_CR(8)
#define read_cr(n)		read_cr##n()

#define write_cr(n, v)							\
	asm volatile("mov %0, %%cr" #n : : "r" ((uint64_t)(v)) : "memory")

static inline void cpuid(uint32_t leaf, uint32_t sub, uint32_t *a,
			 uint32_t *b, uint32_t *c, uint32_t *d)
{
	asm volatile("cpuid" : "=a" (*a), "=b" (*b), "=c" (*c), "=d" (*d)
		     : "a" (leaf), "c" (sub));
}

#endif /* ASM_IO_H */
