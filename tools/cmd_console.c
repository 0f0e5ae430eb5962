// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse console [-f]: prints the hypervisor's console ring.
 *
 * The driver's read() on /dev/jailhouse returns the ring from the oldest
 * byte still held, returns 0 once the reader has caught up, and returns
 * new output when called again later; -f therefore polls. A driver
 * without read() support is answered by /sys/devices/jailhouse/console,
 * if it has one.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define POLL_INTERVAL_MS	200

static const char console_help[] =
	"Usage: jailhouse console [-f|--follow]\n"
	"\n"
	"Prints what the hypervisor and the cells allowed to use its console\n"
	"have written, as far back as the hypervisor's ring buffer reaches.\n"
	"With -f, keeps waiting for new output until interrupted.\n";

static bool write_all(const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(STDOUT_FILENO, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= n;
	}
	return true;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (long)(ms % 1000) * 1000000,
	};

	nanosleep(&ts, NULL);
}

/* Copies fd to stdout until EOF; returns false and errno on a read error. */
static bool drain(int fd)
{
	char buf[4096];

	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			return true;
		/* A closed pipe (console | head) is a normal end. */
		if (!write_all(buf, n))
			exit(ST_OK);
	}
}

static int console_from_sysfs(int read_errno)
{
	char path[512];
	int fd;

	join_path(path, sizeof(path), sysfs_root(), "console");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fail(ST_REFUSED, "cannot read the hypervisor console: %s",
		     strerror(read_errno));
	if (!drain(fd))
		fail(ST_REFUSED, "%s: %s", path, strerror(errno));
	close(fd);
	return ST_OK;
}

int cmd_console(int argc, char **argv)
{
	bool follow = false;
	int fd, i;

	for (i = 1; i < argc; i++) {
		if (is_help(argv[i])) {
			fputs(console_help, stdout);
			return ST_OK;
		}
		if (!strcmp(argv[i], "-f") || !strcmp(argv[i], "--follow"))
			follow = true;
		else if (argv[i][0] == '-')
			usage_error("unknown option '%s'", argv[i]);
		else
			usage_error("unexpected argument '%s'", argv[i]);
	}
	/* "jailhouse console | head" must end quietly. */
	signal(SIGPIPE, SIG_IGN);

	fd = open_device();
	if (!drain(fd)) {
		int err = errno;

		if (err == EINVAL || err == ENOSYS || err == EOPNOTSUPP) {
			close(fd);
			if (follow)
				fail(ST_REFUSED, "the driver cannot stream the "
				     "console (%s)", strerror(err));
			return console_from_sysfs(err);
		}
		fail(ST_REFUSED, "cannot read the hypervisor console: %s%s",
		     strerror(err), err == ENODEV ?
		     " (is the hypervisor enabled?)" : "");
	}
	while (follow) {
		sleep_ms(POLL_INTERVAL_MS);
		if (!drain(fd))
			fail(ST_REFUSED, "hypervisor console: %s",
			     strerror(errno));
	}
	close(fd);
	return ST_OK;
}
