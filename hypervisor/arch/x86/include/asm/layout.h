/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 address-space layout (see the design comment in entry.S). Included
 * by assembly too.
 *
 * The hypervisor is linked in the top 2 GiB of the address space
 * (-mcmodel=kernel: absolute pointers fit sign-extended 32-bit
 * immediates) and runs in page tables of its own, so the overlap with
 * Linux's kernel text at the same addresses does not matter: the entry
 * clears CR4.PGE on the way in, which drops Linux's global TLB entries.
 * 1:1 device and temporary mappings lie below the link address.
 *
 * The driver's boot page tables map HV_BOOT_MAP_SIZE bytes from the
 * hypervisor's physical base at HV_VIRT_BASE with 2 MiB pages, so the
 * hypervisor memory must be 2 MiB aligned and at most that big.
 */
#ifndef ASM_LAYOUT_H
#define ASM_LAYOUT_H

#define HV_ARCH_ID		2		/* JH_ARCH_X86 */
#define HV_ARCH_NAME		"x86"

/* No U suffix for the assembler and the linker script. */
#ifdef __ASSEMBLER__
#define HV_VIRT_BASE		0xffffffff80000000
#else
#define HV_VIRT_BASE		0xffffffff80000000U
#endif
#define HV_BOOT_BLOCK_SIZE	0x200000
#define HV_BOOT_MAP_SIZE	0x4000000	/* 64 MiB, see driver/x86.c */
#define HV_MAX_MEM_SIZE		HV_BOOT_MAP_SIZE

#endif /* ASM_LAYOUT_H */
