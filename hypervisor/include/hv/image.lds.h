/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of the image layout both arches share, for their
 * hypervisor.lds.S: read-only data with the linker tables (UART drivers,
 * IOMMU drivers, units), then data, the console page and bss, and the
 * absolute symbols the image header is built from (core/header.c).
 */
#ifndef HV_IMAGE_LDS_H
#define HV_IMAGE_LDS_H

/* The tables are arrays of 8-byte-aligned structs, walked start to stop. */
#define HV_RODATA_AND_TABLES						\
	.rodata : {							\
		*(.rodata .rodata.*)					\
		. = ALIGN(8);						\
		__uart_drivers_start = .;				\
		KEEP(*(.uart_drivers))					\
		__uart_drivers_end = .;					\
		. = ALIGN(8);						\
		__start_iommu_drivers = .;				\
		KEEP(*(iommu_drivers))					\
		__stop_iommu_drivers = .;				\
		. = ALIGN(8);						\
		__start_units = .;					\
		KEEP(*(units))						\
		__stop_units = .;					\
	}								\
	. = ALIGN(4096);						\
	__rodata_end = .;

/*
 * The file ends with .data; its trailing word keeps it non-empty so the
 * file is exactly image_size bytes long. The console page and bss follow
 * in memory only.
 */
#define HV_DATA_TO_END							\
	.data : {							\
		*(.data .data.*)					\
		. = ALIGN(8);						\
		QUAD(0)							\
	}								\
	__image_end = .;						\
									\
	. = ALIGN(4096);						\
	.console (NOLOAD) : {						\
		*(.console)						\
		. = ALIGN(4096);					\
	}								\
	.bss (NOLOAD) : { *(.bss .bss.*) *(COMMON) }			\
	. = ALIGN(4096);						\
	__core_end = .;							\
									\
	__hv_image_size = __image_end - __image_start;			\
	__hv_core_size = __core_end - __image_start;			\
	__hv_entry_offset = arch_entry - __image_start;			\
	__hv_console_offset = console_page - __image_start;		\
									\
	/DISCARD/ : {							\
		*(.comment) *(.note .note.*) *(.eh_frame*) *(.interp)	\
		*(.dynamic) *(.dynsym) *(.dynstr) *(.hash) *(.gnu.hash)	\
	}

#endif /* HV_IMAGE_LDS_H */
