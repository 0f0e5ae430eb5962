/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Coverage builds of the hypervisor (make COVERAGE=1, see
 * Documentation/coverage.md) carry this descriptor right after the image
 * header, at JH_COV_DESC_OFFSET. A normal image has zeros there, so the
 * driver tells the two apart by the signature alone.
 *
 * The map holds one byte per 2^granule_shift bytes of hypervisor text:
 * byte i is set once a basic block whose instrumentation call returns to
 * text_start + (i << granule_shift) + something below 2^granule_shift has
 * run. It lies in the hypervisor's bss, so it is zero at every enable and
 * still holds its bytes after disable, when the memory is Linux's again.
 */
#ifndef JAILHOUSE_COVERAGE_H
#define JAILHOUSE_COVERAGE_H

#include <jailhouse/types.h>

#define JH_COV_SIGNATURE	"JHCOVER"	/* 8 bytes with the NUL */
#define JH_COV_REVISION		1
/* sizeof(struct jh_hv_header), asserted where the descriptor is built. */
#define JH_COV_DESC_OFFSET	160U

struct jh_cov_desc {
	char signature[8];
	uint32_t revision;		/* JH_COV_REVISION */
	uint32_t granule_shift;		/* text bytes per map byte, log2 */
	uint64_t map_offset;		/* from the image start */
	uint64_t map_size;		/* bytes */
	uint64_t text_offset;		/* what map byte 0 stands for */
} JH_PACKED;

#endif /* JAILHOUSE_COVERAGE_H */
