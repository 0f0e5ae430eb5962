/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the x86 interrupt attacks that need an IOAPIC pin of
 * their own (inmates/tests/attacks/x86/irq-attacks-ioapic.c):
 *
 *   JH_ATTACK_CELL=/usr/share/jailhouse/cells/attack-irq.cell \
 *       jh-attack irq-vector-low-ioapic
 *
 * The attack cell (attack.c: CPU 3, the same 1 MiB of the cell pool, the
 * comm region, console through the hypervisor) plus IOAPIC pin 3 (COM2's
 * line), without COM2's ports: the pin is only routed, never raised.
 */
#include "config-file.h"

#define CELL_CPU	3
#define CELL_RAM_PHYS	0x3c700000	/* attack.c's; one attack cell at a time */
#define IOAPIC_BASE	0xfec00000
#define OWN_PIN		3

static const struct {
	struct jh_cell_desc cell;
	uint64_t cpus[1];
	struct jh_memory_region mem_regions[2];
	struct jh_irqchip irqchips[1];
} JH_PACKED config CONFIG_OBJECT = {
	.cell = {
		.signature = JH_CELL_SIGNATURE,
		.revision = JH_CONFIG_REVISION,
		.arch = JH_ARCH_X86,
		.name = "attack-irq",
		.flags = JH_CELL_CONSOLE_ALLOWED,
		.cpu_set_size = sizeof(config.cpus),
		.num_memory_regions = ARRAY_ITEMS(config.mem_regions),
		.num_irqchips = ARRAY_ITEMS(config.irqchips),
		.console = { .type = JH_CON_NONE },
		.cpu_reset_address = 0,
	},

	.cpus = { 1ull << CELL_CPU },

	.mem_regions = {
		{
			.phys_start = CELL_RAM_PHYS,
			.virt_start = 0,
			.size = MiB(1),
			.flags = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
				 JH_MEM_LOADABLE,
		},
		{
			.virt_start = 0x80000000,
			.size = KiB(4),
			.flags = JH_MEM_READ | JH_MEM_WRITE |
				 JH_MEM_COMM_REGION,
		},
	},

	.irqchips = {
		{
			.address = IOAPIC_BASE,
			.id = 0,
			.pin_base = 0,
			.pin_bitmap = { 1u << OWN_PIN },
		},
	},
};
