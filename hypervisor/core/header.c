// SPDX-License-Identifier: GPL-2.0
/*
 * The image header (include/jailhouse/header.h), at offset 0 of the image.
 * Sizes and offsets come from absolute symbols of the linker script. Not
 * const: the driver fills in the second half before entry.
 */
#include <jailhouse/header.h>
#include <hv/header.h>
#include <hv/types.h>
#include <asm/layout.h>
#include <asm/percpu.h>

JH_STATIC_ASSERT(sizeof(JH_VERSION) <= JH_VERSION_LEN, "version too long");

extern uint8_t __hv_image_size[], __hv_core_size[], __hv_entry_offset[],
	__hv_console_offset[];

struct jh_hv_header hv_header __section(".header") __used = {
	.signature = JH_HV_SIGNATURE,
	.abi_revision = JH_HV_ABI_REVISION,
	.arch = HV_ARCH_ID,
	.version = JH_VERSION,
	.image_size = (uintptr_t)__hv_image_size,
	.core_size = (uintptr_t)__hv_core_size,
	.percpu_size = PERCPU_SIZE,
	.entry = (uintptr_t)__hv_entry_offset,
	.console_offset = (uintptr_t)__hv_console_offset,
	.max_cpus = HV_MAX_CPUS,
};
