// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse config create: the work is done by the Python script
 * jailhouse-config-create (it parses device trees, ACPI tables and /proc
 * text, which is easier there); this only finds it and execs it with
 * python3, keeping the "jailhouse VERB" interface of the other verbs.
 *
 * The script is looked for, in this order:
 *   $JAILHOUSE_CONFIG_CREATE               (tests, unusual installs)
 *   <dir of this binary>/jailhouse-config-create          (build tree)
 *   <dir of this binary>/../libexec/jailhouse/jailhouse-config-create
 *   JH_LIBEXECDIR/jailhouse-config-create  ($(prefix) at build time)
 * and run by $JAILHOUSE_PYTHON (default python3, found in PATH) with -I -S:
 * the standard library only, whatever PYTHON* variables or site packages
 * the machine has.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifndef JH_LIBEXECDIR
#error "the Makefile passes JH_LIBEXECDIR"
#endif

#define SCRIPT_NAME	"jailhouse-config-create"

static bool readable_file(const char *path)
{
	return access(path, R_OK) == 0;
}

/* buf = dir + rest if it fits and names a readable file. */
static bool try_path(char *buf, size_t len, const char *dir, const char *rest)
{
	int n = snprintf(buf, len, "%s%s", dir, rest);

	return n > 0 && (size_t)n < len && readable_file(buf);
}

static const char *find_script(char *buf, size_t len)
{
	const char *env = getenv("JAILHOUSE_CONFIG_CREATE");
	char dir[PATH_MAX];

	if (env && *env) {
		if (!readable_file(env))
			fail(ST_BAD_INPUT, "JAILHOUSE_CONFIG_CREATE=%s: %s",
			     env, strerror(errno));
		return env;
	}
	if (own_dir(dir, sizeof(dir)) &&
	    (try_path(buf, len, dir, "/" SCRIPT_NAME) ||
	     try_path(buf, len, dir, "/../libexec/jailhouse/" SCRIPT_NAME)))
		return buf;
	return try_path(buf, len, JH_LIBEXECDIR, "/" SCRIPT_NAME) ? buf : NULL;
}

int cmd_config_create(int argc, char **argv)
{
	const char *python = getenv("JAILHOUSE_PYTHON");
	char path[PATH_MAX];
	const char *script = find_script(path, sizeof(path));
	char **args;
	int i;

	if (!script)
		fail(ST_BAD_INPUT, "%s not found beside %s or in %s (set "
		     "JAILHOUSE_CONFIG_CREATE to its path)", SCRIPT_NAME,
		     "this binary", JH_LIBEXECDIR);
	if (!python || !*python)
		python = "python3";
	args = calloc(argc + 5, sizeof(*args));
	if (!args)
		fail(ST_BAD_INPUT, "out of memory");
	args[0] = (char *)python;
	args[1] = "-I";
	args[2] = "-S";
	args[3] = (char *)script;
	for (i = 1; i < argc; i++)
		args[3 + i] = argv[i];
	execvp(python, args);
	fail(ST_BAD_INPUT, "cannot run %s %s: %s (config create needs "
	     "Python 3)", python, script, strerror(errno));
}
