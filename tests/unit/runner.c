// SPDX-License-Identifier: GPL-2.0
/*
 * Runs every TEST() linked into the binary:
 *
 *   test_foo [-v] [NAME...]   run all tests, or only those named
 *
 * Each test runs in a forked child so that a crash, a sanitizer abort or a
 * hang (UNIT_TIMEOUT seconds, default 60) fails that one test and the rest
 * still run. UNIT_NOFORK=1 runs them in-process, for a debugger. The last
 * line is always "N passed, N failed"; the exit status is 1 if any failed.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

static struct unit_test *first_test, **last_test = &first_test;
static const struct unit_test *current;
static unsigned int current_failures;

struct unit_cleanup {
	void (*fn)(void *);
	void *arg;
};

static struct unit_cleanup *cleanups;
static unsigned int num_cleanups, max_cleanups;

void unit_register(struct unit_test *test)
{
	test->next = NULL;
	*last_test = test;
	last_test = &test->next;
}

void unit_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%s:%d: %s: ", file, line, current ? current->name : "?");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	current_failures++;
}

void unit_cleanup(void (*fn)(void *), void *arg)
{
	struct unit_cleanup *more;

	if (num_cleanups == max_cleanups) {
		max_cleanups = max_cleanups ? 2 * max_cleanups : 64;
		more = realloc(cleanups, max_cleanups * sizeof(*cleanups));
		if (!more) {
			printf("unit: out of memory for cleanups\n");
			fflush(stdout);
			abort();
		}
		cleanups = more;
	}
	cleanups[num_cleanups].fn = fn;
	cleanups[num_cleanups].arg = arg;
	num_cleanups++;
}

/* Runs the test in this process; returns true if it passed. */
static bool run_here(const struct unit_test *test)
{
	current = test;
	current_failures = 0;
	test->fn();
	while (num_cleanups) {
		num_cleanups--;
		cleanups[num_cleanups].fn(cleanups[num_cleanups].arg);
	}
	free(cleanups);
	cleanups = NULL;
	max_cleanups = 0;
	current = NULL;
	return current_failures == 0;
}

static bool run_forked(const struct unit_test *test, unsigned int timeout)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("unit: fork");
		return false;
	}
	if (pid == 0) {
		alarm(timeout);
		/* exit(), not _exit(): LeakSanitizer checks at exit. */
		exit(run_here(test) ? 0 : 1);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("unit: waitpid");
		return false;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("%s:%d: %s: timed out after %u s\n", test->file,
		       test->line, test->name, timeout);
	else if (WIFSIGNALED(status))
		printf("%s:%d: %s: killed by signal %d (%s)\n", test->file,
		       test->line, test->name, WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
	else if (WEXITSTATUS(status) != 1)
		printf("%s:%d: %s: exited with status %d (sanitizer report "
		       "above?)\n", test->file, test->line, test->name,
		       WEXITSTATUS(status));
	return false;
}

static bool selected(const struct unit_test *test, int argc, char **argv)
{
	int n, names = 0;

	for (n = 1; n < argc; n++) {
		if (argv[n][0] == '-')
			continue;
		names++;
		if (strcmp(argv[n], test->name) == 0)
			return true;
	}
	return names == 0;
}

int main(int argc, char **argv)
{
	const char *nofork = getenv("UNIT_NOFORK");
	const char *timeout_env = getenv("UNIT_TIMEOUT");
	unsigned int timeout = timeout_env ? atoi(timeout_env) : 60;
	unsigned int passed = 0, failed = 0;
	const struct unit_test *test;
	bool verbose = false, ok;
	int n;

	for (n = 1; n < argc; n++)
		if (strcmp(argv[n], "-v") == 0)
			verbose = true;

	for (test = first_test; test; test = test->next) {
		if (!selected(test, argc, argv))
			continue;
		if (nofork && strcmp(nofork, "0") != 0)
			ok = run_here(test);
		else
			ok = run_forked(test, timeout ? timeout : 60);
		if (ok)
			passed++;
		else
			failed++;
		if (verbose || !ok)
			printf("%s %s\n", ok ? "PASS" : "FAIL", test->name);
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
