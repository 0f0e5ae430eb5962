/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel VMX: VMCS field encodings, control bits, exit reasons and the
 * capability MSRs (Intel SDM vol. 3, chapters 24-27 and appendices A-C),
 * and the control-register bits and host selectors the VMX code writes
 * into the VMCS. Only what the hypervisor uses has a name. Definitions
 * only.
 */
#ifndef ASM_VMCS_H
#define ASM_VMCS_H

#include <hv/types.h>

/* Capability MSRs (appendix A). */
#define MSR_VMX_BASIC			0x480
#define MSR_VMX_PINBASED		0x481
#define MSR_VMX_PROCBASED		0x482
#define MSR_VMX_EXIT			0x483
#define MSR_VMX_ENTRY			0x484
#define MSR_VMX_MISC			0x485
#define MSR_VMX_CR0_FIXED0		0x486
#define MSR_VMX_CR0_FIXED1		0x487
#define MSR_VMX_CR4_FIXED0		0x488
#define MSR_VMX_CR4_FIXED1		0x489
#define MSR_VMX_PROCBASED2		0x48b
#define MSR_VMX_EPT_VPID_CAP		0x48c
#define MSR_VMX_TRUE_PINBASED		0x48d
#define MSR_VMX_TRUE_PROCBASED		0x48e
#define MSR_VMX_TRUE_EXIT		0x48f
#define MSR_VMX_TRUE_ENTRY		0x490

#define VMX_BASIC_REVISION		0x7fffffffULL
#define VMX_BASIC_TRUE_CTLS		(1ULL << 55)
#define VMX_MISC_STORE_LMA		(1ULL << 5)

#define FEATURE_CONTROL_LOCKED		(1ULL << 0)
#define FEATURE_CONTROL_VMX_OUTSIDE_SMX	(1ULL << 2)

#define EPT_CAP_WALK_4			(1ULL << 6)
#define EPT_CAP_WB			(1ULL << 14)
#define EPT_CAP_2M			(1ULL << 16)
#define EPT_CAP_INVEPT			(1ULL << 20)
#define EPT_CAP_INVEPT_SINGLE		(1ULL << 25)
#define EPT_CAP_INVEPT_ALL		(1ULL << 26)

#define INVEPT_SINGLE			1
#define INVEPT_ALL			2

/* EPT pointer: write-back paging structures, 4-level walk. */
#define EPTP_WB				6ULL
#define EPTP_WALK_4			(3ULL << 3)

/* Pin-based controls. */
#define PIN_EXT_INT_EXIT		(1U << 0)
#define PIN_NMI_EXIT			(1U << 3)
#define PIN_VIRTUAL_NMIS		(1U << 5)
#define PIN_POSTED_INTR			(1U << 7)

/* Primary processor-based controls. */
#define PROC_HLT_EXIT			(1U << 7)
#define PROC_INVLPG_EXIT		(1U << 9)
#define PROC_RDPMC_EXIT			(1U << 11)
#define PROC_CR3_LOAD_EXIT		(1U << 15)
#define PROC_CR3_STORE_EXIT		(1U << 16)
#define PROC_CR8_LOAD_EXIT		(1U << 19)
#define PROC_CR8_STORE_EXIT		(1U << 20)
#define PROC_NMI_WINDOW_EXIT		(1U << 22)
#define PROC_TPR_SHADOW			(1U << 21)
#define PROC_USE_IO_BITMAPS		(1U << 25)
#define PROC_USE_MSR_BITMAPS		(1U << 28)
#define PROC_SECONDARY			(1U << 31)

/* Secondary processor-based controls. */
#define PROC2_VIRT_APIC_ACCESS		(1U << 0)
#define PROC2_EPT			(1U << 1)
#define PROC2_RDTSCP			(1U << 3)
#define PROC2_VIRT_X2APIC		(1U << 4)
#define PROC2_UNRESTRICTED		(1U << 7)
#define PROC2_APIC_REG_VIRT		(1U << 8)
#define PROC2_VIRT_INTR_DELIVERY	(1U << 9)
#define PROC2_INVPCID			(1U << 12)
#define PROC2_XSAVES			(1U << 20)
#define PROC2_USER_WAIT_PAUSE		(1U << 26)

/* VM-exit controls. */
#define EXIT_SAVE_DEBUG			(1U << 2)
#define EXIT_HOST_ADDR64		(1U << 9)
#define EXIT_SAVE_PAT			(1U << 18)
#define EXIT_LOAD_PAT			(1U << 19)
#define EXIT_SAVE_EFER			(1U << 20)
#define EXIT_LOAD_EFER			(1U << 21)

/* VM-entry controls. */
#define ENTRY_LOAD_DEBUG		(1U << 2)
#define ENTRY_IA32E			(1U << 9)
#define ENTRY_LOAD_PAT			(1U << 14)
#define ENTRY_LOAD_EFER			(1U << 15)

/* VMCS fields: 16-bit. */
#define VMCS_GUEST_ES_SEL		0x0800	/* + 2 * segment index */
#define VMCS_HOST_ES_SEL		0x0c00
#define VMCS_HOST_CS_SEL		0x0c02
#define VMCS_HOST_SS_SEL		0x0c04
#define VMCS_HOST_DS_SEL		0x0c06
#define VMCS_HOST_FS_SEL		0x0c08
#define VMCS_HOST_GS_SEL		0x0c0a
#define VMCS_HOST_TR_SEL		0x0c0c
/* 64-bit. */
#define VMCS_IO_BITMAP_A		0x2000
#define VMCS_IO_BITMAP_B		0x2002
#define VMCS_MSR_BITMAP			0x2004
#define VMCS_EXIT_MSR_STORE_ADDR	0x2006
#define VMCS_EXIT_MSR_LOAD_ADDR		0x2008
#define VMCS_ENTRY_MSR_LOAD_ADDR	0x200a
#define VMCS_TSC_OFFSET			0x2010
#define VMCS_EPT_POINTER		0x201a
#define VMCS_GUEST_PHYS_ADDR		0x2400
#define VMCS_LINK_POINTER		0x2800
#define VMCS_GUEST_DEBUGCTL		0x2802
#define VMCS_GUEST_PAT			0x2804
#define VMCS_GUEST_EFER			0x2806
#define VMCS_GUEST_PDPTE0		0x280a	/* + 2 * n */
#define VMCS_HOST_PAT			0x2c00
#define VMCS_HOST_EFER			0x2c02
/* 32-bit. */
#define VMCS_PIN_CONTROLS		0x4000
#define VMCS_PROC_CONTROLS		0x4002
#define VMCS_EXCEPTION_BITMAP		0x4004
#define VMCS_PF_ERROR_MASK		0x4006
#define VMCS_PF_ERROR_MATCH		0x4008
#define VMCS_CR3_TARGET_COUNT		0x400a
#define VMCS_EXIT_CONTROLS		0x400c
#define VMCS_EXIT_MSR_STORE_COUNT	0x400e
#define VMCS_EXIT_MSR_LOAD_COUNT	0x4010
#define VMCS_ENTRY_CONTROLS		0x4012
#define VMCS_ENTRY_MSR_LOAD_COUNT	0x4014
#define VMCS_ENTRY_INTR_INFO		0x4016
#define VMCS_ENTRY_EXCEPTION_ERROR	0x4018
#define VMCS_ENTRY_INSN_LEN		0x401a
#define VMCS_PROC2_CONTROLS		0x401e
#define VMCS_INSN_ERROR			0x4400
#define VMCS_EXIT_REASON		0x4402
#define VMCS_EXIT_INTR_INFO		0x4404
#define VMCS_EXIT_INTR_ERROR		0x4406
#define VMCS_IDT_VECTORING_INFO		0x4408
#define VMCS_IDT_VECTORING_ERROR	0x440a
#define VMCS_EXIT_INSN_LEN		0x440c
#define VMCS_GUEST_ES_LIMIT		0x4800	/* + 2 * segment index */
#define VMCS_GUEST_GDTR_LIMIT		0x4810
#define VMCS_GUEST_IDTR_LIMIT		0x4812
#define VMCS_GUEST_ES_AR		0x4814	/* + 2 * segment index */
#define VMCS_GUEST_INTERRUPTIBILITY	0x4824
#define VMCS_GUEST_ACTIVITY		0x4826
#define VMCS_GUEST_SYSENTER_CS		0x482a
#define VMCS_HOST_SYSENTER_CS		0x4c00
/* Natural width. */
#define VMCS_CR0_MASK			0x6000
#define VMCS_CR4_MASK			0x6002
#define VMCS_CR0_SHADOW			0x6004
#define VMCS_CR4_SHADOW			0x6006
#define VMCS_EXIT_QUALIFICATION		0x6400
#define VMCS_GUEST_LINEAR_ADDR		0x640a
#define VMCS_GUEST_CR0			0x6800
#define VMCS_GUEST_CR3			0x6802
#define VMCS_GUEST_CR4			0x6804
#define VMCS_GUEST_ES_BASE		0x6806	/* + 2 * segment index */
#define VMCS_GUEST_GDTR_BASE		0x6816
#define VMCS_GUEST_IDTR_BASE		0x6818
#define VMCS_GUEST_DR7			0x681a
#define VMCS_GUEST_RSP			0x681c
#define VMCS_GUEST_RIP			0x681e
#define VMCS_GUEST_RFLAGS		0x6820
#define VMCS_GUEST_PENDING_DBG		0x6822
#define VMCS_GUEST_SYSENTER_ESP		0x6824
#define VMCS_GUEST_SYSENTER_EIP		0x6826
#define VMCS_HOST_CR0			0x6c00
#define VMCS_HOST_CR3			0x6c02
#define VMCS_HOST_CR4			0x6c04
#define VMCS_HOST_FS_BASE		0x6c06
#define VMCS_HOST_GS_BASE		0x6c08
#define VMCS_HOST_TR_BASE		0x6c0a
#define VMCS_HOST_GDTR_BASE		0x6c0c
#define VMCS_HOST_IDTR_BASE		0x6c0e
#define VMCS_HOST_SYSENTER_ESP		0x6c10
#define VMCS_HOST_SYSENTER_EIP		0x6c12
#define VMCS_HOST_RSP			0x6c14
#define VMCS_HOST_RIP			0x6c16

/* Segment index in the guest segment fields. */
enum vmx_seg { SEG_ES, SEG_CS, SEG_SS, SEG_DS, SEG_FS, SEG_GS, SEG_LDTR,
	       SEG_TR };

/* Segment access rights (the descriptor's bits 40-55, plus unusable). */
#define AR_TYPE_ACCESSED		(1U << 0)
#define AR_S				(1U << 4)
#define AR_P				(1U << 7)
#define AR_L				(1U << 13)
#define AR_DB				(1U << 14)
#define AR_UNUSABLE			(1U << 16)

/* Interruption information (entry, exit, IDT vectoring). */
#define INTR_INFO_VECTOR		0xffU
#define INTR_INFO_TYPE(v)		(((v) >> 8) & 7)
#define INTR_TYPE_NMI			2
#define INTR_TYPE_HW_EXCEPTION		3
#define INTR_INFO_ERROR_VALID		(1U << 11)
#define INTR_INFO_NMI_UNBLOCKED		(1U << 12)
#define INTR_INFO_VALID			(1U << 31)

/* Interruptibility state. */
#define INTERRUPTIBILITY_STI		(1U << 0)
#define INTERRUPTIBILITY_MOV_SS		(1U << 1)
#define INTERRUPTIBILITY_NMI		(1U << 3)

/* Exit reasons (appendix C). */
#define EXIT_REASON_ENTRY_FAILED	(1U << 31)
#define EXIT_REASON_BASIC(r)		((r) & 0xffff)
#define VMX_EXIT_EXCEPTION_NMI		0
#define VMX_EXIT_TRIPLE_FAULT		2
#define VMX_EXIT_INIT			3
#define VMX_EXIT_SIPI			4
#define VMX_EXIT_NMI_WINDOW		8
#define VMX_EXIT_CPUID			10
#define VMX_EXIT_INVLPG			14
#define VMX_EXIT_VMCALL			18
#define VMX_EXIT_VMCLEAR		19
#define VMX_EXIT_VMXON			27
#define VMX_EXIT_CR_ACCESS		28
#define VMX_EXIT_INVD			13
#define VMX_EXIT_RDPMC			15
#define VMX_EXIT_IO			30
#define VMX_EXIT_RDMSR			31
#define VMX_EXIT_WRMSR			32
#define VMX_EXIT_INVALID_STATE		33
#define VMX_EXIT_MSR_LOADING		34
#define VMX_EXIT_MCE_DURING_ENTRY	41
#define VMX_EXIT_EPT_VIOLATION		48
#define VMX_EXIT_EPT_MISCONFIG		49
#define VMX_EXIT_INVEPT			50
#define VMX_EXIT_INVVPID		53
#define VMX_EXIT_XSETBV			55
#define VMX_EXIT_VMFUNC			59

/* Exit qualification of an I/O instruction. */
#define IO_QUAL_SIZE(q)			(((q) & 7) + 1)
#define IO_QUAL_IN			(1ULL << 3)
#define IO_QUAL_STRING			(1ULL << 4)
#define IO_QUAL_PORT(q)			((uint16_t)((q) >> 16))

/* Exit qualification of a control-register access. */
#define CR_QUAL_NUM(q)			((q) & 0xf)
#define CR_QUAL_TYPE(q)			(((q) >> 4) & 3)
#define CR_QUAL_REG(q)			(((q) >> 8) & 0xf)
#define CR_QUAL_LMSW_DATA(q)		(((q) >> 16) & 0xffff)
#define CR_TYPE_MOV_TO			0
#define CR_TYPE_MOV_FROM		1
#define CR_TYPE_CLTS			2
#define CR_TYPE_LMSW			3

/* Exit qualification of an EPT violation. */
#define EPT_QUAL_READ			(1ULL << 0)
#define EPT_QUAL_WRITE			(1ULL << 1)
#define EPT_QUAL_FETCH			(1ULL << 2)
/* Bits 5:3: what the entry allowed; any set: it was present. */
#define EPT_QUAL_ENTRY_PRESENT		(7ULL << 3)
#define EPT_QUAL_NMI_UNBLOCKED		(1ULL << 12)

/* The hypervisor's code and stack selectors (descriptors.c). */
#define HOST_CS			0x10
#define HOST_SS			0x18

#define CR0_PE			(1ULL << 0)
#define CR0_TS			(1ULL << 3)
#define CR0_ET			(1ULL << 4)
#define CR0_NE			(1ULL << 5)
#define CR0_NW			(1ULL << 29)
#define CR0_CD			(1ULL << 30)
#define CR0_PG			(1ULL << 31)
#define CR4_PAE			(1ULL << 5)
#define CR4_VMXE		(1ULL << 13)
#define CR4_OSXSAVE		(1ULL << 18)
#define CR4_LA57		(1ULL << 12)

#endif /* ASM_VMCS_H */
