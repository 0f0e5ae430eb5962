// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse hardware check, the arm64 items (see cmd_hardware.c for the
 * list): boot exception level, KVM, GICv3 or GICv2, PSCI and reserved
 * memory, read from the kernel log, the device tree and /proc/iomem.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hardware.h"

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

/*
 * SDEI firmware, for direct interrupt delivery (Documentation/arm64.md).
 * Linux learns of it from a device tree node compatible "arm,sdei-1.0"
 * or an ACPI SDEI table; firmware may implement SDEI without describing
 * it, and only an SMC can tell, which Linux below the hypervisor does not
 * make. So an absent description decides nothing: the hypervisor asks
 * SDEI_VERSION itself at enable and says what it got. Not counted in the
 * verdict: without SDEI, cells run with trapped interrupts.
 */
static void check_sdei(struct tally *t, char *node, int len)
{
	static const char *const sdei[] = { "arm,sdei-1.0", NULL };
	const char *compat, *confirm = "; the hypervisor confirms it with "
		"SDEI_VERSION at enable";
	char where[640];

	if (dt_find_compatible(DT_BASE "/firmware", 1, sdei, node,
			       (size_t)len, &compat))
		snprintf(where, sizeof(where), "/firmware/%.*s (%.64s) in "
			 "the device tree%s", len, node, compat, confirm);
	else if (file_exists("/sys/firmware/acpi/tables/SDEI"))
		snprintf(where, sizeof(where), "ACPI SDEI table present%s",
			 confirm);
	else
		snprintf(where, sizeof(where), "not described to Linux (no "
			 "\"arm,sdei-1.0\" node, no ACPI SDEI table); decided "
			 "at enable, where the hypervisor asks the firmware "
			 "SDEI_VERSION from EL2 (Linux below EL2 cannot ask)");
	report(t, ITEM_INFO, false, "SDEI firmware (direct delivery)", "%s",
	       where);
}

void check_arm64(struct tally *t, const char *log)
{
	static const char *const gic3[] = { "arm,gic-v3", NULL };
	/* GICv2 implementations with virtualization extensions, and without. */
	static const char *const gic2[] = {
		"arm,gic-400", "arm,cortex-a15-gic", "arm,cortex-a7-gic", NULL
	};
	static const char *const gic_other[] = {
		"arm,cortex-a9-gic", "arm,gic-v2", NULL
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
		report(t, ITEM_OK, false, "GICv3 or GICv2",
		       "%s (%s, GICv3) in the device tree", node, compat);
	else if (dt_find_compatible(DT_BASE, 2, gic2, node, sizeof(node),
				    &compat))
		report(t, ITEM_OK, false, "GICv3 or GICv2",
		       "%s (%s, GICv2) in the device tree", node, compat);
	else if (dt_find_compatible(DT_BASE, 2, gic_other, node, sizeof(node),
				    &compat))
		report(t, ITEM_MISSING, false, "GICv3 or GICv2",
		       "the interrupt controller %s is %s, which has no "
		       "virtualization extensions", node, compat);
	else
		report(t, ITEM_MISSING, false, "GICv3 or GICv2",
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

	check_sdei(t, node, 128);

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
