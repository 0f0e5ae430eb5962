// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell monitor: prints each cell's state changes as they happen,
 * the hypervisor's included (a cell it stopped as failed). The driver
 * checks the cells' states every 100 ms and wakes poll() on a cell's
 * "state" attribute when it changed (driver/watch.c); a rescan each
 * second also catches cells created or destroyed meanwhile.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static const char monitor_help[] =
	"Usage: jailhouse cell monitor [-n COUNT] [-t SECONDS]\n"
	"\n"
	"Prints the cells and their states, then one line per change as it\n"
	"happens, until interrupted:\n"
	"  cell \"NAME\" (id N): running -> failed\n"
	"A cell that fails, powers itself off or restarts shows here without\n"
	"any command of the root; so do create and destroy.\n"
	"\n"
	"  -n COUNT    exit 0 after COUNT changes\n"
	"  -t SECONDS  give up after SECONDS: exit 3 if -n was given and fewer\n"
	"              changes came, else 0\n";

#define MAX_WATCHED	64
#define RESCAN_MS	1000
#define TEXT_LEN	64

struct watched {
	int32_t id;
	int fd;			/* the state attribute, for poll() */
	char name[TEXT_LEN];
	char state[TEXT_LEN];
	bool seen;		/* in the last rescan */
};

static struct watched cells[MAX_WATCHED];
static size_t num_cells;
static unsigned long changes;

static bool read_state(struct watched *w, char *buf)
{
	return read_attr_fd(w->fd, buf, TEXT_LEN);
}

static void report(const struct watched *w, const char *from, const char *to)
{
	printf("cell \"%s\" (id %d): %s -> %s\n", w->name, (int)w->id, from, to);
	fflush(stdout);
	changes++;
}

static void check(struct watched *w)
{
	char now[TEXT_LEN];

	if (read_state(w, now) && strcmp(now, w->state)) {
		report(w, w->state, now);
		strcpy(w->state, now);
	}
}

static struct watched *find(int32_t id)
{
	size_t i;

	for (i = 0; i < num_cells; i++)
		if (cells[i].id == id)
			return &cells[i];
	return NULL;
}

static void add(int32_t id, bool announce)
{
	struct watched *w = &cells[num_cells];
	char dir[512], path[600];

	if (num_cells >= MAX_WATCHED)
		return;
	cell_dir(id, dir, sizeof(dir));
	join_path(path, sizeof(path), dir, "state");
	w->fd = open(path, O_RDONLY);
	if (w->fd < 0)
		return;
	w->id = id;
	w->seen = true;
	if (!read_attr(dir, "name", w->name, sizeof(w->name)) ||
	    !read_state(w, w->state)) {
		close(w->fd);
		return;
	}
	num_cells++;
	if (announce)
		report(w, "created", w->state);
	else
		printf("cell \"%s\" (id %d): %s\n", w->name, (int)id, w->state);
}

/* Cells created or destroyed since the last look; every state again. */
static void rescan(bool first)
{
	struct watched *w;
	int32_t *ids;
	size_t n, i;

	for (i = 0; i < num_cells; i++)
		cells[i].seen = false;
	n = sysfs_cell_ids(&ids);
	for (i = 0; i < n; i++) {
		w = find(ids[i]);
		if (w) {
			w->seen = true;
			check(w);
		} else {
			add(ids[i], !first);
		}
	}
	free(ids);
	for (i = 0; i < num_cells; i++) {
		if (cells[i].seen)
			continue;
		report(&cells[i], cells[i].state, "destroyed");
		close(cells[i].fd);
		cells[i--] = cells[--num_cells];
	}
	fflush(stdout);
}

static void parse_options(int argc, char **argv, unsigned long *count,
			  unsigned long *seconds)
{
	uint64_t v;
	int i;

	for (i = 1; i < argc; i++) {
		if (is_help(argv[i])) {
			fputs(monitor_help, stdout);
			exit(ST_OK);
		}
		if (strcmp(argv[i], "-n") && strcmp(argv[i], "-t"))
			usage_error("unexpected argument '%s'", argv[i]);
		if (i + 1 >= argc)
			usage_error("option '%s' needs a value", argv[i]);
		if (!parse_u64(argv[i + 1], &v) || v == 0 || v > 1000000)
			usage_error("%s takes a number from 1 to 1000000, not '%s'",
				    argv[i], argv[i + 1]);
		*(argv[i][1] == 'n' ? count : seconds) = (unsigned long)v;
		i++;
	}
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int cmd_cell_monitor(int argc, char **argv)
{
	unsigned long count = 0, seconds = 0;
	struct pollfd fds[MAX_WATCHED];
	double start = now_s(), next_scan;
	size_t i;
	int ret;

	parse_options(argc, argv, &count, &seconds);
	require_sysfs();
	rescan(true);
	printf("monitor: watching %zu cell(s)%s\n", num_cells,
	       seconds ? "" : " (Ctrl-C to stop)");
	fflush(stdout);
	next_scan = now_s() + RESCAN_MS / 1000.0;
	while (!count || changes < count) {
		if (seconds && now_s() - start >= seconds)
			break;
		for (i = 0; i < num_cells; i++)
			fds[i] = (struct pollfd){ .fd = cells[i].fd,
						  .events = POLLPRI | POLLERR };
		ret = poll(fds, num_cells, 200);
		if (ret < 0 && errno != EINTR)
			fail(ST_REFUSED, "poll: %s", strerror(errno));
		for (i = 0; ret > 0 && i < num_cells; i++)
			if (fds[i].revents)
				check(&cells[i]);
		if (now_s() >= next_scan) {
			rescan(false);
			next_scan = now_s() + RESCAN_MS / 1000.0;
		}
	}
	if (count && changes < count)
		fail(ST_REFUSED, "%lu change(s) within %lu s, %lu expected",
		     changes, seconds, count);
	return ST_OK;
}
