/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IOAPIC register layout (Intel 82093AA datasheet and the IOAPICs that
 * followed it): the index/data window of the MMIO page, the register
 * indices and the fields of a redirection entry.
 */
#ifndef ASM_IOAPIC_REGS_H
#define ASM_IOAPIC_REGS_H

#define IOAPIC_PAGE		0x1000
#define OFF_REGSEL		0x00
#define OFF_WINDOW		0x10
#define OFF_EOI			0x40	/* version 0x20 and later */

#define REG_ID			0x00
#define REG_VERSION		0x01
#define REG_ARB			0x02
#define REG_REDIR		0x10
#define REDIR_LOW(pin)		(REG_REDIR + 2 * (pin))
#define REDIR_HIGH(pin)		(REG_REDIR + 2 * (pin) + 1)

#define VERSION_MAX_ENTRY(v)	(((v) >> 16) & 0xff)

/* Low dword of a redirection entry. */
#define REDIR_VECTOR		0x000000ffU
#define REDIR_MODE(lo)		(((lo) >> 8) & 7)
#define MODE_FIXED		0
#define MODE_LOWEST		1
#define MODE_NMI		4
#define MODE_EXTINT		7
#define REDIR_LOGICAL		(1U << 11)
#define REDIR_DELIVS		(1U << 12)
#define REDIR_POLARITY		(1U << 13)
#define REDIR_RIRR		(1U << 14)
#define REDIR_LEVEL		(1U << 15)
#define REDIR_MASKED		(1U << 16)
/* High dword: the destination APIC ID or logical set. */
#define REDIR_DEST(hi)		((hi) >> 24)
/* Bit 48: remappable format, an interrupt remapping table index above. */
#define REDIR_HI_REMAPPABLE	(1U << 16)

#endif
