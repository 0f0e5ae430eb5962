// SPDX-License-Identifier: GPL-2.0
/*
 * Flattened device tree writer, from the Devicetree Specification's
 * description of the blob: a 40-byte header of big-endian 32-bit words,
 * the memory reservation block (8-byte aligned pairs of 64-bit address
 * and size, ended by a pair of zeros), the structure block (32-bit
 * tokens; node names and property values padded to 4 bytes) and the
 * strings block (property names, NUL-terminated, referred to by offset).
 */
#include <stdlib.h>
#include <string.h>

#include "fdt.h"

#define FDT_MAGIC		0xd00dfeedU
#define FDT_VERSION		17
#define FDT_LAST_COMP_VERSION	16
#define FDT_BEGIN_NODE		1U
#define FDT_END_NODE		2U
#define FDT_PROP		3U
#define FDT_END			9U
#define FDT_HEADER_SIZE		40
#define FDT_RSVMAP_SIZE		16	/* just the terminating pair */
/* Far beyond any tree this tool writes; bounds a runaway caller. */
#define FDT_MAX_SIZE		(1U << 20)
#define FDT_MAX_DEPTH		16

static uint32_t be32(uint32_t v)
{
	return ((v & 0xffU) << 24) | ((v & 0xff00U) << 8) |
		((v >> 8) & 0xff00U) | (v >> 24);
}

static void set_error(struct fdt *f, const char *msg)
{
	if (!f->error)
		f->error = msg;
}

static uint8_t *grow(struct fdt *f, struct fdt_buf *b, size_t n)
{
	uint8_t *p;

	if (f->error)
		return NULL;
	if (b->len + n > FDT_MAX_SIZE) {
		set_error(f, "device tree larger than 1 MiB");
		return NULL;
	}
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->data, cap);
		if (!p) {
			set_error(f, "out of memory");
			return NULL;
		}
		b->data = p;
		b->cap = cap;
	}
	p = b->data + b->len;
	b->len += n;
	return p;
}

/* Appends n bytes and zero padding up to a multiple of 4. */
static void put(struct fdt *f, const void *src, size_t n)
{
	size_t padded = (n + 3) & ~(size_t)3;
	uint8_t *p = grow(f, &f->st, padded);

	if (!p)
		return;
	if (n)
		memcpy(p, src, n);
	memset(p + n, 0, padded - n);
}

static void put32(struct fdt *f, uint32_t v)
{
	v = be32(v);
	put(f, &v, 4);
}

/* Offset of name in the strings block, added on first use. */
static uint32_t string_offset(struct fdt *f, const char *name)
{
	size_t n = strlen(name) + 1, off = 0;
	uint8_t *p;

	while (off < f->str.len) {
		const char *s = (const char *)f->str.data + off;

		if (!strcmp(s, name))
			return (uint32_t)off;
		off += strlen(s) + 1;
	}
	p = grow(f, &f->str, n);
	if (!p)
		return 0;
	memcpy(p, name, n);
	return (uint32_t)off;
}

void fdt_init(struct fdt *f)
{
	memset(f, 0, sizeof(*f));
}

void fdt_begin_node(struct fdt *f, const char *name)
{
	if (f->depth == FDT_MAX_DEPTH) {
		set_error(f, "device tree nested too deeply");
		return;
	}
	put32(f, FDT_BEGIN_NODE);
	put(f, name, strlen(name) + 1);
	f->depth++;
}

void fdt_end_node(struct fdt *f)
{
	if (f->depth == 0) {
		set_error(f, "more nodes ended than begun");
		return;
	}
	put32(f, FDT_END_NODE);
	f->depth--;
}

void fdt_prop(struct fdt *f, const char *name, const void *val, size_t len)
{
	uint32_t off;

	if (f->depth == 0) {
		set_error(f, "property outside any node");
		return;
	}
	off = string_offset(f, name);
	put32(f, FDT_PROP);
	put32(f, (uint32_t)len);
	put32(f, off);
	put(f, val, len);
}

void fdt_prop_empty(struct fdt *f, const char *name)
{
	fdt_prop(f, name, NULL, 0);
}

void fdt_prop_u32(struct fdt *f, const char *name, uint32_t val)
{
	fdt_prop_cells(f, name, &val, 1);
}

void fdt_prop_cells(struct fdt *f, const char *name, const uint32_t *cells,
		    size_t n)
{
	uint32_t buf[64];
	size_t i;

	if (n > sizeof(buf) / sizeof(buf[0])) {
		set_error(f, "property with more than 64 cells");
		return;
	}
	for (i = 0; i < n; i++)
		buf[i] = be32(cells[i]);
	fdt_prop(f, name, buf, n * 4);
}

void fdt_prop_u64s(struct fdt *f, const char *name, const uint64_t *vals,
		   size_t n)
{
	uint32_t cells[64];
	size_t i;

	if (n > sizeof(cells) / sizeof(cells[0]) / 2) {
		set_error(f, "property with more than 32 64-bit values");
		return;
	}
	for (i = 0; i < n; i++) {
		cells[2 * i] = (uint32_t)(vals[i] >> 32);
		cells[2 * i + 1] = (uint32_t)vals[i];
	}
	fdt_prop_cells(f, name, cells, 2 * n);
}

void fdt_prop_string(struct fdt *f, const char *name, const char *s)
{
	fdt_prop(f, name, s, strlen(s) + 1);
}

void fdt_prop_strings(struct fdt *f, const char *name,
		      const char *const *s, size_t n)
{
	char buf[512];
	size_t i, len = 0, l;

	for (i = 0; i < n; i++) {
		l = strlen(s[i]) + 1;
		if (len + l > sizeof(buf)) {
			set_error(f, "string list longer than 512 bytes");
			return;
		}
		memcpy(buf + len, s[i], l);
		len += l;
	}
	fdt_prop(f, name, buf, len);
}

static void put_header_word(uint8_t *blob, unsigned int index, uint32_t v)
{
	v = be32(v);
	memcpy(blob + index * 4, &v, 4);
}

void *fdt_finish(struct fdt *f, uint32_t boot_cpuid, size_t *size,
		 const char **error)
{
	size_t off_st = FDT_HEADER_SIZE + FDT_RSVMAP_SIZE, off_str, total;
	uint8_t *blob = NULL;

	if (f->depth != 0)
		set_error(f, "a node was not ended");
	put32(f, FDT_END);
	if (!f->error) {
		off_str = off_st + f->st.len;
		total = off_str + f->str.len;
		blob = calloc(1, total);
		if (!blob)
			set_error(f, "out of memory");
	}
	if (blob) {
		put_header_word(blob, 0, FDT_MAGIC);
		put_header_word(blob, 1, (uint32_t)total);
		put_header_word(blob, 2, (uint32_t)off_st);
		put_header_word(blob, 3, (uint32_t)off_str);
		put_header_word(blob, 4, FDT_HEADER_SIZE);
		put_header_word(blob, 5, FDT_VERSION);
		put_header_word(blob, 6, FDT_LAST_COMP_VERSION);
		put_header_word(blob, 7, boot_cpuid);
		put_header_word(blob, 8, (uint32_t)f->str.len);
		put_header_word(blob, 9, (uint32_t)f->st.len);
		/* The reservation block is the zero pair calloc left. */
		memcpy(blob + off_st, f->st.data, f->st.len);
		memcpy(blob + off_str, f->str.data, f->str.len);
		*size = total;
	}
	*error = f->error;
	free(f->st.data);
	free(f->str.data);
	fdt_init(f);
	return blob;
}
