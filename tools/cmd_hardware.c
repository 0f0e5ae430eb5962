// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse hardware check: whether this machine and the running kernel
 * offer what the hypervisor needs, one line per requirement, read from
 * user space only (no driver needed):
 *
 * arm64
 *   booted at EL2      "CPU: All CPU(s) started at EL2" in the kernel log
 *                      (printed once all CPUs are up; the only user-space
 *                      trace of the boot exception level)
 *   kernel at EL1      no "CPU features: detected: Virtualization Host
 *                      Extensions": with VHE the kernel runs at EL2 itself
 *                      and there is no hyp stub to enter the hypervisor by
 *   EL2 free of KVM    no "Hyp mode initialized successfully" (or VHE/
 *                      protected) in the log and no /dev/kvm; the usual
 *                      cause is kvm-arm.mode=none missing
 *   GICv3 or GICv2     compatible "arm,gic-v3", or a GICv2 with
 *                      virtualization extensions ("arm,gic-400", ...)
 *   PSCI via SMC       /psci method "smc" in the device tree
 *   reserved memory    device tree memory that is not System RAM in
 *                      /proc/iomem (what mem= keeps from Linux)
 *   IOMMU              optional: SMMUv3 nodes, and Linux not driving them
 *                      (hw_iommu.c)
 * x86
 *   SVM or VMX         flags in /proc/cpuinfo
 *   NPT or EPT         flags (or "vmx flags") in /proc/cpuinfo
 *   SVM/VMX free       no /dev/kvm (KVM would own them)
 *   x2APIC             optional: flags in /proc/cpuinfo
 *   IOMMU              optional: ACPI DMAR or IVRS units, interrupt
 *                      remapping, and Linux not driving them (hw_iommu.c)
 *   reserved memory    memmap=SIZE$ADDR on the command line, and that
 *                      range is not System RAM in /proc/iomem
 * With SYSTEM.cell: its hypervisor memory is not System RAM.
 *
 * The kernel log is read from /dev/kmsg; once the ring buffer has wrapped,
 * a line that is gone makes the item UNKNOWN rather than guessed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jailhouse/config-check.h>

#include "cli.h"
#include "hardware.h"

static const char hardware_help[] =
	"Usage: jailhouse hardware check [--root DIR] [--arch arm64|x86] "
	"[SYSTEM.cell]\n"
	"\n"
	"Lists what the hypervisor needs from this machine and the running\n"
	"kernel, one line each: OK, MISSING or UNKNOWN (the kernel log no\n"
	"longer tells), then a verdict. Optional items do not change the\n"
	"verdict. With SYSTEM.cell, also checks that the config's hypervisor\n"
	"memory is not RAM Linux uses. Needs no driver; run it as root (the\n"
	"kernel log, /proc/iomem addresses and ACPI tables need it).\n"
	"\n"
	"  --root DIR   read proc/, sys/ and dev/ below DIR (a tree captured\n"
	"               from the target) instead of /\n"
	"  --arch A     check for arm64 or x86 (default: this machine's)\n"
	"\n"
	"Exits with 0 if every required item is OK, 2 if not.\n";

const char *hw_root = "";

/* A whole file (proc and sysfs files have no size) with a NUL appended. */
char *slurp(const char *name, size_t *len)
{
	size_t used = 0, cap = 4096;
	char path[512], *buf;
	int fd;

	snprintf(path, sizeof(path), "%s%s", hw_root, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	buf = malloc(cap);
	while (buf) {
		ssize_t n;

		if (used + 1 >= cap) {
			char *bigger = realloc(buf, cap * 2);

			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += n;
	}
	close(fd);
	if (buf) {
		buf[used] = '\0';
		if (len)
			*len = used;
	}
	return buf;
}

bool file_exists(const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s%s", hw_root, name);
	return stat(path, &st) == 0;
}

static void append(char **buf, size_t *len, const char *text, size_t n)
{
	char *bigger = realloc(*buf, *len + n + 2);

	if (!bigger)
		fail(ST_BAD_INPUT, "out of memory reading the kernel log");
	*buf = bigger;
	memcpy(*buf + *len, text, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = '\0';
}

/* The message of a "prio,seq,time,flags;message" record. */
static void append_record(char **buf, size_t *len, const char *rec,
			  size_t n)
{
	const char *semi = memchr(rec, ';', n);
	const char *nl;

	if (semi) {
		n -= semi + 1 - rec;
		rec = semi + 1;
	}
	nl = memchr(rec, '\n', n);
	append(buf, len, rec, nl ? (size_t)(nl - rec) : n);
}

/*
 * The kernel log, one message per line. Live, /dev/kmsg hands out one
 * record per read(); in a captured tree dev/kmsg is a file of records.
 */
static char *kernel_log(void)
{
	char path[512], rec[8192], *log = NULL, *text, *line;
	size_t len = 0;
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/dev/kmsg", hw_root);
	if (stat(path, &st) == 0 && S_ISCHR(st.st_mode)) {
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		while (fd >= 0) {
			ssize_t n = read(fd, rec, sizeof(rec));

			if (n < 0 && (errno == EPIPE || errno == EINTR))
				continue;	/* overwritten meanwhile */
			if (n <= 0)
				break;
			append_record(&log, &len, rec, n);
		}
		if (fd >= 0)
			close(fd);
		return log;
	}
	text = slurp("/dev/kmsg", NULL);
	if (text)
		append(&log, &len, "", 0);	/* readable, maybe empty */
	for (line = text ? strtok(text, "\n") : NULL; line;
	     line = strtok(NULL, "\n"))
		if (line[0] != ' ')	/* continuation: KEY=value */
			append_record(&log, &len, line, strlen(line));
	free(text);
	return log;
}

bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		bool start = p == list || p[-1] == ' ' || p[-1] == '\t' ||
			p[-1] == ':';
		bool end = p[n] == '\0' || p[n] == ' ' || p[n] == '\n';

		if (start && end)
			return true;
		p += n;
	}
	return false;
}

/* The first line of text starting with key, e.g. "flags\t\t: ...". */
char *line_starting(const char *text, const char *key, char *buf,
		    size_t len)
{
	const char *p = text;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (!strncmp(p, key, strlen(key))) {
			snprintf(buf, len, "%.*s", (int)n, p);
			return buf;
		}
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

void report(struct tally *t, enum item_state state, bool optional,
	    const char *what, const char *fmt, ...)
{
	static const char *const names[] = {
		"OK", "MISSING", "UNKNOWN", "INFO"
	};
	char detail[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	printf("%-8s %s%s: %s\n", names[state], what,
	       optional ? " (optional)" : "", detail);
	if (state == ITEM_OK || state == ITEM_INFO)
		return;
	if (optional)
		t->optional_missing++;
	else if (state == ITEM_MISSING)
		t->missing++;
	else
		t->unknown++;
}

void add_range(struct ranges *r, uint64_t start, uint64_t end)
{
	if (r->n < MAX_RANGES && end > start) {
		r->start[r->n] = start;
		r->end[r->n] = end;
		r->n++;
	}
}

/*
 * Top-level /proc/iomem entries named name. Returns false if the file is
 * unreadable or shows only zero addresses (read without root).
 */
bool iomem_ranges(const char *name, struct ranges *r)
{
	char *text = slurp("/proc/iomem", NULL), *line;
	bool any_address = false;

	r->n = 0;
	if (!text)
		return false;
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		unsigned long long s, e;
		int off = 0;

		if (sscanf(line, "%llx-%llx : %n", &s, &e, &off) != 2 || !off)
			continue;
		if (s || e)
			any_address = true;
		if (line[0] != ' ' && !strcmp(line + off, name))
			add_range(r, s, e + 1);
	}
	free(text);
	return any_address;
}

bool overlaps_any(const struct ranges *r, uint64_t start, uint64_t end,
		  unsigned int *which)
{
	for (unsigned int i = 0; i < r->n; i++)
		if (start < r->end[i] && r->start[i] < end) {
			if (which)
				*which = i;
			return true;
		}
	return false;
}

uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

uint64_t dt_cells(const unsigned char *p, unsigned int cells)
{
	uint64_t v = 0;

	while (cells--) {
		v = v << 32 | be32(p);
		p += 4;
	}
	return v;
}

bool log_has(const char *log, const char *text)
{
	return log && strstr(log, text);
}

/* Read and validated before anything is printed, so a bad file fails. */
static void load_system_config(struct config_file *cf, const char *path,
			       uint32_t arch)
{
	char msg[256];

	cf->path = path;
	cf->data = read_file(path, CONFIG_MAX_SIZE, &cf->size);
	cf->kind = CONFIG_SYSTEM;
	if (!config_validate(cf, arch, msg, sizeof(msg)))
		fail(ST_BAD_INPUT, "%s: %s", path, msg);
}

static void check_system_config(struct tally *t,
				const struct config_file *cf)
{
	static const char what[] = "hypervisor memory of the config";
	const char *path = cf->path;
	const struct jh_memory_region *hv;
	struct ranges linux_ram;
	unsigned int which;
	uint64_t end;

	hv = &((const struct jh_system_desc *)cf->data)->hypervisor_memory;
	end = hv->phys_start + hv->size;
	if (!iomem_ranges("System RAM", &linux_ram))
		report(t, ITEM_UNKNOWN, false, what,
		       "%s: cannot read addresses in /proc/iomem (run as "
		       "root)", path);
	else if (overlaps_any(&linux_ram, hv->phys_start, end, &which))
		report(t, ITEM_MISSING, false, what,
		       "%s: 0x%llx-0x%llx overlaps System RAM 0x%llx-0x%llx "
		       "in /proc/iomem", path,
		       (unsigned long long)hv->phys_start,
		       (unsigned long long)end - 1,
		       (unsigned long long)linux_ram.start[which],
		       (unsigned long long)linux_ram.end[which] - 1);
	else
		report(t, ITEM_OK, false, what,
		       "%s: 0x%llx-0x%llx is not System RAM", path,
		       (unsigned long long)hv->phys_start,
		       (unsigned long long)end - 1);
}

static int hardware_check(int argc, char **argv)
{
	const char *system = NULL;
	struct config_file cf;
	uint32_t arch = NATIVE_ARCH;
	struct tally t = { 0, 0, 0 };
	char *log;
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (is_help(arg)) {
			fputs(hardware_help, stdout);
			return ST_OK;
		}
		if (!strcmp(arg, "--root") || !strcmp(arg, "--arch")) {
			if (i + 1 >= argc)
				usage_error("%s needs a value", arg);
			if (arg[2] == 'r') {
				hw_root = argv[++i];
			} else if (!strcmp(argv[++i], "arm64")) {
				arch = JH_ARCH_ARM64;
			} else if (!strcmp(argv[i], "x86")) {
				arch = JH_ARCH_X86;
			} else {
				usage_error("unknown arch '%s' (arm64 or x86)",
					    argv[i]);
			}
			continue;
		}
		if (arg[0] == '-' && arg[1])
			usage_error("unknown option '%s'", arg);
		if (system)
			usage_error("unexpected argument '%s'", arg);
		system = arg;
	}
	if (*hw_root) {
		struct stat st;

		if (stat(hw_root, &st) || !S_ISDIR(st.st_mode))
			fail(ST_BAD_INPUT, "--root %s is not a directory",
			     hw_root);
	}

	if (system)
		load_system_config(&cf, system, arch);

	printf("arch: %s\n", arch == JH_ARCH_ARM64 ? "arm64" : "x86");
	log = kernel_log();
	if (arch == JH_ARCH_ARM64)
		check_arm64(&t, log);
	else
		check_x86(&t, log);
	free(log);
	if (system) {
		check_system_config(&t, &cf);
		free(cf.data);
	}

	if (t.missing || t.unknown) {
		printf("verdict: NOT ready:");
		if (t.missing)
			printf(" %u required item%s missing%s", t.missing,
			       t.missing == 1 ? "" : "s",
			       t.unknown ? "," : "");
		if (t.unknown)
			printf(" %u unknown", t.unknown);
		printf("\n");
		return ST_BAD_INPUT;
	}
	if (t.optional_missing)
		printf("verdict: ready for the hypervisor (%u optional item%s "
		       "missing)\n", t.optional_missing,
		       t.optional_missing == 1 ? "" : "s");
	else
		printf("verdict: ready for the hypervisor\n");
	return ST_OK;
}

static const char group_help[] =
	"Usage: jailhouse hardware VERB [ARGS...]\n"
	"\n"
	"Verbs:\n"
	"  check     list what the hypervisor needs and what this machine "
	"has\n";

int cmd_hardware(int argc, char **argv)
{
	if (argc < 2)
		usage_error("missing hardware verb");
	if (is_help(argv[1])) {
		fputs(group_help, stdout);
		return ST_OK;
	}
	if (!strcmp(argv[1], "check")) {
		set_verb("hardware", "check");
		return hardware_check(argc - 1, argv + 1);
	}
	usage_error("unknown hardware verb '%s'", argv[1]);
}
