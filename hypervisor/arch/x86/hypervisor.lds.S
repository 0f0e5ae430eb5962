/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 hypervisor image, linked at HV_VIRT_BASE (header, text, rodata, data,
 * console page, bss).
 */
#include <hv/image.lds.h>
#include <asm/layout.h>

OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(arch_entry)

SECTIONS
{
	. = HV_VIRT_BASE;
	__image_start = .;
	.header : { KEEP(*(.header)) KEEP(*(.header.cov)) }

	. = ALIGN(4096);
	__text_start = .;
	.text : {
		*(.text.entry)
		*(.text .text.*)
	}
	. = ALIGN(4096);
	__text_end = .;

	HV_RODATA_AND_TABLES

	HV_DATA_TO_END
}
