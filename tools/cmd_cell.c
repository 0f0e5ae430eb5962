// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell VERB: dispatch, and the verbs that change a cell
 * (create, load, start, shutdown, destroy). list and stats only read and
 * live in cmd_cell_info.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jailhouse/comm-region.h>

#include "cli.h"

static const char create_help[] =
	"Usage: jailhouse cell create CELL.cell\n"
	"\n"
	"Creates the cell described by CELL.cell: its CPUs leave Linux, its\n"
	"memory and interrupts move to it. The cell is then shut down, ready\n"
	"for \"cell load\". The file is checked locally first.\n";

static void load_help(void)
{
	printf("Usage: jailhouse cell load NAME|ID IMAGE [-a ADDR] "
	       "[IMAGE [-a ADDR]]...\n"
	       "                           [-s STRING [-a ADDR]]...\n"
	       "\n"
	       "Stops the cell and copies each IMAGE into its loadable memory "
	       "at\n"
	       "guest-physical address ADDR (default 0). -s STRING copies the\n"
	       "NUL-terminated STRING, by default to the command-line address\n"
	       "0x%x (JH_CMDLINE_ADDR), at most %d bytes with the NUL. -a\n"
	       "applies to the IMAGE or -s before it. ADDR is decimal or\n"
	       "0x-prefixed hex. Long forms: --address, --string.\n",
	       JH_CMDLINE_ADDR, JH_CMDLINE_MAX);
}

static const char start_help[] =
	"Usage: jailhouse cell start [--force] NAME|ID\n"
	"\n"
	"Starts the cell's first CPU at the config's cpu_reset_address. A\n"
	"running cell is asked to stop first; --force stops it unasked.\n";

static const char shutdown_help[] =
	"Usage: jailhouse cell shutdown [--force] NAME|ID\n"
	"\n"
	"Asks the cell to stop (unless it is passive), then stops its CPUs.\n"
	"--force stops it unasked, also a locked cell or one that refuses.\n"
	"The cell keeps its resources and can be loaded and started again.\n";

static const char destroy_help[] =
	"Usage: jailhouse cell destroy [--force] NAME|ID\n"
	"\n"
	"Shuts the cell down and gives its CPUs, memory and interrupts back\n"
	"to Linux. --force stops it unasked, also a locked cell or one that\n"
	"refuses: the way to get rid of such a cell, e.g. before disable.\n";

static int cell_create(int argc, char **argv)
{
	struct jh_ioctl_config req;
	struct config_file cf;
	int fd;

	expect_args(argc, argv, 1, 1, "CELL.cell", create_help);
	config_load(argv[1], CONFIG_CELL, &cf);

	memset(&req, 0, sizeof(req));
	req.address = (uintptr_t)cf.data;
	req.size = (uint32_t)cf.size;
	fd = open_device();
	driver_ioctl(fd, JH_IOCTL_CELL_CREATE, &req);
	close(fd);
	return ST_OK;
}

/* One image of "cell load" and whether -a already placed it. */
struct load_image {
	const char *what;	/* file name, or "-s" for messages */
	void *data;
	uint64_t size;
	uint64_t target;
	bool addressed;
};

static void add_string_image(struct load_image *img, const char *text)
{
	size_t len = strlen(text) + 1;

	if (len > JH_CMDLINE_MAX)
		fail(ST_BAD_INPUT, "-s: the string is %zu bytes with its NUL, "
		     "the limit is %d", len, JH_CMDLINE_MAX);
	img->what = "-s";
	img->data = (void *)text;
	img->size = len;
	img->target = JH_CMDLINE_ADDR;
}

static int cell_load(int argc, char **argv)
{
	struct load_image imgs[JH_MAX_LOAD_IMAGES];
	struct jh_ioctl_cell_load *req;
	unsigned int n = 0, i;
	int fd, a;

	for (a = 1; a < argc; a++)
		if (is_help(argv[a])) {
			load_help();
			return ST_OK;
		}
	if (argc < 2 || argv[1][0] == '-')
		usage_error("missing cell NAME or ID");

	memset(imgs, 0, sizeof(imgs));
	for (a = 2; a < argc; a++) {
		const char *arg = argv[a];

		if (!strcmp(arg, "-a") || !strcmp(arg, "--address")) {
			if (n == 0)
				usage_error("%s before any IMAGE or -s", arg);
			if (imgs[n - 1].addressed)
				usage_error("two addresses for %s",
					    imgs[n - 1].what);
			if (++a == argc)
				usage_error("%s needs an ADDR", arg);
			if (!parse_u64(argv[a], &imgs[n - 1].target))
				usage_error("bad address '%s'", argv[a]);
			imgs[n - 1].addressed = true;
			continue;
		}
		if (n == JH_MAX_LOAD_IMAGES)
			usage_error("more than %d images", JH_MAX_LOAD_IMAGES);
		if (!strcmp(arg, "-s") || !strcmp(arg, "--string")) {
			if (++a == argc)
				usage_error("%s needs a STRING", arg);
			add_string_image(&imgs[n++], argv[a]);
			continue;
		}
		if (arg[0] == '-' && arg[1] != '\0')
			usage_error("unknown option '%s'", arg);
		imgs[n].what = arg;
		imgs[n].data = read_file(arg, IMAGE_MAX_SIZE, &imgs[n].size);
		n++;
	}
	if (n == 0)
		usage_error("missing IMAGE");

	req = calloc(1, sizeof(*req) + n * sizeof(req->images[0]));
	if (!req)
		fail(ST_BAD_INPUT, "out of memory");
	resolve_cell(argv[1], &req->cell);
	req->num_images = n;
	for (i = 0; i < n; i++) {
		req->images[i].source = (uintptr_t)imgs[i].data;
		req->images[i].size = imgs[i].size;
		req->images[i].target = imgs[i].target;
	}

	fd = open_device();
	driver_ioctl(fd, JH_IOCTL_CELL_LOAD, req);
	close(fd);
	return ST_OK;
}

/* --force (-f) before NAME|ID: stop the cell without asking it. */
static int cell_by_id(int argc, char **argv, unsigned long request,
		      const char *help)
{
	struct jh_ioctl_cell_id cell;
	uint32_t flags = 0;
	int fd;

	if (argc > 1 && (!strcmp(argv[1], "--force") ||
			 !strcmp(argv[1], "-f"))) {
		flags = JH_CELL_ID_FORCE;
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	expect_args(argc, argv, 1, 1, "NAME|ID", help);
	resolve_cell(argv[1], &cell);
	cell.flags = flags;
	fd = open_device();
	driver_ioctl(fd, request, &cell);
	close(fd);
	return ST_OK;
}

static int cell_start(int argc, char **argv)
{
	return cell_by_id(argc, argv, JH_IOCTL_CELL_START, start_help);
}

static int cell_shutdown(int argc, char **argv)
{
	return cell_by_id(argc, argv, JH_IOCTL_CELL_SHUTDOWN, shutdown_help);
}

static int cell_destroy(int argc, char **argv)
{
	return cell_by_id(argc, argv, JH_IOCTL_CELL_DESTROY, destroy_help);
}

static const struct verb cell_verbs[] = {
	{ "create", cell_create, "create a cell from a cell config" },
	{ "list", cmd_cell_list, "list cells with their state and CPUs" },
	{ "load", cell_load, "copy images into a cell" },
	{ "start", cell_start, "start a loaded cell" },
	{ "shutdown", cell_shutdown, "stop a cell, keeping its resources" },
	{ "destroy", cell_destroy, "stop a cell and return its resources" },
	{ "stats", cmd_cell_stats, "show a cell's per-CPU trap counts" },
	{ "monitor", cmd_cell_monitor, "print cells' state changes as they happen" },
	{ "linux", cmd_cell_linux, "create a cell and boot Linux in it" },
};

static void cell_help(void)
{
	unsigned int i;

	printf("Usage: jailhouse cell VERB [ARGS...]\n\nVerbs:\n");
	for (i = 0; i < sizeof(cell_verbs) / sizeof(cell_verbs[0]); i++)
		printf("  %-9s %s\n", cell_verbs[i].name,
		       cell_verbs[i].summary);
	printf("\nNAME|ID: a cell's name or its numeric id "
	       "(see \"jailhouse cell list\").\n");
}

int cmd_cell(int argc, char **argv)
{
	unsigned int i;

	if (argc < 2)
		usage_error("missing cell verb");
	if (is_help(argv[1])) {
		cell_help();
		return ST_OK;
	}
	for (i = 0; i < sizeof(cell_verbs) / sizeof(cell_verbs[0]); i++) {
		if (!strcmp(argv[1], cell_verbs[i].name)) {
			set_verb("cell", cell_verbs[i].name);
			return cell_verbs[i].run(argc - 1, argv + 1);
		}
	}
	usage_error("unknown cell verb '%s'", argv[1]);
}
