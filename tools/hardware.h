/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of "jailhouse hardware check", shared by cmd_hardware.c (the
 * verb, file and kernel log reading, the system config item), hw_arm64.c
 * and hw_x86.c (each arch's CPU, memory and interrupt controller items)
 * and hw_iommu.c (the IOMMU items).
 */
#ifndef JAILHOUSE_HARDWARE_H
#define JAILHOUSE_HARDWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DT_BASE "/sys/firmware/devicetree/base"

/* ITEM_INFO: a fact the verdict does not depend on (never counted). */
enum item_state { ITEM_OK, ITEM_MISSING, ITEM_UNKNOWN, ITEM_INFO };

struct tally {
	unsigned int missing, unknown, optional_missing;
};

/* Prefix of every path read: "" or the --root directory. */
extern const char *hw_root;

/* A whole file below hw_root with a NUL appended, or NULL. */
char *slurp(const char *name, size_t *len);
bool file_exists(const char *name);
bool log_has(const char *log, const char *text);
uint32_t be32(const unsigned char *p);
uint64_t dt_cells(const unsigned char *p, unsigned int cells);

/* Memory ranges, [start, end) */
#define MAX_RANGES	64

struct ranges {
	unsigned int n;
	uint64_t start[MAX_RANGES], end[MAX_RANGES];
};

void add_range(struct ranges *r, uint64_t start, uint64_t end);
/*
 * Top-level /proc/iomem entries named name. Returns false if the file is
 * unreadable or shows only zero addresses (read without root).
 */
bool iomem_ranges(const char *name, struct ranges *r);
/* Does [start, end) overlap a range of r? Its index into which. */
bool overlaps_any(const struct ranges *r, uint64_t start, uint64_t end,
		  unsigned int *which);
/* Is word in list as a whole (space, tab or colon separated) word? */
bool has_word(const char *list, const char *word);
/* The first line of text starting with key, into buf; NULL if none. */
char *line_starting(const char *text, const char *key, char *buf,
		    size_t len);

/* One line: "STATE what[ (optional)]: detail", counted in t. */
void report(struct tally *t, enum item_state state, bool optional,
	    const char *what, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* hw_arm64.c, hw_x86.c: the items of each arch. log may be NULL. */
void check_arm64(struct tally *t, const char *log);
void check_x86(struct tally *t, const char *log);

/*
 * hw_iommu.c: the IOMMU units the firmware describes, interrupt
 * remapping (x86), and whether Linux drives them. log may be NULL.
 */
void check_iommus_x86(struct tally *t, const char *log);
void check_iommus_arm64(struct tally *t, const char *log);

#endif
