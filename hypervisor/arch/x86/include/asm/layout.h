/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 layout. Skeleton: the x86 hypervisor (SVM) is not written yet; the
 * image is linked at 0 only so that the generic core links.
 */
#ifndef _ASM_LAYOUT_H
#define _ASM_LAYOUT_H

#define HV_ARCH_ID		2		/* JH_ARCH_X86 */
#define HV_ARCH_NAME		"x86"

#define HV_VIRT_BASE		0x0
#define HV_MAX_MEM_SIZE		0x40000000

#endif /* _ASM_LAYOUT_H */
