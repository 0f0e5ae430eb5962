/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arm SMMUv3 (Arm IHI 0070): the registers, stream table entry, commands
 * and event records this hypervisor uses. Offsets are from the unit's
 * base; page 1 starts 64 KiB above it. Private to smmuv3/.
 */
#ifndef SMMUV3_SMMUV3_REGS_H
#define SMMUV3_SMMUV3_REGS_H

#include <hv/types.h>

#define SMMU_PAGE1		0x10000
#define SMMU_REGS_SIZE		0x20000	/* pages 0 and 1 */

#define SMMU_IDR0		0x00
#define  IDR0_S2P		BIT(0)
#define  IDR0_TTF_AARCH64	BIT(3)	/* TTF[3:2]: 0b10 or 0b11 */
#define  IDR0_COHACC		BIT(4)
#define  IDR0_VMID16		BIT(18)
#define  IDR0_ST_LEVEL(r)	(((r) >> 27) & 3)
#define SMMU_IDR1		0x04
#define  IDR1_SIDSIZE(r)	((r) & 0x3f)
#define  IDR1_EVENTQS(r)	(((r) >> 16) & 0x1f)
#define  IDR1_CMDQS(r)		(((r) >> 21) & 0x1f)
#define  IDR1_QUEUES_PRESET	BIT(29)
#define  IDR1_TABLES_PRESET	BIT(30)
#define SMMU_IDR3		0x0c
#define  IDR3_BBML(r)		(((r) >> 11) & 3)
#define  IDR3_BBML2		2U	/* block size changes need no break */
#define SMMU_IDR5		0x14
#define  IDR5_OAS(r)		((r) & 7)	/* 0: 32 bits ... 6: 52 */
#define  IDR5_GRAN4K		BIT(4)

#define SMMU_CR0		0x20
#define  CR0_SMMUEN		BIT(0)
#define  CR0_EVENTQEN		BIT(2)
#define  CR0_CMDQEN		BIT(3)
#define SMMU_CR0ACK		0x24
#define SMMU_CR1		0x28
/* Queues and tables: inner shareable, write-back cacheable. */
#define  CR1_WB_ISH		(1 << 0 | 1 << 2 | 3 << 4 | \
				 1 << 6 | 1 << 8 | 3 << 10)
#define SMMU_CR2		0x2c
#define  CR2_RECINVSID		BIT(1)	/* record out-of-range StreamIDs */
#define  CR2_PTM		BIT(2)	/* ignore broadcast TLB maintenance */
#define SMMU_GBPA		0x44
#define  GBPA_UPDATE		BIT(31)
#define  GBPA_ABORT		BIT(20)
#define SMMU_IRQ_CTRL		0x50
#define SMMU_IRQ_CTRLACK	0x54
#define SMMU_GERROR		0x60
#define  GERROR_CMDQ_ERR	BIT(0)
#define  GERROR_EVTQ_ABT	BIT(2)
#define SMMU_GERRORN		0x64
#define SMMU_STRTAB_BASE	0x80
#define  STRTAB_BASE_RA		BIT64(62)
#define SMMU_STRTAB_BASE_CFG	0x88	/* FMT[17:16] 0: linear */
#define  STRTAB_LOG2SIZE(n)	((n) & 0x3f)
#define SMMU_CMDQ_BASE		0x90
#define  Q_BASE_ALLOC		BIT64(62)	/* RA (CMDQ) / WA (EVENTQ) */
#define  Q_BASE_ADDR_MASK	MASK64(51, 5)
#define SMMU_CMDQ_PROD		0x98
#define SMMU_CMDQ_CONS		0x9c
#define  CMDQ_CONS_ERR(r)	(((r) >> 24) & 0x7f)
#define SMMU_EVENTQ_BASE	0xa0
#define SMMU_EVENTQ_PROD	(SMMU_PAGE1 + 0xa8)
#define  EVENTQ_PROD_OVFLG	BIT(31)
#define SMMU_EVENTQ_CONS	(SMMU_PAGE1 + 0xac)
#define  EVENTQ_CONS_OVACKFLG	BIT(31)

/* Stream table entry: 8 doublewords. */
#define STE_DWORDS		8
#define STE_SIZE		64
#define STE0_V			BIT64(0)
#define STE0_CFG_ABORT		(0ULL << 1)
#define STE0_CFG_S2		(6ULL << 1)	/* S1 bypass, S2 translate */
#define STE1_SHCFG_INCOMING	(1ULL << 44)
#define STE2_S2VMID(v)		((uint64_t)(v) & 0xffff)
#define STE2_S2T0SZ(t)		((uint64_t)(t) << 32)
#define STE2_S2SL0(s)		((uint64_t)(s) << 38)
#define STE2_S2IR0_WBWA		(1ULL << 40)
#define STE2_S2OR0_WBWA		(1ULL << 42)
#define STE2_S2SH0_ISH		(3ULL << 44)
#define STE2_S2TG_4K		(0ULL << 46)
#define STE2_S2PS(p)		((uint64_t)(p) << 48)
#define STE2_S2AA64		BIT64(51)
#define STE2_S2R		BIT64(58)	/* record stage-2 faults */
#define STE3_S2TTB_MASK		MASK64(51, 4)

/* Commands: 2 doublewords, opcode in bits 7:0 of the first. */
#define CMD_DWORDS		2
#define CMD_SIZE		16
#define CMD_CFGI_STE		0x03	/* SID in 63:32; Leaf in dword 1 */
#define CMD_CFGI_STE_RANGE	0x04	/* SID, Range[4:0] in dword 1 */
#define  CFGI_RANGE_ALL		31
#define CMD_TLBI_S12_VMALL	0x28	/* VMID in 47:32 */
#define CMD_TLBI_NSNH_ALL	0x30
#define CMD_SYNC		0x46	/* CS[13:12] 0: no signal */
#define CMD_SID(sid)		((uint64_t)(sid) << 32)
#define CMD_VMID(v)		((uint64_t)(v) << 32)

/* Event records: 4 doublewords. */
#define EVT_DWORDS		4
#define EVT_SIZE		32
#define EVT0_TYPE(d)		((d) & 0xff)
#define EVT0_SID(d)		((uint32_t)((d) >> 32))
#define EVT1_RNW		BIT64(35)	/* 1: read */
#define EVT1_S2			BIT64(39)	/* stage 2 fault */
#define EVT_F_UUT		0x01
#define EVT_C_BAD_STREAMID	0x02
#define EVT_F_STE_FETCH		0x03
#define EVT_C_BAD_STE		0x04
#define EVT_F_STREAM_DISABLED	0x06
#define EVT_F_TRANSL_FORBIDDEN	0x07
#define EVT_F_WALK_EABT		0x0b
#define EVT_F_TRANSLATION	0x10
#define EVT_F_ADDR_SIZE		0x11
#define EVT_F_ACCESS		0x12
#define EVT_F_PERMISSION	0x13

#endif /* SMMUV3_SMMUV3_REGS_H */
