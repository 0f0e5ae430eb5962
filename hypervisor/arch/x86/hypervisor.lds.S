/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 hypervisor image, linked at HV_VIRT_BASE (header, text, rodata, data,
 * console page, bss).
 */
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

	.rodata : {
		*(.rodata .rodata.*)
		. = ALIGN(8);
		__uart_drivers_start = .;
		KEEP(*(.uart_drivers))
		__uart_drivers_end = .;
		. = ALIGN(8);
		__start_iommu_drivers = .;
		KEEP(*(iommu_drivers))
		__stop_iommu_drivers = .;
		. = ALIGN(8);
		__start_units = .;
		KEEP(*(units))
		__stop_units = .;
	}
	. = ALIGN(4096);
	__rodata_end = .;

	/*
	 * The file ends with .data; the trailing word keeps it non-empty so
	 * the file is exactly image_size bytes long.
	 */
	.data : {
		*(.data .data.*)
		. = ALIGN(8);
		QUAD(0)
	}
	__image_end = .;

	. = ALIGN(4096);
	.console (NOLOAD) : {
		*(.console)
		. = ALIGN(4096);
	}
	.bss (NOLOAD) : { *(.bss .bss.*) *(COMMON) }
	. = ALIGN(4096);
	__core_end = .;

	__hv_image_size = __image_end - __image_start;
	__hv_core_size = __core_end - __image_start;
	__hv_entry_offset = arch_entry - __image_start;
	__hv_console_offset = console_page - __image_start;

	/DISCARD/ : {
		*(.comment) *(.note .note.*) *(.eh_frame*) *(.interp)
		*(.dynamic) *(.dynsym) *(.dynstr) *(.hash) *(.gnu.hash)
	}
}
