// SPDX-License-Identifier: GPL-2.0
/*
 * cell load: the hypervisor stops the cell and maps its loadable memory
 * into the root cell at its physical addresses; the driver copies each
 * image there. Targets are cell guest-physical addresses, translated
 * through the cell's memory regions.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/io.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <jailhouse/hypercall.h>

#include "arch.h"
#include "cause.h"
#include "cell.h"
#include "hypercall.h"
#include "load.h"
#include "state.h"

/* Returns the physical address of [target, target + size) or fails. */
static int jh_image_phys(struct jh_cause *cause, const struct jh_cell *cell,
			 unsigned int n, const struct jh_ioctl_image *img,
			 phys_addr_t *phys)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->desc);
	unsigned int i;

	if (img->size == 0)
		return jh_fail(cause, -EINVAL, "image %u is empty", n);
	if (img->target + img->size < img->target)
		return jh_fail(cause, -EINVAL,
			       "image %u: target 0x%llx + size 0x%llx wraps around",
			       n, img->target, img->size);

	for (i = 0; i < cell->desc->num_memory_regions; i++) {
		const struct jh_memory_region *r = &mem[i];

		if (img->target < r->virt_start ||
		    img->target - r->virt_start >= r->size)
			continue;
		if (!(r->flags & JH_MEM_LOADABLE))
			return jh_fail(cause, -EINVAL,
				       "image %u: target 0x%llx is in memory region %u of cell '%s', which is not loadable",
				       n, img->target, i, cell->name);
		if (img->size > r->size - (img->target - r->virt_start))
			return jh_fail(cause, -E2BIG,
				       "image %u: 0x%llx bytes at 0x%llx run past the end of memory region %u of cell '%s' (0x%llx-0x%llx)",
				       n, img->size, img->target, i,
				       cell->name, r->virt_start,
				       r->virt_start + r->size - 1);
		*phys = r->phys_start + (img->target - r->virt_start);
		return 0;
	}
	return jh_fail(cause, -EINVAL,
		       "image %u: target 0x%llx is not in any memory region of cell '%s'",
		       n, img->target, cell->name);
}

static int jh_copy_image(struct jh_cause *cause, unsigned int n,
			 const struct jh_ioctl_image *img, phys_addr_t phys)
{
	void *dst;
	int err = 0;

	dst = memremap(phys, img->size, MEMREMAP_WB);
	if (!dst)
		return jh_fail(cause, -ENOMEM,
			       "image %u: cannot map 0x%llx bytes at physical 0x%llx",
			       n, img->size, (u64)phys);
	if (copy_from_user(dst, u64_to_user_ptr(img->source), img->size))
		err = jh_fail(cause, -EFAULT,
			      "image %u: cannot read 0x%llx bytes from user address 0x%llx",
			      n, img->size, img->source);
	/* The cell starts with caches off and must see the bytes in RAM. */
	jh_arch_flush_dcache(dst, img->size);
	memunmap(dst);
	return err;
}

int jh_cell_load(struct jh_cause *cause,
		 const struct jh_ioctl_cell_load __user *uarg)
{
	struct jh_ioctl_cell_load head;
	struct jh_ioctl_image *imgs;
	phys_addr_t *phys;
	struct jh_cell *cell;
	unsigned int n;
	int err;

	if (copy_from_user(&head, uarg, sizeof(head)))
		return jh_fail(cause, -EFAULT,
			       "cannot read the cell load request at 0x%lx",
			       (unsigned long)uarg);
	cell = jh_cell_find(cause, &head.cell);
	if (!cell)
		return cause->err;
	if (head.num_images == 0 || head.num_images > JH_MAX_LOAD_IMAGES)
		return jh_fail(cause, -EINVAL,
			       "cell load: %u images; 1 to %u are allowed",
			       head.num_images, JH_MAX_LOAD_IMAGES);

	imgs = memdup_user(uarg->images, head.num_images * sizeof(*imgs));
	if (IS_ERR(imgs))
		return jh_fail(cause, PTR_ERR(imgs),
			       "cannot read the image list of the cell load request");
	phys = kcalloc(head.num_images, sizeof(*phys), GFP_KERNEL);
	if (!phys) {
		err = jh_fail(cause, -ENOMEM, "out of memory for the image list");
		goto out;
	}

	/* Refuse a bad list before the cell is stopped. */
	for (n = 0; n < head.num_images; n++) {
		err = jh_image_phys(cause, cell, n, &imgs[n], &phys[n]);
		if (err)
			goto out;
	}

	err = jh_hypercall(cause, JH_HC_CELL_SET_LOADABLE, cell->id, 0,
			   "making cell '%s' loadable", cell->name);
	if (err < 0)
		goto out;

	for (n = 0; n < head.num_images; n++) {
		err = jh_copy_image(cause, n, &imgs[n], phys[n]);
		if (err)
			goto out;
	}
	pr_info("cell '%s' (id %d): %u image(s) loaded\n", cell->name,
		cell->id, head.num_images);
out:
	kfree(phys);
	kfree(imgs);
	return err;
}
