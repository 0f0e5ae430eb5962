// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the verbs: one-line failure messages, argument checks,
 * reading files and numbers.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

const char *cli_verb;
static char verb_buf[64];

void set_verb(const char *group, const char *verb)
{
	if (group)
		snprintf(verb_buf, sizeof(verb_buf), "%s %s", group, verb);
	else
		snprintf(verb_buf, sizeof(verb_buf), "%s", verb);
	cli_verb = verb_buf;
}

static void vmessage(const char *fmt, va_list ap, const char *suffix)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	/* One line, whatever the driver or a file name contained. */
	for (char *p = msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (cli_verb)
		fprintf(stderr, "jailhouse: %s: %s%s\n", cli_verb, msg, suffix);
	else
		fprintf(stderr, "jailhouse: %s%s\n", msg, suffix);
}

void fail(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "");
	va_end(ap);
	exit(status);
}

void usage_error(const char *fmt, ...)
{
	char hint[96];
	va_list ap;

	snprintf(hint, sizeof(hint), " (try 'jailhouse%s%s --help')",
		 cli_verb ? " " : "", cli_verb ? cli_verb : "");
	va_start(ap, fmt);
	vmessage(fmt, ap, hint);
	va_end(ap);
	exit(ST_USAGE);
}

bool is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

void expect_args(int argc, char **argv, int min, int max,
		 const char *missing, const char *help)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (is_help(argv[i])) {
			fputs(help, stdout);
			exit(ST_OK);
		}
	}
	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			usage_error("unknown option '%s'", argv[i]);
	if (argc - 1 < min)
		usage_error("missing %s", missing);
	if (argc - 1 > max)
		usage_error("unexpected argument '%s'", argv[max + 1]);
}

void *try_read_file(const char *path, uint64_t max_size, uint64_t *size,
		    char *msg, size_t len)
{
	uint64_t done = 0;
	struct stat st;
	char *buf = NULL;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(msg, len, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(msg, len, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(msg, len, "not a regular file");
		goto out;
	}
	if (st.st_size == 0) {
		snprintf(msg, len, "file is empty");
		goto out;
	}
	if ((uint64_t)st.st_size > max_size) {
		snprintf(msg, len, "%llu bytes is too large (limit %llu)",
			 (unsigned long long)st.st_size,
			 (unsigned long long)max_size);
		goto out;
	}
	buf = malloc(st.st_size);
	if (!buf) {
		snprintf(msg, len, "no memory for %llu bytes",
			 (unsigned long long)st.st_size);
		goto out;
	}
	while (done < (uint64_t)st.st_size) {
		ssize_t n = read(fd, buf + done, st.st_size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0)
				snprintf(msg, len, "%s", strerror(errno));
			else
				snprintf(msg, len, "shrank to %llu bytes while "
					 "read", (unsigned long long)done);
			free(buf);
			buf = NULL;
			goto out;
		}
		done += n;
	}
	*size = done;
out:
	close(fd);
	return buf;
}

void *read_file(const char *path, uint64_t max_size, uint64_t *size)
{
	char msg[256];
	void *buf = try_read_file(path, max_size, size, msg, sizeof(msg));

	if (!buf)
		fail(ST_BAD_INPUT, "%s: %s", path, msg);
	return buf;
}

bool parse_u64(const char *text, uint64_t *value)
{
	unsigned long long v;
	char *end;

	if (!isdigit((unsigned char)text[0]))
		return false;
	errno = 0;
	v = strtoull(text, &end, 0);
	if (errno || *end)
		return false;
	*value = v;
	return true;
}

/* Directory of the running binary, from /proc/self/exe. */
bool own_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n <= 0)
		return false;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return true;
}
