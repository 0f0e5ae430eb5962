// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/jailhouse: attributes, and cells found by id or by name.
 */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

const char *sysfs_root(void)
{
	const char *env = getenv(ENV_SYSFS);

	return env && *env ? env : "/sys/devices/" JH_DEVICE_NAME;
}

bool driver_in_sysfs(void)
{
	struct stat st;

	return stat(sysfs_root(), &st) == 0;
}

void require_sysfs(void)
{
	if (!driver_in_sysfs())
		fail(ST_NO_DRIVER, "%s missing: the jailhouse driver is not "
		     "loaded (modprobe jailhouse)", sysfs_root());
}

void join_path(char *buf, size_t len, const char *dir, const char *name)
{
	if ((size_t)snprintf(buf, len, "%s/%s", dir, name) >= len)
		fail(ST_BAD_INPUT, "path too long: %s/%s", dir, name);
}

bool read_attr_fd(int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);

	if (n < 0)
		return false;
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return true;
}

bool read_attr(const char *dir, const char *name, char *buf, size_t len)
{
	char path[512];
	bool ok;
	int fd;

	join_path(path, sizeof(path), dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	ok = read_attr_fd(fd, buf, len);
	close(fd);
	return ok;
}

void cell_dir(int32_t id, char *buf, size_t len)
{
	char name[32];

	snprintf(name, sizeof(name), "cells/%d", (int)id);
	join_path(buf, len, sysfs_root(), name);
}

static bool parse_id(const char *text, int32_t *id)
{
	uint64_t v;

	for (const char *p = text; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	if (!parse_u64(text, &v) || v > INT32_MAX)
		return false;
	*id = (int32_t)v;
	return true;
}

static int compare_ids(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return (x > y) - (x < y);
}

size_t sysfs_cell_ids(int32_t **ids)
{
	char path[512];
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *dir;

	*ids = NULL;
	join_path(path, sizeof(path), sysfs_root(), "cells");
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((de = readdir(dir))) {
		int32_t id;

		if (!parse_id(de->d_name, &id))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			*ids = realloc(*ids, cap * sizeof(**ids));
			if (!*ids)
				fail(ST_REFUSED, "out of memory listing cells");
		}
		(*ids)[n++] = id;
	}
	closedir(dir);
	if (n)
		qsort(*ids, n, sizeof(**ids), compare_ids);
	return n;
}

/* "0 qemu-virt, 1 heartbeat" for messages about a missing cell. */
static void describe_cells(const int32_t *ids, size_t n, char *buf,
			   size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		char dir[512], name[JH_CELL_NAME_LEN + 1];

		cell_dir(ids[i], dir, sizeof(dir));
		if (!read_attr(dir, "name", name, sizeof(name)))
			strcpy(name, "?");
		used += snprintf(buf + used, len - used, "%s%d %s",
				 i ? ", " : "", (int)ids[i], name);
	}
}

void resolve_cell(const char *arg, struct jh_ioctl_cell_id *cell)
{
	char dir[512], name[JH_CELL_NAME_LEN + 1], known[512];
	int32_t *ids, id;
	size_t n, i;

	memset(cell, 0, sizeof(*cell));
	if (!*arg)
		usage_error("empty cell name");
	if (strlen(arg) >= JH_CELL_NAME_LEN)
		fail(ST_REFUSED, "no cell '%s': names have at most %d "
		     "characters", arg, JH_CELL_NAME_LEN - 1);

	require_sysfs();
	n = sysfs_cell_ids(&ids);
	if (n == 0) {
		char enabled[16] = "";

		read_attr(sysfs_root(), "enabled", enabled, sizeof(enabled));
		if (strcmp(enabled, "1"))
			fail(ST_REFUSED, "no cell '%s': the hypervisor is not "
			     "enabled", arg);
		fail(ST_REFUSED, "no cell '%s': %s/cells lists no cells",
		     arg, sysfs_root());
	}

	if (parse_id(arg, &id)) {
		for (i = 0; i < n && ids[i] != id; i++)
			;
	} else {
		for (i = 0; i < n; i++) {
			cell_dir(ids[i], dir, sizeof(dir));
			if (read_attr(dir, "name", name, sizeof(name)) &&
			    !strcmp(name, arg))
				break;
		}
	}
	if (i == n) {
		describe_cells(ids, n, known, sizeof(known));
		fail(ST_REFUSED, "no cell %s '%s' (cells: %s)",
		     parse_id(arg, &id) ? "with id" : "named", arg, known);
	}

	cell->id = ids[i];
	cell_dir(ids[i], dir, sizeof(dir));
	if (read_attr(dir, "name", name, sizeof(name)))
		memcpy(cell->name, name,
		       strnlen(name, JH_CELL_NAME_LEN - 1));
	free(ids);
}
