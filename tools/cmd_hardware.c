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
 *   GICv3              compatible "arm,gic-v3" in the device tree
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

static bool has_word(const char *list, const char *word)
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
static char *line_starting(const char *text, const char *key, char *buf,
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
	static const char *const names[] = { "OK", "MISSING", "UNKNOWN" };
	char detail[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	printf("%-8s %s%s: %s\n", names[state], what,
	       optional ? " (optional)" : "", detail);
	if (state == ITEM_OK)
		return;
	if (optional)
		t->optional_missing++;
	else if (state == ITEM_MISSING)
		t->missing++;
	else
		t->unknown++;
}

/* Memory ranges, [start, end) */

#define MAX_RANGES	64

struct ranges {
	unsigned int n;
	uint64_t start[MAX_RANGES], end[MAX_RANGES];
};

static void add_range(struct ranges *r, uint64_t start, uint64_t end)
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
static bool iomem_ranges(const char *name, struct ranges *r)
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

static bool overlaps_any(const struct ranges *r, uint64_t start,
			 uint64_t end, unsigned int *which)
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

/* RAM the device tree describes: /memory@* nodes' reg. */
static void dt_memory(struct ranges *r)
{
	char dirpath[512], name[600];
	unsigned int ac = 2, sc = 1;
	unsigned char *cells;
	size_t len;
	char *p;
	DIR *dir;
	struct dirent *de;

	r->n = 0;
	if ((cells = (unsigned char *)slurp(DT_BASE "/#address-cells", &len))) {
		if (len == 4)
			ac = be32(cells);
		free(cells);
	}
	if ((cells = (unsigned char *)slurp(DT_BASE "/#size-cells", &len))) {
		if (len == 4)
			sc = be32(cells);
		free(cells);
	}
	if (ac > 2 || sc > 2 || !ac || !sc)
		return;
	snprintf(dirpath, sizeof(dirpath), "%s" DT_BASE, hw_root);
	dir = opendir(dirpath);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "memory", 6))
			continue;
		snprintf(name, sizeof(name), DT_BASE "/%s/reg", de->d_name);
		p = slurp(name, &len);
		cells = (unsigned char *)p;
		for (size_t off = 0; p && off + 4 * (ac + sc) <= len;
		     off += 4 * (ac + sc)) {
			uint64_t s = dt_cells(cells + off, ac);
			uint64_t z = dt_cells(cells + off + 4 * ac, sc);

			add_range(r, s, s + z);
		}
		free(p);
	}
	closedir(dir);
}

/* Searches the device tree (two levels) for a node with a compatible. */
static bool dt_find_compatible(const char *dir, int depth,
			       const char *const *compats, char *found,
			       size_t len, const char **which)
{
	char path[512], sub[1024], full[1024];
	struct dirent *de;
	DIR *d;
	bool hit = false;

	snprintf(path, sizeof(path), "%s%s", hw_root, dir);
	d = opendir(path);
	if (!d)
		return false;
	while (!hit && (de = readdir(d))) {
		struct stat st;
		size_t n;
		char *prop;

		snprintf(full, sizeof(full), "%s/%s", path, de->d_name);
		if (de->d_name[0] == '.' || stat(full, &st) ||
		    !S_ISDIR(st.st_mode))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s/compatible", dir, de->d_name);
		prop = slurp(sub, &n);
		for (size_t off = 0; prop && off < n && !hit;
		     off += strlen(prop + off) + 1)
			for (unsigned int c = 0; compats[c]; c++)
				if (!strcmp(prop + off, compats[c])) {
					snprintf(found, len, "%s", de->d_name);
					*which = compats[c];
					hit = true;
					break;
				}
		free(prop);
		if (!hit && depth > 1) {
			snprintf(sub, sizeof(sub), "%s/%s", dir, de->d_name);
			hit = dt_find_compatible(sub, depth - 1, compats, found,
						 len, which);
		}
	}
	closedir(d);
	return hit;
}

bool log_has(const char *log, const char *text)
{
	return log && strstr(log, text);
}

static void check_arm64(struct tally *t, const char *log)
{
	static const char *const gic3[] = { "arm,gic-v3", NULL };
	static const char *const gic2[] = {
		"arm,gic-400", "arm,cortex-a15-gic", "arm,cortex-a9-gic",
		"arm,cortex-a7-gic", "arm,gic-v2", NULL
	};
	char node[256], *cmdline = slurp("/proc/cmdline", NULL), *method;
	struct ranges ram, linux_ram;
	const char *compat;
	uint64_t largest = 0, largest_start = 0;

	if (!log)
		report(t, ITEM_UNKNOWN, false, "booted at EL2",
		       "cannot read the kernel log (/dev/kmsg; run as root)");
	else if (log_has(log, "CPU: All CPU(s) started at EL2"))
		report(t, ITEM_OK, false, "booted at EL2",
		       "\"CPU: All CPU(s) started at EL2\" in the kernel log");
	else if (log_has(log, "CPU: All CPU(s) started at EL1"))
		report(t, ITEM_MISSING, false, "booted at EL2",
		       "the kernel log says \"CPU: All CPU(s) started at "
		       "EL1\": the firmware or another hypervisor keeps EL2");
	else if (log_has(log, "CPU(s) started in inconsistent modes"))
		report(t, ITEM_MISSING, false, "booted at EL2",
		       "the kernel log says the CPUs started in inconsistent "
		       "modes");
	else
		report(t, ITEM_UNKNOWN, false, "booted at EL2",
		       "the kernel log no longer holds \"CPU: All CPU(s) "
		       "started at ...\"");

	if (!log)
		report(t, ITEM_UNKNOWN, false, "kernel at EL1 (no VHE)",
		       "cannot read the kernel log");
	else if (log_has(log, "detected: Virtualization Host Extensions"))
		report(t, ITEM_MISSING, false, "kernel at EL1 (no VHE)",
		       "the kernel runs at EL2 with VHE (kernel log), so no "
		       "hyp stub: boot with kvm-arm.mode=nvhe or "
		       "id_aa64mmfr1.vh=0");
	else if (log_has(log, "CPU features: detected:"))
		report(t, ITEM_OK, false, "kernel at EL1 (no VHE)",
		       "no \"Virtualization Host Extensions\" among the CPU "
		       "features in the kernel log");
	else
		report(t, ITEM_UNKNOWN, false, "kernel at EL1 (no VHE)",
		       "the kernel log no longer lists the CPU features");

	if (log_has(log, "Hyp mode initialized successfully") ||
	    log_has(log, "VHE mode initialized successfully") ||
	    log_has(log, "Protected nVHE mode initialized successfully"))
		report(t, ITEM_MISSING, false, "EL2 not owned by KVM",
		       "KVM initialised EL2 (kernel log): boot with "
		       "kvm-arm.mode=none");
	else if (file_exists("/dev/kvm"))
		report(t, ITEM_MISSING, false, "EL2 not owned by KVM",
		       "/dev/kvm exists: boot with kvm-arm.mode=none");
	else if (cmdline && has_word(cmdline, "kvm-arm.mode=none"))
		report(t, ITEM_OK, false, "EL2 not owned by KVM",
		       "kvm-arm.mode=none on the kernel command line, no "
		       "/dev/kvm");
	else
		report(t, ITEM_OK, false, "EL2 not owned by KVM",
		       "no KVM initialisation in the kernel log, no /dev/kvm");

	if (dt_find_compatible(DT_BASE, 2, gic3, node, sizeof(node), &compat))
		report(t, ITEM_OK, false, "GICv3",
		       "%s (%s) in the device tree", node, compat);
	else if (dt_find_compatible(DT_BASE, 2, gic2, node, sizeof(node),
				    &compat))
		report(t, ITEM_MISSING, false, "GICv3",
		       "the interrupt controller %s is %s (GICv2); only "
		       "GICv3 is supported", node, compat);
	else
		report(t, ITEM_MISSING, false, "GICv3",
		       "no GIC in " DT_BASE);

	method = slurp(DT_BASE "/psci/method", NULL);
	if (method && !strcmp(method, "smc"))
		report(t, ITEM_OK, false, "PSCI through SMC",
		       "/psci method \"smc\" in the device tree");
	else if (method)
		report(t, ITEM_MISSING, false, "PSCI through SMC",
		       "/psci method is \"%s\": the hypervisor traps SMC "
		       "only", method);
	else
		report(t, ITEM_MISSING, false, "PSCI through SMC",
		       "no /psci node in the device tree: CPUs cannot be "
		       "handed to cells");
	free(method);

	dt_memory(&ram);
	if (!iomem_ranges("System RAM", &linux_ram)) {
		report(t, ITEM_UNKNOWN, false, "reserved memory",
		       "cannot read addresses in /proc/iomem (run as root)");
	} else {
		/* RAM of the device tree minus System RAM, per piece. */
		for (unsigned int i = 0; i < ram.n; i++) {
			uint64_t s = ram.start[i];

			while (s < ram.end[i]) {
				uint64_t e = ram.end[i];
				unsigned int j;

				for (j = 0; j < linux_ram.n; j++)
					if (linux_ram.start[j] <= s &&
					    s < linux_ram.end[j])
						break;
				if (j < linux_ram.n) {
					s = linux_ram.end[j];
					continue;
				}
				for (j = 0; j < linux_ram.n; j++)
					if (linux_ram.start[j] > s &&
					    linux_ram.start[j] < e)
						e = linux_ram.start[j];
				if (e - s > largest) {
					largest = e - s;
					largest_start = s;
				}
				s = e;
			}
		}
		if (largest)
			report(t, ITEM_OK, false, "reserved memory",
			       "0x%llx-0x%llx (%llu MiB) is RAM Linux does not "
			       "use", (unsigned long long)largest_start,
			       (unsigned long long)(largest_start + largest -
						    1),
			       (unsigned long long)(largest >> 20));
		else
			report(t, ITEM_MISSING, false, "reserved memory",
			       "Linux uses all RAM of the device tree: boot "
			       "with mem= to keep some for the hypervisor");
	}
	check_iommus_arm64(t, log);
	free(cmdline);
}

/* memmap=SIZE$ADDR reservations on the command line. */
static void memmap_reservations(const char *cmdline, struct ranges *r,
				char *text, size_t len)
{
	const char *p = cmdline;
	size_t used = 0;

	r->n = 0;
	text[0] = '\0';
	while (p && (p = strstr(p, "memmap="))) {
		const char *item = p + 7;

		if (p != cmdline && p[-1] != ' ') {
			p = item;
			continue;
		}
		while (*item && *item != ' ' && *item != '\n') {
			unsigned long long size, addr;
			char *end;

			size = strtoull(item, &end, 0);
			size <<= *end == 'K' || *end == 'k' ? 10 :
				*end == 'M' || *end == 'm' ? 20 :
				*end == 'G' || *end == 'g' ? 30 : 0;
			if (strchr("KkMmGg", *end) && *end)
				end++;
			if (*end == '$') {
				addr = strtoull(end + 1, &end, 0);
				addr <<= *end == 'K' || *end == 'k' ? 10 :
					*end == 'M' || *end == 'm' ? 20 :
					*end == 'G' || *end == 'g' ? 30 : 0;
				if (strchr("KkMmGg", *end) && *end)
					end++;
				add_range(r, addr, addr + size);
			}
			while (*end && *end != ',' && *end != ' ' &&
			       *end != '\n')
				end++;
			item = *end == ',' ? end + 1 : end;
		}
		used += snprintf(text + used, len - used, "%s%.*s",
				 used ? " " : "", (int)(item - p), p);
		if (used >= len)
			used = len - 1;
		p = item;
	}
}

static void check_x86(struct tally *t, const char *log)
{
	char flags[4096] = "", vmx_flags[2048] = "", text[256];
	char *cpuinfo = slurp("/proc/cpuinfo", NULL);
	char *cmdline = slurp("/proc/cmdline", NULL);
	struct ranges reserved, linux_ram;
	bool svm, vmx;
	unsigned int i, which;

	if (cpuinfo) {
		line_starting(cpuinfo, "flags", flags, sizeof(flags));
		line_starting(cpuinfo, "vmx flags", vmx_flags,
			      sizeof(vmx_flags));
	}
	svm = has_word(flags, "svm");
	vmx = has_word(flags, "vmx");
	if (!cpuinfo)
		report(t, ITEM_UNKNOWN, false, "SVM or VMX",
		       "cannot read /proc/cpuinfo");
	else if (svm)
		report(t, ITEM_OK, false, "SVM or VMX",
		       "SVM (AMD-V): \"svm\" in the /proc/cpuinfo flags");
	else if (vmx)
		report(t, ITEM_OK, false, "SVM or VMX",
		       "VMX (Intel VT-x): \"vmx\" in the /proc/cpuinfo flags");
	else
		report(t, ITEM_MISSING, false, "SVM or VMX",
		       "neither \"svm\" nor \"vmx\" in the /proc/cpuinfo "
		       "flags (absent, or disabled by the firmware)");

	if (svm && has_word(flags, "npt"))
		report(t, ITEM_OK, false, "NPT or EPT",
		       "nested paging: \"npt\" in the /proc/cpuinfo flags");
	else if (vmx && (has_word(flags, "ept") || has_word(vmx_flags, "ept")))
		report(t, ITEM_OK, false, "NPT or EPT",
		       "extended page tables: \"ept\" in /proc/cpuinfo");
	else if (cpuinfo)
		report(t, ITEM_MISSING, false, "NPT or EPT",
		       "no \"%s\" in /proc/cpuinfo: no second-stage paging",
		       vmx ? "ept" : "npt");
	else
		report(t, ITEM_UNKNOWN, false, "NPT or EPT",
		       "cannot read /proc/cpuinfo");

	if (file_exists("/dev/kvm"))
		report(t, ITEM_MISSING, false, "SVM/VMX not used by KVM",
		       "/dev/kvm exists: unload kvm_amd or kvm_intel");
	else
		report(t, ITEM_OK, false, "SVM/VMX not used by KVM",
		       "no /dev/kvm");

	if (has_word(flags, "x2apic"))
		report(t, ITEM_OK, true, "x2APIC",
		       "\"x2apic\" in the /proc/cpuinfo flags");
	else
		report(t, ITEM_MISSING, true, "x2APIC",
		       "no \"x2apic\" flag: interrupts go through the xAPIC");

	check_iommus_x86(t, log);

	memmap_reservations(cmdline, &reserved, text, sizeof(text));
	if (!cmdline)
		report(t, ITEM_UNKNOWN, false, "reserved memory",
		       "cannot read /proc/cmdline");
	else if (!reserved.n)
		report(t, ITEM_MISSING, false, "reserved memory",
		       "no memmap=SIZE$ADDR on the kernel command line to keep "
		       "RAM from Linux");
	else if (!iomem_ranges("System RAM", &linux_ram))
		report(t, ITEM_UNKNOWN, false, "reserved memory",
		       "%s, but /proc/iomem shows no addresses (run as root)",
		       text);
	else {
		for (i = 0; i < reserved.n; i++)
			if (overlaps_any(&linux_ram, reserved.start[i],
					 reserved.end[i], &which))
				break;
		if (i < reserved.n)
			report(t, ITEM_MISSING, false, "reserved memory",
			       "%s, but 0x%llx-0x%llx is System RAM in "
			       "/proc/iomem", text,
			       (unsigned long long)linux_ram.start[which],
			       (unsigned long long)linux_ram.end[which] - 1);
		else
			report(t, ITEM_OK, false, "reserved memory",
			       "%s: 0x%llx-0x%llx is not System RAM in "
			       "/proc/iomem", text,
			       (unsigned long long)reserved.start[0],
			       (unsigned long long)reserved.end[0] - 1);
	}
	free(cpuinfo);
	free(cmdline);
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
