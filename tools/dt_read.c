// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the root cell's unflattened device tree
 * (/sys/firmware/devicetree/base, or a copy named by JAILHOUSE_DEVICETREE):
 * a directory per node, a file per property, big-endian cells. Used by
 * the Linux cell's device tree generator (cell_linux_dt.c,
 * cell_linux_uart.c).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell_linux.h"
#include "cell_linux_dt.h"
#include "cli.h"
#include "fdt.h"

#define PROP_MAX	65536

uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		(uint32_t)p[2] << 8 | p[3];
}

/* Reads property prop of node (a path below the tree's root). */
bool dt_read(const struct dt *dt, const char *node, const char *prop,
	     struct prop *out)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%.300s/%.600s/%.100s", dt->root, node,
		 prop);
	f = fopen(path, "rb");
	if (!f)
		return false;
	out->data = malloc(PROP_MAX);
	if (!out->data)
		fail(ST_BAD_INPUT, "out of memory");
	out->len = fread(out->data, 1, PROP_MAX, f);
	fclose(f);
	return true;
}

uint32_t dt_u32(const struct dt *dt, const char *node, const char *prop,
		uint32_t def)
{
	struct prop p;
	uint32_t v = def;

	if (dt_read(dt, node, prop, &p)) {
		if (p.len == 4)
			v = get_be32(p.data);
		free(p.data);
	}
	return v;
}

bool has_string(const struct prop *p, const char *s)
{
	size_t off = 0, n;

	while (off < p->len) {
		n = strnlen((const char *)p->data + off, p->len - off);
		if (n == strlen(s) && !memcmp(p->data + off, s, n))
			return true;
		off += n + 1;
	}
	return false;
}

bool node_compatible(const struct dt *dt, const char *node,
		     const char *const *compat)
{
	struct prop p;
	bool found = false;

	if (!dt_read(dt, node, "compatible", &p))
		return false;
	for (; *compat && !found; compat++)
		found = has_string(&p, *compat);
	free(p.data);
	return found;
}

/* The parent's path of node ("" for a child of the root). */
static void parent_of(const char *node, char *buf, size_t len)
{
	const char *slash = strrchr(node, '/');
	size_t n = slash ? (size_t)(slash - node) : 0;

	snprintf(buf, len, "%.*s", (int)n, node);
}

bool dt_find(const struct dt *dt, const char *const *compat, char *out,
	     size_t len)
{
	char path[1024], child[NODE_LEN];
	struct dirent *e, *e2;
	DIR *d, *d2;
	bool found = false;

	d = opendir(dt->root);
	if (!d)
		fail(ST_BAD_INPUT, "cannot read the root cell's device tree %s "
		     "(set %s to another copy)", dt->root, ENV_DEVICETREE);
	while (!found && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (node_compatible(dt, e->d_name, compat)) {
			snprintf(out, len, "%.255s", e->d_name);
			found = true;
			break;
		}
		snprintf(path, sizeof(path), "%s/%s", dt->root, e->d_name);
		d2 = opendir(path);
		if (!d2)
			continue;
		while ((e2 = readdir(d2))) {
			if (e2->d_name[0] == '.')
				continue;
			snprintf(child, sizeof(child), "%.255s/%.255s",
				 e->d_name, e2->d_name);
			if (node_compatible(dt, child, compat)) {
				snprintf(out, len, "%.*s", NODE_LEN - 1, child);
				found = true;
				break;
			}
		}
		closedir(d2);
	}
	closedir(d);
	return found;
}

uint64_t get_cells(const uint8_t *p, uint32_t n)
{
	return n == 2 ? (uint64_t)get_be32(p) << 32 | get_be32(p + 4) :
		(n == 1 ? get_be32(p) : 0);
}

/* node's reg as (address, size) pairs, addresses as the CPU sees them. */
size_t dt_reg(const struct dt *dt, const char *node, uint64_t *pairs,
	      size_t max)
{
	uint32_t ac, sc, stride;
	char parent[NODE_LEN];
	struct prop p;
	size_t n = 0;

	parent_of(node, parent, sizeof(parent));
	ac = dt_u32(dt, parent, "#address-cells", 2);
	sc = dt_u32(dt, parent, "#size-cells", 1);
	if (ac < 1 || ac > 2 || sc > 2 || !dt_read(dt, node, "reg", &p))
		return 0;
	stride = (ac + sc) * 4;
	for (n = 0; n < max && (n + 1) * stride <= p.len; n++) {
		pairs[2 * n] = get_cells(p.data + n * stride, ac);
		pairs[2 * n + 1] = get_cells(p.data + n * stride + ac * 4, sc);
		if (!dt_translate(dt, node, &pairs[2 * n])) {
			n = 0;
			break;
		}
	}
	free(p.data);
	return n;
}

/* addr through one bus's ranges; false if no entry covers it. */
static bool through_ranges(const struct dt *dt, const char *bus,
			   const char *up, const struct prop *p,
			   uint64_t *addr)
{
	uint32_t ca = dt_u32(dt, bus, "#address-cells", 2);
	uint32_t sc = dt_u32(dt, bus, "#size-cells", 1);
	uint32_t pa = dt_u32(dt, up, "#address-cells", 2);
	uint64_t child, parent, size;
	size_t off, stride;

	if (ca < 1 || ca > 2 || pa < 1 || pa > 2 || sc < 1 || sc > 2)
		return false;
	stride = (ca + pa + sc) * 4;
	for (off = 0; off + stride <= p->len; off += stride) {
		child = get_cells(p->data + off, ca);
		parent = get_cells(p->data + off + ca * 4, pa);
		size = get_cells(p->data + off + (ca + pa) * 4, sc);
		if (*addr >= child && *addr - child < size) {
			*addr = parent + (*addr - child);
			return true;
		}
	}
	return false;
}

/*
 * addr, from node's reg, as the CPU sees it: through the ranges of every
 * bus above node (an empty ranges is the identity). False if a bus has
 * no ranges or none of its entries covers addr. The Raspberry Pi's /soc
 * maps its 0x7e000000 bus addresses to 0xfe000000, for example.
 */
bool dt_translate(const struct dt *dt, const char *node, uint64_t *addr)
{
	char bus[NODE_LEN], up[NODE_LEN];
	struct prop p;
	bool ok = true;
	unsigned int depth;

	parent_of(node, bus, sizeof(bus));
	for (depth = 0; ok && bus[0] && depth < NODE_LEN; depth++) {
		parent_of(bus, up, sizeof(up));
		if (!dt_read(dt, bus, "ranges", &p))
			return false;
		if (p.len)
			ok = through_ranges(dt, bus, up, &p, addr);
		free(p.data);
		snprintf(bus, sizeof(bus), "%s", up);
	}
	return ok;
}

/* Copies a property as it is, if the root's node has it. */
void copy_prop(struct fdt *f, const struct dt *dt, const char *node,
	       const char *prop)
{
	struct prop p;

	if (dt_read(dt, node, prop, &p)) {
		fdt_prop(f, prop, p.data, p.len);
		free(p.data);
	}
}
