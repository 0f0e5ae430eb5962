// SPDX-License-Identifier: GPL-2.0
/*
 * Config builders for tests, see config_builder.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_builder.h"

void (*tb_on_alloc)(void *buf);

static void *tb_alloc(uint64_t size)
{
	/* malloc(0) may return NULL; one byte keeps "exact size" testable. */
	void *buf = calloc(1, size ? size : 1);

	if (!buf) {
		fprintf(stderr, "config_builder: out of memory\n");
		abort();
	}
	if (tb_on_alloc)
		tb_on_alloc(buf);
	return buf;
}

static void tb_full(const char *what)
{
	fprintf(stderr, "config_builder: too many %s\n", what);
	abort();
}

void tb_cell_init(struct tb_cell *cell, uint32_t arch, const char *name)
{
	memset(cell, 0, sizeof(*cell));
	memcpy(cell->desc.signature, JH_CELL_SIGNATURE, JH_SIGNATURE_SIZE);
	cell->desc.revision = JH_CONFIG_REVISION;
	cell->desc.arch = arch;
	strncpy(cell->desc.name, name, JH_CELL_NAME_LEN - 1);
	cell->desc.cpu_set_size = 8;
}

void tb_cell_add_cpu(struct tb_cell *cell, unsigned int cpu)
{
	if (cpu >= TB_CPU_WORDS * 64)
		tb_full("CPUs");
	cell->cpus[cpu / 64] |= 1ULL << (cpu % 64);
}

unsigned int tb_cell_add_mem(struct tb_cell *cell, uint64_t phys,
			     uint64_t virt, uint64_t size, uint64_t flags)
{
	unsigned int n = cell->desc.num_memory_regions;

	if (n >= TB_MAX_MEM)
		tb_full("memory regions");
	cell->mem[n].phys_start = phys;
	cell->mem[n].virt_start = virt;
	cell->mem[n].size = size;
	cell->mem[n].flags = flags;
	cell->desc.num_memory_regions++;
	return n;
}

unsigned int tb_cell_add_irqchip(struct tb_cell *cell, uint64_t address,
				 uint32_t pin_base)
{
	unsigned int n = cell->desc.num_irqchips;

	if (n >= TB_MAX_IRQCHIPS)
		tb_full("irqchips");
	cell->irqchips[n].address = address;
	cell->irqchips[n].pin_base = pin_base;
	cell->desc.num_irqchips++;
	return n;
}

void tb_irqchip_add_pin(struct tb_cell *cell, unsigned int chip,
			uint32_t pin)
{
	struct jh_irqchip *ic = &cell->irqchips[chip];
	uint32_t bit = pin - ic->pin_base;

	if (pin < ic->pin_base || bit >= JH_IRQCHIP_PIN_WORDS * 32)
		tb_full("pins for this irqchip");
	ic->pin_bitmap[bit / 32] |= 1U << (bit % 32);
}

unsigned int tb_cell_add_pio(struct tb_cell *cell, uint16_t base,
			     uint16_t length)
{
	unsigned int n = cell->desc.num_pio_regions;

	if (n >= TB_MAX_PIO)
		tb_full("pio regions");
	cell->pio[n].base = base;
	cell->pio[n].length = length;
	cell->desc.num_pio_regions++;
	return n;
}

unsigned int tb_cell_add_pci(struct tb_cell *cell, uint8_t type,
			     uint16_t domain, uint16_t bdf)
{
	unsigned int n = cell->desc.num_pci_devices;

	if (n >= TB_MAX_PCI)
		tb_full("PCI devices");
	cell->pci[n].type = type;
	cell->pci[n].domain = domain;
	cell->pci[n].bdf = bdf;
	cell->desc.num_pci_devices++;
	return n;
}

unsigned int tb_cell_add_link(struct tb_cell *cell, uint32_t id,
			      uint16_t peer, uint64_t phys, uint64_t virt,
			      uint64_t mmio, uint32_t irq)
{
	unsigned int n = cell->desc.num_links;
	struct jh_link *l;

	if (n >= TB_MAX_LINKS)
		tb_full("links");
	l = &cell->links[n];
	memset(l, 0, sizeof(*l));
	l->id = id;
	l->peer_id = peer;
	l->num_peers = 2;
	l->domain = 0;
	l->bdf = (uint16_t)(0x00f0 + n * 8);	/* 00:1e.0, 00:1f.0, ... */
	l->irq = irq;
	l->shmem_phys = phys;
	l->shmem_virt = virt;
	l->state_table_size = 0x1000;
	l->rw_size = 0x1000;
	l->out_size = 0x1000;
	l->mmio_base = mmio;
	cell->desc.num_links++;
	return n;
}

static uint64_t tb_min(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* Appends count elements of elem_size, of which room exist in src. */
static uint8_t *tb_put(uint8_t *dst, const void *src, uint64_t count,
		       uint64_t room, uint64_t elem_size)
{
	uint64_t n = tb_min(count, room) * elem_size;

	memcpy(dst, src, n);
	return dst + n;
}

static uint64_t tb_cell_body_size(const struct tb_cell *cell)
{
	const struct jh_cell_desc *d = &cell->desc;

	return sizeof(*d) +
		tb_min(d->cpu_set_size, sizeof(cell->cpus)) +
		tb_min(d->num_memory_regions, TB_MAX_MEM) *
			sizeof(cell->mem[0]) +
		tb_min(d->num_irqchips, TB_MAX_IRQCHIPS) *
			sizeof(cell->irqchips[0]) +
		tb_min(d->num_pio_regions, TB_MAX_PIO) *
			sizeof(cell->pio[0]) +
		tb_min(d->num_pci_devices, TB_MAX_PCI) *
			sizeof(cell->pci[0]) +
		tb_min(d->num_links, TB_MAX_LINKS) * sizeof(cell->links[0]);
}

static void tb_cell_write(uint8_t *p, const struct tb_cell *cell)
{
	const struct jh_cell_desc *d = &cell->desc;

	p = tb_put(p, d, 1, 1, sizeof(*d));
	p = tb_put(p, cell->cpus, d->cpu_set_size, sizeof(cell->cpus), 1);
	p = tb_put(p, cell->mem, d->num_memory_regions, TB_MAX_MEM,
		   sizeof(cell->mem[0]));
	p = tb_put(p, cell->irqchips, d->num_irqchips, TB_MAX_IRQCHIPS,
		   sizeof(cell->irqchips[0]));
	p = tb_put(p, cell->pio, d->num_pio_regions, TB_MAX_PIO,
		   sizeof(cell->pio[0]));
	p = tb_put(p, cell->pci, d->num_pci_devices, TB_MAX_PCI,
		   sizeof(cell->pci[0]));
	tb_put(p, cell->links, d->num_links, TB_MAX_LINKS,
	       sizeof(cell->links[0]));
}

void *tb_cell_build(const struct tb_cell *cell, uint64_t *size)
{
	uint8_t *buf;

	*size = tb_cell_body_size(cell);
	buf = tb_alloc(*size);
	tb_cell_write(buf, cell);
	return buf;
}

void *tb_system_build(const struct tb_system *sys, uint64_t *size)
{
	const uint64_t prefix = sizeof(sys->desc) - sizeof(sys->desc.root_cell);
	uint8_t *buf;

	*size = prefix + tb_cell_body_size(&sys->root);
	buf = tb_alloc(*size);
	memcpy(buf, &sys->desc, prefix);
	tb_cell_write(buf + prefix, &sys->root);
	return buf;
}

void *tb_resize(const void *buf, uint64_t size, uint64_t new_size)
{
	void *copy = tb_alloc(new_size);

	memcpy(copy, buf, tb_min(size, new_size));
	return copy;
}

#define RW	(JH_MEM_READ | JH_MEM_WRITE)
#define RWX	(JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE)

static void tb_demo_system_arm64(struct tb_system *sys)
{
	struct jh_system_desc *d = &sys->desc;
	struct tb_cell *root = &sys->root;
	unsigned int cpu, chip;

	d->hypervisor_memory.phys_start = 0x7f000000;
	d->hypervisor_memory.size = 0x1000000;
	d->hypervisor_memory.flags = RWX;
	d->debug_console.address = 0x09000000;
	d->debug_console.size = 0x1000;
	d->debug_console.type = JH_CON_PL011;
	d->platform.arm64.gicd_base = 0x08000000;
	d->platform.arm64.gicr_base = 0x080a0000;
	d->platform.arm64.gicr_stride = 0x20000;
	d->platform.arm64.gic_version = 3;
	d->platform.arm64.maintenance_irq = 25;

	tb_cell_init(root, JH_ARCH_ARM64, "qemu-arm64");
	for (cpu = 0; cpu < 4; cpu++)
		tb_cell_add_cpu(root, cpu);
	/* RAM up to the hypervisor, including the cell pool 0x70000000.. */
	tb_cell_add_mem(root, 0x40000000, 0x40000000, 0x3f000000,
			RWX | JH_MEM_DMA);
	tb_cell_add_mem(root, 0x09000000, 0x09000000, 0x1000, RW | JH_MEM_IO);
	tb_cell_add_mem(root, 0x0a000000, 0x0a000000, 0x4000, RW | JH_MEM_IO);
	tb_cell_add_mem(root, 0x10000000, 0x10000000, 0x2eff0000,
			RW | JH_MEM_IO);
	chip = tb_cell_add_irqchip(root, 0x08000000, 32);
	memset(root->irqchips[chip].pin_bitmap, 0xff,
	       sizeof(root->irqchips[chip].pin_bitmap));
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0000);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0008);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0010);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0018);
}

static void tb_demo_system_x86(struct tb_system *sys)
{
	struct jh_system_desc *d = &sys->desc;
	struct tb_cell *root = &sys->root;
	unsigned int cpu, chip;

	d->hypervisor_memory.phys_start = 0x3b000000;
	d->hypervisor_memory.size = 0x1000000;
	d->hypervisor_memory.flags = RWX;
	d->debug_console.address = 0x3f8;
	d->debug_console.size = 8;
	d->debug_console.type = JH_CON_8250_PIO;
	d->platform.x86.mmconfig_base = 0xb0000000;
	d->platform.x86.mmconfig_end_bus = 0xff;
	d->platform.x86.pm_timer_address = 0x608;

	tb_cell_init(root, JH_ARCH_X86, "qemu-x86");
	for (cpu = 0; cpu < 4; cpu++)
		tb_cell_add_cpu(root, cpu);
	tb_cell_add_mem(root, 0, 0, 0x3b000000, RWX | JH_MEM_DMA);
	tb_cell_add_mem(root, 0x3c000000, 0x3c000000, 0x1000000,
			RWX | JH_MEM_DMA);
	/* The IOAPIC page is emulated, so not mapped: only its pins. */
	chip = tb_cell_add_irqchip(root, 0xfec00000, 0);
	root->irqchips[chip].pin_bitmap[0] = 0xffffff;
	/* The 16-bit length cannot say 0x10000: two halves. */
	tb_cell_add_pio(root, 0x0000, 0x8000);
	tb_cell_add_pio(root, 0x8000, 0x8000);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0000);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0010);
	tb_cell_add_pci(root, JH_PCI_TYPE_DEVICE, 0, 0x0018);
	tb_cell_add_pci(root, JH_PCI_TYPE_BRIDGE, 0, 0x00f8);
}

void tb_demo_system(struct tb_system *sys, uint32_t arch)
{
	memset(sys, 0, sizeof(*sys));
	memcpy(sys->desc.signature, JH_SYSTEM_SIGNATURE, JH_SIGNATURE_SIZE);
	sys->desc.revision = JH_CONFIG_REVISION;
	sys->desc.arch = arch;
	if (arch == JH_ARCH_X86)
		tb_demo_system_x86(sys);
	else
		tb_demo_system_arm64(sys);
}

/* Cell memory, guest 0 and the comm page, with one irq pin and one
 * PCI device; the rest depends on the arch. */
static void tb_make_cell(struct tb_cell *cell, uint32_t arch,
			 const char *name, unsigned int cpu, uint64_t ram,
			 uint32_t pin, uint16_t bdf)
{
	unsigned int chip;

	tb_cell_init(cell, arch, name);
	cell->desc.flags = JH_CELL_CONSOLE_ALLOWED;
	tb_cell_add_cpu(cell, cpu);
	tb_cell_add_mem(cell, ram, 0, 0x100000, RWX | JH_MEM_LOADABLE);
	tb_cell_add_mem(cell, 0, 0x80000000, 0x1000,
			RW | JH_MEM_COMM_REGION);
	if (arch == JH_ARCH_X86) {
		chip = tb_cell_add_irqchip(cell, 0xfec00000, 0);
		cell->desc.console.type = JH_CON_8250_PIO;
		cell->desc.console.address = 0x2f8;
		cell->desc.console.size = 8;
	} else {
		chip = tb_cell_add_irqchip(cell, 0x08000000, 32);
		cell->desc.console.type = JH_CON_PL011;
		cell->desc.console.address = 0x09000000;
		cell->desc.console.size = 0x1000;
	}
	tb_irqchip_add_pin(cell, chip, pin);
	/* bdf 0: no PCI device (arm64 cells may not have one). */
	if (bdf)
		tb_cell_add_pci(cell, JH_PCI_TYPE_DEVICE, 0, bdf);
}

void tb_demo_cell(struct tb_cell *cell, uint32_t arch)
{
	if (arch == JH_ARCH_X86) {
		tb_make_cell(cell, arch, "demo", 3, 0x3c000000, 3, 0x0010);
		tb_cell_add_pio(cell, 0x2f8, 8);
	} else {
		tb_make_cell(cell, arch, "demo", 3, 0x70000000, 40, 0);
	}
}

void tb_other_cell(struct tb_cell *cell, uint32_t arch)
{
	if (arch == JH_ARCH_X86) {
		tb_make_cell(cell, arch, "other", 2, 0x3c100000, 4, 0x0018);
		tb_cell_add_pio(cell, 0x3e8, 8);
	} else {
		tb_make_cell(cell, arch, "other", 2, 0x70100000, 41, 0);
	}
}
