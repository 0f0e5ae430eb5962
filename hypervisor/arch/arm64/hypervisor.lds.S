/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 hypervisor image: linked at HV_VIRT_BASE (see asm/layout.h),
 * loaded anywhere 2 MiB aligned. The header comes first; the entry code
 * fits the first page after it and is also mapped 1:1.
 */
#include <hv/image.lds.h>
#include <asm/layout.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(arch_entry)

SECTIONS
{
	. = HV_VIRT_BASE;
	__image_start = .;
	.header : { KEEP(*(.header)) KEEP(*(.header.cov)) }

	. = ALIGN(4096);
	__text_start = .;
	.text : {
		__entry_start = .;
		*(.text.entry)
		. = ALIGN(4096);
		__entry_end = .;
		*(.text .text.*)
	}
	. = ALIGN(4096);
	__text_end = .;

	HV_RODATA_AND_TABLES

	HV_DATA_TO_END
}

ASSERT(__entry_end - __image_start <= HV_BOOT_BLOCK_SIZE,
       "entry code must lie in the first 2 MiB block")
