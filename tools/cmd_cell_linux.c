// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse cell linux CELL.cell KERNEL [-i INITRD] [-c CMDLINE] [-d DTB]
 *
 * Boots an unmodified arm64 Linux kernel Image in a new cell: creates the
 * cell, lays out boot loader, kernel, initrd and device tree in its RAM,
 * loads them through the driver and starts the cell. The cell's device
 * tree is generated (cell_linux_dt.c) unless -d gives one.
 *
 * Layout in the RAM region that holds cpu_reset_address (the boot
 * loader's place, inmates/tools/arm64/linux-loader.S; computed by
 * cell_linux_layout.c):
 *
 *   cpu_reset_address   boot loader (its parameter block says what to copy)
 *   next 2 MiB boundary Linux's RAM (the device tree's /memory) begins:
 *     + text_offset     kernel Image, image_size bytes with its bss
 *     ...               free for the kernel
 *     below the tree    initrd, 4 KiB aligned
 *     top - 64 KiB      device tree (at most 64 KiB, so it never crosses
 *                       a 2 MiB boundary, as the boot protocol asks)
 *   region end - ...    the stash: kernel, initrd and device tree as
 *                       loaded, which the loader copies into Linux's RAM
 *                       on every start of the cell (also after a reboot:
 *                       the hypervisor restarts the cell at the loader)
 *   region end
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cell_linux.h"
#include "cli.h"

#define LOADER_NAME		"linux-loader.bin"
#define LOADER_MAX		4096
#define LOADER_MAGIC		"JHLNXLDR"
#define ENV_LOADER		"JAILHOUSE_LINUX_LOADER"

/* arm64 Image header (Linux's Documentation/arch/arm64/booting.rst). */
#define IMAGE_HEADER_SIZE	64
#define IMAGE_TEXT_OFFSET	0x08
#define IMAGE_SIZE		0x10
#define IMAGE_FLAGS		0x18
#define IMAGE_MAGIC_OFF		0x38
#define IMAGE_MAGIC		0x644d5241U	/* "ARM\x64" */
#define IMAGE_FLAG_BE		0x1ULL

#define DTB_SLOT		LINUX_DTB_SLOT
#define MIB(x)			((unsigned long long)(x) >> 20)

static const char linux_help[] =
	"Usage: jailhouse cell linux CELL.cell KERNEL [-i INITRD] "
	"[-c CMDLINE] [-d DTB]\n"
	"                            [-l LOADER] [-w DTB_OUT]\n"
	"\n"
	"Creates the cell of CELL.cell and boots the arm64 Linux Image KERNEL\n"
	"in it: a small boot loader, the kernel, the initrd and a device tree\n"
	"go into the cell's RAM region that holds cpu_reset_address, then the\n"
	"cell starts. The images are kept outside Linux's RAM, and the loader\n"
	"copies them into place at every start, so a reboot of the cell's\n"
	"Linux boots them again without the root. A cell of that name that\n"
	"exists already (e.g. stopped because its Linux powered off) is\n"
	"loaded and started again.\n"
	"\n"
	"  -i INITRD   initramfs for the kernel\n"
	"  -c CMDLINE  kernel command line (default: a console on the cell's\n"
	"              UART and earlycon on the config's console address)\n"
	"  -d DTB      use this device tree instead of generating one\n"
	"  -l LOADER   the boot loader (default: linux-loader.bin from the\n"
	"              inmates beside this binary, or share/jailhouse/inmates)\n"
	"  -w DTB_OUT  only write the generated device tree and print the\n"
	"              layout; the driver is not used\n"
	"\n"
	"The generated tree describes the cell's RAM, its CPUs (PSCI, smc),\n"
	"the GIC, the architected timer, its PCI devices behind the\n"
	"machine's ECAM host and its Cadence UART (the config's console);\n"
	"the machine facts come from the root cell's\n"
	"device tree (" DEFAULT_DEVICETREE ", or $" ENV_DEVICETREE ").\n";

struct blob {
	void *data;
	uint64_t size;
	uint64_t addr;
};

static uint64_t get_le64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void put_le64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

/* Checks the Image header; returns text_offset and the image size. */
static void check_image(const char *path, const struct blob *k,
			uint64_t *text_offset, uint64_t *image_size)
{
	const uint8_t *h = k->data;

	if (k->size >= 2 && h[0] == 0x1f && h[1] == 0x8b)
		fail(ST_BAD_INPUT, "%s is gzip-compressed: give the Image "
		     "itself (zcat %s > Image)", path, path);
	if (k->size < IMAGE_HEADER_SIZE ||
	    (uint32_t)get_le64(h + IMAGE_MAGIC_OFF) != IMAGE_MAGIC)
		fail(ST_BAD_INPUT, "%s is not an arm64 Linux Image (no "
		     "\"ARM\\x64\" magic at offset 0x38)", path);
	if (get_le64(h + IMAGE_FLAGS) & IMAGE_FLAG_BE)
		fail(ST_BAD_INPUT, "%s is a big-endian kernel", path);
	*text_offset = get_le64(h + IMAGE_TEXT_OFFSET);
	*image_size = get_le64(h + IMAGE_SIZE);
	/* The loader copies 16 bytes at a time with the MMU off. */
	if (*text_offset % 4096)
		fail(ST_BAD_INPUT, "%s: header's text_offset 0x%llx is not "
		     "a multiple of 4 KiB", path,
		     (unsigned long long)*text_offset);
	if (*image_size == 0)
		fail(ST_BAD_INPUT, "%s has no image_size in its header (a "
		     "kernel older than 3.17)", path);
	if (*image_size < k->size)
		fail(ST_BAD_INPUT, "%s: header's image_size %llu is smaller "
		     "than the file (%llu bytes)", path,
		     (unsigned long long)*image_size,
		     (unsigned long long)k->size);
}

/* The loadable RAM region that holds the cell's entry point. */
static const struct jh_memory_region *
boot_region(const struct jh_cell_desc *cell)
{
	const struct jh_memory_region *m = jh_cell_mem_regions(cell);
	uint64_t entry = cell->cpu_reset_address;
	unsigned int i;

	for (i = 0; i < cell->num_memory_regions; i++)
		if (linux_ram_region(&m[i]) &&
		    (m[i].flags & JH_MEM_LOADABLE) &&
		    entry >= m[i].virt_start &&
		    entry - m[i].virt_start < m[i].size)
			return &m[i];
	fail(ST_BAD_INPUT, "cpu_reset_address 0x%llx is in no loadable RAM "
	     "region of the cell (the boot loader goes there)",
	     (unsigned long long)entry);
}

static const char *find_loader(const char *opt, char *buf, size_t len)
{
	static const char *const rel[] = {
		"/../inmates/" LOADER_NAME,		/* build tree */
		"/../share/jailhouse/inmates/" LOADER_NAME,	/* installed */
	};
	const char *env = getenv(ENV_LOADER);
	char dir[PATH_MAX - 64];
	unsigned int i;

	if (opt)
		return opt;
	if (env && *env)
		return env;
	if (own_dir(dir, sizeof(dir)))
		for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
			int w = snprintf(buf, len, "%.*s%s",
					 (int)(PATH_MAX - 128), dir, rel[i]);

			if (w > 0 && (size_t)w < len && access(buf, R_OK) == 0)
				return buf;
		}
	fail(ST_BAD_INPUT, "%s not found beside this binary (../inmates/) or "
	     "in ../share/jailhouse/inmates/ (give it with -l)", LOADER_NAME);
}

/*
 * The loader's parameter block, after its magic: the device tree and
 * kernel entry addresses, then three copies (source, destination, bytes):
 * kernel, initrd, device tree, from the stash into Linux's RAM.
 */
#define LOADER_PARAMS		11
#define LOADER_BLOCK		(8 + 8 * LOADER_PARAMS)

static void patch_loader(const char *path, struct blob *l,
			 const uint64_t *params)
{
	uint8_t *p = l->data;
	uint64_t off;
	unsigned int i;

	for (off = 0; off + LOADER_BLOCK <= l->size; off += 8)
		if (!memcmp(p + off, LOADER_MAGIC, 8)) {
			for (i = 0; i < LOADER_PARAMS; i++)
				put_le64(p + off + 8 + 8 * i, params[i]);
			return;
		}
	fail(ST_BAD_INPUT, "%s is not the Linux boot loader (no %s "
	     "parameter block)", path, LOADER_MAGIC);
}

/* The default command line: the cell's console and an early console. */
static const char *default_cmdline(const struct jh_cell_desc *cell,
				   char *buf, size_t len)
{
	const struct jh_console *c = &cell->console;

	switch (c->type) {
	case JH_CON_PL011:
		snprintf(buf, len, "console=ttyAMA0 earlycon=pl011,0x%llx",
			 (unsigned long long)c->address);
		break;
	case JH_CON_8250_MMIO:
		snprintf(buf, len, "console=ttyS0 earlycon=uart8250,%s,0x%llx",
			 c->flags & JH_CON_IO32 ? "mmio32" : "mmio",
			 (unsigned long long)c->address);
		break;
	case JH_CON_CADENCE:
		/* The generated tree names the cell's UART serial0. */
		snprintf(buf, len, "console=ttyPS0,115200 "
			 "earlycon=cdns,mmio,0x%llx,115200",
			 (unsigned long long)c->address);
		break;
	default:
		if (cell->num_pci_devices == 0)
			fail(ST_BAD_INPUT, "the cell has no UART: its config "
			     "names no console and no PCI device (give a "
			     "command line with -c to boot it anyway)");
		snprintf(buf, len, "console=ttyS0");
		break;
	}
	return buf;
}

static void write_out(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		fail(ST_BAD_INPUT, "%s: %s", path, strerror(errno));
}

/* Whether the driver lists a cell of this name. */
static bool cell_exists(const char *name)
{
	char dir[512], cname[JH_CELL_NAME_LEN + 1];
	int32_t *ids = NULL;
	size_t n, i;
	bool found = false;

	require_sysfs();
	n = sysfs_cell_ids(&ids);
	for (i = 0; i < n && !found; i++) {
		cell_dir(ids[i], dir, sizeof(dir));
		found = read_attr(dir, "name", cname, sizeof(cname)) &&
			!strcmp(cname, name);
	}
	free(ids);
	return found;
}

/*
 * Creates the cell unless it exists (a cell whose Linux powered off is
 * stopped, not gone: it is booted again), loads, starts.
 */
static void load_and_start(const char *name, struct blob *imgs,
			   unsigned int n, struct config_file *cf)
{
	struct jh_ioctl_config creq;
	struct jh_ioctl_cell_load *req;
	struct jh_ioctl_cell_id cell;
	unsigned int i;
	int fd;

	fd = open_device();
	if (!cell_exists(name)) {
		memset(&creq, 0, sizeof(creq));
		creq.address = (uintptr_t)cf->data;
		creq.size = (uint32_t)cf->size;
		driver_ioctl(fd, JH_IOCTL_CELL_CREATE, &creq);
	}

	req = calloc(1, sizeof(*req) + n * sizeof(req->images[0]));
	if (!req)
		fail(ST_BAD_INPUT, "out of memory");
	resolve_cell(name, &req->cell);
	req->num_images = n;
	for (i = 0; i < n; i++) {
		req->images[i].source = (uintptr_t)imgs[i].data;
		req->images[i].size = imgs[i].size;
		req->images[i].target = imgs[i].addr;
	}
	driver_ioctl(fd, JH_IOCTL_CELL_LOAD, req);
	cell = req->cell;
	cell.flags = 0;
	driver_ioctl(fd, JH_IOCTL_CELL_START, &cell);
	close(fd);
	free(req);
}

int cmd_cell_linux(int argc, char **argv)
{
	const char *initrd_path = NULL, *cmdline = NULL, *dtb_path = NULL;
	const char *loader_opt = NULL, *write_path = NULL, *opt, *loader;
	const char *pos[2] = { NULL, NULL };
	char cmdbuf[256], pathbuf[PATH_MAX], name[JH_CELL_NAME_LEN + 1];
	const struct jh_memory_region *ram;
	const struct jh_cell_desc *cell;
	struct blob loader_b, kernel, initrd = { 0 }, dtb;
	uint64_t text_offset, image_size, end, params[LOADER_PARAMS];
	struct linux_layout_in lin;
	struct linux_layout lay;
	struct linux_boot boot;
	struct config_file cf;
	struct blob imgs[4];
	unsigned int npos = 0, n = 0;
	size_t dtb_size;
	char msg[256];
	int a;

	for (a = 1; a < argc; a++) {
		const char **slot = NULL;

		opt = argv[a];
		if (is_help(opt)) {
			printf("%s", linux_help);
			return ST_OK;
		}
		if (!strcmp(opt, "-i") || !strcmp(opt, "--initrd"))
			slot = &initrd_path;
		else if (!strcmp(opt, "-c") || !strcmp(opt, "--cmdline"))
			slot = &cmdline;
		else if (!strcmp(opt, "-d") || !strcmp(opt, "--dtb"))
			slot = &dtb_path;
		else if (!strcmp(opt, "-l") || !strcmp(opt, "--loader"))
			slot = &loader_opt;
		else if (!strcmp(opt, "-w") || !strcmp(opt, "--write-dtb"))
			slot = &write_path;
		else if (opt[0] == '-' && opt[1] != '\0')
			usage_error("unknown option '%s'", opt);
		if (slot) {
			if (++a == argc)
				usage_error("%s needs an argument", opt);
			*slot = argv[a];
		} else if (npos == 2) {
			usage_error("unexpected argument '%s'", opt);
		} else {
			pos[npos++] = opt;
		}
	}
	if (npos < 1)
		usage_error("missing CELL.cell");
	if (npos < 2)
		usage_error("missing KERNEL");

	/* An arm64 cell, whatever this machine is (-w works anywhere). */
	cf.path = pos[0];
	cf.data = read_file(pos[0], CONFIG_MAX_SIZE, &cf.size);
	cf.kind = CONFIG_CELL;
	if (config_arch(&cf) != JH_ARCH_ARM64)
		fail(ST_BAD_INPUT, "%s: not an arm64 cell config (cell linux "
		     "boots arm64 kernels only)", pos[0]);
	if (!config_validate(&cf, JH_ARCH_ARM64, msg, sizeof(msg)))
		fail(ST_BAD_INPUT, "%s: %s", pos[0], msg);
	cell = cf.data;
	snprintf(name, sizeof(name), "%.*s", JH_CELL_NAME_LEN, cell->name);

	if (!cmdline)
		cmdline = default_cmdline(cell, cmdbuf, sizeof(cmdbuf));
	kernel.data = read_file(pos[1], IMAGE_MAX_SIZE, &kernel.size);
	check_image(pos[1], &kernel, &text_offset, &image_size);
	if (initrd_path)
		initrd.data = read_file(initrd_path, IMAGE_MAX_SIZE,
					&initrd.size);
	loader = find_loader(loader_opt, pathbuf, sizeof(pathbuf));
	loader_b.data = read_file(loader, LOADER_MAX, &loader_b.size);

	ram = boot_region(cell);
	end = ram->virt_start + ram->size;
	lin.region_start = ram->virt_start;
	lin.region_size = ram->size;
	lin.entry = cell->cpu_reset_address;
	lin.loader_size = loader_b.size;
	lin.text_offset = text_offset;
	lin.image_size = image_size;
	lin.kernel_size = kernel.size;
	lin.initrd_size = initrd.size;
	if (linux_layout(&lin, &lay) != 0)
		fail(ST_BAD_INPUT, "the kernel (%llu MiB with its bss, at "
		     "0x%llx), the initrd (%llu MiB) and the stash of their "
		     "copies for a reboot (%llu MiB) do not fit into the "
		     "cell's RAM region 0x%llx-0x%llx (%llu MiB)",
		     MIB(image_size),
		     (unsigned long long)(lay.ram_start + text_offset),
		     MIB(initrd.size),
		     MIB(kernel.size + initrd.size + DTB_SLOT),
		     (unsigned long long)ram->virt_start,
		     (unsigned long long)end - 1, MIB(ram->size));
	loader_b.addr = lay.loader;
	kernel.addr = lay.stash_kernel;
	initrd.addr = lay.stash_initrd;
	dtb.addr = lay.stash_dtb;

	if (dtb_path) {
		dtb.data = read_file(dtb_path, DTB_SLOT, &dtb.size);
	} else {
		boot.cell = cell;
		boot.dt_root = getenv(ENV_DEVICETREE);
		if (!boot.dt_root || !*boot.dt_root)
			boot.dt_root = DEFAULT_DEVICETREE;
		boot.cmdline = cmdline;
		boot.initrd_addr = lay.initrd;
		boot.initrd_size = initrd.size;
		boot.ram_start = lay.ram_start;
		boot.ram_end = lay.ram_end;
		dtb.data = cell_linux_dt(&boot, &dtb_size);
		dtb.size = dtb_size;
		if (dtb.size > DTB_SLOT)
			fail(ST_BAD_INPUT, "the device tree is larger than "
			     "64 KiB");
	}
	params[0] = lay.dtb;
	params[1] = lay.kernel;
	params[2] = lay.stash_kernel;
	params[3] = lay.kernel;
	params[4] = lay.kernel_copy;
	params[5] = lay.stash_initrd;
	params[6] = lay.initrd;
	params[7] = lay.initrd_copy;
	params[8] = lay.stash_dtb;
	params[9] = lay.dtb;
	params[10] = (dtb.size + LINUX_COPY_ALIGN - 1) & ~(LINUX_COPY_ALIGN - 1);
	patch_loader(loader, &loader_b, params);

	printf("cell \"%s\": loader 0x%llx, Linux RAM 0x%llx-0x%llx: kernel "
	       "0x%llx-0x%llx, ", name, (unsigned long long)lay.loader,
	       (unsigned long long)lay.ram_start,
	       (unsigned long long)lay.ram_end - 1,
	       (unsigned long long)lay.kernel,
	       (unsigned long long)lay.kernel_end - 1);
	if (initrd.size)
		printf("initrd 0x%llx-0x%llx, ",
		       (unsigned long long)lay.initrd,
		       (unsigned long long)(lay.initrd + initrd.size - 1));
	printf("device tree 0x%llx (%llu bytes); stash 0x%llx-0x%llx\n",
	       (unsigned long long)lay.dtb, (unsigned long long)dtb.size,
	       (unsigned long long)lay.stash_kernel,
	       (unsigned long long)lay.stash_end - 1);
	if (write_path) {
		write_out(write_path, dtb.data, dtb.size);
		return ST_OK;
	}

	imgs[n++] = loader_b;
	imgs[n++] = kernel;
	if (initrd.size)
		imgs[n++] = initrd;
	imgs[n++] = dtb;
	load_and_start(name, imgs, n, &cf);
	fflush(stdout);
	return ST_OK;
}
