/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Basic types and helpers of the hypervisor core. Self-contained and free
 * of arch code, so the host unit tests can include it too.
 */
#ifndef HV_TYPES_H
#define HV_TYPES_H

#include <jailhouse/types.h>

/* Host physical address. */
typedef uint64_t paddr_t;
/* Guest-physical (intermediate physical) address inside a cell. */
typedef uint64_t gpaddr_t;

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define BIT(n)			(1UL << (n))
#define BIT64(n)		(1ULL << (n))
/* Bits hi..lo set, like GENMASK in other code bases. */
#define MASK64(hi, lo)		((~0ULL >> (63 - (hi))) & (~0ULL << (lo)))

#define ALIGN_UP(x, a)		(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define PAGE_ALIGN_UP(x)	ALIGN_UP(x, PAGE_SIZE)
#define PAGES(size)		(((size) + PAGE_SIZE - 1) >> PAGE_SHIFT)

#define MIN(a, b)		((a) < (b) ? (a) : (b))
#define MAX(a, b)		((a) > (b) ? (a) : (b))

#define __aligned(x)		__attribute__((aligned(x)))
#define __section(s)		__attribute__((section(s)))
#define __noreturn		__attribute__((noreturn))
#define __used			__attribute__((used))
#define __weak			__attribute__((weak))
#define __printf(a, b)		__attribute__((format(printf, a, b)))

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

#endif /* HV_TYPES_H */
