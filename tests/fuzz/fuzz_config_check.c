// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the config validator.
 *
 * The input is checked as it is, as a system and as a cell config for both
 * arches. It is also read as a pair, "le32 n, n bytes of system config, the
 * rest a cell config" (the seed corpus uses that form), and when both halves
 * pass their structural checks, the cross checks run on them too. Each part
 * is copied into a buffer of exactly its size, so AddressSanitizer stops any
 * read past it; every finding is formatted to catch formatter bugs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/config-check.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void format(const struct jh_config_error *err)
{
	char line[256], tiny[7];
	uint64_t len;

	len = jh_format_config_error(line, sizeof(line), err);
	if (len >= sizeof(line) || line[len] != '\0' || strlen(line) != len)
		abort();
	if (memchr(line, '\n', len))
		abort();
	len = jh_format_config_error(tiny, sizeof(tiny), err);
	if (len >= sizeof(tiny) || tiny[len] != '\0')
		abort();
}

static uint8_t *copy(const uint8_t *data, size_t size)
{
	/* One spare byte hides no overread: size 0 gets a 1-byte buffer
	 * only because malloc(0) may return NULL. */
	uint8_t *buf = malloc(size ? size : 1);

	if (!buf)
		abort();
	memcpy(buf, data, size);
	return buf;
}

static void check_pair(const uint8_t *sys, size_t sys_size,
		       const uint8_t *cell, size_t cell_size, uint32_t arch)
{
	const struct jh_system_desc *s = (const void *)sys;
	const struct jh_cell_desc *c = (const void *)cell;
	struct jh_config_error err;

	if (jh_check_system_config(sys, sys_size, arch, &err) ||
	    jh_check_cell_config(cell, cell_size, arch, &err)) {
		format(&err);
		return;
	}
	jh_check_cell_in_system(s, c, &err);
	format(&err);
	jh_check_cells_disjoint(c, &s->root_cell, &err);
	format(&err);
	jh_check_cells_disjoint(&s->root_cell, c, &err);
	format(&err);
	jh_check_cells_disjoint(c, c, &err);
	format(&err);
	/* The narrowest CPUs: arm64 PARange 0, x86 without leaf 0x80000008. */
	jh_check_system_addr_bits(s, 32, &err);
	format(&err);
	jh_check_cell_addr_bits(c, 36, &err);
	format(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t arches[] = { JH_ARCH_ARM64, JH_ARCH_X86 };
	struct jh_config_error err;
	uint8_t *sys, *cell;
	uint32_t sys_size;
	unsigned int n;

	for (n = 0; n < 2; n++) {
		jh_check_system_config(data, size, arches[n], &err);
		format(&err);
		jh_check_cell_config(data, size, arches[n], &err);
		format(&err);
	}

	if (size < 4)
		return 0;
	memcpy(&sys_size, data, 4);
	if (sys_size > size - 4)
		return 0;
	sys = copy(data + 4, sys_size);
	cell = copy(data + 4 + sys_size, size - 4 - sys_size);
	for (n = 0; n < 2; n++)
		check_pair(sys, sys_size, cell, size - 4 - sys_size,
			   arches[n]);
	free(sys);
	free(cell);
	return 0;
}
