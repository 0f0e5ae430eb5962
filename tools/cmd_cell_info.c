// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell list: a read-only view built from the driver's sysfs
 * files, so it needs no ioctl and works for any user (cell stats, the
 * other one, is cmd_cell_stats.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char list_help[] =
	"Usage: jailhouse cell list\n"
	"\n"
	"Lists every cell (the root cell is id 0) with its state, the CPUs\n"
	"assigned to it and the CPUs that failed, from\n"
	"/sys/devices/jailhouse/cells/.\n";

enum { COL_ID, COL_NAME, COL_STATE, COL_CPUS, COL_FAILED, NUM_COLS };

static const char *const list_header[NUM_COLS] = {
	"ID", "NAME", "STATE", "ASSIGNED CPUS", "FAILED CPUS",
};

struct cell_row {
	char col[NUM_COLS][64];
};

#define MAX_COLS	40

void print_table(const char *const *header, const char *const *cells,
			size_t rows, size_t cols)
{
	size_t width[MAX_COLS] = { 0 }, r, c;

	if (cols > MAX_COLS)
		fail(ST_REFUSED, "table of %zu columns is too wide", cols);

	for (c = 0; c < cols; c++)
		width[c] = strlen(header[c]);
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++)
			if (strlen(cells[r * cols + c]) > width[c])
				width[c] = strlen(cells[r * cols + c]);
	for (r = 0; r <= rows; r++) {
		const char *const *line = r ? cells + (r - 1) * cols : header;
		char buf[MAX_COLS * 64];
		size_t used = 0;

		for (c = 0; c < cols && used < sizeof(buf); c++)
			used += snprintf(buf + used, sizeof(buf) - used,
					 "%-*s%s", (int)width[c], line[c],
					 c + 1 < cols ? "  " : "");
		if (used >= sizeof(buf))
			used = sizeof(buf) - 1;
		/* No padding after the last column. */
		while (used && buf[used - 1] == ' ')
			buf[--used] = '\0';
		puts(buf);
	}
}

int cmd_cell_list(int argc, char **argv)
{
	const char **cells;
	struct cell_row *rows;
	int32_t *ids;
	size_t n, i, c;

	expect_args(argc, argv, 0, 0, NULL, list_help);
	require_sysfs();
	n = sysfs_cell_ids(&ids);
	rows = calloc(n ? n : 1, sizeof(*rows));
	cells = calloc(n ? n * NUM_COLS : 1, sizeof(*cells));
	if (!rows || !cells)
		fail(ST_REFUSED, "out of memory");

	for (i = 0; i < n; i++) {
		char dir[512];

		cell_dir(ids[i], dir, sizeof(dir));
		snprintf(rows[i].col[COL_ID], sizeof(rows[i].col[0]), "%d",
			 (int)ids[i]);
		/* A cell destroyed meanwhile leaves "?" rather than failing. */
		if (!read_attr(dir, "name", rows[i].col[COL_NAME], 64))
			strcpy(rows[i].col[COL_NAME], "?");
		if (!read_attr(dir, "state", rows[i].col[COL_STATE], 64))
			strcpy(rows[i].col[COL_STATE], "?");
		if (!read_attr(dir, "cpus_assigned", rows[i].col[COL_CPUS], 64))
			strcpy(rows[i].col[COL_CPUS], "?");
		if (!read_attr(dir, "cpus_failed", rows[i].col[COL_FAILED], 64))
			strcpy(rows[i].col[COL_FAILED], "?");
		for (c = 0; c < NUM_COLS; c++)
			cells[i * NUM_COLS + c] = rows[i].col[c];
	}
	print_table(list_header, cells, n, NUM_COLS);
	return ST_OK;
}
