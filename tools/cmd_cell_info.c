// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell list | stats: read-only views built from the driver's
 * sysfs files, so they need no ioctl and work for any user.
 */
#include <ctype.h>
#include <dirent.h>
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

static const char stats_help[] =
	"Usage: jailhouse cell stats NAME|ID\n"
	"\n"
	"Shows the cell's trap counts per CPU, as the driver exposes them in\n"
	"/sys/devices/jailhouse/cells/ID/statistics/cpuN/COUNTER.\n";

enum { COL_ID, COL_NAME, COL_STATE, COL_CPUS, COL_FAILED, NUM_COLS };

static const char *const list_header[NUM_COLS] = {
	"ID", "NAME", "STATE", "ASSIGNED CPUS", "FAILED CPUS",
};

struct cell_row {
	char col[NUM_COLS][64];
};

#define MAX_COLS	40

/* Prints rows as columns padded to the widest entry, header first. */
static void print_table(const char *const *header, const char *const *cells,
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

/* Counter columns in this order first, any others after them. */
static const char *const known_counters[] = {
	"total", "hypercall", "mmio", "psci", "sgi", "sysreg", "irq",
	"pio", "msr", "cpuid", "ipi",
};

#define MAX_COUNTERS	32
/* A cell's CPUs that one table shows; the rest are left out. */
#define MAX_STAT_CPUS	32

struct stats {
	char counter[MAX_COUNTERS][32];
	size_t num_counters;
	unsigned int cpu[MAX_STAT_CPUS];
	char cpu_label[MAX_STAT_CPUS][16];
	size_t num_cpus;
	char value[MAX_STAT_CPUS][MAX_COUNTERS][24];
};

static int counter_rank(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(known_counters) / sizeof(known_counters[0]); i++)
		if (!strcmp(name, known_counters[i]))
			return i;
	return -1;
}

static int compare_counters(const void *a, const void *b)
{
	int ra = counter_rank(a), rb = counter_rank(b);

	if (ra >= 0 && rb >= 0)
		return ra - rb;
	if (ra >= 0 || rb >= 0)
		return ra >= 0 ? -1 : 1;
	return strcmp(a, b);
}

static int compare_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return (x > y) - (x < y);
}

static size_t find_counter(struct stats *st, const char *name)
{
	size_t i;

	for (i = 0; i < st->num_counters; i++)
		if (!strcmp(st->counter[i], name))
			return i;
	return SIZE_MAX;
}

/* Collects counter names and CPU numbers from statistics/cpu<N>/. */
static void scan_stats(const char *stat_dir, struct stats *st)
{
	struct dirent *de, *ce;
	char path[768];
	DIR *dir, *cdir;

	dir = opendir(stat_dir);
	if (!dir)
		return;
	while ((de = readdir(dir)) && st->num_cpus < MAX_STAT_CPUS) {
		char *end;
		unsigned long cpu;

		if (strncmp(de->d_name, "cpu", 3) ||
		    !isdigit((unsigned char)de->d_name[3]))
			continue;
		cpu = strtoul(de->d_name + 3, &end, 10);
		if (*end)
			continue;
		st->cpu[st->num_cpus++] = cpu;

		join_path(path, sizeof(path), stat_dir, de->d_name);
		cdir = opendir(path);
		if (!cdir)
			continue;
		while ((ce = readdir(cdir))) {
			if (ce->d_name[0] == '.' ||
			    strlen(ce->d_name) >= sizeof(st->counter[0]) ||
			    find_counter(st, ce->d_name) != SIZE_MAX ||
			    st->num_counters == MAX_COUNTERS)
				continue;
			strcpy(st->counter[st->num_counters++], ce->d_name);
		}
		closedir(cdir);
	}
	closedir(dir);
	qsort(st->cpu, st->num_cpus, sizeof(st->cpu[0]), compare_uint);
	qsort(st->counter, st->num_counters, sizeof(st->counter[0]),
	      compare_counters);
}

int cmd_cell_stats(int argc, char **argv)
{
	const char *header[MAX_STAT_CPUS + 1];
	struct jh_ioctl_cell_id cell;
	char dir[512], stat_dir[600];
	const char **cells;
	size_t cols, r, c;
	struct stats *st;

	expect_args(argc, argv, 1, 1, "NAME|ID", stats_help);
	resolve_cell(argv[1], &cell);
	cell_dir(cell.id, dir, sizeof(dir));
	join_path(stat_dir, sizeof(stat_dir), dir, "statistics");

	st = calloc(1, sizeof(*st));
	if (!st)
		fail(ST_REFUSED, "out of memory");
	scan_stats(stat_dir, st);
	if (st->num_cpus == 0 || st->num_counters == 0)
		fail(ST_REFUSED, "cell '%s' (id %d): the driver exposes no "
		     "per-CPU statistics (%s/cpuN/ missing)", cell.name,
		     (int)cell.id, stat_dir);

	/* One row per counter, one column per CPU: cells have few CPUs. */
	cols = st->num_cpus + 1;
	cells = calloc(st->num_counters * cols, sizeof(*cells));
	if (!cells)
		fail(ST_REFUSED, "out of memory");
	header[0] = "COUNTER";
	for (c = 0; c < st->num_cpus; c++) {
		char cpu_dir[700], cpu_name[16];

		snprintf(st->cpu_label[c], sizeof(st->cpu_label[c]), "CPU %u",
			 st->cpu[c]);
		header[c + 1] = st->cpu_label[c];
		snprintf(cpu_name, sizeof(cpu_name), "cpu%u", st->cpu[c]);
		join_path(cpu_dir, sizeof(cpu_dir), stat_dir, cpu_name);
		for (r = 0; r < st->num_counters; r++) {
			char *value = st->value[c][r];

			if (!read_attr(cpu_dir, st->counter[r], value,
				       sizeof(st->value[0][0])))
				strcpy(value, "-");
		}
	}
	for (r = 0; r < st->num_counters; r++) {
		cells[r * cols] = st->counter[r];
		for (c = 0; c < st->num_cpus; c++)
			cells[r * cols + c + 1] = st->value[c][r];
	}
	printf("cell %s (id %d)\n", cell.name, (int)cell.id);
	print_table(header, cells, st->num_counters, cols);
	return ST_OK;
}
