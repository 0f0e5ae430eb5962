// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse hardware check, the x86 items (see cmd_hardware.c for the
 * list): SVM or VMX with nested paging, KVM, x2APIC and the memmap=
 * reservation, read from /proc/cpuinfo, the command line and /proc/iomem.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hardware.h"

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

void check_x86(struct tally *t, const char *log)
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
