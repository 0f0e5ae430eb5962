/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the bench's Intel VMX machine (tests/bench/run-bochs):
 *
 *   Bochs 2.7, cpu: model=corei7_haswell_4770, count=2, 1 GiB (i440FX),
 *   Linux booted with memmap=32M$0x3b000000
 *
 * Memory map (Bochs BIOS e820 and /proc/iomem of the bench guest):
 *   0x00000000-0x0009efff  RAM (0x9f000-0x9ffff EBDA)
 *   0x000a0000-0x000fffff  VGA window, VGA BIOS, system BIOS (MP, SMBIOS,
 *                          RSDP tables)
 *   0x00100000-0x3affffff  RAM
 *   0x3b000000-0x3bffffff  hypervisor (memmap= keeps Linux out)
 *   0x3c000000-0x3cffffff  cell pool (memmap= keeps Linux out)
 *   0x3d000000-0x3ffeffff  RAM, used by Linux again
 *   0x3fff0000-0x3fffffff  ACPI tables
 *   0xc0000000-0xfebfffff  PCI MMIO window (VGA frame buffer)
 *   0xfec00000             IOAPIC, 0xfed00000 HPET, 0xfee00000 local
 *                          APIC, 0xfffc0000 BIOS
 * No MMCONFIG: the i440FX has configuration ports 0xcf8/0xcfc only. The
 * ACPI PM timer is at port 0xb008 (PIIX4 PM block at 0xb000).
 */
#include "config-file.h"

#define IOAPIC_BASE	0xfec00000

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[9];
	struct jh_irqchip irqchips[1];
	struct jh_pio_region pio_regions[2];
} JH_PACKED config CONFIG_OBJECT = {
	.sys = {
		.signature = JH_SYSTEM_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.hypervisor_memory = {
			.phys_start = 0x3b000000,
			.size = MiB(16),
		},
		/* COM1, shared with Linux's console. */
		.debug_console = {
			.address = 0x3f8,
			.size = 8,
			.type = JH_CON_8250_PIO,
		},
		.platform.x86 = {
			.mmconfig_base = 0,
			.mmconfig_end_bus = 0,
			.pm_timer_address = 0xb008,
		},
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_X86,
			.name = "bochs-2cpu",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
			.num_pio_regions = ARRAY_ITEMS(config.pio_regions),
		},
	},

	/* CPUs 0-1. */
	.cpus = { 0x3 },

	.mem_regions = {
		/* Low RAM, including the EBDA. */
		{
			.phys_start = 0x0,
			.virt_start = 0x0,
			.size = 0xa0000,
			.flags = MEM_RAM,
		},
		/* VGA window and ROMs: Linux scans them at boot. */
		{
			.phys_start = 0xa0000,
			.virt_start = 0xa0000,
			.size = 0x60000,
			.flags = MEM_DEVICE,
		},
		/* RAM up to the hypervisor. */
		{
			.phys_start = 0x100000,
			.virt_start = 0x100000,
			.size = 0x3b000000 - 0x100000,
			.flags = MEM_RAM,
		},
		/* Cell pool: Linux keeps out (memmap=), cells take pieces. */
		{
			.phys_start = 0x3c000000,
			.virt_start = 0x3c000000,
			.size = MiB(16),
			.flags = MEM_RAM,
		},
		/* RAM above the reservation, which Linux uses too. */
		{
			.phys_start = 0x3d000000,
			.virt_start = 0x3d000000,
			.size = 0x3fff0000 - 0x3d000000,
			.flags = MEM_RAM,
		},
		/* ACPI tables. */
		{
			.phys_start = 0x3fff0000,
			.virt_start = 0x3fff0000,
			.size = 0x40000000 - 0x3fff0000,
			.flags = JH_MEM_READ | JH_MEM_WRITE,
		},
		/* PCI 32-bit MMIO window (the VGA frame buffer). */
		{
			.phys_start = 0xc0000000,
			.virt_start = 0xc0000000,
			.size = IOAPIC_BASE - 0xc0000000,
			.flags = MEM_DEVICE,
		},
		/* HPET. */
		{
			.phys_start = 0xfed00000,
			.virt_start = 0xfed00000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* BIOS, read only. */
		{
			.phys_start = 0xfffc0000,
			.virt_start = 0xfffc0000,
			.size = KiB(256),
			.flags = JH_MEM_READ | JH_MEM_IO,
		},
		/* Not here: the IOAPIC and local APIC (the hypervisor's). */
	},

	/* IOAPIC 0, pins 0-23. */
	.irqchips = {
		{
			.address = IOAPIC_BASE,
			.id = 0,
			.pin_base = 0,
			.pin_bitmap = { 0x00ffffff },
		},
	},

	/* Every port; a 16-bit length cannot say 0x10000. */
	.pio_regions = {
		{ .base = 0x0000, .length = 0x8000 },
		{ .base = 0x8000, .length = 0x8000 },
	},
};
