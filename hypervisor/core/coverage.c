// SPDX-License-Identifier: GPL-2.0
/*
 * Coverage builds only (make COVERAGE=1): every other object is compiled
 * with -fsanitize-coverage=trace-pc, which makes GCC call
 * __sanitizer_cov_trace_pc() at the start of each basic block. The call
 * marks the map byte of its return address; the driver reads the map back
 * after disable (include/jailhouse/coverage.h, driver/coverage.c) and
 * tests/coverage/report maps it to source lines.
 *
 * One byte per 4 bytes of text: a call instruction is 4 (arm64) or 5
 * (x86) bytes long, so no two call sites share a byte. Plain byte stores
 * of the same value need no lock, and the function touches nothing but
 * the map, so it is safe on every path, exception handlers included.
 * This file itself is not instrumented (the call would recurse).
 */
#include <jailhouse/coverage.h>
#include <jailhouse/header.h>
#include <hv/hypervisor.h>
#include <hv/types.h>
#include <asm/layout.h>

#define COV_GRANULE_SHIFT	2U
/* Room for 512 KiB of instrumented text (x86 has about 140 KiB); sites
 * beyond it are never marked, and the report counts them as missed. */
#define COV_MAP_SIZE		(128U * 1024U)

JH_STATIC_ASSERT(sizeof(struct jh_hv_header) == JH_COV_DESC_OFFSET,
		 "the coverage descriptor must follow the image header");

static uint8_t cov_map[COV_MAP_SIZE] __aligned(4096);

/* Right after hv_header: .header.cov follows .header in the linker script. */
static const struct jh_cov_desc hv_cov_desc __section(".header.cov") __used = {
	.signature = JH_COV_SIGNATURE,
	.revision = JH_COV_REVISION,
	.granule_shift = COV_GRANULE_SHIFT,
	.map_offset = (uintptr_t)cov_map - HV_VIRT_BASE,
	.map_size = COV_MAP_SIZE,
	.text_offset = (uintptr_t)__text_start - HV_VIRT_BASE,
};

void __sanitizer_cov_trace_pc(void);

void __sanitizer_cov_trace_pc(void)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	uintptr_t idx = (pc - (uintptr_t)__text_start) >> COV_GRANULE_SHIFT;

	if (idx < COV_MAP_SIZE) {
		cov_map[idx] = 1U;
	}
}
