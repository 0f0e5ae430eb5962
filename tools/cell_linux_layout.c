// SPDX-License-Identifier: GPL-2.0
/*
 * Where "jailhouse cell linux" puts things in the cell's boot region (a
 * pure computation: cell_linux.h describes the result).
 *
 * Linux gets the middle of the region. Below it, the boot loader at
 * cpu_reset_address; above it, the stash: the pristine kernel, initrd and
 * device tree. Linux never sees either (the device tree's /memory leaves
 * them out), so both survive its run, and the loader copies the stash
 * into Linux's RAM on every start of the cell, also after the cell's
 * PSCI SYSTEM_RESET, which the hypervisor answers by restarting the cell
 * at cpu_reset_address.
 */
#include <string.h>

#include "cell_linux.h"

#define KERNEL_ALIGN		(2ULL << 20)
#define STASH_ALIGN		(64ULL << 10)	/* Linux's largest page */
#define INITRD_ALIGN		4096ULL

static uint64_t up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static uint64_t down(uint64_t v, uint64_t a)
{
	return v & ~(a - 1);
}

/* *out = a - b aligned down to al, false if that leaves floor. */
static int below(uint64_t a, uint64_t b, uint64_t al, uint64_t floor,
		 uint64_t *out)
{
	if (b > a || down(a - b, al) < floor)
		return 0;
	*out = down(a - b, al);
	return 1;
}

int linux_layout(const struct linux_layout_in *in, struct linux_layout *l)
{
	uint64_t end = in->region_start + in->region_size;
	uint64_t kernel_room;

	memset(l, 0, sizeof(*l));
	l->loader = in->entry;
	if (in->entry < in->region_start || in->entry >= end ||
	    in->loader_size > end - in->entry)
		return -1;
	l->ram_start = up(in->entry + in->loader_size, KERNEL_ALIGN);
	/* No sum below can wrap: every size is at most the region's. */
	if (in->kernel_size > in->region_size ||
	    in->initrd_size > in->region_size ||
	    in->image_size > in->region_size ||
	    in->text_offset > in->region_size)
		return -1;
	l->kernel_copy = up(in->kernel_size, LINUX_COPY_ALIGN);
	l->initrd_copy = up(in->initrd_size, LINUX_COPY_ALIGN);
	kernel_room = in->image_size > l->kernel_copy ? in->image_size :
		l->kernel_copy;
	l->kernel = l->ram_start + in->text_offset;
	l->kernel_end = l->kernel + kernel_room;
	l->stash_end = end;
	/* The stash, from the top down, then Linux's RAM below it. */
	if (l->ram_start >= end ||
	    !below(end, LINUX_DTB_SLOT, LINUX_COPY_ALIGN, l->ram_start,
		   &l->stash_dtb) ||
	    !below(l->stash_dtb, l->initrd_copy, INITRD_ALIGN, l->ram_start,
		   &l->stash_initrd) ||
	    !below(l->stash_initrd, l->kernel_copy, STASH_ALIGN,
		   l->ram_start, &l->stash_kernel))
		return -1;
	l->ram_end = l->stash_kernel;
	/* In Linux's RAM: the tree at its top, the initrd below. */
	if (!below(l->ram_end, LINUX_DTB_SLOT, STASH_ALIGN, l->ram_start,
		   &l->dtb) ||
	    !below(l->dtb, in->initrd_size, INITRD_ALIGN, l->ram_start,
		   &l->initrd) ||
	    l->kernel_end > l->initrd)
		return -1;
	return 0;
}
