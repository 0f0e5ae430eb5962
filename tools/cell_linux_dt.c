// SPDX-License-Identifier: GPL-2.0
/*
 * The device tree of a Linux cell, built from two sources:
 *
 * - the cell config: RAM (memory regions that are read-write and neither
 *   I/O nor the comm region), CPUs, PCI devices;
 * - the root cell's own device tree (/sys/firmware/devicetree/base, a
 *   directory per node and a file per property): what the config does
 *   not say because it is the same for every cell of the machine, i.e.
 *   the GIC's compatible and frames, the timer's interrupts, the CPUs'
 *   MPIDRs and the PCI host's ECAM, windows and interrupt map, and the
 *   node of the cell's MMIO UART (cell_linux_uart.c). The reading is
 *   dt_read.c's.
 *
 * CPU n of the config is the n-th /cpus/cpu@ node in MPIDR order, which is
 * how Linux numbers them when the boot CPU has the lowest MPIDR (QEMU
 * virt, and every board config create knows).
 *
 * PSCI uses the smc conduit: the hypervisor traps smc (HCR_EL2.TSC) for
 * every cell, while hvc #0 is the hypercall instruction.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "cell_linux.h"
#include "cell_linux_dt.h"
#include "cli.h"
#include "fdt.h"

#define MAX_CPUS	64
#define MAX_REG		16
#define ECAM_BUS_SIZE	(1ULL << 20)
/* interrupt-map of a PCI host: child unit address is 3 cells. */
#define PCI_ADDR_CELLS	3
/* GICv2 frames as a cell sees them: 4 KiB GICD, 8 KiB CPU interface. */
#define GICV2_GICD_SIZE		0x1000ULL
#define GICV2_GICC_SIZE		0x2000ULL
#define GICV2_ALIASED_SIZE	0x20000ULL
#define GICV2_ALIAS_OFFSET	0xf000ULL
/*
 * /chosen/rng-seed: bytes Linux credits as entropy at boot (a boot
 * loader's job). 256 bits initialise its CRNG; 64 bytes leave margin.
 */
#define RNG_SEED_LEN	64

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* MPIDRs of the machine's CPUs, ascending; returns how many. */
static unsigned int machine_mpidrs(const struct dt *dt, uint64_t *mpidr)
{
	uint32_t ac = dt_u32(dt, "cpus", "#address-cells", 1);
	char path[1024], node[300];
	unsigned int n = 0;
	struct dirent *e;
	struct prop p;
	DIR *d;

	snprintf(path, sizeof(path), "%s/cpus", dt->root);
	d = opendir(path);
	if (!d)
		fail(ST_BAD_INPUT, "the root's device tree %s has no /cpus",
		     dt->root);
	while ((e = readdir(d)) && n < MAX_CPUS) {
		if (strncmp(e->d_name, "cpu@", 4))
			continue;
		snprintf(node, sizeof(node), "cpus/%s", e->d_name);
		if (!dt_read(dt, node, "reg", &p))
			continue;
		if (p.len >= ac * 4 && ac >= 1 && ac <= 2)
			mpidr[n++] = get_cells(p.data, ac);
		free(p.data);
	}
	closedir(d);
	qsort(mpidr, n, sizeof(mpidr[0]), cmp_u64);
	return n;
}

static void add_cpus(struct fdt *f, const struct dt *dt,
		     const struct jh_cell_desc *cell, uint32_t *boot_mpidr)
{
	uint64_t mpidr[MAX_CPUS];
	unsigned int n = machine_mpidrs(dt, mpidr), cpu, count = 0;
	char name[32], first[300] = "";
	struct dirent *e;
	char path[1024];
	DIR *d;

	/* The compatible of the machine's first CPU node, for all. */
	snprintf(path, sizeof(path), "%s/cpus", dt->root);
	d = opendir(path);
	while (d && (e = readdir(d)))
		if (!strncmp(e->d_name, "cpu@", 4)) {
			snprintf(first, sizeof(first), "cpus/%s", e->d_name);
			break;
		}
	if (d)
		closedir(d);

	fdt_begin_node(f, "cpus");
	fdt_prop_u32(f, "#address-cells", 2);
	fdt_prop_u32(f, "#size-cells", 0);
	for (cpu = 0; cpu < cell->cpu_set_size * 8; cpu++) {
		if (!jh_cpu_in_set(cell, cpu))
			continue;
		if (cpu >= n)
			fail(ST_BAD_INPUT, "CPU %u of the cell is not in the "
			     "root's device tree (%u CPUs there)", cpu, n);
		if (count++ == 0)
			*boot_mpidr = (uint32_t)mpidr[cpu];
		snprintf(name, sizeof(name), "cpu@%llx",
			 (unsigned long long)mpidr[cpu]);
		fdt_begin_node(f, name);
		fdt_prop_string(f, "device_type", "cpu");
		if (first[0])
			copy_prop(f, dt, first, "compatible");
		fdt_prop_u64s(f, "reg", &mpidr[cpu], 1);
		fdt_prop_string(f, "enable-method", "psci");
		fdt_end_node(f);
	}
	fdt_end_node(f);
}

/*
 * Every RAM region; of the boot region only Linux's part, not the boot
 * loader and the stash (cell_linux_layout.c), which must outlive Linux.
 */
static void add_memory(struct fdt *f, const struct linux_boot *b)
{
	const struct jh_cell_desc *cell = b->cell;
	const struct jh_memory_region *m = jh_cell_mem_regions(cell);
	uint64_t reg[2 * MAX_REG];
	unsigned int i, n = 0;
	char name[40];

	for (i = 0; i < cell->num_memory_regions; i++) {
		if (!linux_ram_region(&m[i]))
			continue;
		if (n == MAX_REG)
			fail(ST_BAD_INPUT, "more than %d RAM regions", MAX_REG);
		reg[2 * n] = m[i].virt_start;
		reg[2 * n + 1] = m[i].size;
		if (b->ram_end > b->ram_start &&
		    b->ram_start >= m[i].virt_start &&
		    b->ram_end - m[i].virt_start <= m[i].size) {
			reg[2 * n] = b->ram_start;
			reg[2 * n + 1] = b->ram_end - b->ram_start;
		}
		n++;
	}
	if (n == 0)
		fail(ST_BAD_INPUT, "the cell config has no RAM (a read-write "
		     "memory region that is neither JH_MEM_IO nor the comm "
		     "region)");
	snprintf(name, sizeof(name), "memory@%llx",
		 (unsigned long long)reg[0]);
	fdt_begin_node(f, name);
	fdt_prop_string(f, "device_type", "memory");
	fdt_prop_u64s(f, "reg", reg, 2 * n);
	fdt_end_node(f);
}

/*
 * GICv2 (GIC-400): the distributor, which the hypervisor emulates, and the
 * CPU interface, where the hypervisor maps the virtual CPU interface GICV
 * (hypervisor/arch/arm64/gic/v2/gicv2.c). A GIC-400 that aliases each 4 KiB page
 * over 64 KiB lists a 128 KiB GICC; its two pages are contiguous at
 * +0xf000, which is the gicc_base of the system config (config create
 * takes the same) and where the root's Linux moves its GICC too. The
 * cell's Linux enters at EL1 and would not move it, so the tree says it.
 */
static void gicv2_frames(uint64_t *reg)
{
	if (reg[3] >= GICV2_ALIASED_SIZE)
		reg[2] += GICV2_ALIAS_OFFSET;
	reg[1] = GICV2_GICD_SIZE;
	reg[3] = GICV2_GICC_SIZE;
}

static void add_gic(struct fdt *f, const struct dt *dt, bool v2)
{
	uint64_t reg[4];
	char name[40];

	/* Distributor and redistributors (v3) or CPU interface (v2). */
	if (dt_reg(dt, dt->gic, reg, 2) != 2)
		fail(ST_BAD_INPUT, "the GIC node %s of the root's device tree "
		     "has no two reg entries", dt->gic);
	if (v2)
		gicv2_frames(reg);
	snprintf(name, sizeof(name), "interrupt-controller@%llx",
		 (unsigned long long)reg[0]);
	fdt_begin_node(f, name);
	copy_prop(f, dt, dt->gic, "compatible");
	fdt_prop_u32(f, "#interrupt-cells",
		     dt_u32(dt, dt->gic, "#interrupt-cells", 3));
	fdt_prop_u32(f, "#address-cells",
		     dt_u32(dt, dt->gic, "#address-cells", 0));
	fdt_prop_u32(f, "#size-cells", 0);
	fdt_prop_empty(f, "interrupt-controller");
	fdt_prop_u64s(f, "reg", reg, 4);
	fdt_prop_u32(f, "phandle", GIC_PHANDLE);
	fdt_end_node(f);
}

static void add_timer(struct fdt *f, const struct dt *dt)
{
	fdt_begin_node(f, "timer");
	copy_prop(f, dt, dt->timer, "compatible");
	copy_prop(f, dt, dt->timer, "interrupts");
	copy_prop(f, dt, dt->timer, "always-on");
	fdt_end_node(f);
}

static void add_psci(struct fdt *f)
{
	fdt_begin_node(f, "psci");
	fdt_prop_string(f, "compatible", "arm,psci-0.2");
	fdt_prop_string(f, "method", "smc");
	fdt_end_node(f);
}

bool cell_owns_spi(const struct jh_cell_desc *cell, uint32_t intid)
{
	const struct jh_irqchip *c = jh_cell_irqchips(cell);
	unsigned int i, pin;

	for (i = 0; i < cell->num_irqchips; i++) {
		if (intid < c[i].pin_base)
			continue;
		pin = intid - c[i].pin_base;
		if (pin < JH_IRQCHIP_PIN_WORDS * 32 &&
		    (c[i].pin_bitmap[pin / 32] & (1U << (pin % 32))))
			return true;
	}
	return false;
}

/*
 * The root's interrupt-map, reduced to the entries of the cell's devices
 * (matched under interrupt-map-mask), pointing at the cell's GIC. The SPI
 * of a kept entry for INTA must be the cell's.
 */
static void add_interrupt_map(struct fdt *f, const struct dt *dt,
			      const struct jh_cell_desc *cell)
{
	const struct jh_pci_device *pd = jh_cell_pci_devices(cell);
	uint32_t child_ic = dt_u32(dt, dt->pci, "#interrupt-cells", 1);
	uint32_t pac = dt_u32(dt, dt->gic, "#address-cells", 0);
	uint32_t pic = dt_u32(dt, dt->gic, "#interrupt-cells", 3);
	uint32_t entry = PCI_ADDR_CELLS + child_ic + 1 + pac + pic;
	uint32_t *out, hi_mask, hi, spi_type, spi;
	struct prop map, mask;
	size_t i, cells, kept = 0;
	unsigned int d;

	if (!dt_read(dt, dt->pci, "interrupt-map", &map))
		return;
	if (!dt_read(dt, dt->pci, "interrupt-map-mask", &mask) ||
	    mask.len < 4 || entry > 16)
		fail(ST_BAD_INPUT, "the PCI host %s has an interrupt-map this "
		     "tool cannot read", dt->pci);
	hi_mask = get_be32(mask.data);
	cells = map.len / 4;
	out = calloc(cells ? cells : 1, 4);
	if (!out)
		fail(ST_BAD_INPUT, "out of memory");
	for (i = 0; i + entry <= cells; i += entry) {
		const uint8_t *e = map.data + i * 4;

		hi = get_be32(e);
		for (d = 0; d < cell->num_pci_devices; d++)
			if (pd[d].domain == 0 &&
			    (((uint32_t)pd[d].bdf << 8) & hi_mask) == hi)
				break;
		if (d == cell->num_pci_devices)
			continue;
		spi_type = get_be32(e + (PCI_ADDR_CELLS + child_ic + 1 + pac) * 4);
		spi = get_be32(e + (PCI_ADDR_CELLS + child_ic + 2 + pac) * 4);
		/* INTA (pin 1): what single-function devices use. */
		if (pic == 3 && spi_type == GIC_SPI && child_ic == 1 &&
		    get_be32(e + PCI_ADDR_CELLS * 4) == 1 &&
		    !cell_owns_spi(cell, spi + GIC_SPI_BASE))
			fail(ST_BAD_INPUT, "PCI device %02x:%02x.%x interrupts "
			     "on INTID %u (its INTx, by the root's "
			     "interrupt-map), which the cell config does not "
			     "own", pd[d].bdf >> 8, (pd[d].bdf >> 3) & 0x1f,
			     pd[d].bdf & 7, spi + GIC_SPI_BASE);
		for (d = 0; d < entry; d++)
			out[kept + d] = get_be32(e + d * 4);
		out[kept + PCI_ADDR_CELLS + child_ic] = GIC_PHANDLE;
		kept += entry;
	}
	if (kept)
		fdt_prop_cells(f, "interrupt-map", out, kept);
	fdt_prop(f, "interrupt-map-mask", mask.data, mask.len);
	free(out);
	free(map.data);
	free(mask.data);
}

/* The host bridge, its ECAM cut to the buses of the cell's devices. */
static void add_pci(struct fdt *f, const struct dt *dt,
		    const struct jh_cell_desc *cell)
{
	const struct jh_pci_device *pd = jh_cell_pci_devices(cell);
	uint32_t bus_range[2] = { 0, 0 };
	uint64_t reg[2];
	unsigned int i;
	char name[40];

	for (i = 0; i < cell->num_pci_devices; i++) {
		if (pd[i].domain != 0)
			fail(ST_BAD_INPUT, "PCI device %u is in domain %u: "
			     "only domain 0 is described", i, pd[i].domain);
		if ((uint32_t)(pd[i].bdf >> 8) > bus_range[1])
			bus_range[1] = pd[i].bdf >> 8;
	}
	if (dt_reg(dt, dt->pci, reg, 1) != 1)
		fail(ST_BAD_INPUT, "the PCI host %s has no reg", dt->pci);
	reg[1] = (bus_range[1] + 1ULL) * ECAM_BUS_SIZE;

	snprintf(name, sizeof(name), "pcie@%llx", (unsigned long long)reg[0]);
	fdt_begin_node(f, name);
	copy_prop(f, dt, dt->pci, "compatible");
	fdt_prop_string(f, "device_type", "pci");
	fdt_prop_u32(f, "#address-cells", 3);
	fdt_prop_u32(f, "#size-cells", 2);
	fdt_prop_u32(f, "#interrupt-cells", 1);
	fdt_prop_u64s(f, "reg", reg, 2);
	fdt_prop_cells(f, "bus-range", bus_range, 2);
	copy_prop(f, dt, dt->pci, "ranges");
	copy_prop(f, dt, dt->pci, "linux,pci-domain");
	copy_prop(f, dt, dt->pci, "dma-coherent");
	add_interrupt_map(f, dt, cell);
	fdt_end_node(f);
}

static void add_rng_seed(struct fdt *f)
{
	unsigned char seed[RNG_SEED_LEN];
	ssize_t got = getrandom(seed, sizeof(seed), GRND_NONBLOCK);

	if (got != (ssize_t)sizeof(seed)) {
		fprintf(stderr, "jailhouse: cell linux: no rng-seed for the cell "
			"(getrandom: %s): its kernel starts without entropy\n",
			got < 0 ? strerror(errno) : "short read");
		return;
	}
	fdt_prop(f, "rng-seed", seed, sizeof(seed));
	memset(seed, 0, sizeof(seed));
}

static void add_chosen(struct fdt *f, const struct linux_boot *b,
		       const char *uart)
{
	uint64_t v;

	fdt_begin_node(f, "chosen");
	fdt_prop_string(f, "bootargs", b->cmdline);
	if (uart[0])
		fdt_prop_string(f, "stdout-path", "serial0");
	if (b->initrd_size) {
		v = b->initrd_addr;
		fdt_prop_u64s(f, "linux,initrd-start", &v, 1);
		v = b->initrd_addr + b->initrd_size;
		fdt_prop_u64s(f, "linux,initrd-end", &v, 1);
	}
	/* Keep the BARs where the root put them: the cell cannot move them. */
	if (b->cell->num_pci_devices)
		fdt_prop_u32(f, "linux,pci-probe-only", 1);
	/*
	 * A cell usually has no entropy source (no RNG device; RNDR only on
	 * some CPUs). Unseeded, Linux 6.1 hashes its whole input pool
	 * (BLAKE2s) in every get_random_*() call, and arm64 makes one at
	 * every syscall exit (kernel stack offset): about 9,000
	 * instructions a syscall (Documentation/linux-cell.md, PREEMPT_RT).
	 */
	add_rng_seed(f);
	fdt_end_node(f);
}

void *cell_linux_dt(const struct linux_boot *b, size_t *size)
{
	static const char *const gic_compat[] = {
		"arm,gic-v3", "arm,gic-400", "arm,cortex-a15-gic", NULL };
	static const char *const gic3_compat[] = { "arm,gic-v3", NULL };
	static const char *const timer_compat[] = {
		"arm,armv8-timer", NULL };
	static const char *const pci_compat[] = {
		"pci-host-ecam-generic", NULL };
	const struct jh_cell_desc *cell = b->cell;
	struct dt dt = { .root = b->dt_root };
	uint32_t boot_mpidr = 0;
	char model[80], uart[NODE_LEN];
	const char *err;
	struct fdt f;
	void *blob;
	bool v2;

	if (!dt_find(&dt, gic_compat, dt.gic, sizeof(dt.gic)))
		fail(ST_BAD_INPUT, "no GIC (arm,gic-v3 or GIC-400) in the "
		     "root's device tree %s", dt.root);
	v2 = !node_compatible(&dt, dt.gic, gic3_compat);
	if (!dt_find(&dt, timer_compat, dt.timer, sizeof(dt.timer)))
		fail(ST_BAD_INPUT, "no arm,armv8-timer in the root's device "
		     "tree %s", dt.root);
	if (cell->num_pci_devices &&
	    !dt_find(&dt, pci_compat, dt.pci, sizeof(dt.pci)))
		fail(ST_BAD_INPUT, "the cell has PCI devices, but the root's "
		     "device tree %s has no pci-host-ecam-generic", dt.root);

	fdt_init(&f);
	fdt_begin_node(&f, "");
	fdt_prop_u32(&f, "#address-cells", 2);
	fdt_prop_u32(&f, "#size-cells", 2);
	fdt_prop_string(&f, "compatible", "jailhouse,cell");
	snprintf(model, sizeof(model), "Jailhouse cell %.*s",
		 JH_CELL_NAME_LEN, cell->name);
	fdt_prop_string(&f, "model", model);
	fdt_prop_u32(&f, "interrupt-parent", GIC_PHANDLE);
	add_cpus(&f, &dt, cell, &boot_mpidr);
	add_psci(&f);
	add_memory(&f, b);
	add_gic(&f, &dt, v2);
	add_timer(&f, &dt);
	add_uart(&f, &dt, cell, uart, sizeof(uart));
	if (cell->num_pci_devices)
		add_pci(&f, &dt, cell);
	add_chosen(&f, b, uart);
	fdt_end_node(&f);

	blob = fdt_finish(&f, boot_mpidr, size, &err);
	if (!blob)
		fail(ST_BAD_INPUT, "device tree: %s", err);
	return blob;
}
