/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Inmate memory layout. Preprocessed by the Makefile, which defines
 * INMATE_BASE (always 0 on x86: real mode starts at guest-physical 0),
 * CMDLINE_OFFSET and CMDLINE_SIZE (JH_CMDLINE_ADDR and JH_CMDLINE_MAX
 * from comm-region.h).
 *
 *   +0x0000  entry and mode switch (start.S), boot GDT; below 0x1000
 *   +0x1000  command line, zero-filled in the image
 *   then     code, read-only data, data; bss (page tables) and stack
 *            after the image
 */
OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(inmate_entry)

STACK_SIZE = 0x4000;

SECTIONS
{
	. = INMATE_BASE;
	.boot : { KEEP(*(.boot)) }
	ASSERT(. <= INMATE_BASE + CMDLINE_OFFSET,
	       "the start-up code must end below the command-line area")

	. = INMATE_BASE + CMDLINE_OFFSET;
	.cmdline : { KEEP(*(.cmdline)) }
	ASSERT(SIZEOF(.cmdline) == CMDLINE_SIZE,
	       "the command-line area must be JH_CMDLINE_MAX bytes")

	.text : { *(.text .text.*) }
	.rodata : {
		*(.rodata .rodata.*)
		/* Tables that files fill in without a central list. */
		. = ALIGN(8);
		__attack_table_start = .;
		KEEP(*(.attack_table))
		__attack_table_end = .;
	}
	.data : { *(.data .data.*) }
	/* Raw binaries end here: everything after is zeroed at start-up. */
	__image_end = .;

	.bss (NOLOAD) : ALIGN(4096) {
		__bss_start = .;
		*(.bss.pagetables)
		*(.bss .bss.* COMMON)
		. = ALIGN(16);
		__bss_end = .;
	}
	.stack (NOLOAD) : ALIGN(16) {
		. += STACK_SIZE;
		__stack_top = .;
	}
	/* The demo cells give their inmate 1 MiB of RAM. */
	ASSERT(__stack_top - INMATE_BASE <= 0x100000,
	       "image, bss and stack exceed the 1 MiB of a demo cell")

	/DISCARD/ : { *(.note*) *(.eh_frame*) *(.comment) }
}
