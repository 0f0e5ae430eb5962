/* SPDX-License-Identifier: GPL-2.0 */
/*
 * XSETBV as cells may use it, for both vendors: the XCR0 rules of the
 * Intel SDM (vol. 1, 13.3; XSETBV in vol. 2) and AMD APM (vol. 2, 11.5.2),
 * which the CPU enforces on its own XSETBV. The hypervisor executes the
 * guest's XSETBV itself (VMX: it always exits; SVM: intercepted), so a
 * value it did not check first would #GP in the hypervisor.
 * x86_xcr0_valid is pure code, built by the host unit tests too.
 */
#ifndef ASM_XCR0_H
#define ASM_XCR0_H

#include <hv/types.h>

#define XCR0_X87		(1ULL << 0)
#define XCR0_SSE		(1ULL << 1)
#define XCR0_AVX		(1ULL << 2)
#define XCR0_BNDREGS		(1ULL << 3)
#define XCR0_BNDCSR		(1ULL << 4)
#define XCR0_OPMASK		(1ULL << 5)
#define XCR0_ZMM_HI256		(1ULL << 6)
#define XCR0_HI16_ZMM		(1ULL << 7)
#define XCR0_TILECFG		(1ULL << 17)
#define XCR0_TILEDATA		(1ULL << 18)

/*
 * May XSETBV write value into XCR index, on a CPU whose XCR0 may hold
 * the bits of supported (CPUID 0xd.0 EDX:EAX)? False: the guest gets #GP.
 */
bool x86_xcr0_valid(uint32_t index, uint64_t value, uint64_t supported);

#endif /* ASM_XCR0_H */
