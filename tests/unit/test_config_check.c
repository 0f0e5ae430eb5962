// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the shared config validator, hypervisor/config/config_check.c.
 *
 * Every test starts from the valid demo system and cell of config_builder.c
 * (the bench machines), breaks one thing and checks the code and the exact
 * one-line message. Buffers are exactly as large as the config claims, so
 * AddressSanitizer fails a test whose check reads past the end.
 */
/* UNIT-SOURCES: hypervisor/config/config_check.c hypervisor/config/config_check_header.c hypervisor/config/config_check_arrays.c hypervisor/config/config_check_cells.c hypervisor/config/config_check_addr.c hypervisor/config/config_check_devices.c hypervisor/config/config_check_iommu.c hypervisor/config/config_check_links.c tests/unit/config_builder.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/config-check.h>
#include <jailhouse/hypercall.h>

#include "config_builder.h"
#include "unit.h"

#define ARM64		JH_ARCH_ARM64
#define X86		JH_ARCH_X86
#define EINVAL_		(-JH_EINVAL)
#define RW		(JH_MEM_READ | JH_MEM_WRITE)
#define RWX		(JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE)

static void free_when_test_ends(void *buf)
{
	unit_cleanup(free, buf);
}

__attribute__((constructor)) static void hook_builder(void)
{
	tb_on_alloc = free_when_test_ends;
}

static char message[256];

static const char *msg(const struct jh_config_error *err)
{
	jh_format_config_error(message, sizeof(message), err);
	return message;
}

static int cell_check(const struct tb_cell *cell, uint32_t arch,
		      struct jh_config_error *err)
{
	uint64_t size;
	void *buf = tb_cell_build(cell, &size);

	return jh_check_cell_config(buf, size, arch, err);
}

static int system_check(const struct tb_system *sys, uint32_t arch,
			struct jh_config_error *err)
{
	uint64_t size;
	void *buf = tb_system_build(sys, &size);

	return jh_check_system_config(buf, size, arch, err);
}

/* Both must pass the structural checks first; -1000 if they do not. */
static int in_system_check(const struct tb_system *sys,
			   const struct tb_cell *cell,
			   struct jh_config_error *err)
{
	uint64_t sys_size, cell_size;
	void *sys_buf = tb_system_build(sys, &sys_size);
	void *cell_buf = tb_cell_build(cell, &cell_size);
	uint32_t arch = cell->desc.arch;

	if (jh_check_system_config(sys_buf, sys_size, sys->desc.arch, err) ||
	    jh_check_cell_config(cell_buf, cell_size, arch, err)) {
		unit_fail(__FILE__, __LINE__, "precondition: %s", msg(err));
		return -1000;
	}
	return jh_check_cell_in_system(sys_buf, cell_buf, err);
}

static int disjoint_check(const struct tb_cell *a, const struct tb_cell *b,
			  struct jh_config_error *err)
{
	uint64_t a_size, b_size;
	void *a_buf = tb_cell_build(a, &a_size);
	void *b_buf = tb_cell_build(b, &b_size);

	if (jh_check_cell_config(a_buf, a_size, a->desc.arch, err) ||
	    jh_check_cell_config(b_buf, b_size, b->desc.arch, err)) {
		unit_fail(__FILE__, __LINE__, "precondition: %s", msg(err));
		return -1000;
	}
	return jh_check_cells_disjoint(a_buf, b_buf, err);
}

/* The result code is checked twice: returned and stored in err. */
/* Where the root cell's descriptor starts in a system config. */
#define ROOT_OFF	offsetof(struct jh_system_desc, root_cell)

#define EXPECT(call, want_code, want_text)				\
	do {								\
		struct jh_config_error e_;				\
		memset(&e_, 0x5a, sizeof(e_));				\
		CHECK_EQ(call, want_code);				\
		CHECK_EQ(e_.code, want_code);				\
		CHECK_STR(msg(&e_), want_text);				\
	} while (0)

#define EXPECT_CELL(cell, arch, code, text) \
	EXPECT(cell_check(cell, arch, &e_), code, text)
#define EXPECT_SYSTEM(sys, arch, code, text) \
	EXPECT(system_check(sys, arch, &e_), code, text)
#define EXPECT_IN_SYSTEM(sys, cell, code, text) \
	EXPECT(in_system_check(sys, cell, &e_), code, text)
#define EXPECT_DISJOINT(a, b, code, text) \
	EXPECT(disjoint_check(a, b, &e_), code, text)

/* ---- valid configs ---------------------------------------------------- */

static void check_valid_pair(uint32_t arch)
{
	struct tb_system sys;
	struct tb_cell demo, other;
	struct jh_config_error err;

	tb_demo_system(&sys, arch);
	tb_demo_cell(&demo, arch);
	tb_other_cell(&other, arch);

	EXPECT_SYSTEM(&sys, arch, 0, "no error");
	EXPECT_CELL(&demo, arch, 0, "no error");
	EXPECT_CELL(&other, arch, 0, "no error");
	EXPECT_IN_SYSTEM(&sys, &demo, 0, "no error");
	EXPECT_IN_SYSTEM(&sys, &other, 0, "no error");
	EXPECT_DISJOINT(&demo, &other, 0, "no error");
	EXPECT_DISJOINT(&other, &demo, 0, "no error");

	/* A pass leaves a cleared finding behind. */
	CHECK_EQ(cell_check(&demo, arch, &err), 0);
	CHECK(err.item == NULL && err.field == NULL && err.reason == NULL);
	CHECK(err.other_cell == NULL);
	CHECK_EQ(err.index, -1);
}

TEST(valid_arm64_system_and_cells)
{
	check_valid_pair(ARM64);
}

TEST(valid_x86_system_and_cells)
{
	check_valid_pair(X86);
}

TEST(demo_sizes_are_as_documented)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size;

	tb_demo_cell(&cell, ARM64);
	tb_cell_build(&cell, &size);
	CHECK_EQ(size, 104 + 8 + 2 * 32 + 32);
	CHECK_EQ(size, jh_cell_config_size(&cell.desc));
	tb_demo_system(&sys, ARM64);
	tb_system_build(&sys, &size);
	CHECK_EQ(size, 256 + jh_cell_config_size(&sys.root.desc));
	CHECK_EQ(ROOT_OFF, 256);
}

/* Packed access everywhere: any alignment of the buffer must work (UBSan
 * would report a misaligned 64-bit load). */
TEST(valid_at_every_alignment)
{
	struct tb_system sys;
	struct tb_cell cell;
	struct jh_config_error err;
	uint64_t sys_size, cell_size;
	uint8_t *sys_buf, *cell_buf, *s, *c;
	unsigned int off;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	sys_buf = tb_system_build(&sys, &sys_size);
	cell_buf = tb_cell_build(&cell, &cell_size);
	for (off = 1; off < 8; off++) {
		s = tb_resize(sys_buf, sys_size, sys_size + off);
		c = tb_resize(cell_buf, cell_size, cell_size + off);
		memmove(s + off, s, sys_size);
		memmove(c + off, c, cell_size);
		CHECK_EQ(jh_check_system_config(s + off, sys_size, ARM64,
						&err), 0);
		CHECK_EQ(jh_check_cell_config(c + off, cell_size, ARM64,
					      &err), 0);
		CHECK_EQ(jh_check_cell_in_system((void *)(s + off),
						 (void *)(c + off), &err), 0);
		/* Root and cell share CPU 3: the whole set is read. */
		CHECK_EQ(jh_check_cells_disjoint((void *)(s + off + ROOT_OFF),
						 (void *)(c + off), &err),
			 -JH_EBUSY);
	}
}

TEST(counts_at_the_maximum_pass)
{
	struct tb_system sys;
	struct tb_cell cell;
	unsigned int n;

	tb_demo_cell(&cell, ARM64);
	cell.desc.cpu_set_size = JH_MAX_CPUS / 8;
	tb_cell_add_cpu(&cell, JH_MAX_CPUS - 1);
	for (n = cell.desc.num_memory_regions; n < JH_MAX_MEM_REGIONS; n++)
		tb_cell_add_mem(&cell, 0x70100000 + n * 0x1000,
				0x100000 + n * 0x1000, 0x1000, RW);
	for (n = cell.desc.num_irqchips; n < JH_MAX_IRQCHIPS; n++)
		tb_cell_add_irqchip(&cell, 0x08000000, 32 + n);
	for (n = cell.desc.num_pci_devices; n < JH_MAX_PCI_DEVICES; n++)
		tb_cell_add_pci(&cell, JH_PCI_TYPE_DEVICE, 1, n);
	EXPECT_CELL(&cell, ARM64, 0, "no error");

	tb_demo_cell(&cell, X86);
	for (n = cell.desc.num_pio_regions; n < JH_MAX_PIO_REGIONS; n++)
		tb_cell_add_pio(&cell, 0x1000 + n * 16, 16);
	EXPECT_CELL(&cell, X86, 0, "no error");

	tb_demo_system(&sys, ARM64);
	for (n = sys.root.desc.num_memory_regions; n < JH_MAX_MEM_REGIONS;
	     n++)
		tb_cell_add_mem(&sys.root, 0x0a100000 + n * 0x1000,
				0x0a100000 + n * 0x1000, 0x1000,
				RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
}

/* ---- header ----------------------------------------------------------- */

TEST(cell_smaller_than_header)
{
	struct tb_cell cell;
	uint64_t size;
	void *buf;

	tb_demo_cell(&cell, ARM64);
	buf = tb_cell_build(&cell, &size);
	EXPECT(jh_check_cell_config(tb_resize(buf, size, 103), 103, ARM64,
				    &e_), EINVAL_,
	       "header: size 103 is smaller than a cell config header "
	       "(104 bytes)");
	EXPECT(jh_check_cell_config(tb_resize(buf, size, 0), 0, ARM64, &e_),
	       EINVAL_, "header: size 0 is smaller than a cell config header "
	       "(104 bytes)");
	/* The bare header is readable, but the CPU set is missing. */
	EXPECT(jh_check_cell_config(tb_resize(buf, size, 104), 104, ARM64,
				    &e_), EINVAL_,
	       "header: size 104 (expected 208) is truncated");
}

TEST(null_data_refused)
{
	EXPECT(jh_check_cell_config(NULL, 4096, ARM64, &e_), EINVAL_,
	       "header: data is missing (NULL pointer)");
	EXPECT(jh_check_system_config(NULL, 4096, ARM64, &e_), EINVAL_,
	       "header: data is missing (NULL pointer)");
	EXPECT(jh_check_cell_config(NULL, 0, ARM64, &e_), EINVAL_,
	       "header: size 0 is smaller than a cell config header "
	       "(104 bytes)");
}

TEST(cell_signature)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size;
	void *buf;

	tb_demo_cell(&cell, ARM64);
	memcpy(cell.desc.signature, "JHCELX", 6);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: signature is not JHCELL (not a cell config)");

	tb_demo_system(&sys, ARM64);
	buf = tb_system_build(&sys, &size);
	EXPECT(jh_check_cell_config(buf, size, ARM64, &e_), EINVAL_,
	       "header: signature is JHSYST (a system config, not a cell "
	       "config)");
}

TEST(system_signature)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size;
	void *buf;

	tb_demo_system(&sys, ARM64);
	sys.desc.signature[0] = 'j';
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "header: signature is not JHSYST (not a system config)");

	/* A cell config large enough to hold a system header. */
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x70100000, 0x100000, 0x1000, RW);
	tb_cell_add_mem(&cell, 0x70200000, 0x200000, 0x1000, RW);
	tb_cell_add_mem(&cell, 0x70300000, 0x300000, 0x1000, RW);
	tb_cell_add_mem(&cell, 0x70400000, 0x400000, 0x1000, RW);
	tb_cell_add_mem(&cell, 0x70500000, 0x500000, 0x1000, RW);
	buf = tb_cell_build(&cell, &size);
	REQUIRE(size >= sizeof(struct jh_system_desc));
	EXPECT(jh_check_system_config(buf, size, ARM64, &e_), EINVAL_,
	       "header: signature is JHCELL (a cell config, not a system "
	       "config)");

	tb_demo_system(&sys, ARM64);
	memcpy(sys.root.desc.signature, "JHSYST", 6);
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "root cell: signature is not JHCELL (not a cell config)");
}

TEST(revision)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.revision = JH_CONFIG_REVISION + 1;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: revision 5 is not the supported revision 4");
	cell.desc.revision = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: revision 0 is not the supported revision 4");

	tb_demo_system(&sys, X86);
	sys.desc.revision = 7;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "header: revision 7 is not the supported revision 4");
	tb_demo_system(&sys, X86);
	sys.root.desc.revision = 7;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "root cell: revision 7 is not the supported revision 4");
}

TEST(arch)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	EXPECT_CELL(&cell, X86, EINVAL_, "header: arch 1 is not x86 (2)");
	tb_demo_cell(&cell, X86);
	EXPECT_CELL(&cell, ARM64, EINVAL_, "header: arch 2 is not arm64 (1)");
	EXPECT_CELL(&cell, 7, EINVAL_,
		    "header: arch 7 is not an arch the checker knows "
		    "(caller bug)");

	tb_demo_system(&sys, ARM64);
	EXPECT_SYSTEM(&sys, X86, EINVAL_, "header: arch 1 is not x86 (2)");
	sys.root.desc.arch = X86;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "root cell: arch 2 is not arm64 (1)");
}

TEST(counts_above_the_maximum)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.num_memory_regions = JH_MAX_MEM_REGIONS + 1;
	EXPECT_CELL(&cell, ARM64, -JH_E2BIG,
		    "header: num_memory_regions 257 is above "
		    "JH_MAX_MEM_REGIONS (256)");
	/* Far beyond the data: still the count, not the size, is named. */
	cell.desc.num_memory_regions = 0xffffffff;
	EXPECT_CELL(&cell, ARM64, -JH_E2BIG,
		    "header: num_memory_regions 4294967295 is above "
		    "JH_MAX_MEM_REGIONS (256)");

	tb_demo_cell(&cell, ARM64);
	cell.desc.num_irqchips = JH_MAX_IRQCHIPS + 1;
	EXPECT_CELL(&cell, ARM64, -JH_E2BIG,
		    "header: num_irqchips 17 is above JH_MAX_IRQCHIPS (16)");

	tb_demo_cell(&cell, X86);
	cell.desc.num_pio_regions = JH_MAX_PIO_REGIONS + 1;
	EXPECT_CELL(&cell, X86, -JH_E2BIG,
		    "header: num_pio_regions 65 is above "
		    "JH_MAX_PIO_REGIONS (64)");

	tb_demo_cell(&cell, ARM64);
	cell.desc.num_pci_devices = JH_MAX_PCI_DEVICES + 1;
	EXPECT_CELL(&cell, ARM64, -JH_E2BIG,
		    "header: num_pci_devices 65 is above "
		    "JH_MAX_PCI_DEVICES (64)");

	tb_demo_system(&sys, ARM64);
	sys.root.desc.num_irqchips = 100;
	EXPECT_SYSTEM(&sys, ARM64, -JH_E2BIG,
		      "root cell: num_irqchips 100 is above "
		      "JH_MAX_IRQCHIPS (16)");
}

TEST(pio_regions_refused_on_arm64)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	tb_cell_add_pio(&cell, 0x2f8, 8);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: num_pio_regions 1 must be 0 on arm64 (there is "
		    "no port I/O)");
}

TEST(cpu_set_size)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.cpu_set_size = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "header: cpu_set_size is zero");
	cell.desc.cpu_set_size = 12;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: cpu_set_size 12 is not a multiple of 8");
	cell.desc.cpu_set_size = JH_MAX_CPUS / 8 + 8;
	EXPECT_CELL(&cell, ARM64, -JH_E2BIG,
		    "header: cpu_set_size 40 holds more than JH_MAX_CPUS "
		    "(256) CPUs");
	cell.desc.cpu_set_size = JH_MAX_CPUS / 8;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.cpu_set_size = 16;
	EXPECT_CELL(&cell, ARM64, 0, "no error");

	tb_demo_system(&sys, ARM64);
	sys.root.desc.cpu_set_size = 4;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "root cell: cpu_set_size 4 is not a multiple of 8");
}

TEST(size_must_match_the_counts)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size;
	uint8_t *buf;

	tb_demo_cell(&cell, ARM64);
	buf = tb_cell_build(&cell, &size);
	EXPECT(jh_check_cell_config(tb_resize(buf, size, size - 1), size - 1,
				    ARM64, &e_), EINVAL_,
	       "header: size 207 (expected 208) is truncated");
	EXPECT(jh_check_cell_config(tb_resize(buf, size, size + 1), size + 1,
				    ARM64, &e_), EINVAL_,
	       "header: size 209 (expected 208) has trailing bytes");
	EXPECT(jh_check_cell_config(tb_resize(buf, size, size + 4096),
				    size + 4096, ARM64, &e_), EINVAL_,
	       "header: size 4304 (expected 208) has trailing bytes");

	/* A count raised in place: the array would run off the end. */
	((struct jh_cell_desc *)buf)->num_pci_devices++;
	EXPECT(jh_check_cell_config(buf, size, ARM64, &e_), EINVAL_,
	       "header: size 208 (expected 216) is truncated");

	tb_demo_system(&sys, ARM64);
	buf = tb_system_build(&sys, &size);
	CHECK_EQ(jh_check_system_config(buf, size, ARM64, NULL), 0);
	EXPECT(jh_check_system_config(tb_resize(buf, size, size - 1),
				      size - 1, ARM64, &e_), EINVAL_,
	       "root cell: size 559 (expected 560) is truncated");
	EXPECT(jh_check_system_config(tb_resize(buf, size, size + 1),
				      size + 1, ARM64, &e_), EINVAL_,
	       "root cell: size 561 (expected 560) has trailing bytes");
	EXPECT(jh_check_system_config(tb_resize(buf, size, 360), 360, ARM64,
				      &e_), EINVAL_,
	       "root cell: size 360 (expected 560) is truncated");
}

/* Every shorter prefix of a valid config is refused, and none is read
 * past its end (the buffers are exact). */
TEST(every_truncation_refused)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size, n;
	void *buf;

	tb_demo_cell(&cell, X86);
	buf = tb_cell_build(&cell, &size);
	for (n = 0; n < size; n++)
		CHECK(jh_check_cell_config(tb_resize(buf, size, n), n, X86,
					   NULL) == EINVAL_);
	tb_demo_system(&sys, X86);
	buf = tb_system_build(&sys, &size);
	for (n = 0; n < size; n++)
		CHECK(jh_check_system_config(tb_resize(buf, size, n), n, X86,
					     NULL) == EINVAL_);
}

TEST(name)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	memset(cell.desc.name, 'x', JH_CELL_NAME_LEN);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: name is not NUL-terminated within 32 bytes");
	cell.desc.name[JH_CELL_NAME_LEN - 1] = '\0';
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.name[0] = '\0';
	EXPECT_CELL(&cell, ARM64, EINVAL_, "header: name is empty");
	strcpy(cell.desc.name, "two\nlines");
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: name contains a non-printable character");
	strcpy(cell.desc.name, "caf\xc3\xa9");
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: name contains a non-printable character");
	strcpy(cell.desc.name, "with space ~");
	EXPECT_CELL(&cell, ARM64, 0, "no error");

	tb_demo_system(&sys, ARM64);
	sys.root.desc.name[0] = '\0';
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "root cell: name is empty");
}

TEST(cell_flags_and_reserved)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.flags = JH_CELL_VALID_FLAGS;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.flags = 0x8;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: flags 0x8 has unknown bits (valid: 0x0007)");
	cell.desc.flags = 0x80000001;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: flags 0x80000001 has unknown bits (valid: "
		    "0x0007)");
}

TEST(root_direct_irq)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.root.desc.flags = JH_CELL_DIRECT_IRQ;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "root cell: flags 0x4 sets JH_CELL_DIRECT_IRQ, which only "
		      "non-root cells may set");
}

TEST(console)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.console.type = JH_CON_MAX_TYPE + 1;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "console: type 7 is not a known JH_CON_* type (0-6)");
	cell.desc.console.type = JH_CON_NONE;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.console.type = JH_CON_CADENCE;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	/* Flags belong to the 8250 only. */
	cell.desc.console.flags = JH_CON_REG_SHIFT(2);
	EXPECT_CELL(&cell, ARM64, EINVAL_, "console: flags 0x2 must be zero");
	cell.desc.console.flags = 0;
	cell.desc.console.type = JH_CON_8250_MMIO;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	/* 8250 MMIO: register shift and access width only. */
	cell.desc.console.flags = JH_CON_REG_SHIFT(2) | JH_CON_IO32;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.console.flags = 8;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "console: flags 0x8 must be zero");
	cell.desc.console.type = JH_CON_PL011;
	cell.desc.console.flags = 1;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "console: flags 0x1 must be zero");
	cell.desc.console.flags = 0;
	cell.desc.console.type = JH_CON_8250_PIO;
	cell.desc.console.address = 0x2f8;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "console: type 2 (JH_CON_8250_PIO) exists only on x86");

	tb_demo_cell(&cell, X86);
	cell.desc.console.address = 0xfff8;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.desc.console.address = 0xfff9;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "console: address 0xfff9 leaves no room for the 8 UART "
		    "ports below 0x10000");
}

TEST(cpu_set_empty)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.cpus[0] = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "cpu set: contains no CPU");
	/* A CPU in a later word counts. */
	cell.desc.cpu_set_size = 16;
	tb_cell_add_cpu(&cell, 100);
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	/* Bits beyond cpu_set_size are not part of the config. */
	cell.desc.cpu_set_size = 8;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "cpu set: contains no CPU");

	tb_demo_system(&sys, ARM64);
	sys.root.cpus[0] = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "cpu set: contains no CPU");
}

/* ---- memory regions --------------------------------------------------- */

TEST(mem_size_zero)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].size = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "memory region 0: size is zero");
	tb_demo_cell(&cell, ARM64);
	cell.mem[1].size = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_, "memory region 1: size is zero");
}

TEST(mem_alignment)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start += 0x800;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: phys_start 0x70000800 is not 4 KiB "
		    "aligned");
	tb_demo_cell(&cell, ARM64);
	cell.mem[0].virt_start = 0x10;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: virt_start 0x10 is not 4 KiB aligned");
	tb_demo_cell(&cell, ARM64);
	cell.mem[0].size = 0x100800;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: size 0x100800 is not 4 KiB aligned");
	tb_demo_cell(&cell, ARM64);
	cell.mem[1].virt_start = 0x80000001;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: virt_start 0x80000001 is not 4 KiB "
		    "aligned");
}

TEST(mem_flags)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].flags |= 0x100;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: flags 0x147 has unknown bits (valid: "
		    "0x00ff)");
	tb_demo_cell(&cell, ARM64);
	cell.mem[0].flags = 1ULL << 63;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: flags 0x8000000000000000 has unknown "
		    "bits (valid: 0x00ff)");
	cell.mem[0].flags = JH_MEM_VALID_FLAGS & ~(JH_MEM_IO |
						   JH_MEM_COMM_REGION);
	EXPECT_CELL(&cell, ARM64, 0, "no error");
}

TEST(mem_wraps_around)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start = 0xfffffffffffff000;
	cell.mem[0].size = 0x2000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: phys_start 0xfffffffffffff000 (size "
		    "0x2000) wraps around the end of the address space");
	/* Ending exactly at 2^64 does not wrap, but no CPU has 64 bits. */
	cell.mem[0].size = 0x1000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: phys_start 0xfffffffffffff000 ends above "
		    "a physical address size of 48 bits");

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].virt_start = 0xffffffffffff0000;
	cell.mem[0].size = 0x100000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: virt_start 0xffffffffffff0000 (size "
		    "0x100000) wraps around the end of the address space");
	cell.mem[0].virt_start = 0xfffffffffff00000;
	cell.desc.cpu_reset_address = cell.mem[0].virt_start;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: virt_start 0xfffffffffff00000 ends above "
		    "a physical address size of 48 bits");
}

/* 2^48 + the hypervisor's base: aliases hypervisor memory once a page-table
 * writer drops bit 48. */
TEST(mem_phys_above_arm64_pa_size)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start = (1ULL << 48) + 0x7f000000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: phys_start 0x100007f000000 ends above a "
		    "physical address size of 48 bits");
	/* Starting below the limit but ending above it. */
	cell.mem[0].phys_start = (1ULL << 48) - 0x80000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 0: phys_start 0xfffffff80000 ends above a "
		    "physical address size of 48 bits");
	/* The last megabyte below the limit is fine. */
	cell.mem[0].phys_start = (1ULL << 48) - 0x100000;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
}

TEST(mem_phys_above_x86_pa_size)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, X86);
	cell.mem[0].phys_start = (1ULL << 52) + 0x3b000000;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "memory region 0: phys_start 0x1000003b000000 ends above a "
		    "physical address size of 52 bits");
	/* x86 allows 52 bits, arm64 48. */
	cell.mem[0].phys_start = 1ULL << 48;
	EXPECT_CELL(&cell, X86, 0, "no error");
}

TEST(mem_virt_above_pa_size)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[1].virt_start = 1ULL << 48;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: virt_start 0x1000000000000 ends above a "
		    "physical address size of 48 bits");
}

/* Comm regions have no phys_start of their own: any value is ignored. */
TEST(comm_region_phys_is_not_width_checked)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[1].phys_start = 1ULL << 60;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
}

TEST(console_above_pa_size)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.console.address = (1ULL << 48) + 0x09000000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "console: address 0x1000009000000 ends above a physical "
		    "address size of 48 bits");
}

TEST(system_addresses_above_pa_size)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.phys_start = 1ULL << 48;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "hypervisor memory: phys_start 0x1000000000000 ends "
		      "above a physical address size of 48 bits");
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gicd_base = (1ULL << 48) + 0x08000000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicd_base 0x1000008000000 ends above a "
		      "physical address size of 48 bits");
	tb_demo_system(&sys, ARM64);
	sys.root.mem[0].phys_start += 1ULL << 48;
	sys.root.mem[0].virt_start += 1ULL << 48;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 0: phys_start 0x1000040000000 ends above "
		      "a physical address size of 48 bits");
	/* The ECAM's size follows its last bus: 256 MiB here. */
	tb_demo_system(&sys, X86);
	sys.desc.platform.x86.mmconfig_base = (1ULL << 52) - 0x1000000;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "platform: mmconfig_base 0xfffffff000000 ends above a "
		      "physical address size of 52 bits");
	sys.desc.platform.x86.mmconfig_end_bus = 0xf;
	EXPECT_SYSTEM(&sys, X86, 0, "no error");
}

/* What the hypervisor checks with its CPU's physical address size. */
TEST(addr_bits_of_the_cpu)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t size;
	void *buf;

	tb_demo_system(&sys, ARM64);
	buf = tb_system_build(&sys, &size);
	EXPECT(jh_check_system_addr_bits(buf, 32, &e_), 0, "no error");
	EXPECT(jh_check_system_addr_bits(buf, 30, &e_), EINVAL_,
	       "hypervisor memory: phys_start 0x7f000000 ends above a "
	       "physical address size of 30 bits");

	tb_demo_system(&sys, X86);
	sys.desc.iommus[0].type = JH_IOMMU_VTD;
	sys.desc.iommus[0].base = 0xfed90000;
	sys.desc.iommus[0].size = 0x1000;
	buf = tb_system_build(&sys, &size);
	EXPECT(jh_check_system_addr_bits(buf, 32, &e_), 0, "no error");
	sys.desc.iommus[0].base = 0x1fed90000ULL;
	buf = tb_system_build(&sys, &size);
	EXPECT(jh_check_system_addr_bits(buf, 32, &e_), EINVAL_,
	       "iommu 0: base 0x1fed90000 ends above a physical address "
	       "size of 32 bits");

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start = 1ULL << 40;
	buf = tb_cell_build(&cell, &size);
	EXPECT(jh_check_cell_addr_bits(buf, 48, &e_), 0, "no error");
	EXPECT(jh_check_cell_addr_bits(buf, 40, &e_), EINVAL_,
	       "memory region 0: phys_start 0x10000000000 ends above a "
	       "physical address size of 40 bits");
	EXPECT(jh_check_cell_addr_bits(buf, 64, &e_), 0, "no error");
}

TEST(msg_reply_timeout_bounded)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.msg_reply_timeout = JH_MAX_REPLY_TIMEOUT_MS;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.desc.msg_reply_timeout = JH_MAX_REPLY_TIMEOUT_MS + 1;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: msg_reply_timeout 1001 is above 1000 ms, the "
		    "longest the hypervisor waits for a reply");
	cell.desc.msg_reply_timeout = ~0ULL;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: msg_reply_timeout 18446744073709551615 is above "
		    "1000 ms, the longest the hypervisor waits for a reply");
}

TEST(reset_address_in_executable_memory)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.desc.cpu_reset_address = cell.mem[0].size;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: cpu_reset_address 0x100000 is not in an "
		    "executable memory region of the cell");
	cell.desc.cpu_reset_address = cell.mem[0].size - 4;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.mem[0].flags &= ~(uint64_t)JH_MEM_EXECUTE;
	cell.desc.cpu_reset_address = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "header: cpu_reset_address 0x0 is not in an executable "
		    "memory region of the cell");
}

TEST(x86_reset_address_below_1mib)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, X86);
	cell.mem[0].size = 0x200000;
	cell.desc.cpu_reset_address = 0x100000;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "header: cpu_reset_address 0x100000 is not below 1 MiB "
		    "(x86 cell CPUs start in real mode)");
	cell.desc.cpu_reset_address = 0xffff0;
	EXPECT_CELL(&cell, X86, 0, "no error");
}

TEST(comm_region)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.mem[1].size = 0x2000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: size 0x2000 is not one page (0x1000), "
		    "as a comm region must be");

	/* The hypervisor provides the page: phys_start is not looked at. */
	tb_demo_cell(&cell, ARM64);
	cell.mem[1].phys_start = 0x123;
	EXPECT_CELL(&cell, ARM64, 0, "no error");

	tb_demo_cell(&cell, ARM64);
	cell.mem[1].flags |= JH_MEM_LOADABLE;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: flags 0x63 combine JH_MEM_COMM_REGION "
		    "with IO, DMA, LOADABLE or ROOTSHARED");
	tb_demo_cell(&cell, ARM64);
	cell.mem[1].flags |= JH_MEM_ROOTSHARED;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: flags 0xa3 combine JH_MEM_COMM_REGION "
		    "with IO, DMA, LOADABLE or ROOTSHARED");

	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0, 0x80001000, 0x1000, RW | JH_MEM_COMM_REGION);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: is a second comm region; the first is "
		    "memory region 1");
	/* The first one at index 0. */
	tb_cell_init(&cell, ARM64, "comm-first");
	tb_cell_add_cpu(&cell, 1);
	tb_cell_add_mem(&cell, 0, 0x80000000, 0x1000, RW | JH_MEM_COMM_REGION);
	tb_cell_add_mem(&cell, 0, 0x80001000, 0x1000, RW | JH_MEM_COMM_REGION);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 1: is a second comm region; the first is "
		    "memory region 0");
	/* None at all is fine: a passive cell may not need one. */
	tb_demo_cell(&cell, ARM64);
	cell.desc.num_memory_regions = 1;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
}

TEST(io_regions)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x09000000, 0x09000000, 0x1000, RW | JH_MEM_IO);
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	cell.mem[2].flags |= JH_MEM_LOADABLE;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: flags 0x53 combine JH_MEM_IO with "
		    "JH_MEM_LOADABLE or JH_MEM_EXECUTE");
	cell.mem[2].flags = RWX | JH_MEM_IO;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: flags 0x17 combine JH_MEM_IO with "
		    "JH_MEM_LOADABLE or JH_MEM_EXECUTE");
}

TEST(mem_guest_physical_overlap)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x70100000, 0xff000, 0x2000, RW);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: virt_start 0xff000 overlaps the "
		    "guest-physical range of memory region 0");
	/* Adjacent is fine. */
	cell.mem[2].virt_start = 0x100000;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	/* The comm region takes guest-physical space too. */
	cell.mem[2].virt_start = 0x7ffff000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: virt_start 0x7ffff000 overlaps the "
		    "guest-physical range of memory region 1");
	/* Two guest views of the same physical memory are allowed. */
	cell.mem[2].phys_start = 0x70000000;
	cell.mem[2].virt_start = 0x40000000;
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	/* A region containing another one overlaps it. */
	cell.mem[2].virt_start = 0;
	cell.mem[2].size = 0x200000;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "memory region 2: virt_start 0x0 overlaps the "
		    "guest-physical range of memory region 0");
}

/* ---- system header ---------------------------------------------------- */

TEST(system_smaller_than_header)
{
	struct tb_system sys;
	uint64_t size;
	void *buf;

	tb_demo_system(&sys, ARM64);
	buf = tb_system_build(&sys, &size);
	EXPECT(jh_check_system_config(tb_resize(buf, size, 359), 359, ARM64,
				      &e_), EINVAL_,
	       "header: size 359 is smaller than a system config header "
	       "(360 bytes)");
}

TEST(system_flags)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.desc.flags = 1;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "header: flags 0x1 must be zero");
}

TEST(hypervisor_memory)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.size = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "hypervisor memory: size is zero");
	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.phys_start += 0x800;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "hypervisor memory: phys_start 0x7f000800 is not 4 KiB "
		      "aligned");
	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.size += 0x800;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "hypervisor memory: size 0x1000800 is not 4 KiB aligned");
	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.phys_start = 0xffffffffff000000;
	sys.desc.hypervisor_memory.size = 0x2000000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "hypervisor memory: phys_start 0xffffffffff000000 (size "
		      "0x2000000) wraps around the end of the address space");
	tb_demo_system(&sys, ARM64);
	sys.desc.hypervisor_memory.flags |= 0x100;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "hypervisor memory: flags 0x107 has unknown bits "
		      "(valid: 0x00ff)");
}

TEST(root_memory_overlaps_hypervisor)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.root.mem[0].size += 0x100000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 0: phys_start 0x40000000 (size "
		      "0x3f100000) overlaps the hypervisor memory");
	/* A region around the whole hypervisor memory. */
	tb_demo_system(&sys, X86);
	sys.root.mem[0].size = 0x40000000;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "memory region 0: phys_start 0x0 (size 0x40000000) "
		      "overlaps the hypervisor memory");
	/* Its comm region (phys_start ignored) does not count. */
	tb_demo_system(&sys, ARM64);
	tb_cell_add_mem(&sys.root, 0x7f000000, 0x90000000, 0x1000,
			RW | JH_MEM_COMM_REGION);
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
}

TEST(root_memory_is_1to1)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.root.mem[1].virt_start = 0x19000000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 1: virt_start 0x19000000 (phys_start "
		      "0x9000000) must equal phys_start (the root cell is "
		      "mapped 1:1)");
}

TEST(root_memory_maps_gicd)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	/* The redistributors are fine... */
	tb_cell_add_mem(&sys.root, 0x080a0000, 0x080a0000, 0x80000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	/* ...the distributor is emulated. */
	tb_cell_add_mem(&sys.root, 0x08000000, 0x08000000, 0x10000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 5: phys_start 0x8000000 (size 0x10000) "
		      "overlaps the GIC distributor (emulated, never mapped)");
	sys.root.mem[5].phys_start = sys.root.mem[5].virt_start = 0x0800f000;
	sys.root.mem[5].size = 0x1000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 5: phys_start 0x800f000 (size 0x1000) "
		      "overlaps the GIC distributor (emulated, never mapped)");
}

/*
 * GICv3 redistributors: mapped for CPUs (each cell's own frames), never
 * for DMA, which an IOMMU would map whole (issue 30). The demo root has
 * CPUs 0-3: frames 0x80a0000-0x812ffff.
 */
TEST(dma_memory_over_gicr)
{
	struct tb_system sys;
	unsigned int m;

	tb_demo_system(&sys, ARM64);
	m = tb_cell_add_mem(&sys.root, 0x08100000, 0x08100000, 0x10000,
			    RW | JH_MEM_DMA);
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 4: phys_start 0x8100000 (size 0x10000) "
		      "is DMA memory over the GICv3 redistributors");
	CHECK_EQ(m, 4);
	/* As I/O memory it never enters an I/O page table. */
	sys.root.mem[m].flags = RW | JH_MEM_IO | JH_MEM_DMA;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	/* Past the last CPU's frame. */
	sys.root.mem[m].flags = RW | JH_MEM_DMA;
	sys.root.mem[m].phys_start = sys.root.mem[m].virt_start = 0x08120000;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
}

/* QEMU virt with gic-version=2 (configs/arm64/qemu-virt-gicv2.c). */
static void tb_gicv2_system(struct tb_system *sys)
{
	tb_demo_system(sys, ARM64);
	sys->desc.platform.arm64.gic_version = 2;
	sys->desc.platform.arm64.gicc_base = 0x08010000;
	sys->desc.platform.arm64.gicr_stride = 0;
	sys->desc.platform.arm64.gich_base = 0x08030000;
	sys->desc.platform.arm64.gicv_base = 0x08040000;
}

TEST(arm64_gicv2_platform)
{
	struct tb_system sys;

	tb_gicv2_system(&sys);
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	/* GIC-400 frames are 4 KiB apart on some boards (Raspberry Pi 4). */
	sys.desc.platform.arm64.gicd_base = 0xff841000;
	sys.desc.platform.arm64.gicc_base = 0xff842000;
	sys.root.irqchips[0].address = 0xff841000;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	sys.desc.platform.arm64.gicc_base = 0xff842800;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicc_base 0xff842800 is not 4 KiB aligned");
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gicc_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gicc_base is zero");
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gich_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gich_base is zero");
	sys.desc.platform.arm64.gich_base = 0x08030100;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gich_base 0x8030100 is not 4 KiB aligned");
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gicv_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gicv_base is zero");
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gicd_base = 0x08000800;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicd_base 0x8000800 is not 4 KiB aligned");
	/* A GICv2 has no redistributors. */
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gicr_stride = 0x20000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicr_stride 0x20000 belongs to the other "
		      "gic_version and must be 0");
	tb_gicv2_system(&sys);
	sys.desc.platform.arm64.gicv_base = 0x1000000000000ULL;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicv_base 0x1000000000000 ends above a "
		      "physical address size of 48 bits");
}

TEST(arm64_gicv2_frames_not_memory)
{
	static const uint64_t frame[] = {
		0x08010000, 0x08011000, 0x08030000, 0x08040000, 0x08041000,
	};
	struct tb_system sys;
	char want[160];
	unsigned int n;

	for (n = 0; n < sizeof(frame) / sizeof(frame[0]); n++) {
		tb_gicv2_system(&sys);
		tb_cell_add_mem(&sys.root, frame[n], frame[n], 0x1000,
				RW | JH_MEM_IO);
		snprintf(want, sizeof(want),
			 "memory region 4: phys_start 0x%llx (size 0x1000) "
			 "overlaps a GICv2 CPU, control or virtual CPU "
			 "interface (never mapped as memory)",
			 (unsigned long long)frame[n]);
		EXPECT_SYSTEM(&sys, ARM64, EINVAL_, want);
	}
	/* The GICv2m frame between them is no GIC interface. */
	tb_gicv2_system(&sys);
	tb_cell_add_mem(&sys.root, 0x08020000, 0x08020000, 0x1000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	/* GICv2's distributor is one 4 KiB page. */
	tb_gicv2_system(&sys);
	tb_cell_add_mem(&sys.root, 0x08000000, 0x08000000, 0x1000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 4: phys_start 0x8000000 (size 0x1000) "
		      "overlaps the GIC distributor (emulated, never mapped)");
}

TEST(root_irqchip_must_be_gicd)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.root.irqchips[0].address = 0x08010000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "irqchip 0: address 0x8010000 is not the GICD base "
		      "0x8000000");
}

TEST(arm64_platform)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gic_version = 4;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gic_version 4 is neither 2 (GICv2) nor 3 "
		      "(GICv3)");
	/* A GICv3 config with GICv2 frames left over. */
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gich_base = 0x08030000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gich_base 0x8030000 belongs to the other "
		      "gic_version and must be 0");
	sys.desc.platform.arm64.gich_base = 0;
	sys.desc.platform.arm64.gicv_base = 0x08040000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicv_base 0x8040000 belongs to the other "
		      "gic_version and must be 0");
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gicd_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gicd_base is zero");
	sys.desc.platform.arm64.gicd_base = 0x08001000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicd_base 0x8001000 is not 64 KiB aligned");
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gicr_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gicr_base is zero");
	sys.desc.platform.arm64.gicr_base = 0x080a8000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicr_base 0x80a8000 is not 64 KiB aligned");
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.gicr_stride = 0;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_, "platform: gicr_stride is zero");
	sys.desc.platform.arm64.gicr_stride = 0x1000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: gicr_stride 0x1000 is not 64 KiB aligned");
	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.maintenance_irq = 32;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: maintenance_irq 32 is not a PPI (16-31)");
	sys.desc.platform.arm64.maintenance_irq = 15;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: maintenance_irq 15 is not a PPI (16-31)");
	sys.desc.platform.arm64.maintenance_irq = 16;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	sys.desc.platform.arm64.maintenance_irq = 31;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	sys.desc.platform.arm64.reserved0[6] = 2;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: reserved0 0x2 must be zero");
	sys.desc.platform.arm64.reserved0[6] = 0;
	sys.desc.platform.arm64.pci_ecam_base = 0x4010000800;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: pci_ecam_base 0x4010000800 is not 4 KiB "
		      "aligned");
	sys.desc.platform.arm64.pci_ecam_base = 0x4010000000;
	sys.desc.platform.arm64.pci_ecam_end_bus = 255;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	/* The ECAM's size follows its last bus: 256 MiB here. */
	sys.desc.platform.arm64.pci_ecam_base = (1ULL << 48) - 0x1000000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "platform: pci_ecam_base 0xffffff000000 ends above a "
		      "physical address size of 48 bits");
}

TEST(x86_platform)
{
	struct tb_system sys;

	tb_demo_system(&sys, X86);
	sys.desc.platform.x86.reserved0 = 1;
	EXPECT_SYSTEM(&sys, X86, EINVAL_, "platform: reserved0 0x1 must be zero");
	tb_demo_system(&sys, X86);
	sys.desc.platform.x86.reserved1 = 0x10;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "platform: reserved1 0x10 must be zero");
	tb_demo_system(&sys, X86);
	sys.desc.platform.x86.reserved[4] = 0xdead;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "platform: reserved 0xdead must be zero");
	tb_demo_system(&sys, X86);
	sys.desc.platform.x86.mmconfig_base = 0xb0000800;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "platform: mmconfig_base 0xb0000800 is not 4 KiB "
		      "aligned");
}

/* One type per system, of the arch, used slots first, sane windows. */
TEST(iommu_units)
{
	struct tb_system sys;
	struct jh_iommu *u = sys.desc.iommus;

	tb_demo_system(&sys, X86);
	EXPECT_SYSTEM(&sys, X86, 0, "no error");
	u[0] = (struct jh_iommu){ .type = JH_IOMMU_AMD, .base = 0xfed80000,
				  .size = 0x4000, .amd_bdf = 0x10,
				  .amd_cap = 0x40 };
	EXPECT_SYSTEM(&sys, X86, 0, "no error");
	u[0].base = 0xfed80001;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 0: base 0xfed80001 is not 4 KiB aligned");
	u[0].base = 0xfed80000;
	u[0].size = 0x4100;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 0: size 0x4100 is not a multiple of 4 KiB up to "
		      "1 MiB");
	u[0].size = 0;
	EXPECT_SYSTEM(&sys, X86, EINVAL_, "iommu 0: size is zero");
	u[0].size = 0x4000;
	u[0].type = JH_IOMMU_SMMUV3;
	u[0].amd_bdf = 0;
	u[0].amd_cap = 0;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 0: type 3 is not an IOMMU type of this arch "
		      "(x86: 1 AMD-Vi, 2 VT-d; arm64: 3 SMMUv3)");
	u[0].type = JH_IOMMU_VTD;
	u[0].amd_cap = 0x40;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 0: amd_bdf 0x0 is for AMD-Vi units only, must "
		      "be 0");
	u[0].amd_cap = 0;
	u[2] = u[0];
	u[2].base = 0xfed91000;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 2: type 2 follows an unused slot: used units come "
		      "first");
	u[1] = u[2];
	u[2].type = JH_IOMMU_NONE;
	u[1].base = 0xfed82000;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 1: base 0xfed82000 overlaps the registers of "
		      "unit 0");
	u[1].base = 0xfed90000;
	u[1].type = JH_IOMMU_AMD;
	u[1].amd_cap = 0x40;
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "iommu 1: type 1 (unit 0 2) differs from unit 0's type: "
		      "one IOMMU type per system");
	u[1].type = JH_IOMMU_VTD;
	u[1].amd_cap = 0;
	u[1].flags = 1;
	EXPECT_SYSTEM(&sys, X86, EINVAL_, "iommu 1: flags 0x1 must be zero");
	u[1].flags = 0;
	EXPECT_SYSTEM(&sys, X86, 0, "no error");

	tb_demo_system(&sys, ARM64);
	u[0] = (struct jh_iommu){ .type = JH_IOMMU_SMMUV3,
				  .base = 0x09050000, .size = 0x20000 };
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	u[0].type = JH_IOMMU_VTD;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "iommu 0: type 2 is not an IOMMU type of this arch "
		      "(x86: 1 AMD-Vi, 2 VT-d; arm64: 3 SMMUv3)");
	u[0].type = JH_IOMMU_SMMUV3;
	u[0].base = sys.desc.hypervisor_memory.phys_start;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "iommu 0: base 0x7f000000 (size 0x20000) overlaps the "
		      "hypervisor memory");
}

TEST(debug_console)
{
	struct tb_system sys;

	tb_demo_system(&sys, ARM64);
	sys.desc.debug_console.type = 9;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "debug console: type 9 is not a known JH_CON_* type "
		      "(0-6)");
	sys.desc.debug_console.type = JH_CON_NONE;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");
	sys.desc.debug_console.flags = 0x8000;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "debug console: flags 0x8000 must be zero");
	tb_demo_system(&sys, ARM64);
	sys.desc.debug_console.type = JH_CON_8250_PIO;
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "debug console: type 2 (JH_CON_8250_PIO) exists only on "
		      "x86");
}

/* ---- irqchips --------------------------------------------------------- */

TEST(irqchip_pin_base_overflow)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, X86);
	memset(cell.irqchips[0].pin_bitmap, 0,
	       sizeof(cell.irqchips[0].pin_bitmap));
	cell.irqchips[0].pin_base = 0xffffff80;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "irqchip 0: pin_base 0xffffff80 plus 128 pins overflows "
		    "32 bits");
	cell.irqchips[0].pin_base = 0xffffff7f;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.irqchips[0].pin_bitmap[3] = 0x80000000;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.irqchips[0].pin_base = 0xffffffff;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "irqchip 0: pin_base 0xffffffff plus 128 pins overflows "
		    "32 bits");
}

TEST(arm64_irqchips_hold_spis_only)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, ARM64);
	cell.irqchips[0].pin_base = 16;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "irqchip 0: pin_base 16 is below 32 (arm64 irqchips hold "
		    "SPIs only)");
	cell.irqchips[0].pin_base = 0;
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "irqchip 0: pin_base 0 is below 32 (arm64 irqchips hold "
		    "SPIs only)");
	/* Fine on x86, where pin_base is an IOAPIC pin. */
	tb_demo_cell(&cell, X86);
	cell.irqchips[0].pin_base = 0;
	EXPECT_CELL(&cell, X86, 0, "no error");
	/* x86 id: unknown (0) or a flagged 16-bit IOAPIC requester ID. */
	cell.irqchips[0].id = JH_IOAPIC_SID(0xff00);
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.irqchips[0].id = 2;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "irqchip 0: id 0x2 is neither 0 nor JH_IOAPIC_SID_VALID | "
		    "a 16-bit requester ID");
	cell.irqchips[0].id = JH_IOAPIC_SID_VALID | 0x10000;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "irqchip 0: id 0x80010000 is neither 0 nor "
		    "JH_IOAPIC_SID_VALID | a 16-bit requester ID");
	/* arm64 keeps its id unchecked. */
	tb_demo_cell(&cell, ARM64);
	cell.irqchips[0].id = 2;
	EXPECT_CELL(&cell, ARM64, 0, "no error");

	tb_demo_cell(&cell, ARM64);
	memset(cell.irqchips[0].pin_bitmap, 0,
	       sizeof(cell.irqchips[0].pin_bitmap));
	cell.irqchips[0].pin_base = 992;
	tb_irqchip_add_pin(&cell, 0, 1019);
	EXPECT_CELL(&cell, ARM64, 0, "no error");
	tb_irqchip_add_pin(&cell, 0, 1020);
	EXPECT_CELL(&cell, ARM64, EINVAL_,
		    "irqchip 0: pin 1020 is above 1019, the last SPI");
}

/* ---- pio regions ------------------------------------------------------ */

TEST(pio_regions)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, X86);
	cell.pio[0].length = 0;
	EXPECT_CELL(&cell, X86, EINVAL_, "pio region 0: length is zero");
	cell.pio[0].base = 0xfff8;
	cell.pio[0].length = 8;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.pio[0].base = 0xfff9;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pio region 0: base 0xfff9 (length 0x8) extends beyond "
		    "port 0xffff");
	cell.pio[0].base = 2;
	cell.pio[0].length = 0xffff;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pio region 0: base 0x2 (length 0xffff) extends beyond "
		    "port 0xffff");
	/* Ports 1..0xffff: ends exactly at the top. */
	cell.pio[0].base = 1;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.pio[0].reserved = 7;
	EXPECT_CELL(&cell, X86, EINVAL_, "pio region 0: reserved 0x7 must be zero");
}

/* ---- pci devices ------------------------------------------------------ */

TEST(pci_devices)
{
	struct tb_cell cell;

	tb_demo_cell(&cell, X86);
	cell.pci[0].type = 0;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 0: type 0 is not JH_PCI_TYPE_DEVICE (1) or "
		    "JH_PCI_TYPE_BRIDGE (2)");
	cell.pci[0].type = 3;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 0: type 3 is not JH_PCI_TYPE_DEVICE (1) or "
		    "JH_PCI_TYPE_BRIDGE (2)");
	cell.pci[0].type = JH_PCI_TYPE_BRIDGE;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.pci[0].flags = JH_PCI_DMA_UNCONFINED;
	EXPECT_CELL(&cell, X86, 0, "no error");
	cell.pci[0].flags = 0x2;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 0: flags 0x2 has unknown bits (valid: 0x01)");
	cell.pci[0].flags = 0;
	cell.pci[0].reserved1 = 0x100;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 0: reserved1 0x100 must be zero");

	tb_demo_cell(&cell, X86);
	tb_cell_add_pci(&cell, JH_PCI_TYPE_DEVICE, 1, 0x0010);
	EXPECT_CELL(&cell, X86, 0, "no error");
	tb_cell_add_pci(&cell, JH_PCI_TYPE_BRIDGE, 0, 0x0010);
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 2: device 0000:00:02.0 is listed twice, also "
		    "as pci device 0");
	cell.pci[2].domain = 0x12;
	cell.pci[2].bdf = 0xabcd;
	cell.pci[1].domain = 0x12;
	cell.pci[1].bdf = 0xabcd;
	EXPECT_CELL(&cell, X86, EINVAL_,
		    "pci device 2: device 0012:ab:19.5 is listed twice, also "
		    "as pci device 1");
}

/* ---- cell against system ---------------------------------------------- */

TEST(in_system_arch)
{
	struct tb_system sys;
	struct tb_cell cell;
	uint64_t sys_size, cell_size;
	void *sys_buf, *cell_buf;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, X86);
	sys_buf = tb_system_build(&sys, &sys_size);
	cell_buf = tb_cell_build(&cell, &cell_size);
	EXPECT(jh_check_cell_in_system(sys_buf, cell_buf, &e_), EINVAL_,
	       "header: arch 2 differs from the system config's arch 1");
}

TEST(in_system_cpus)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_cpu(&cell, 7);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "cpu set: CPU 7 does not exist in the root cell");
	tb_demo_cell(&cell, ARM64);
	cell.desc.cpu_set_size = 32;
	tb_cell_add_cpu(&cell, 200);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "cpu set: CPU 200 does not exist in the root cell");
	/* A root CPU set larger than the cell's is fine. */
	tb_demo_cell(&cell, ARM64);
	sys.root.desc.cpu_set_size = 32;
	tb_cell_add_cpu(&sys.root, 255);
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");

	/* A cell CPU set larger than root's: the bits past root's set are
	 * not root CPUs, whatever bytes follow it (here an odd phys_start of
	 * a comm region, which is ignored). */
	tb_demo_system(&sys, ARM64);
	sys.root.mem[0].phys_start = 1;
	sys.root.mem[0].virt_start = 0x90000000;
	sys.root.mem[0].size = 0x1000;
	sys.root.mem[0].flags = RW | JH_MEM_COMM_REGION;
	tb_cell_add_mem(&sys.root, 0x70000000, 0x70000000, 0xf000000, RWX);
	tb_demo_cell(&cell, ARM64);
	cell.desc.cpu_set_size = 16;
	tb_cell_add_cpu(&cell, 64);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "cpu set: CPU 64 does not exist in the root cell");

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_cpu(&cell, 0);
	tb_cell_add_cpu(&cell, 1);
	tb_cell_add_cpu(&cell, 2);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "cpu set: takes every CPU of the root cell, which "
			 "must keep one");
	cell.cpus[0] = 0xe;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
}

TEST(in_system_memory_overlaps_hypervisor)
{
	struct tb_system sys;
	struct tb_cell cell;
	struct jh_config_error err;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start = 0x7fa00000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 0: phys_start 0x7fa00000 (size "
			 "0x100000) overlaps the hypervisor memory");
	CHECK_EQ(in_system_check(&sys, &cell, &err), EINVAL_);
	CHECK_STR(err.item, "memory region");
	CHECK_EQ(err.index, 0);
	CHECK_STR(err.field, "phys_start");
	CHECK_EQ(err.value, 0x7fa00000);
	CHECK_EQ(err.value2, 0x100000);
	CHECK_STR(err.reason, "overlaps the hypervisor memory");
	CHECK(err.other_cell == NULL);

	/* Shared with root or not, the hypervisor is off limits. */
	cell.mem[0].flags |= JH_MEM_ROOTSHARED;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 0: phys_start 0x7fa00000 (size "
			 "0x100000) overlaps the hypervisor memory");
	cell.mem[0].phys_start = 0x7eff0000;
	cell.mem[0].size = 0x20000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 0: phys_start 0x7eff0000 (size "
			 "0x20000) overlaps the hypervisor memory");
	/* Right below it is root memory. */
	cell.mem[0].phys_start = 0x7ef00000;
	cell.mem[0].size = 0x100000;
	cell.mem[0].flags &= ~JH_MEM_ROOTSHARED;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
}

TEST(in_system_memory_maps_gicd)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x08000000, 0x08000000, 0x10000,
			RW | JH_MEM_IO | JH_MEM_ROOTSHARED);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0x8000000 (size 0x10000) "
			 "overlaps the GIC distributor (emulated, never "
			 "mapped)");
}

TEST(root_memory_maps_x86_devices)
{
	struct tb_system sys;
	unsigned int n;

	tb_demo_system(&sys, X86);
	n = tb_cell_add_mem(&sys.root, 0xfee00000, 0xfee00000, 0x1000,
			    RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "memory region 2: phys_start 0xfee00000 (size 0x1000) "
		      "overlaps the local APIC page 0xfee00000 (owned by the "
		      "hypervisor, never mapped)");
	/* A window ending just below is fine. */
	sys.root.mem[n].phys_start = 0xfed00000;
	sys.root.mem[n].virt_start = 0xfed00000;
	sys.root.mem[n].size = 0x100000;
	EXPECT_SYSTEM(&sys, X86, 0, "no error");

	tb_demo_system(&sys, X86);
	tb_cell_add_mem(&sys.root, 0xc0000000, 0xc0000000, 0x3ec01000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "memory region 2: phys_start 0xc0000000 (size "
		      "0x3ec01000) overlaps an IOAPIC of the root cell "
		      "(emulated, never mapped)");

	tb_demo_system(&sys, X86);
	tb_cell_add_mem(&sys.root, 0xbff00000, 0xbff00000, 0x200000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "memory region 2: phys_start 0xbff00000 (size 0x200000) "
		      "overlaps the PCI ECAM (emulated, never mapped)");
	/* Without an ECAM, nothing to overlap. */
	sys.desc.platform.x86.mmconfig_base = 0;
	EXPECT_SYSTEM(&sys, X86, 0, "no error");

	tb_demo_system(&sys, X86);
	sys.desc.iommus[0].type = JH_IOMMU_VTD;
	sys.desc.iommus[0].base = 0xfed90000;
	sys.desc.iommus[0].size = 0x1000;
	tb_cell_add_mem(&sys.root, 0xfed90000, 0xfed90000, 0x1000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, X86, EINVAL_,
		      "memory region 2: phys_start 0xfed90000 (size 0x1000) "
		      "overlaps an IOMMU (owned by the hypervisor, never "
		      "mapped)");
}

/* Shared with root or not, a cell never maps an emulated device. */
TEST(in_system_memory_maps_x86_devices)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, X86);
	tb_demo_cell(&cell, X86);
	tb_cell_add_mem(&cell, 0xfee00000, 0x100000, 0x1000,
			RW | JH_MEM_IO | JH_MEM_ROOTSHARED);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0xfee00000 (size 0x1000) "
			 "overlaps the local APIC page 0xfee00000 (owned by the "
			 "hypervisor, never mapped)");
	cell.mem[2].phys_start = 0xfec00000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0xfec00000 (size 0x1000) "
			 "overlaps an IOAPIC of the root cell (emulated, never "
			 "mapped)");
	cell.mem[2].phys_start = 0xb0010000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0xb0010000 (size 0x1000) "
			 "overlaps the PCI ECAM (emulated, never mapped)");
}

TEST(in_system_memory_inside_root)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	cell.mem[0].phys_start = 0x90000000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 0: phys_start 0x90000000 (size "
			 "0x100000) is not inside any memory region of the "
			 "root cell");
	/* Sticking out of a root region. */
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x0a003000, 0x0a003000, 0x2000, RW | JH_MEM_IO);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0xa003000 (size 0x2000) "
			 "is not inside any memory region of the root cell");
	cell.mem[2].size = 0x1000;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
	/* Below a root region. */
	cell.mem[2].phys_start = 0x3ffff000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0x3ffff000 (size 0x1000) "
			 "is not inside any memory region of the root cell");
	/* ROOTSHARED memory need not come out of the root's list. */
	cell.mem[2].flags |= JH_MEM_ROOTSHARED;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
	/* Nor does the comm region's (ignored) phys_start. */
	tb_demo_cell(&cell, ARM64);
	cell.mem[1].phys_start = 0x7f000000;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
}

TEST(in_system_irqchips)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	cell.irqchips[0].address = 0x08010000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 0: address 0x8010000 is not the GICD base "
			 "0x8000000");

	/* Root owns INTIDs 32..159. */
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_irqchip(&cell, 0x08000000, 160);
	tb_irqchip_add_pin(&cell, 1, 200);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 1: pin 200 is not owned by the root cell");
	/* The first pin past the root chip's 128. */
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_irqchip(&cell, 0x08000000, 160);
	tb_irqchip_add_pin(&cell, 1, 160);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 1: pin 160 is not owned by the root cell");
	tb_demo_cell(&cell, ARM64);
	tb_irqchip_add_pin(&cell, 0, 159);
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
	sys.root.irqchips[0].pin_bitmap[3] &= ~0x80000000U;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 0: pin 159 is not owned by the root cell");

	/* x86: pins belong to one IOAPIC, found by its address. */
	tb_demo_system(&sys, X86);
	tb_demo_cell(&cell, X86);
	cell.irqchips[0].address = 0xfec01000;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 0: pin 3 is not owned by the root cell");
	tb_demo_cell(&cell, X86);
	tb_irqchip_add_pin(&cell, 0, 24);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "irqchip 0: pin 24 is not owned by the root cell");
}

TEST(in_system_pci)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, X86);
	tb_demo_cell(&cell, X86);
	cell.pci[0].bdf = 0x0028;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "pci device 0: device 0000:00:05.0 is not listed in "
			 "the root cell");
	cell.pci[0].bdf = 0x0010;
	cell.pci[0].domain = 1;
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "pci device 0: device 0001:00:02.0 is not listed in "
			 "the root cell");
}

/* M5: arm64 does not mediate the root's ECAM, so no device may move. */
TEST(in_system_pci_arm64_cell)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
	tb_cell_add_pci(&cell, JH_PCI_TYPE_DEVICE, 0, 0x0010);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "pci device 0: device 0000:00:02.0 cannot go to an "
			 "arm64 cell: no pci_ecam_base, root keeps access");
	/* With a trapped ECAM: allowed, if root lists the device. */
	sys.desc.platform.arm64.pci_ecam_base = 0x4010000000;
	EXPECT_IN_SYSTEM(&sys, &cell, 0, "no error");
	tb_cell_add_pci(&cell, JH_PCI_TYPE_DEVICE, 0, 0x0020);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "pci device 1: device 0000:00:04.0 is not listed in "
			 "the root cell");
}

/* The arm64 ECAM is trapped: no region of root or a cell may map it. */
TEST(arm64_ecam_overlap)
{
	struct tb_system sys;
	struct tb_cell cell;

	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.pci_ecam_base = 0x4010000000;
	sys.desc.platform.arm64.pci_ecam_end_bus = 255;
	tb_cell_add_mem(&sys.root, 0x4010000000, 0x4010000000, 0x10000000,
			RW | JH_MEM_IO);
	EXPECT_SYSTEM(&sys, ARM64, EINVAL_,
		      "memory region 4: phys_start 0x4010000000 (size "
		      "0x10000000) overlaps the PCI ECAM (emulated, never "
		      "mapped)");
	/* Without an ECAM, nothing to overlap. */
	sys.desc.platform.arm64.pci_ecam_base = 0;
	EXPECT_SYSTEM(&sys, ARM64, 0, "no error");

	tb_demo_system(&sys, ARM64);
	sys.desc.platform.arm64.pci_ecam_base = 0x4010000000;
	tb_demo_cell(&cell, ARM64);
	tb_cell_add_mem(&cell, 0x40100ff000, 0x100000, 0x1000,
			RW | JH_MEM_IO | JH_MEM_ROOTSHARED);
	EXPECT_IN_SYSTEM(&sys, &cell, EINVAL_,
			 "memory region 2: phys_start 0x40100ff000 (size "
			 "0x1000) overlaps the PCI ECAM (emulated, never "
			 "mapped)");
}

/* ---- two cells -------------------------------------------------------- */

TEST(disjoint_names)
{
	struct tb_cell a, b;

	tb_demo_cell(&a, ARM64);
	tb_other_cell(&b, ARM64);
	strcpy(b.desc.name, "demo");
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"header: name is the same as that of cell 'demo'");
	strcpy(b.desc.name, "demo2");
	EXPECT_DISJOINT(&a, &b, 0, "no error");
}

TEST(disjoint_cpus)
{
	struct tb_cell a, b;
	struct jh_config_error err;
	uint64_t b_size;
	void *b_buf;

	tb_demo_cell(&a, ARM64);
	tb_other_cell(&b, ARM64);
	tb_cell_add_cpu(&b, 3);
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"cpu set: CPU 3 is also in cell 'other'");
	EXPECT_DISJOINT(&b, &a, -JH_EBUSY,
			"cpu set: CPU 3 is also in cell 'demo'");

	/* other_cell points at the name inside the second config. */
	b_buf = tb_cell_build(&b, &b_size);
	CHECK_EQ(jh_check_cells_disjoint(tb_cell_build(&a, &b_size), b_buf,
					 &err), -JH_EBUSY);
	CHECK(err.other_cell == ((struct jh_cell_desc *)b_buf)->name);
	CHECK_STR(err.field, "CPU");
	CHECK_EQ(err.value, 3);
}

TEST(disjoint_memory)
{
	struct tb_cell a, b;

	tb_demo_cell(&a, ARM64);
	tb_other_cell(&b, ARM64);
	b.mem[0].phys_start = 0x700ff000;
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"memory region 0: phys_start 0x70000000 (size "
			"0x100000) overlaps memory of cell 'other'");
	/* One side shared with root is not enough... */
	a.mem[0].flags |= JH_MEM_ROOTSHARED;
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"memory region 0: phys_start 0x70000000 (size "
			"0x100000) overlaps memory of cell 'other'");
	/* ...both are. */
	b.mem[0].flags |= JH_MEM_ROOTSHARED;
	EXPECT_DISJOINT(&a, &b, 0, "no error");
	/* Adjacent is fine; comm regions (both phys 0) never clash. */
	tb_demo_cell(&a, ARM64);
	tb_other_cell(&b, ARM64);
	b.mem[0].phys_start = 0x70100000;
	EXPECT_DISJOINT(&a, &b, 0, "no error");
	tb_cell_add_mem(&b, 0x700ff000, 0x200000, 0x1000, RW);
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"memory region 0: phys_start 0x70000000 (size "
			"0x100000) overlaps memory of cell 'other'");
	EXPECT_DISJOINT(&b, &a, -JH_EBUSY,
			"memory region 2: phys_start 0x700ff000 (size 0x1000) "
			"overlaps memory of cell 'demo'");
}

TEST(disjoint_ports)
{
	struct tb_cell a, b;

	tb_demo_cell(&a, X86);
	tb_other_cell(&b, X86);
	EXPECT_DISJOINT(&a, &b, 0, "no error");
	/* Adjacent: demo 0x2f8-0x2ff, other from 0x300. */
	b.pio[0].base = 0x300;
	EXPECT_DISJOINT(&a, &b, 0, "no error");
	b.pio[0].base = 0x2ff;
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"pio region 0: base 0x2f8 (length 0x8) overlaps ports "
			"of cell 'other'");
	/* A range inside another, listed second. */
	b.pio[0].base = 0x3e8;
	tb_cell_add_pio(&b, 0x2fa, 2);
	EXPECT_DISJOINT(&b, &a, -JH_EBUSY,
			"pio region 1: base 0x2fa (length 0x2) overlaps ports "
			"of cell 'demo'");
}

TEST(disjoint_pins)
{
	struct tb_cell a, b;

	tb_demo_cell(&a, ARM64);
	tb_other_cell(&b, ARM64);
	tb_irqchip_add_pin(&b, 0, 40);
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"irqchip 0: pin 40 is also owned by cell 'other'");
	/* The same pin described from another pin_base. */
	tb_other_cell(&b, ARM64);
	tb_cell_add_irqchip(&b, 0x08000000, 40);
	tb_irqchip_add_pin(&b, 1, 40);
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"irqchip 0: pin 40 is also owned by cell 'other'");
	/* x86: the same pin number on two IOAPICs is two lines. */
	tb_demo_cell(&a, X86);
	tb_other_cell(&b, X86);
	b.irqchips[0].address = 0xfec01000;
	tb_irqchip_add_pin(&b, 0, 3);
	EXPECT_DISJOINT(&a, &b, 0, "no error");
	b.irqchips[0].address = 0xfec00000;
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"irqchip 0: pin 3 is also owned by cell 'other'");
}

TEST(disjoint_pci)
{
	struct tb_cell a, b;

	tb_demo_cell(&a, X86);
	tb_other_cell(&b, X86);
	tb_cell_add_pci(&b, JH_PCI_TYPE_DEVICE, 0, 0x0010);
	EXPECT_DISJOINT(&a, &b, -JH_EBUSY,
			"pci device 0: device 0000:00:02.0 is also assigned to "
			"cell 'other'");
	b.pci[1].domain = 1;
	EXPECT_DISJOINT(&a, &b, 0, "no error");
}

/* ---- formatter -------------------------------------------------------- */

TEST(format_truncates_and_terminates)
{
	struct tb_cell cell;
	struct jh_config_error err;
	const char *full = "memory region 0: size 0x100800 is not 4 KiB "
			   "aligned";
	uint64_t len = strlen(full), n;
	char buf[128];

	tb_demo_cell(&cell, ARM64);
	cell.mem[0].size = 0x100800;
	REQUIRE(cell_check(&cell, ARM64, &err) == EINVAL_);

	CHECK_EQ(jh_format_config_error(buf, sizeof(buf), &err), len);
	CHECK_STR(buf, full);
	for (n = 1; n <= len + 1; n++) {
		memset(buf, '#', sizeof(buf));
		CHECK_EQ(jh_format_config_error(buf, n, &err), n - 1);
		CHECK_EQ(buf[n - 1], '\0');
		CHECK(strncmp(buf, full, n - 1) == 0);
		CHECK_EQ(buf[n], '#');
	}
	memset(buf, '#', sizeof(buf));
	CHECK_EQ(jh_format_config_error(buf, 0, &err), 0);
	CHECK_EQ(buf[0], '#');
	CHECK_EQ(jh_format_config_error(NULL, 100, &err), 0);
}

TEST(format_foreign_and_empty_errors)
{
	struct jh_config_error err = {
		.code = -JH_EINVAL, .item = "driver", .index = -1,
		.field = "addr", .value = 0x10, .value2 = 0,
		.reason = "is odd", .other_cell = NULL,
	};
	char buf[128];

	CHECK_STR(msg(&err), "driver: addr 0x10 is odd");
	err.index = 3;
	err.value2 = 0x20;
	CHECK_STR(msg(&err), "driver 3: addr 0x10 (0x20) is odd");
	err.item = NULL;
	err.field = NULL;
	CHECK_STR(msg(&err), "is odd");
	err.reason = NULL;
	CHECK_STR(msg(&err), "is invalid");
	err.reason = "clashes with";
	err.other_cell = "a\nb";
	CHECK_STR(msg(&err), "clashes with 'a?b'");

	memset(&err, 0, sizeof(err));
	CHECK_STR(msg(&err), "no error");
	CHECK_EQ(jh_format_config_error(buf, sizeof(buf), NULL), 8);
	CHECK_STR(buf, "no error");
}

TEST(null_err_pointer_is_allowed)
{
	struct tb_system sys;
	struct tb_cell cell, other;
	uint64_t sys_size, cell_size, other_size;
	void *sys_buf, *cell_buf, *other_buf;

	tb_demo_system(&sys, ARM64);
	tb_demo_cell(&cell, ARM64);
	tb_other_cell(&other, ARM64);
	sys_buf = tb_system_build(&sys, &sys_size);
	cell_buf = tb_cell_build(&cell, &cell_size);
	other_buf = tb_cell_build(&other, &other_size);
	CHECK_EQ(jh_check_system_config(sys_buf, sys_size, ARM64, NULL), 0);
	CHECK_EQ(jh_check_cell_config(cell_buf, cell_size, ARM64, NULL), 0);
	CHECK_EQ(jh_check_cell_config(cell_buf, cell_size - 8, ARM64, NULL),
		 EINVAL_);
	CHECK_EQ(jh_check_cell_in_system(sys_buf, cell_buf, NULL), 0);
	CHECK_EQ(jh_check_cells_disjoint(cell_buf, other_buf, NULL), 0);
	CHECK_EQ(jh_check_cells_disjoint(cell_buf, cell_buf, NULL),
		 -JH_EBUSY);
}

/*
 * Deterministic mutation: flip bytes of valid configs and run every check
 * on whatever still passes the structural one. Nothing may read outside
 * the buffer (ASan), and every finding must format to one line.
 */
TEST(mutated_configs_stay_in_bounds)
{
	struct tb_system sys;
	struct tb_cell cell;
	struct jh_config_error err;
	uint64_t sys_size, cell_size, rng = 0x2545f4914f6cdd1dULL;
	uint8_t *sys_buf, *cell_buf, *s, *c;
	unsigned int round, flips;
	char buf[256];

	for (round = 0; round < 4000; round++) {
		uint32_t arch = round & 1 ? X86 : ARM64;

		tb_demo_system(&sys, arch);
		tb_demo_cell(&cell, arch);
		sys_buf = tb_system_build(&sys, &sys_size);
		cell_buf = tb_cell_build(&cell, &cell_size);
		s = malloc(sys_size);
		c = malloc(cell_size);
		REQUIRE(s && c);
		memcpy(s, sys_buf, sys_size);
		memcpy(c, cell_buf, cell_size);
		for (flips = 0; flips < 1 + round % 4; flips++) {
			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			if (rng & 1)
				s[(rng >> 8) % sys_size] ^= 1 << (rng >> 40) % 8;
			else
				c[(rng >> 8) % cell_size] ^= 1 << (rng >> 40) % 8;
		}
		if (jh_check_system_config(s, sys_size, arch, &err) == 0 &&
		    jh_check_cell_config(c, cell_size, arch, &err) == 0) {
			jh_check_cell_in_system((void *)s, (void *)c, &err);
			jh_check_cells_disjoint((void *)c, (void *)(s + ROOT_OFF),
						&err);
		}
		jh_format_config_error(buf, sizeof(buf), &err);
		CHECK(strchr(buf, '\n') == NULL);
		free(s);
		free(c);
	}
}
