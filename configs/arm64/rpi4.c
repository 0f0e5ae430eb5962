/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System config for QEMU 10's Raspberry Pi 4 model (-M raspi4b, 2 GiB,
 * tests/bench/run "board: rpi4", tests/scenarios/arm64-rpi4.scn).
 *
 * Made from board-rpi4.c ("jailhouse config create" on the board's own
 * device tree, kept as written): the same GIC-400, device regions and
 * reservation (Linux mem=768M, cell pool 0x30000000-0x3effffff, hypervisor
 * 0x3f000000-0x3fffffff). What differs for the model:
 *   - the hypervisor console is UART0, the PL011 at 0xfe201000: the model
 *     wires it to the first serial port, which the bench judges and which
 *     Linux drives as ttyAMA0 (board-rpi4.c names the mini UART, the
 *     board's stdout-path, which the model puts on the second port);
 *   - the root cell is named "rpi4".
 * Cells: rpi4-heartbeat.c, rpi4-timer-demo.c, rpi4-fault-demo.c,
 * rpi4-attack.c (the attack suite's) and rpi4-linux.c (Linux on the mini
 * UART, which takes the aux page 0xfe215000 and SPI 93 from root).
 */
#include "config-file.h"

static const struct {
	struct jh_system_desc sys;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[27];
	struct jh_irqchip irqchips[2];
} JH_PACKED config CONFIG_OBJECT = {
	.sys = {
		.signature = JH_SYSTEM_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_ARM64,
		/*
		 * Hypervisor memory: 16 MiB at the top of the RAM Linux does
		 * not use (mem=768M).
		 */
		.hypervisor_memory = {
			.phys_start = 0x3f000000,
			.size = MiB(16),
		},
		/* Debug console: UART0 (PL011), Linux's ttyAMA0. */
		.debug_console = {
			.address = 0xfe201000,
			.size = 0x1000,
			.type = JH_CON_PL011,
		},
		.platform.arm64 = {
			.gicd_base = 0xff841000,
			.gicc_base = 0xff842000,
			.gich_base = 0xff844000,
			.gicv_base = 0xff846000,
			.gic_version = 2,
			.maintenance_irq = 25,
		},
		.root_cell = {
			.signature = JH_CELL_SIGNATURE,
			.revision = JH_CONFIG_REVISION,
			.arch = JH_ARCH_ARM64,
			.name = "rpi4",
			.cpu_set_size = sizeof(config.cpus),
			.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
			.num_irqchips = ARRAY_ITEMS(config.irqchips),
		},
	},

	/* CPUs 0-3 (/sys/devices/system/cpu/possible). */
	.cpus = { 0xf },

	.mem_regions = {
		/* RAM Linux runs in (System RAM) */
		{
			.phys_start = 0x0,
			.virt_start = 0x0,
			.size = MiB(768),
			.flags = MEM_RAM,
		},
		/* RAM Linux does not use (mem=768M): cell memory pool */
		{
			.phys_start = 0x30000000,
			.virt_start = 0x30000000,
			.size = MiB(240),
			.flags = MEM_RAM,
		},
		/* pcie@7d500000 ECAM */
		{
			.phys_start = 0xfd500000,
			.virt_start = 0xfd500000,
			.size = KiB(40),
			.flags = MEM_DEVICE,
		},
		/* ethernet@7d580000 */
		{
			.phys_start = 0xfd580000,
			.virt_start = 0xfd580000,
			.size = KiB(64),
			.flags = MEM_DEVICE,
		},
		/* avs-monitor@7d5d2000 */
		{
			.phys_start = 0xfd5d2000,
			.virt_start = 0xfd5d2000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* timer@7e003000, txp@7e004000 */
		{
			.phys_start = 0xfe003000,
			.virt_start = 0xfe003000,
			.size = KiB(8),
			.flags = MEM_DEVICE,
		},
		/* dma@7e007000 */
		{
			.phys_start = 0xfe007000,
			.virt_start = 0xfe007000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* watchdog@7e100000, mailbox@7e00b840, mailbox@7e00b880 */
		{
			.phys_start = 0xfe00a000,
			.virt_start = 0xfe00a000,
			.size = KiB(8),
			.flags = MEM_DEVICE,
		},
		/* watchdog@7e100000, cprman@7e101000 */
		{
			.phys_start = 0xfe100000,
			.virt_start = 0xfe100000,
			.size = KiB(12),
			.flags = MEM_DEVICE,
		},
		/* rng@7e104000 */
		{
			.phys_start = 0xfe104000,
			.virt_start = 0xfe104000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* gpio@7e200000, serial@7e201000 */
		{
			.phys_start = 0xfe200000,
			.virt_start = 0xfe200000,
			.size = KiB(8),
			.flags = MEM_DEVICE,
		},
		/* i2c@7e205000, pixelvalve@7e206000, pixelvalve@7e207000 */
		{
			.phys_start = 0xfe205000,
			.virt_start = 0xfe205000,
			.size = KiB(12),
			.flags = MEM_DEVICE,
		},
		/* pixelvalve@7e20a000 */
		{
			.phys_start = 0xfe20a000,
			.virt_start = 0xfe20a000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* pwm@7e20c800 */
		{
			.phys_start = 0xfe20c000,
			.virt_start = 0xfe20c000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* aux@7e215000, serial@7e215040, pixelvalve@7e216000 */
		{
			.phys_start = 0xfe215000,
			.virt_start = 0xfe215000,
			.size = KiB(8),
			.flags = MEM_DEVICE,
		},
		/* mmc@7e300000 */
		{
			.phys_start = 0xfe300000,
			.virt_start = 0xfe300000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* mmc@7e340000 */
		{
			.phys_start = 0xfe340000,
			.virt_start = 0xfe340000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* hvs@7e400000 */
		{
			.phys_start = 0xfe400000,
			.virt_start = 0xfe400000,
			.size = KiB(32),
			.flags = MEM_DEVICE,
		},
		/* i2c@7e804000 */
		{
			.phys_start = 0xfe804000,
			.virt_start = 0xfe804000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* usb@7e980000 */
		{
			.phys_start = 0xfe980000,
			.virt_start = 0xfe980000,
			.size = KiB(64),
			.flags = MEM_DEVICE,
		},
		/* gpu@7ec00000 */
		{
			.phys_start = 0xfec00000,
			.virt_start = 0xfec00000,
			.size = KiB(32),
			.flags = MEM_DEVICE,
		},
		/* watchdog@7e100000 */
		{
			.phys_start = 0xfec11000,
			.virt_start = 0xfec11000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* clock@7ef00000 ... interrupt-controller@7ef00100 (5 nodes) */
		{
			.phys_start = 0xfef00000,
			.virt_start = 0xfef00000,
			.size = KiB(12),
			.flags = MEM_DEVICE,
		},
		/* hdmi@7ef00700 ... i2c@7ef09500 (4 nodes) */
		{
			.phys_start = 0xfef04000,
			.virt_start = 0xfef04000,
			.size = KiB(16),
			.flags = MEM_DEVICE,
		},
		/* hdmi@7ef05700, i2c@7ef09500 */
		{
			.phys_start = 0xfef09000,
			.virt_start = 0xfef09000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* hdmi@7ef00700, hdmi@7ef05700 */
		{
			.phys_start = 0xfef20000,
			.virt_start = 0xfef20000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
		/* local_intc@40000000 */
		{
			.phys_start = 0xff800000,
			.virt_start = 0xff800000,
			.size = KiB(4),
			.flags = MEM_DEVICE,
		},
	},

	.irqchips = {
		/*
		 * SPIs, from the device tree (highest SPI in use, rounded up):
		 * 32-159
		 */
		{
			.address = 0xff841000,
			.pin_base = 32,
			.pin_bitmap = ALL_PINS,
		},
		/*
		 * SPIs, from the device tree (highest SPI in use, rounded up):
		 * 160-191
		 */
		{
			.address = 0xff841000,
			.pin_base = 160,
			.pin_bitmap = {
				0xffffffff, 0x00000000, 0x00000000, 0x00000000,
			},
		},
	},
};
