/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Header at offset 0 of the hypervisor firmware image
 * (/lib/firmware/jailhouse-<arch>.bin). The driver checks it, copies the
 * image to the start of the reserved hypervisor memory, fills in the
 * "driver" fields and enters the hypervisor on every CPU.
 */
#ifndef JAILHOUSE_HEADER_H
#define JAILHOUSE_HEADER_H

#include <jailhouse/types.h>

#define JH_HV_SIGNATURE		"JHVISOR"	/* 8 bytes with the NUL */
#define JH_HV_ABI_REVISION	1
#define JH_VERSION_LEN		32

struct jh_hv_header {
	/* Filled in at build time. */
	char signature[8];
	uint32_t abi_revision;		/* JH_HV_ABI_REVISION */
	uint32_t arch;			/* JH_ARCH_* */
	char version[JH_VERSION_LEN];	/* NUL-terminated */
	uint64_t image_size;		/* bytes of code and data */
	uint64_t core_size;		/* image + bss, page aligned */
	uint64_t percpu_size;		/* bytes of per-CPU data, per CPU */
	uint64_t entry;			/* offset of the arch entry */
	uint64_t console_offset;	/* offset of struct jh_console_page */
	uint32_t max_cpus;		/* largest CPU count supported */
	uint32_t reserved0;

	/* Filled in by the driver before entry. */
	uint32_t online_cpus;		/* CPUs that will enter */
	uint32_t reserved1;
	uint64_t hv_phys_base;		/* physical address of this header */
	/* Copy of the system config, placed by the driver in hv memory. */
	uint64_t sysconfig_offset;	/* page aligned, >= core_size */
	uint64_t sysconfig_size;
	uint64_t arch_data[4];		/* arch-specific hand-over data */
} JH_PACKED;

#endif /* JAILHOUSE_HEADER_H */
