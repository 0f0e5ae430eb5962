// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell stats: the cell's per-CPU trap counters from the driver's
 * sysfs files (statistics/cpuN/COUNTER), either once as totals or live,
 * like top, as exits per second by reason and CPU. Reads sysfs only, so
 * it needs no ioctl and works for any user.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static const char stats_help[] =
	"Usage: jailhouse cell stats [-1] [-d SECONDS] [-n COUNT] NAME|ID\n"
	"\n"
	"Shows the cell's trap counts per CPU, as the driver exposes them in\n"
	"/sys/devices/jailhouse/cells/ID/statistics/cpuN/COUNTER.\n"
	"\n"
	"In an interactive terminal (the output is a terminal whose foreground\n"
	"job this is, TERM set and not \"dumb\") the view is live, like top:\n"
	"every SECONDS (default 1) it shows exits per second by reason (rows)\n"
	"and CPU (columns) over the last interval, until interrupted.\n"
	"Anywhere else it prints the totals once, as -1 does, so scripts keep\n"
	"their output.\n"
	"\n"
	"  -1          print the totals once and exit\n"
	"  -d SECONDS  refresh interval, 0.1 to 3600 (decimals allowed)\n"
	"  -n COUNT    print COUNT live refreshes and exit, also when the\n"
	"              output is not a terminal (one table after another,\n"
	"              for scripts)\n";

/* Counter rows in this order first, any others after them. */
static const char *const known_counters[] = {
	"total", "hypercall", "mmio", "psci", "sgi", "sysreg", "irq",
	"pio", "msr", "cpuid", "ipi",
};

#define MAX_COUNTERS	32
/* A cell's CPUs that one table shows; the rest are left out. */
#define MAX_STAT_CPUS	32
#define VALUE_LEN	24

struct stats {
	char counter[MAX_COUNTERS][32];
	size_t num_counters;
	unsigned int cpu[MAX_STAT_CPUS];
	char cpu_label[MAX_STAT_CPUS][16];
	char cpu_dir[MAX_STAT_CPUS][700];
	size_t num_cpus;
	/* What each cell of the table shows. */
	char value[MAX_STAT_CPUS][MAX_COUNTERS][VALUE_LEN];
	/* Live mode: the previous sample, and whether it was read. */
	uint64_t last[MAX_STAT_CPUS][MAX_COUNTERS];
	bool last_ok[MAX_STAT_CPUS][MAX_COUNTERS];
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
	size_t c;

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
	for (c = 0; c < st->num_cpus; c++) {
		char cpu_name[16];

		snprintf(st->cpu_label[c], sizeof(st->cpu_label[c]), "CPU %u",
			 st->cpu[c]);
		snprintf(cpu_name, sizeof(cpu_name), "cpu%u", st->cpu[c]);
		join_path(st->cpu_dir[c], sizeof(st->cpu_dir[c]), stat_dir,
			  cpu_name);
	}
}

/* Counts into st->value: the totals, "-" where a file cannot be read. */
static void read_counts(struct stats *st)
{
	size_t c, r;

	for (c = 0; c < st->num_cpus; c++)
		for (r = 0; r < st->num_counters; r++)
			if (!read_attr(st->cpu_dir[c], st->counter[r],
				       st->value[c][r], VALUE_LEN))
				strcpy(st->value[c][r], "-");
}

/*
 * Live: the current counts become the per-second rates since the last
 * call (seconds ago) in st->value; "-" where either sample is missing or
 * the counter went backwards (a CPU left and rejoined the cell).
 */
static void read_rates(struct stats *st, double seconds)
{
	size_t c, r;
	uint64_t now;
	bool ok;

	for (c = 0; c < st->num_cpus; c++) {
		/* "total" (row 0) last, so that it covers the other rows. */
		for (r = st->num_counters; r-- > 0;) {
			char *value = st->value[c][r];

			ok = read_attr(st->cpu_dir[c], st->counter[r], value,
				       VALUE_LEN) && parse_u64(value, &now);
			if (ok && st->last_ok[c][r] && now >= st->last[c][r] &&
			    seconds > 0)
				snprintf(value, VALUE_LEN, "%.1f",
					 (double)(now - st->last[c][r]) /
					 seconds);
			else
				strcpy(value, "-");
			st->last[c][r] = ok ? now : 0;
			st->last_ok[c][r] = ok;
		}
	}
}

static void print_stats(const struct stats *st, const char *first_header)
{
	const char *header[MAX_STAT_CPUS + 1];
	const char **cells;
	size_t cols = st->num_cpus + 1, r, c;

	/* One row per counter, one column per CPU: cells have few CPUs. */
	cells = calloc(st->num_counters * cols, sizeof(*cells));
	if (!cells)
		fail(ST_REFUSED, "out of memory");
	header[0] = first_header;
	for (c = 0; c < st->num_cpus; c++)
		header[c + 1] = st->cpu_label[c];
	for (r = 0; r < st->num_counters; r++) {
		cells[r * cols] = st->counter[r];
		for (c = 0; c < st->num_cpus; c++)
			cells[r * cols + c + 1] = st->value[c][r];
	}
	print_table(header, cells, st->num_counters, cols);
	free(cells);
}

/*
 * An interactive terminal that can show the live view: the output is a
 * terminal that can clear its screen and we are its foreground job. A
 * script on a console without job control (an init script, the bench)
 * is not, and keeps the one-shot output.
 */
static bool live_terminal(void)
{
	const char *term = getenv("TERM");

	return isatty(STDOUT_FILENO) && term && *term &&
		strcmp(term, "dumb") != 0 &&
		tcgetpgrp(STDOUT_FILENO) == getpgrp();
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_seconds(double seconds)
{
	struct timespec ts = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9),
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * count refreshes (0: until interrupted). On a terminal each one replaces
 * the last; otherwise they follow each other, each with its title line.
 */
static void live_stats(struct stats *st, const struct jh_ioctl_cell_id *cell,
		       double interval, unsigned long count)
{
	bool tty = live_terminal();
	double before, after;
	unsigned long n;

	before = now_seconds();
	read_rates(st, 0);
	for (n = 1; count == 0 || n <= count; n++) {
		sleep_seconds(interval);
		after = now_seconds();
		read_rates(st, after - before);
		before = after;
		if (tty)
			fputs("\033[H\033[2J", stdout);
		printf("cell %s (id %d): exits per second over %.2f s, refresh %lu%s\n",
		       cell->name, (int)cell->id, interval, n,
		       tty && !count ? " (Ctrl-C to stop)" : "");
		print_stats(st, "EXITS/S");
		fflush(stdout);
	}
}

/* Takes the options out of argv; returns the new argc. */
static int parse_options(int argc, char **argv, bool *once, double *interval,
			 unsigned long *count)
{
	int i, out = 1;
	uint64_t n;
	char *end;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-1")) {
			*once = true;
		} else if (!strcmp(argv[i], "-d") || !strcmp(argv[i], "-n")) {
			if (i + 1 >= argc)
				usage_error("option '%s' needs a value",
					    argv[i]);
			if (argv[i][1] == 'd') {
				*interval = strtod(argv[i + 1], &end);
				if (*end || end == argv[i + 1] ||
				    !(*interval >= 0.1 && *interval <= 3600))
					usage_error("-d takes seconds from 0.1 to 3600, not '%s'",
						    argv[i + 1]);
			} else {
				if (!parse_u64(argv[i + 1], &n) || n == 0 ||
				    n > 1000000)
					usage_error("-n takes a count from 1 to 1000000, not '%s'",
						    argv[i + 1]);
				*count = (unsigned long)n;
			}
			i++;
		} else {
			argv[out++] = argv[i];
		}
	}
	return out;
}

int cmd_cell_stats(int argc, char **argv)
{
	struct jh_ioctl_cell_id cell;
	char dir[512], stat_dir[600];
	unsigned long count = 0;
	double interval = 1.0;
	bool once = false;
	struct stats *st;

	argc = parse_options(argc, argv, &once, &interval, &count);
	expect_args(argc, argv, 1, 1, "NAME|ID", stats_help);
	if (once && count)
		usage_error("-1 and -n exclude each other");
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

	if (!once && (count || live_terminal())) {
		live_stats(st, &cell, interval, count);
	} else {
		read_counts(st);
		printf("cell %s (id %d)\n", cell.name, (int)cell.id);
		print_stats(st, "COUNTER");
	}
	free(st);
	return ST_OK;
}
