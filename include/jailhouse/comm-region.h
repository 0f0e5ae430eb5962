/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The communication region: one page shared between the hypervisor and a
 * cell, mapped where the cell's JH_MEM_COMM_REGION memory region says.
 *
 * Shutdown handshake: the hypervisor writes JH_MSG_SHUTDOWN_REQUEST to
 * msg_to_cell; the cell answers in reply_from_cell with
 * JH_REPLY_REQUEST_APPROVED or JH_REPLY_REQUEST_DENIED. A cell that does not
 * answer within the cell's msg_reply_timeout is treated as approving.
 * Cells flagged JH_CELL_PASSIVE_COMMREG are never asked.
 */
#ifndef JAILHOUSE_COMM_REGION_H
#define JAILHOUSE_COMM_REGION_H

#include <jailhouse/config.h>

#define JH_COMM_SIGNATURE	"JHCOMM"
#define JH_COMM_REVISION	2	/* 2: platform facts */

/* msg_to_cell */
#define JH_MSG_NONE			0
#define JH_MSG_SHUTDOWN_REQUEST		1

/* reply_from_cell */
#define JH_REPLY_NONE			0
#define JH_REPLY_UNKNOWN		1
#define JH_REPLY_REQUEST_DENIED		2
#define JH_REPLY_REQUEST_APPROVED	3

/*
 * Inmate command line: "jailhouse cell load -s STRING" writes the
 * NUL-terminated string to this guest-physical address unless -a says
 * otherwise. The inmate library reserves the area in its image.
 */
#define JH_CMDLINE_ADDR		0x1000
#define JH_CMDLINE_MAX		256

#define JH_COMM_PLATFORM_SIZE	64

/* struct jh_comm_region.platform, by arch. */
struct jh_comm_arm64 {
	uint64_t gicd_base;
	uint64_t gicr_base;	/* first redistributor */
	uint64_t gicr_stride;	/* bytes between two */
	uint64_t pci_ecam_base;	/* 0: no PCI */
	uint32_t gic_version;	/* 2: gicc_base, no gicr_*; 3: no gicc_base */
	uint32_t reserved0;
	uint64_t gicc_base;	/* GICv2: the cell's CPU interface */
	uint64_t reserved[2];
} JH_PACKED;

struct jh_comm_x86 {
	uint64_t mmconfig_base;	/* PCI ECAM, 0: none */
	uint16_t pm_timer_port;	/* ACPI PM timer, 0: none */
	/*
	 * 1: the CPUs have x2APIC and the cell may switch its APICs to
	 * x2APIC mode (IA32_APIC_BASE.EXTD); they start in xAPIC mode.
	 */
	uint8_t x2apic;
	uint8_t reserved0[5];
	uint64_t reserved[6];
} JH_PACKED;

struct jh_comm_region {
	char signature[JH_SIGNATURE_SIZE];
	uint16_t revision;
	volatile uint32_t cell_state;	/* JH_CELL_*, written by the cell */
	volatile uint32_t msg_to_cell;	/* JH_MSG_*, written by hypervisor */
	volatile uint32_t reply_from_cell; /* JH_REPLY_*, written by cell */
	uint32_t flags;			/* copy of jh_cell_desc.flags */
	uint32_t num_cpus;
	uint32_t reserved;
	uint64_t timer_frequency;	/* arm64: CNTFRQ; x86: TSC in Hz */
	uint64_t apic_timer_frequency;	/* x86 only, Hz */
	struct jh_console console;	/* copy of jh_cell_desc.console */
	/*
	 * Facts of the board from the system config, so that one inmate
	 * binary runs on every board (revision 2 on).
	 */
	union {
		struct jh_comm_arm64 arm64;
		struct jh_comm_x86 x86;
		uint8_t raw[JH_COMM_PLATFORM_SIZE];
	} platform;
} JH_PACKED;

JH_STATIC_ASSERT(sizeof(struct jh_comm_region) == 64 + JH_COMM_PLATFORM_SIZE,
		 "ABI size");

#endif /* JAILHOUSE_COMM_REGION_H */
