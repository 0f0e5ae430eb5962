// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse hardware check: the IOMMU items.
 *
 *   IOMMU                  optional: the units the firmware describes
 *                          (x86: ACPI DMAR DRHD or IVRS IVHD structures;
 *                          arm64: device tree nodes "arm,smmu-v3")
 *   interrupt remapping    optional, x86 with an IOMMU: DMAR's INTR_REMAP
 *                          flag; every AMD-Vi unit remaps interrupts
 *   IOMMU not used by Linux  required once there is a unit: the hypervisor
 *                          owns the units, so Linux must not drive them
 *                          (entries in /sys/class/iommu, or interrupt
 *                          remapping in the kernel log); names the kernel
 *                          parameter that keeps Linux away
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hardware.h"

/* Units named in one line; a machine with more is summarised. */
#define MAX_UNITS	8

#define DMAR_INTR_REMAP	0x1
#define ACPI_HDR_LEN	36
/* DMAR and IVRS: their structures start after 12 more header bytes. */
#define ACPI_DATA_START	48

struct units {
	unsigned int n;		/* found, possibly more than listed */
	char text[512];		/* "VT-d 0xfed90000, ..." */
};

static void add_unit(struct units *u, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_unit(struct units *u, const char *fmt, ...)
{
	size_t used = strlen(u->text);
	va_list ap;

	if (u->n++ >= MAX_UNITS)
		return;
	if (used)
		used += snprintf(u->text + used, sizeof(u->text) - used, ", ");
	if (used >= sizeof(u->text))
		return;
	va_start(ap, fmt);
	vsnprintf(u->text + used, sizeof(u->text) - used, fmt, ap);
	va_end(ap);
}

static void units_done(struct units *u)
{
	size_t used = strlen(u->text);

	if (u->n > MAX_UNITS && used < sizeof(u->text))
		snprintf(u->text + used, sizeof(u->text) - used,
			 " and %u more", u->n - MAX_UNITS);
}

static uint16_t le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* An ACPI table's bytes, cut to the length its header gives, or NULL. */
static unsigned char *acpi_table(const char *sig, size_t *len)
{
	char name[64];
	unsigned char *t;
	size_t n;

	snprintf(name, sizeof(name), "/sys/firmware/acpi/tables/%s", sig);
	t = (unsigned char *)slurp(name, &n);
	if (!t)
		return NULL;
	if (n < ACPI_DATA_START || memcmp(t, sig, 4)) {
		free(t);
		return NULL;
	}
	*len = t[4] | t[5] << 8 | t[6] << 16 | (size_t)t[7] << 24;
	if (*len > n)
		*len = n;
	return t;
}

/* DMAR remapping structures: type 0 (DRHD) holds a unit's base at +8. */
static void dmar_units(const unsigned char *t, size_t len, struct units *u)
{
	size_t off = ACPI_DATA_START;

	while (off + 4 <= len) {
		uint16_t type = le16(t + off), slen = le16(t + off + 2);

		if (slen < 4 || off + slen > len)
			break;
		if (type == 0 && slen >= 16)
			add_unit(u, "VT-d 0x%llx",
				 (unsigned long long)le64(t + off + 8));
		off += slen;
	}
}

/*
 * IVRS IVHD blocks (types 10h, 11h, 40h): the unit's PCI function at +4,
 * its base at +8. Firmware describes one unit in several types; the
 * (function, base) pair counts once.
 */
static void ivrs_units(const unsigned char *t, size_t len, struct units *u)
{
	uint64_t seen_base[MAX_UNITS];
	uint16_t seen_bdf[MAX_UNITS];
	unsigned int seen = 0, i;
	size_t off = ACPI_DATA_START;

	while (off + 4 <= len) {
		uint8_t type = t[off];
		uint16_t blen = le16(t + off + 2), bdf;
		uint64_t base;

		if (blen < 4 || off + blen > len)
			break;
		off += blen;
		if ((type != 0x10 && type != 0x11 && type != 0x40) ||
		    blen < 24)
			continue;
		bdf = le16(t + off - blen + 4);
		base = le64(t + off - blen + 8);
		for (i = 0; i < seen; i++)
			if (seen_base[i] == base && seen_bdf[i] == bdf)
				break;
		if (i < seen)
			continue;
		if (seen < MAX_UNITS) {
			seen_base[seen] = base;
			seen_bdf[seen++] = bdf;
		}
		add_unit(u, "AMD-Vi 0x%llx (PCI %02x:%02x.%x)",
			 (unsigned long long)base, bdf >> 8, (bdf >> 3) & 0x1f,
			 bdf & 7);
	}
}

/* The IOMMUs Linux registered: the names in /sys/class/iommu. */
static unsigned int linux_iommus(char *names, size_t len)
{
	char path[512];
	unsigned int n = 0;
	size_t used = 0;
	struct dirent *de;
	DIR *d;

	names[0] = '\0';
	snprintf(path, sizeof(path), "%s/sys/class/iommu", hw_root);
	d = opendir(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		n++;
		if (used < len)
			used += snprintf(names + used, len - used, "%s%s",
					 used ? ", " : "", de->d_name);
	}
	closedir(d);
	return n;
}

static const char not_used[] = "IOMMU not used by Linux";

/*
 * ir_line: the kernel log's line for Linux remapping interrupts through
 * the unit (NULL: no such line is known); param: what keeps Linux away.
 */
static void check_linux_use(struct tally *t, const char *log,
			    const char *ir_line, const char *param)
{
	char names[256];
	bool ir = ir_line && log_has(log, ir_line);

	if (linux_iommus(names, sizeof(names)))
		report(t, ITEM_MISSING, false, not_used,
		       "Linux drives %s (/sys/class/iommu)%s%s%s: boot with %s",
		       names, ir ? " and says \"" : "", ir ? ir_line : "",
		       ir ? "\"" : "", param);
	else if (ir)
		report(t, ITEM_MISSING, false, not_used,
		       "Linux remaps interrupts through it (\"%s\" in the "
		       "kernel log): boot with %s", ir_line, param);
	else
		report(t, ITEM_OK, false, not_used,
		       "no /sys/class/iommu entries%s", ir_line ?
		       ", no interrupt remapping in the kernel log" : "");
}

void check_iommus_x86(struct tally *t, const char *log)
{
	struct units u = { 0 };
	unsigned char *dmar, *ivrs;
	size_t dlen = 0, ilen = 0;

	dmar = acpi_table("DMAR", &dlen);
	ivrs = acpi_table("IVRS", &ilen);
	if (dmar)
		dmar_units(dmar, dlen, &u);
	else if (ivrs)
		ivrs_units(ivrs, ilen, &u);
	units_done(&u);

	if (!dmar && !ivrs) {
		report(t, ITEM_MISSING, true, "IOMMU",
		       "no ACPI DMAR or IVRS table: DMA of devices is not "
		       "confined");
	} else if (!u.n) {
		report(t, ITEM_MISSING, true, "IOMMU",
		       "the ACPI %s table lists no unit",
		       dmar ? "DMAR" : "IVRS");
	} else if (dmar) {
		report(t, ITEM_OK, true, "IOMMU", "%s in the ACPI DMAR table",
		       u.text);
		if (dmar[37] & DMAR_INTR_REMAP)
			report(t, ITEM_OK, true, "interrupt remapping",
			       "the ACPI DMAR table sets INTR_REMAP");
		else
			report(t, ITEM_MISSING, true, "interrupt remapping",
			       "the ACPI DMAR table does not set INTR_REMAP: "
			       "MSIs of a cell's devices can reach any CPU");
		check_linux_use(t, log, "DMAR-IR: Enabled IRQ remapping",
				"intel_iommu=off intremap=off");
	} else {
		report(t, ITEM_OK, true, "IOMMU", "%s in the ACPI IVRS table",
		       u.text);
		report(t, ITEM_OK, true, "interrupt remapping",
		       "AMD-Vi units remap interrupts (part of the "
		       "architecture, no IVRS flag)");
		check_linux_use(t, log, "AMD-Vi: Interrupt remapping enabled",
				"amd_iommu=off");
	}
	free(dmar);
	free(ivrs);
}

/* A property of a device tree node, or NULL. */
static char *dt_prop(const char *node, const char *prop, size_t *len)
{
	char name[1024];
	int n = snprintf(name, sizeof(name), "%s/%s", node, prop);

	return n > 0 && (size_t)n < sizeof(name) ? slurp(name, len) : NULL;
}

/* "okay" or no status at all. */
static bool dt_enabled(const char *node)
{
	char *status = dt_prop(node, "status", NULL);
	bool ok;

	ok = !status || !strcmp(status, "okay") || !strcmp(status, "ok");
	free(status);
	return ok;
}

static bool dt_compatible(const char *node, const char *compat)
{
	size_t n = 0, off;
	char *prop = dt_prop(node, "compatible", &n);
	bool hit = false;

	for (off = 0; prop && off < n && !hit; off += strlen(prop + off) + 1)
		hit = !strcmp(prop + off, compat);
	free(prop);
	return hit;
}

/* The first address of node's reg, in its parent's #address-cells. */
static bool dt_reg_base(const char *parent, const char *node, uint64_t *base)
{
	unsigned char *p;
	unsigned int ac = 2;
	size_t n = 0;

	p = (unsigned char *)dt_prop(parent, "#address-cells", &n);
	if (p && n == 4)
		ac = be32(p);
	free(p);
	p = (unsigned char *)dt_prop(node, "reg", &n);
	if (!p || ac < 1 || ac > 2 || n < 4 * ac) {
		free(p);
		return false;
	}
	*base = dt_cells(p, ac);
	free(p);
	return true;
}

/*
 * Every enabled "arm,smmu-v3" node, three levels deep. Properties are
 * tried as nodes too: their reads fail.
 */
static void dt_smmus(const char *dir, int depth, struct units *u)
{
	char path[1024], node[512];
	struct dirent *de;
	uint64_t base;
	DIR *d;
	int n;

	snprintf(path, sizeof(path), "%s%s", hw_root, dir);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		n = snprintf(node, sizeof(node), "%s/%s", dir, de->d_name);
		if (n < 0 || (size_t)n >= sizeof(node) || !dt_enabled(node))
			continue;
		if (dt_compatible(node, "arm,smmu-v3")) {
			if (dt_reg_base(dir, node, &base))
				add_unit(u, "SMMUv3 %s (0x%llx)", de->d_name,
					 (unsigned long long)base);
			else
				add_unit(u, "SMMUv3 %s (no reg)", de->d_name);
		} else if (depth > 1) {
			dt_smmus(node, depth - 1, u);
		}
	}
	closedir(d);
}

void check_iommus_arm64(struct tally *t, const char *log)
{
	struct units u = { 0 };

	dt_smmus(DT_BASE, 3, &u);
	units_done(&u);
	if (!u.n) {
		report(t, ITEM_MISSING, true, "IOMMU",
		       "no SMMUv3 (compatible \"arm,smmu-v3\") in the device "
		       "tree: DMA of devices is not confined");
		return;
	}
	report(t, ITEM_OK, true, "IOMMU", "%s in the device tree", u.text);
	/* The driver is built in on Debian; as a module it is arm_smmu_v3. */
	check_linux_use(t, log, NULL,
			"initcall_blacklist=arm_smmu_driver_init (a modular "
			"driver: modprobe.blacklist=arm_smmu_v3)");
}
