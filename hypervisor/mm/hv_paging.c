// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's own address space (one table for all CPUs):
 *
 *   link address (__image_start)  the whole hypervisor memory: text RX,
 *                                 rodata R, the rest RW
 *   below it, 1:1                 device MMIO, temporary windows onto
 *                                 foreign memory, and whatever the arch
 *                                 adds (the arm64 MMU-off trampoline)
 *
 * The link address lies above every physical address the platform uses,
 * so the two never collide; hv_map_device() refuses if they would.
 */
#include <jailhouse/hypercall.h>
#include <hv/guest_mem.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/paging.h>
#include <hv/printk.h>
#include <hv/setup.h>

static int map_image(uint8_t *start, uint8_t *end, unsigned long flags)
{
	if (end <= start) {
		return 0;
	}
	return pt_map(&hv.paging, (uintptr_t)start, hv_virt2phys(start),
		      (uint64_t)(end - start), flags);
}

int hv_paging_init(void)
{
	uint8_t *hv_end = __image_start + hv.mem_size;
	int err;

	err = pt_create(&hv.paging, paging_arch_hv_format(), &hv.pool);
	if (!err) {
		err = map_image(__image_start, __text_end, PT_READ | PT_EXEC);
	}
	if (!err) {
		err = map_image(__text_end, __rodata_end, PT_READ);
	}
	if (!err) {
		err = map_image(__rodata_end, hv_end, PT_READ | PT_WRITE);
	}
	if (!err) {
		err = setup_arch_paging(&hv.paging);
	}
	if (!err) {
		err = guest_mem_init();
	}
	if (err != 0) {
		hv_error("cannot build the hypervisor page tables (error %d)",
			 err);
	}
	return err;
}

/*
 * A 1:1 range must stay below the guest memory windows (and so below the
 * image) and outside hypervisor memory.
 */
static bool identity_ok(paddr_t phys, uint64_t size)
{
	uint64_t limit = GUEST_WINDOW_BASE;

	if (size == 0 || phys >= limit || size > limit - phys) {
		return false;
	}
	return phys + size <= hv.phys_base ||
		phys >= hv.phys_base + hv.mem_size;
}

static void *map_identity(paddr_t phys, uint64_t size, unsigned long flags)
{
	paddr_t start = ALIGN_DOWN(phys, PAGE_SIZE);
	uint64_t len = PAGE_ALIGN_UP(phys + size) - start;

	if (!identity_ok(start, len) ||
	    pt_map(&hv.paging, start, start, len, flags)) {
		return NULL;
	}
	paging_arch_hv_flush();
	return (void *)(uintptr_t)phys;
}

void *hv_map_device(paddr_t phys, uint64_t size)
{
	return map_identity(phys, size, PT_READ | PT_WRITE | PT_DEVICE);
}

void *hv_map_temporary(paddr_t phys, uint64_t size)
{
	return map_identity(phys, size, PT_READ | PT_WRITE);
}

void hv_unmap_temporary(void *virt, uint64_t size)
{
	paddr_t start = ALIGN_DOWN((uintptr_t)virt, PAGE_SIZE);
	uint64_t len = PAGE_ALIGN_UP((uintptr_t)virt + size) - start;

	pt_unmap(&hv.paging, start, len);
	paging_arch_hv_flush();
}
