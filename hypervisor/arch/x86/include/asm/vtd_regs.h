/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel VT-d remapping hardware: registers, root/context entries,
 * second-level page-table entries, invalidation descriptors, interrupt
 * remapping table entries and fault records, as the Intel Virtualization
 * Technology for Directed I/O specification defines them (legacy, not
 * scalable, translation mode).
 */
#ifndef ASM_VTD_REGS_H
#define ASM_VTD_REGS_H

#include <hv/types.h>

/* Register offsets. */
#define VTD_VER			0x00	/* 32 */
#define VTD_CAP			0x08	/* 64 */
#define VTD_ECAP		0x10	/* 64 */
#define VTD_GCMD		0x18	/* 32 */
#define VTD_GSTS		0x1c	/* 32 */
#define VTD_RTADDR		0x20	/* 64 */
#define VTD_FSTS		0x34	/* 32 */
#define VTD_FECTL		0x38	/* 32 */
#define VTD_IQH			0x80	/* 64 */
#define VTD_IQT			0x88	/* 64 */
#define VTD_IQA			0x90	/* 64 */
#define VTD_ICS			0x9c	/* 32 */
#define VTD_IRTA		0xb8	/* 64 */

/* CAP: capabilities. */
#define VTD_CAP_ND(c)		((c) & 7)	/* 2^(4 + 2 * ND) domains */
#define VTD_CAP_RWBF		BIT64(4)
#define VTD_CAP_CM		BIT64(7)	/* caching mode: DID 0 reserved */
#define VTD_CAP_SAGAW(c)	(((c) >> 8) & 0x1f)
#define VTD_SAGAW_39		BIT(1)		/* 3-level tables */
#define VTD_SAGAW_48		BIT(2)		/* 4-level tables */
#define VTD_CAP_MGAW(c)	((((c) >> 16) & 0x3f) + 1)
#define VTD_CAP_FRO(c)		((((c) >> 24) & 0x3ff) * 16)
#define VTD_CAP_SLLPS(c)	(((c) >> 34) & 0xf)
#define VTD_SLLPS_2M		BIT(0)
#define VTD_SLLPS_1G		BIT(1)
#define VTD_CAP_NFR(c)		((((c) >> 40) & 0xff) + 1)

/* ECAP: extended capabilities. */
#define VTD_ECAP_C		BIT64(0)	/* page walks snoop caches */
#define VTD_ECAP_QI		BIT64(1)
#define VTD_ECAP_IR		BIT64(3)
#define VTD_ECAP_IRO(e)		((((e) >> 8) & 0x3ff) * 16)

/*
 * GCMD / GSTS: same bit positions. GCMD takes one command per write;
 * the other bits must repeat the persistent state GSTS shows.
 */
#define VTD_GCMD_TE		BIT(31)		/* translation enable */
#define VTD_GCMD_SRTP		BIT(30)		/* set root table pointer */
#define VTD_GCMD_WBF		BIT(27)		/* write buffer flush */
#define VTD_GCMD_QIE		BIT(26)		/* queued invalidation */
#define VTD_GCMD_IRE		BIT(25)		/* interrupt remapping */
#define VTD_GCMD_SIRTP		BIT(24)		/* set IR table pointer */
#define VTD_GCMD_CFI		BIT(23)		/* compatibility format */
#define VTD_GSTS_PERSISTENT	(VTD_GCMD_TE | VTD_GCMD_QIE | \
				 VTD_GCMD_IRE | VTD_GCMD_CFI)

/* FSTS: fault status (the low bits are write-1-to-clear). */
#define VTD_FSTS_PFO		BIT(0)		/* fault records overflowed */
#define VTD_FSTS_PPF		BIT(1)		/* a record is pending */
#define VTD_FSTS_IQE		BIT(4)		/* invalidation queue error */
#define VTD_FSTS_ICE		BIT(5)
#define VTD_FSTS_ITE		BIT(6)
#define VTD_FSTS_CLEAR		(VTD_FSTS_PFO | BIT(2) | VTD_FSTS_IQE | \
				 VTD_FSTS_ICE | VTD_FSTS_ITE)
#define VTD_FECTL_IM		BIT(31)		/* fault event masked */

/* IQA: queue base, 128-bit descriptors, size 2^QS pages. */
#define VTD_IQA_QS_1PAGE	0
#define VTD_IQ_ENTRIES		(PAGE_SIZE / 16)
#define VTD_IQT_SHIFT		4

/* IRTA: table base and size (2^(S + 1) entries); EIME off (xAPIC). */
#define VTD_IRTA_S(entries)	(__builtin_ctz(entries) - 1)

/* Root entry (low qword; the high one is reserved in legacy mode). */
#define VTD_ROOT_P		BIT64(0)
#define VTD_ROOT_ENTRIES	256

/* Context entry. */
#define VTD_CTX_P		BIT64(0)
#define VTD_CTX_TT_UNTRANSLATED	(0ULL << 2)	/* second level only */
#define VTD_CTX_AW_39		1ULL		/* high qword bits 2:0 */
#define VTD_CTX_AW_48		2ULL
#define VTD_CTX_DID(did)	((uint64_t)(did) << 8)
#define VTD_CTX_ENTRIES		256

/* Second-level paging entry. */
#define VTD_SL_R		BIT64(0)
#define VTD_SL_W		BIT64(1)
#define VTD_SL_PS		BIT64(7)	/* super page (2M, 1G) */
#define VTD_SL_ADDR		MASK64(51, 12)

/* Queued invalidation descriptors (128 bits: lo, hi). */
#define VTD_INV_CC		1		/* context cache */
#define VTD_INV_IOTLB		2
#define VTD_INV_IEC		4		/* interrupt entry cache */
#define VTD_INV_WAIT		5
#define VTD_INV_G_GLOBAL	(1ULL << 4)	/* context cache, IOTLB */
#define VTD_INV_G_DOMAIN	(2ULL << 4)
#define VTD_INV_DID(did)	((uint64_t)(did) << 16)
#define VTD_INV_IOTLB_DR	BIT64(7)	/* drain reads */
#define VTD_INV_IOTLB_DW	BIT64(6)	/* drain writes */
#define VTD_INV_IEC_INDEX	BIT64(4)	/* one entry, else global */
#define VTD_INV_IEC_IIDX(i)	((uint64_t)(i) << 32)
#define VTD_INV_WAIT_SW		BIT64(5)	/* status write */
#define VTD_INV_WAIT_FN		BIT64(6)	/* fence */
#define VTD_INV_WAIT_DATA(d)	((uint64_t)(d) << 32)

/* Interrupt remapping table entry, low qword. */
#define VTD_IRTE_P		BIT64(0)
#define VTD_IRTE_DM_LOGICAL	BIT64(2)
#define VTD_IRTE_RH		BIT64(3)
#define VTD_IRTE_TM_LEVEL	BIT64(4)
#define VTD_IRTE_DLM(m)		((uint64_t)(m) << 5)
#define VTD_IRTE_VECTOR(v)	((uint64_t)(v) << 16)
#define VTD_IRTE_DST_XAPIC(d)	((uint64_t)(d) << 40)
/* High qword: only this requester id may use the entry. */
#define VTD_IRTE_SID(bdf)	((uint64_t)(bdf))
#define VTD_IRTE_SVT_SID	(1ULL << 18)	/* verify SID, SQ = 0 */

/*
 * Remappable-format IOAPIC redirection entry: format bit, index 14:0 in
 * bits 63:49 and index 15 in bit 11; delivery mode 0; the vector must be
 * the entry's (the APICs' EOI broadcast carries it).
 */
#define VTD_RTE_REMAPPABLE	BIT64(48)
#define VTD_RTE_INDEX(i)	((((uint64_t)(i) & 0x7fff) << 49) | \
				 (((uint64_t)(i) >> 15 & 1) << 11))

/* Remappable-format MSI address: handle, SHV, format bit. */
#define VTD_MSI_BASE		0xfee00000ULL
#define VTD_MSI_REMAPPABLE	BIT64(4)
#define VTD_MSI_SHV		BIT64(3)	/* index = handle + data */
#define VTD_MSI_HANDLE(h)	((((uint64_t)(h) & 0x7fff) << 5) | \
				 ((((uint64_t)(h) >> 15) & 1) << 2))

/* Fault recording register (128 bits: lo, hi). */
#define VTD_FRCD_FI(lo)		((lo) & MASK64(63, 12))
#define VTD_FRCD_IR_INDEX(lo)	((lo) >> 48)	/* interrupt faults */
#define VTD_FRCD_SID(hi)	((uint16_t)(hi))
#define VTD_FRCD_FR(hi)		((unsigned int)((hi) >> 32) & 0xff)
#define VTD_FRCD_READ		BIT64(62)	/* T: 1 read, 0 write */
#define VTD_FRCD_F		BIT64(63)	/* write 1 to clear */
#define VTD_FR_IR_FIRST		0x20		/* interrupt faults */

#endif /* ASM_VTD_REGS_H */
