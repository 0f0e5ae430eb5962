/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A writer of flattened device tree blobs (the "DTB format" chapter of the
 * Devicetree Specification, version 17 blobs): nodes and properties are
 * appended in order, then fdt_finish() lays out header, empty memory
 * reservation block, structure block and strings block.
 *
 * Errors (out of memory, unbalanced nodes) are sticky: every call after
 * one does nothing and fdt_finish() returns NULL with the cause.
 */
#ifndef JAILHOUSE_FDT_H
#define JAILHOUSE_FDT_H

#include <stddef.h>
#include <stdint.h>

struct fdt_buf {
	uint8_t *data;
	size_t len, cap;
};

struct fdt {
	struct fdt_buf st;	/* structure block */
	struct fdt_buf str;	/* strings block */
	unsigned int depth;
	const char *error;	/* first error, NULL while all is well */
};

void fdt_init(struct fdt *f);
void fdt_begin_node(struct fdt *f, const char *name);
void fdt_end_node(struct fdt *f);
void fdt_prop(struct fdt *f, const char *name, const void *val, size_t len);
void fdt_prop_empty(struct fdt *f, const char *name);
void fdt_prop_u32(struct fdt *f, const char *name, uint32_t val);
/* n cells, each written big-endian. */
void fdt_prop_cells(struct fdt *f, const char *name, const uint32_t *cells,
		    size_t n);
/* n 64-bit values as two cells each (address and size pairs). */
void fdt_prop_u64s(struct fdt *f, const char *name, const uint64_t *vals,
		   size_t n);
void fdt_prop_string(struct fdt *f, const char *name, const char *s);
/* A string list: n NUL-terminated strings back to back. */
void fdt_prop_strings(struct fdt *f, const char *name,
		      const char *const *s, size_t n);
/*
 * The blob (malloc'ed, *size bytes) with boot_cpuid_phys in its header;
 * NULL with *error set on failure. Frees the builder's buffers.
 */
void *fdt_finish(struct fdt *f, uint32_t boot_cpuid, size_t *size,
		 const char **error);

#endif /* JAILHOUSE_FDT_H */
