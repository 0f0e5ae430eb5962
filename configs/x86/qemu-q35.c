/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for the x86 bench machine:
 *
 *   qemu-system-x86_64 -machine q35 -cpu EPYC -smp 4 -m 1G,
 *   Linux booted with memmap=32M$0x3b000000
 *
 * A first version, enough for "jailhouse enable" to validate it. The x86
 * hypervisor work (issue 4) will refine it: which ports and MMIO ranges
 * the hypervisor intercepts, the IOMMU, PCI devices.
 *
 * Memory map (e820 and /proc/iomem of the bench guest):
 *   0x00000000-0x0009fbff  RAM (0x9fc00-0x9ffff EBDA)
 *   0x000a0000-0x000fffff  VGA window, option ROMs, system ROM
 *   0x00100000-0x3affffff  RAM
 *   0x3b000000-0x3bffffff  hypervisor (memmap= keeps Linux out)
 *   0x3c000000-0x3cffffff  cell pool (memmap= keeps Linux out), less
 *                          0x3ce00000-0x3ce03fff (link 2's memory)
 *   0x3d000000-0x3ffdefff  RAM, used by Linux again
 *   0x3ffdf000-0x3fffffff  reserved by the firmware: ACPI tables
 *   0xb0000000-0xbfffffff  PCI ECAM (intercepted, see platform data)
 *   0xc0000000-0xfebfffff  PCI MMIO window; its bottom MiB is kept from
 *                          root's regions: the root end of link 2 (BAR2 =
 *                          its shared memory, BAR0/1 at 0xc0010000),
 *                          device 00:07.0, INTA = GSI 23 (IOAPIC pin 23)
 *   0xfec00000             IOAPIC, 0xfed00000 HPET, 0xfed1c000 ICH9 RCRB,
 *   0xfee00000             local APIC, 0xfffc0000 BIOS flash
 */
#include "config-file.h"

#define IOAPIC_BASE	0xfec00000
/* The IOAPIC's requester ID: unknown without an IOMMU that says it. */
#ifndef Q35_IOAPIC_SID
#define Q35_IOAPIC_SID	0
#endif

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
#ifdef Q35_LINUX_IOMMU
	struct jh_memory_region mem_regions[12];
#else
	struct jh_memory_region mem_regions[11];
#endif
	struct jh_irqchip irqchips[1];
	struct jh_pio_region pio_regions[2];
	struct jh_pci_device pci_devices[1];
	struct jh_link links[1];
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
			.mmconfig_base = 0xb0000000,
			.mmconfig_end_bus = 0xff,
			/* ICH9 ACPI PM block at 0x600, PM timer at +8. */
			.pm_timer_address = 0x608,
		},
#ifdef Q35_IOMMU
		/* Variants with an IOMMU (qemu-q35-*-iommu.c) name it here. */
		.iommus = { Q35_IOMMU },
#endif
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_X86,
			.name = "qemu-q35",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
			.num_pio_regions = ARRAY_ITEMS(config.pio_regions),
			.num_pci_devices = ARRAY_ITEMS(config.pci_devices),
			.num_links = ARRAY_ITEMS(config.links),
		},
	},

	/* CPUs 0-3. */
	.cpus = { 0xf },

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
		/*
		 * Cell pool: Linux keeps out (memmap=), cells take pieces.
		 * Two pieces around link 2's 16 KiB at 0x3ce00000, which the
		 * root reaches only through its end of the link. The second
		 * piece is the last region (the others keep their indices).
		 */
		{
			.phys_start = 0x3c000000,
			.virt_start = 0x3c000000,
			.size = 0x3ce00000 - 0x3c000000,
			.flags = MEM_RAM,
		},
		/* RAM above the reservation, which Linux uses too. */
		{
			.phys_start = 0x3d000000,
			.virt_start = 0x3d000000,
			.size = 0x3ffdf000 - 0x3d000000,
			.flags = MEM_RAM,
		},
		/* Firmware-reserved RAM holding the ACPI tables. */
		{
			.phys_start = 0x3ffdf000,
			.virt_start = 0x3ffdf000,
			.size = 0x40000000 - 0x3ffdf000,
			.flags = JH_MEM_READ | JH_MEM_WRITE,
		},
		/*
		 * PCI 32-bit MMIO window (BARs of the bench's devices), less
		 * its bottom MiB: the root end of link 2 sits there (the
		 * firmware assigns BARs from the top of the window down).
		 */
		{
			.phys_start = 0xc0100000,
			.virt_start = 0xc0100000,
			.size = IOAPIC_BASE - 0xc0100000,
			.flags = MEM_DEVICE,
		},
		/* HPET. */
		{
			.phys_start = 0xfed00000,
			.virt_start = 0xfed00000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* ICH9 root complex register block. */
		{
			.phys_start = 0xfed1c000,
			.virt_start = 0xfed1c000,
			.size = KiB(16),
			.flags = MEM_DEVICE,
		},
		/* BIOS flash, read only. */
		{
			.phys_start = 0xfffc0000,
			.virt_start = 0xfffc0000,
			.size = KiB(256),
			.flags = JH_MEM_READ | JH_MEM_IO,
		},
		/* Cell pool, second piece (above link 2's memory). */
		{
			.phys_start = 0x3ce04000,
			.virt_start = 0x3ce04000,
			.size = 0x3d000000 - 0x3ce04000,
			.flags = MEM_RAM,
		},
#ifdef Q35_LINUX_IOMMU
		/* The variant whose Linux drives the IOMMU: its registers. */
		Q35_LINUX_IOMMU,
#endif
		/*
		 * Not here: the IOAPIC and local APIC (the hypervisor owns
		 * them), the ECAM (intercepted through platform.x86) and the
		 * empty 64-bit PCI window 0x100000000-0x8ffffffff.
		 */
	},

	/* IOAPIC 0, pins 0-23. */
	.irqchips = {
		{
			.address = IOAPIC_BASE,
			.id = Q35_IOAPIC_SID,
			.pin_base = 0,
			.pin_bitmap = { 0x00ffffff },
		},
	},

	/* Every port for now; a 16-bit length cannot say 0x10000. */
	.pio_regions = {
		{ .base = 0x0000, .length = 0x8000 },
		{ .base = 0x8000, .length = 0x8000 },
	},

	/*
	 * The root cell owns every device anyway; cells may only take the
	 * ones listed here. 00:05.0: QEMU's edu (-device edu,addr=5), which
	 * the PCI attacks give to attack-pci.cell.
	 */
	.pci_devices = {
		{ .type = JH_PCI_TYPE_DEVICE, .domain = 0, .bdf = 0x0028 },
	},

	/*
	 * The root's end of link 2 (Documentation/ivshmem.md), peer 0; the
	 * other end is configs/x86/link-root.c. The device is 00:07.0 of
	 * root's PCI bus, a free slot; ACPI's _PRT routes its INTA to GSI
	 * 23, IOAPIC pin 23, which no device of the bench drives. Linux sees
	 * the shared memory as BAR2 at 0xc0000000 and the registers as BAR0
	 * at 0xc0010000.
	 */
	.links = {
		{
			.id = 2,
			.peer_id = 0,
			.num_peers = 2,
			.domain = 0,
			.bdf = 0x0038,		/* 00:07.0 */
			.irq = 23,
			.shmem_phys = 0x3ce00000,
			.shmem_virt = 0xc0000000,
			.state_table_size = KiB(4),
			.rw_size = KiB(4),
			.out_size = KiB(4),
			.mmio_base = 0xc0010000,
		},
	},
};
