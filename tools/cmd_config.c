// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse config check: runs the shared validator on config files on
 * any host, without a driver or hypervisor. Each finding is printed as
 * "FILE: MESSAGE" with the validator's own words; a file without findings
 * gets "FILE: ok".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/config-check.h>

#include <jailhouse/config-check-pci.h>

#include "cli.h"

static const char config_help[] =
	"Usage: jailhouse config VERB [ARGS...]\n"
	"\n"
	"Verbs:\n"
	"  check     check a system config and cell configs (on any host)\n"
	"  create    write a system config for this machine (arm64, x86;\n"
	"            \"jailhouse config create --help\")\n";

static const char check_help[] =
	"Usage: jailhouse config check [--arch arm64|x86] SYSTEM.cell "
	"[CELL.cell...]\n"
	"\n"
	"Checks the files with the validator the driver and the hypervisor\n"
	"use, so it accepts and refuses exactly what they would:\n"
	"  - each file's structure (signature, revision, arch, sizes, flags);\n"
	"  - each cell against the system config (CPUs, memory, interrupts\n"
	"    and PCI devices the root cell owns, clear of the hypervisor);\n"
	"  - every two cells against each other (nothing shared that must not\n"
	"    be), and that their names differ.\n"
	"Files are told apart by their signature; without a system config\n"
	"only the structure of the cells is checked. --arch checks for that\n"
	"architecture; by default the system config's own arch is used.\n"
	"\n"
	"Prints \"FILE: ok\" or one line \"FILE: PROBLEM\" per finding; exits\n"
	"with 0 if every file is fine, 2 if not.\n";

struct checked {
	struct config_file cf;
	bool readable;		/* read and of a known kind */
	bool valid;		/* passed the structural check */
	char **findings;
	size_t num_findings;
};

static void add_finding(struct checked *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_finding(struct checked *c, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	c->findings = realloc(c->findings,
			      (c->num_findings + 1) * sizeof(*c->findings));
	if (!c->findings || !(c->findings[c->num_findings] = strdup(msg)))
		fail(ST_BAD_INPUT, "out of memory");
	c->num_findings++;
}

static const struct jh_cell_desc *cell_of(const struct checked *c)
{
	if (c->cf.kind == CONFIG_SYSTEM)
		return &((const struct jh_system_desc *)c->cf.data)->root_cell;
	return c->cf.data;
}

static bool parse_arch(const char *name, uint32_t *arch)
{
	if (!strcmp(name, "arm64") || !strcmp(name, "aarch64"))
		*arch = JH_ARCH_ARM64;
	else if (!strcmp(name, "x86") || !strcmp(name, "x86_64"))
		*arch = JH_ARCH_X86;
	else
		return false;
	return true;
}

static void read_one(struct checked *c, const char *path, bool first,
		     struct checked **system)
{
	char msg[256];

	c->cf.path = path;
	c->cf.data = try_read_file(path, CONFIG_MAX_SIZE, &c->cf.size,
				   msg, sizeof(msg));
	if (!c->cf.data) {
		add_finding(c, "%s", msg);
		return;
	}
	/* A file with neither signature is taken for what its place says. */
	c->cf.kind = config_guess_kind(&c->cf,
				       first ? CONFIG_SYSTEM : CONFIG_CELL);
	if (c->cf.kind == CONFIG_SYSTEM) {
		if (*system) {
			add_finding(c, "is a second system config (the "
				    "first is %s); give only one",
				    (*system)->cf.path);
			return;
		}
		*system = c;
	}
	c->readable = true;
}

/* Names address cells, so a cell named like the root cell is useless. */
static void check_root_name(struct checked *system, struct checked *c)
{
	const char *root = cell_of(system)->name, *name = cell_of(c)->name;

	if (!strncmp(root, name, JH_CELL_NAME_LEN))
		add_finding(c, "header: name '%.*s' is also the root cell's "
			    "name (%s)", JH_CELL_NAME_LEN, name,
			    system->cf.path);
}

/* Collects the file names and --arch; files[] has room for argc. */
static int parse_check_args(int argc, char **argv, struct checked *files,
			    uint32_t *arch)
{
	int nfiles = 0, i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (is_help(arg)) {
			fputs(check_help, stdout);
			exit(ST_OK);
		}
		if (!strcmp(arg, "--arch") || !strncmp(arg, "--arch=", 7)) {
			const char *name = arg[6] ? arg + 7 : argv[++i];

			if (!name)
				usage_error("--arch needs arm64 or x86");
			if (!parse_arch(name, arch))
				usage_error("unknown arch '%s' (arm64 or x86)",
					    name);
			continue;
		}
		if (arg[0] == '-' && arg[1] != '\0')
			usage_error("unknown option '%s'", arg);
		files[nfiles++].cf.path = arg;
	}
	if (nfiles == 0)
		usage_error("missing SYSTEM.cell");
	return nfiles;
}

static void check_structure(struct checked *c, uint32_t arch)
{
	char msg[256];

	if (!c->readable)
		return;
	c->valid = config_validate(&c->cf, arch ? arch : config_arch(&c->cf),
				   msg, sizeof(msg));
	if (!c->valid)
		add_finding(c, "%s", msg);
}

static void check_in_system(struct checked *system, struct checked *c)
{
	struct jh_config_error err;
	char msg[256];

	memset(&err, 0, sizeof(err));
	if (jh_check_cell_in_system(system->cf.data, cell_of(c), &err)) {
		jh_format_config_error(msg, sizeof(msg), &err);
		add_finding(c, "%s", msg);
	}
	check_root_name(system, c);
}

/*
 * A conflict names an item of the first cell and the other cell's name,
 * so the finding goes to the first cell's file.
 */
static void check_disjoint(struct checked *a, struct checked *b)
{
	struct jh_config_error err;
	char msg[256];

	memset(&err, 0, sizeof(err));
	if (jh_check_cells_disjoint(cell_of(a), cell_of(b), &err)) {
		jh_format_config_error(msg, sizeof(msg), &err);
		add_finding(a, "%s (%s)", msg, b->cf.path);
	}
}

/* A warning (not a finding) for each device whose DMA is unconfined. */
static void print_dma_notes(const struct checked *c)
{
	const struct jh_cell_desc *cell = cell_of(c);
	const struct jh_pci_device *pci;
	const char *note;
	uint32_t i;

	if (!cell)
		return;
	pci = jh_cell_pci_devices(cell);
	for (i = 0; i < cell->num_pci_devices; i++) {
		note = jhc_pci_dma_note(&pci[i]);
		if (note)
			printf("%s: warning: pci device %u (%04x:%02x:%02x.%x): %s\n",
			       c->cf.path, i, pci[i].domain, pci[i].bdf >> 8,
			       (pci[i].bdf >> 3) & 0x1f, pci[i].bdf & 7, note);
	}
}

/* Prints every finding, or "ok"; returns true if there was none. */
static bool print_findings(const struct checked *files, int nfiles)
{
	bool all_ok = true;
	int i;

	for (i = 0; i < nfiles; i++) {
		const struct checked *c = &files[i];
		size_t f;

		if (c->num_findings == 0) {
			printf("%s: ok\n", c->cf.path);
			print_dma_notes(c);
		}
		for (f = 0; f < c->num_findings; f++)
			printf("%s: %s\n", c->cf.path, c->findings[f]);
		if (c->num_findings)
			all_ok = false;
	}
	return all_ok;
}

static int config_check(int argc, char **argv)
{
	struct checked *files, *system = NULL;
	bool any_valid_cell = false, all_ok;
	uint32_t arch = 0;
	int nfiles, i, j;

	files = calloc(argc, sizeof(*files));
	if (!files)
		fail(ST_BAD_INPUT, "out of memory");
	nfiles = parse_check_args(argc, argv, files, &arch);

	for (i = 0; i < nfiles; i++)
		read_one(&files[i], files[i].cf.path, i == 0, &system);
	/* Cells are checked for the arch of the system they go with. */
	if (!arch && system)
		arch = config_arch(&system->cf);
	for (i = 0; i < nfiles; i++)
		check_structure(&files[i], arch);

	for (i = 0; i < nfiles; i++) {
		if (!files[i].valid || &files[i] == system)
			continue;
		any_valid_cell = true;
		if (system && system->valid)
			check_in_system(system, &files[i]);
		for (j = i + 1; j < nfiles; j++)
			if (files[j].valid && &files[j] != system)
				check_disjoint(&files[i], &files[j]);
	}

	all_ok = print_findings(files, nfiles);
	if (!system && any_valid_cell) {
		fflush(stdout);
		fprintf(stderr, "jailhouse: config check: note: no system "
			"config given, so the cells were not checked against "
			"one\n");
	}
	return all_ok ? ST_OK : ST_BAD_INPUT;
}

int cmd_config(int argc, char **argv)
{
	if (argc < 2)
		usage_error("missing config verb");
	if (is_help(argv[1])) {
		fputs(config_help, stdout);
		return ST_OK;
	}
	if (!strcmp(argv[1], "check")) {
		set_verb("config", "check");
		return config_check(argc - 1, argv + 1);
	}
	usage_error("unknown config verb '%s'", argv[1]);
}
