/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where an MSR's intercept bit sits in the vendors' MSR permission
 * bitmaps, so that one policy (cell.c) fills either format. Pure code,
 * built by the host unit tests too.
 *
 * AMD (MSRPM, 8 KiB): two bits per MSR, read then write, for MSRs
 * 0-0x1fff, 0xc0000000-0xc0001fff and 0xc0010000-0xc0011fff, 2 KiB each.
 * Intel (MSR bitmap, 4 KiB): one bit per MSR in four 1 KiB quarters:
 * read of 0-0x1fff, read of 0xc0000000-0xc0001fff, then the writes.
 * An MSR outside the ranges always traps.
 */
#ifndef ASM_MSR_BITMAP_H
#define ASM_MSR_BITMAP_H

#include <hv/types.h>

enum x86_msr_format { MSR_FORMAT_SVM, MSR_FORMAT_VMX };

/* Bit number of the read or write intercept of msr, or -1 (none). */
long x86_msr_bitmap_bit(enum x86_msr_format fmt, uint32_t msr, bool write);

#endif /* ASM_MSR_BITMAP_H */
