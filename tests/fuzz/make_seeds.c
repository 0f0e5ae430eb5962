// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the fuzzer's seed corpus into the directory given: the demo
 * system and cells of tests/unit/config_builder.c for both arches, alone
 * and as "le32 n, system, cell" pairs (see fuzz_config_check.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_builder.h"

static const char *dir;

static void write_seed(const char *name, const void *a, uint64_t a_size,
		       const void *b, uint64_t b_size, int pair)
{
	char path[4096];
	uint32_t n = a_size;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		exit(1);
	}
	if ((pair && fwrite(&n, 4, 1, f) != 1) ||
	    fwrite(a, 1, a_size, f) != a_size ||
	    (b && fwrite(b, 1, b_size, f) != b_size) || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static void seeds_for(uint32_t arch, const char *tag)
{
	struct tb_system sys;
	struct tb_cell demo, other;
	uint64_t sys_size, demo_size, other_size;
	void *s, *d, *o;
	char name[64];

	tb_demo_system(&sys, arch);
	tb_demo_cell(&demo, arch);
	tb_other_cell(&other, arch);
	s = tb_system_build(&sys, &sys_size);
	d = tb_cell_build(&demo, &demo_size);
	o = tb_cell_build(&other, &other_size);

	snprintf(name, sizeof(name), "system-%s", tag);
	write_seed(name, s, sys_size, NULL, 0, 0);
	snprintf(name, sizeof(name), "cell-demo-%s", tag);
	write_seed(name, d, demo_size, NULL, 0, 0);
	snprintf(name, sizeof(name), "cell-other-%s", tag);
	write_seed(name, o, other_size, NULL, 0, 0);
	snprintf(name, sizeof(name), "pair-demo-%s", tag);
	write_seed(name, s, sys_size, d, demo_size, 1);
	snprintf(name, sizeof(name), "pair-other-%s", tag);
	write_seed(name, s, sys_size, o, other_size, 1);
	free(d);
	/* The demo cell with one end of a link, so its rules get inputs. */
	tb_cell_add_link(&demo, 1, 0, arch == JH_ARCH_X86 ? 0x3c400000 :
			 0x70400000, 0x40000000, 0x41000000,
			 arch == JH_ARCH_X86 ? 0 : 300);
	d = tb_cell_build(&demo, &demo_size);
	snprintf(name, sizeof(name), "pair-link-%s", tag);
	write_seed(name, s, sys_size, d, demo_size, 1);
	free(s);
	free(d);
	free(o);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	seeds_for(JH_ARCH_ARM64, "arm64");
	seeds_for(JH_ARCH_X86, "x86");
	return 0;
}
