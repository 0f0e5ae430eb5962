/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MMIO accessors: single, naturally aligned accesses the compiler may not
 * merge, split or reorder.
 */
#ifndef ASM_IO_H
#define ASM_IO_H

#include <hv/types.h>

static inline uint32_t mmio_read32(uint64_t addr)
{
	uint32_t val;

	asm volatile("ldr %w0, [%1]" : "=r" (val) : "r" (addr) : "memory");
	return val;
}

static inline void mmio_write32(uint64_t addr, uint32_t val)
{
	asm volatile("str %w0, [%1]" : : "rZ" (val), "r" (addr) : "memory");
}

static inline uint64_t mmio_read64(uint64_t addr)
{
	uint64_t val;

	asm volatile("ldr %0, [%1]" : "=r" (val) : "r" (addr) : "memory");
	return val;
}

static inline void mmio_write64(uint64_t addr, uint64_t val)
{
	asm volatile("str %x0, [%1]" : : "rZ" (val), "r" (addr) : "memory");
}

static inline uint8_t mmio_read8(uint64_t addr)
{
	uint8_t val;

	asm volatile("ldrb %w0, [%1]" : "=r" (val) : "r" (addr) : "memory");
	return val;
}

static inline void mmio_write8(uint64_t addr, uint8_t val)
{
	asm volatile("strb %w0, [%1]" : : "rZ" (val), "r" (addr) : "memory");
}

static inline uint16_t mmio_read16(uint64_t addr)
{
	uint16_t val;

	asm volatile("ldrh %w0, [%1]" : "=r" (val) : "r" (addr) : "memory");
	return val;
}

static inline void mmio_write16(uint64_t addr, uint16_t val)
{
	asm volatile("strh %w0, [%1]" : : "rZ" (val), "r" (addr) : "memory");
}

#endif /* ASM_IO_H */
