/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Model-specific registers the x86 port names, for both vendors (Intel
 * SDM vol. 4, AMD APM vol. 2 appendix A).
 */
#ifndef ASM_MSR_H
#define ASM_MSR_H

#define MSR_TSC			0x00000010
#define MSR_APIC_BASE		0x0000001b
#define APIC_BASE_BSP_FLAG	(1ULL << 8)
#define APIC_BASE_X2APIC	(1ULL << 10)
#define MSR_FEATURE_CONTROL	0x0000003a
#define MSR_SYSENTER_CS		0x00000174
#define MSR_SYSENTER_ESP	0x00000175
#define MSR_SYSENTER_EIP	0x00000176
#define MSR_DEBUGCTL		0x000001d9
#define MSR_PAT			0x00000277
#define MSR_VMX_FIRST		0x00000480	/* VMX capability MSRs */
#define MSR_VMX_LAST		0x00000491
#define MSR_X2APIC_FIRST	0x00000800
#define MSR_X2APIC_LAST		0x000008ff
#define MSR_EFER		0xc0000080U
#define EFER_LME		(1ULL << 8)
#define EFER_LMA		(1ULL << 10)
#define EFER_SVME		(1ULL << 12)
#define MSR_STAR		0xc0000081U
#define MSR_LSTAR		0xc0000082U
#define MSR_CSTAR		0xc0000083U
#define MSR_SFMASK		0xc0000084U
#define MSR_FS_BASE		0xc0000100U
#define MSR_GS_BASE		0xc0000101U
#define MSR_KERNEL_GS_BASE	0xc0000102U
#define MSR_TSC_AUX		0xc0000103U
#define MSR_VM_CR		0xc0010114U
#define MSR_VM_HSAVE_PA		0xc0010117U

#endif /* ASM_MSR_H */
