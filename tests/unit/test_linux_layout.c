// SPDX-License-Identifier: GPL-2.0
/*
 * The boot region layout of "jailhouse cell linux"
 * (tools/cell_linux_layout.c): the loader, Linux's RAM and the stash of
 * pristine images that the loader copies from at every start of the cell.
 */
/* UNIT-SOURCES: tools/cell_linux_layout.c */
#include "unit.h"
#include "../../tools/cell_linux.h"

#define MiB(x)		((uint64_t)(x) << 20)
#define KiB(x)		((uint64_t)(x) << 10)

static struct linux_layout_in bench(void)
{
	/* arm64-linux-cell.scn: Debian's Image, the bench's initramfs. */
	struct linux_layout_in in = {
		.region_start = 0x72000000, .region_size = MiB(128),
		.entry = 0x72000000, .loader_size = 288,
		.text_offset = 0, .image_size = 0x2010000,
		.kernel_size = 32956352, .initrd_size = 1040981,
	};
	return in;
}

/* Everything in place, in order, aligned, and nothing overlaps. */
static void check_sane(const struct linux_layout_in *in,
		       const struct linux_layout *l)
{
	uint64_t end = in->region_start + in->region_size;

	CHECK_EQ(l->loader, in->entry);
	CHECK(l->ram_start >= in->entry + in->loader_size);
	CHECK_EQ(l->ram_start % MiB(2), 0);
	CHECK_EQ(l->kernel, l->ram_start + in->text_offset);
	CHECK(l->kernel_end >= l->kernel + in->image_size);
	CHECK(l->kernel_end >= l->kernel + l->kernel_copy);
	CHECK(l->kernel_end <= l->initrd);
	CHECK(l->initrd + l->initrd_copy <= l->dtb);
	CHECK(l->dtb + LINUX_DTB_SLOT <= l->ram_end);
	/* The tree never crosses a 2 MiB boundary. */
	CHECK_EQ(l->dtb / MiB(2), (l->dtb + LINUX_DTB_SLOT - 1) / MiB(2));
	CHECK_EQ(l->ram_end, l->stash_kernel);
	CHECK(l->stash_kernel + l->kernel_copy <= l->stash_initrd);
	CHECK(l->stash_initrd + l->initrd_copy <= l->stash_dtb);
	CHECK_EQ(l->stash_dtb + LINUX_DTB_SLOT, end);
	CHECK_EQ(l->stash_end, end);
	CHECK_EQ(l->kernel_copy % LINUX_COPY_ALIGN, 0);
	CHECK_EQ(l->initrd_copy % LINUX_COPY_ALIGN, 0);
	CHECK(l->kernel_copy >= in->kernel_size);
	CHECK(l->initrd_copy >= in->initrd_size);
	CHECK_EQ(l->initrd % 4096, 0);
	CHECK_EQ(l->stash_initrd % 4096, 0);
	CHECK_EQ(l->stash_kernel % KiB(64), 0);
	CHECK_EQ(l->stash_dtb % LINUX_COPY_ALIGN, 0);
}

TEST(bench_layout)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;

	REQUIRE(linux_layout(&in, &l) == 0);
	check_sane(&in, &l);
	CHECK_EQ(l.ram_start, 0x72200000);
	CHECK_EQ(l.kernel_end, 0x74210000);
	CHECK_EQ(l.ram_end, 0x77f80000);
	CHECK_EQ(l.dtb, 0x77f70000);
	CHECK_EQ(l.initrd, 0x77e71000);
	CHECK_EQ(l.stash_kernel, 0x77f80000);
	CHECK_EQ(l.stash_initrd, 0x79ef1000);
	CHECK_EQ(l.stash_dtb, 0x79ff0000);
}

TEST(sizes_sweep)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;
	uint64_t k, i;
	unsigned int fitted = 0, tried = 0;

	for (k = 64; k < MiB(60); k = k * 3 + 5)
		for (i = 0; i < MiB(20); i = i * 5 + 7) {
			in.kernel_size = k;
			in.image_size = k + 4096;
			in.initrd_size = i;
			tried++;
			if (linux_layout(&in, &l) == 0) {
				check_sane(&in, &l);
				fitted++;
			}
		}
	/* Most of these fit 128 MiB: a layout refusing all would pass. */
	CHECK(fitted > tried / 2);
}

TEST(no_initrd)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;

	in.initrd_size = 0;
	REQUIRE(linux_layout(&in, &l) == 0);
	check_sane(&in, &l);
	CHECK_EQ(l.initrd_copy, 0);
	CHECK_EQ(l.initrd, l.dtb);
}

/* 64 MiB would fit without its copy in the stash, not with it. */
TEST(stash_does_not_fit)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;

	in.kernel_size = MiB(64);
	in.image_size = MiB(64);
	in.initrd_size = 0;
	CHECK_EQ(linux_layout(&in, &l), -1);
	in.kernel_size = MiB(60);
	in.image_size = MiB(60);
	CHECK_EQ(linux_layout(&in, &l), 0);
	in.kernel_size = MiB(63);
	in.image_size = MiB(63);
	CHECK_EQ(linux_layout(&in, &l), -1);
}

TEST(huge_sizes_do_not_wrap)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;

	in.initrd_size = ~0ULL - 8;
	CHECK_EQ(linux_layout(&in, &l), -1);
	in = bench();
	in.image_size = ~0ULL - MiB(4);
	CHECK_EQ(linux_layout(&in, &l), -1);
	in = bench();
	in.kernel_size = ~0ULL - 15;
	CHECK_EQ(linux_layout(&in, &l), -1);
	in = bench();
	in.text_offset = ~0ULL - MiB(1);
	CHECK_EQ(linux_layout(&in, &l), -1);
}

TEST(entry_outside_or_at_the_top)
{
	struct linux_layout_in in = bench();
	struct linux_layout l;

	in.entry = in.region_start - 4096;
	CHECK_EQ(linux_layout(&in, &l), -1);
	in.entry = in.region_start + in.region_size;
	CHECK_EQ(linux_layout(&in, &l), -1);
	in.entry = in.region_start + in.region_size - MiB(1);
	CHECK_EQ(linux_layout(&in, &l), -1);
}
