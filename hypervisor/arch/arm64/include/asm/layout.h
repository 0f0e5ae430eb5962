/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 address-space layout. Included by assembly too.
 *
 * The hypervisor is linked at the fixed EL2 virtual address HV_VIRT_BASE
 * rather than running 1:1 at its load address: it is built with -fno-pic
 * and has absolute pointers in its data (driver tables, strings), while
 * the physical load address is only known at run time (system config).
 * The entry code, which runs with the MMU off, is position independent;
 * a 1:1 alias of the first 2 MiB block carries it across the MMU switch.
 * HV_VIRT_BASE sits at the top of a 48-bit TTBR0_EL2 space, above any
 * physical address of the supported platforms, so 1:1 device mappings fit
 * below it.
 */
#ifndef ASM_LAYOUT_H
#define ASM_LAYOUT_H

#define HV_ARCH_ID		1		/* JH_ARCH_ARM64 */
#define HV_ARCH_NAME		"arm64"

#define HV_VIRT_BASE		0x0000ff8000000000
#define HV_VA_BITS		48

/*
 * The boot tables map the hypervisor memory with 2 MiB blocks through a
 * single level-2 table: start and size must be 2 MiB aligned, at most
 * 1 GiB.
 */
#define HV_BOOT_BLOCK_SIZE	0x200000
#define HV_MAX_MEM_SIZE		0x40000000

#endif /* ASM_LAYOUT_H */
