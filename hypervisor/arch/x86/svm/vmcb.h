/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AMD SVM: the VMCB (AMD64 APM vol. 2, appendix B) and the few constants
 * the hypervisor uses. Only fields we touch have names; the rest is
 * padding at the offsets the manual gives.
 */
#ifndef SVM_VMCB_LAYOUT_H
#define SVM_VMCB_LAYOUT_H

#include <hv/types.h>
#include <asm/msr.h>

/* Intercept word 3 (offset 0x0c) and word 4 (offset 0x10). */
#define INTERCEPT_NMI		(1U << 1)
#define INTERCEPT_INIT		(1U << 3)
#define INTERCEPT_RDPMC		(1U << 15)
#define INTERCEPT_INVD		(1U << 22)
#define INTERCEPT_CPUID		(1U << 18)
#define INTERCEPT_IOIO		(1U << 27)
#define INTERCEPT_MSR		(1U << 28)
#define INTERCEPT_SHUTDOWN	(1U << 31)
#define INTERCEPT_VMRUN		(1U << 0)
#define INTERCEPT_VMMCALL	(1U << 1)
#define INTERCEPT_VMLOAD	(1U << 2)
#define INTERCEPT_VMSAVE	(1U << 3)
#define INTERCEPT_STGI		(1U << 4)
#define INTERCEPT_CLGI		(1U << 5)
#define INTERCEPT_SKINIT	(1U << 6)
#define INTERCEPT_WBINVD	(1U << 9)
#define INTERCEPT_XSETBV	(1U << 13)

#define TLB_CONTROL_FLUSH_ALL	1

#define EXIT_EXCP_BASE		0x40	/* + vector */
#define EXIT_NMI		0x61
#define EXIT_INIT		0x63
#define EXIT_RDPMC		0x6f
#define EXIT_INVD		0x76
#define EXIT_IOIO		0x7b
#define EXIT_MSR		0x7c
#define EXIT_SHUTDOWN		0x7f
#define EXIT_CPUID		0x72
#define EXIT_VMRUN		0x80
#define EXIT_VMMCALL		0x81
#define EXIT_VMLOAD		0x82
#define EXIT_VMSAVE		0x83
#define EXIT_STGI		0x84
#define EXIT_CLGI		0x85
#define EXIT_SKINIT		0x86
#define EXIT_WBINVD		0x89
#define EXIT_XSETBV		0x8d
#define EXIT_NPF		0x400
#define EXIT_INVALID		(-1ULL)

/* EVENTINJ */
#define EVENT_VALID		(1ULL << 31)
#define EVENT_ERR_VALID		(1ULL << 11)
#define EVENT_TYPE_NMI		(2ULL << 8)
#define EVENT_TYPE_EXCEPTION	(3ULL << 8)
#define VECTOR_UD		6
#define VECTOR_GP		13
#define VECTOR_MC		18

/* EXITINFO1 of an IOIO exit. */
#define IOIO_IN			(1ULL << 0)
#define IOIO_STR		(1ULL << 2)
#define IOIO_SZ16		(1ULL << 5)
#define IOIO_SZ32		(1ULL << 6)
/* NPF EXITINFO1 bit 0: the entry was present (a permission fault). */
#define NPF_INFO_PRESENT	(1ULL << 0)

struct vmcb_seg {
	uint16_t selector;
	uint16_t attrib;
	uint32_t limit;
	uint64_t base;
} __attribute__((packed));

struct vmcb {
	/* Control area, 0x000 */
	uint32_t intercept_cr;
	uint32_t intercept_dr;
	uint32_t intercept_exceptions;
	uint32_t intercept_misc1;
	uint32_t intercept_misc2;
	uint32_t intercept_misc3;
	uint8_t res018[0x40 - 0x18];
	uint64_t iopm_base_pa;			/* 0x040 */
	uint64_t msrpm_base_pa;			/* 0x048 */
	uint64_t tsc_offset;			/* 0x050 */
	uint32_t guest_asid;			/* 0x058 */
	uint8_t tlb_control;			/* 0x05c */
	uint8_t res05d[3];
	uint64_t vintr;				/* 0x060 */
	uint64_t interrupt_shadow;		/* 0x068 */
	uint64_t exitcode;			/* 0x070 */
	uint64_t exitinfo1;			/* 0x078 */
	uint64_t exitinfo2;			/* 0x080 */
	uint64_t exitintinfo;			/* 0x088 */
	uint64_t np_enable;			/* 0x090 */
	uint64_t res098[2];
	uint64_t eventinj;			/* 0x0a8 */
	uint64_t n_cr3;				/* 0x0b0 */
	uint64_t lbr_virt;			/* 0x0b8 */
	uint32_t clean_bits;			/* 0x0c0 */
	uint32_t res0c4;
	uint64_t nrip;				/* 0x0c8 */
	/* Decode assists: the guest instruction bytes of a #NPF. */
	uint8_t insn_len;			/* 0x0d0 */
	uint8_t insn_bytes[15];
	uint8_t res0e0[0x400 - 0xe0];

	/* State save area, 0x400 */
	struct vmcb_seg es, cs, ss, ds, fs, gs;
	struct vmcb_seg gdtr, ldtr, idtr, tr;	/* 0x460 .. 0x49f */
	uint8_t res4a0[0x4cb - 0x4a0];
	uint8_t cpl;				/* 0x4cb */
	uint32_t res4cc;
	uint64_t efer;				/* 0x4d0 */
	uint8_t res4d8[0x548 - 0x4d8];
	uint64_t cr4;				/* 0x548 */
	uint64_t cr3;
	uint64_t cr0;
	uint64_t dr7;
	uint64_t dr6;
	uint64_t rflags;
	uint64_t rip;				/* 0x578 */
	uint8_t res580[0x5d8 - 0x580];
	uint64_t rsp;				/* 0x5d8 */
	uint8_t res5e0[0x5f8 - 0x5e0];
	uint64_t rax;				/* 0x5f8 */
	uint64_t star, lstar, cstar, sfmask, kernel_gs_base;
	uint64_t sysenter_cs, sysenter_esp, sysenter_eip;
	uint64_t cr2;				/* 0x640 */
	uint8_t res648[0x668 - 0x648];
	uint64_t g_pat;				/* 0x668 */
	uint8_t res670[0x1000 - 0x670];
} __attribute__((packed));

JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, n_cr3) == 0xb0, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, insn_bytes) == 0xd1, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, es) == 0x400, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, tr) == 0x490, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, efer) == 0x4d0, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, cr4) == 0x548, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, rip) == 0x578, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, rsp) == 0x5d8, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, rax) == 0x5f8, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, cr2) == 0x640, "VMCB");
JH_STATIC_ASSERT(__builtin_offsetof(struct vmcb, g_pat) == 0x668, "VMCB");
JH_STATIC_ASSERT(sizeof(struct vmcb) == 0x1000, "VMCB");

/* The VMCB attribute bits svm.c looks at (the format: svm_vmcb.c). */
#define SEG_ATTR_L		0x0200
#define SEG_ATTR_DB		0x0400

#endif /* SVM_VMCB_LAYOUT_H */
