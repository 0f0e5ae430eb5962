// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse: the command-line tool. This file only dispatches to the verbs
 * and answers --version and --help.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef JH_VERSION_STRING
#error "the Makefile passes JH_VERSION_STRING"
#endif

static const struct verb verbs[] = {
	{ "enable", cmd_enable, "enable the hypervisor with a system config" },
	{ "disable", cmd_disable, "disable the hypervisor" },
	{ "status", cmd_status, "show whether the hypervisor runs" },
	{ "console", cmd_console, "show the hypervisor console" },
	{ "cell", cmd_cell, "create, load, start, stop, list cells" },
	{ "config", cmd_config, "check configs, create one for this machine" },
	{ "hardware", cmd_hardware, "check what the hypervisor needs here" },
};

static void print_help(void)
{
	unsigned int i;

	printf("Usage: jailhouse VERB [ARGS...]\n"
	       "       jailhouse --version | --help\n"
	       "\n"
	       "Verbs:\n");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		printf("  %-9s %s\n", verbs[i].name, verbs[i].summary);
	printf("\n"
	       "Every verb takes --help. Cells are named by id or by name.\n"
	       "\n"
	       "Exit status:\n"
	       "  0  success\n"
	       "  1  usage error\n"
	       "  2  bad input file or config (refused by the local checks)\n"
	       "  3  refused by the driver or the hypervisor\n"
	       "  4  driver not loaded (/dev/jailhouse or "
	       "/sys/devices/jailhouse missing)\n"
	       "\n"
	       "Failures print one line \"jailhouse: VERB: CAUSE\" on "
	       "stderr.\n");
}

int main(int argc, char **argv)
{
	unsigned int i;

	if (argc < 2)
		usage_error("no verb given");

	if (is_help(argv[1])) {
		print_help();
		return ST_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("jailhouse %s\n", JH_VERSION_STRING);
		return ST_OK;
	}

	/* "config create" execs a script; cmd_config.c knows "check". */
	if (argc >= 3 && !strcmp(argv[1], "config") &&
	    !strcmp(argv[2], "create")) {
		set_verb("config", "create");
		return cmd_config_create(argc - 2, argv + 2);
	}

	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (!strcmp(argv[1], verbs[i].name)) {
			set_verb(NULL, verbs[i].name);
			return verbs[i].run(argc - 1, argv + 1);
		}
	}
	usage_error("unknown verb '%s'", argv[1]);
}
