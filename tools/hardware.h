/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of "jailhouse hardware check", shared by cmd_hardware.c (the
 * verb, the CPU, memory and interrupt controller items) and hw_iommu.c
 * (the IOMMU items).
 */
#ifndef JAILHOUSE_HARDWARE_H
#define JAILHOUSE_HARDWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DT_BASE "/sys/firmware/devicetree/base"

enum item_state { ITEM_OK, ITEM_MISSING, ITEM_UNKNOWN };

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

/* One line: "STATE what[ (optional)]: detail", counted in t. */
void report(struct tally *t, enum item_state state, bool optional,
	    const char *what, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/*
 * hw_iommu.c: the IOMMU units the firmware describes, interrupt
 * remapping (x86), and whether Linux drives them. log may be NULL.
 */
void check_iommus_x86(struct tally *t, const char *log);
void check_iommus_arm64(struct tally *t, const char *log);

#endif
