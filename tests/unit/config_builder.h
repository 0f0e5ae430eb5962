/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Builders for system and cell configs in memory, for the config-check
 * tests and the fuzzer's seed corpus.
 *
 * A struct tb_cell holds a cell header and its arrays side by side; change
 * any field (counts included), then tb_cell_build() lays it out as the
 * binary format in a buffer of exactly the described size, so a sanitizer
 * catches any read past its end. The arrays have room beyond the JH_MAX_*
 * limits so tests can describe configs one over them.
 */
#ifndef _CONFIG_BUILDER_H
#define _CONFIG_BUILDER_H

#include <jailhouse/config.h>

#define TB_CPU_WORDS		8	/* 512 CPUs: twice JH_MAX_CPUS */
#define TB_MAX_MEM		(JH_MAX_MEM_REGIONS + 2)
#define TB_MAX_IRQCHIPS		(JH_MAX_IRQCHIPS + 2)
#define TB_MAX_PIO		(JH_MAX_PIO_REGIONS + 2)
#define TB_MAX_PCI		(JH_MAX_PCI_DEVICES + 2)
#define TB_MAX_LINKS		(JH_MAX_LINKS + 2)

struct tb_cell {
	struct jh_cell_desc desc;
	uint64_t cpus[TB_CPU_WORDS];
	struct jh_memory_region mem[TB_MAX_MEM];
	struct jh_irqchip irqchips[TB_MAX_IRQCHIPS];
	struct jh_pio_region pio[TB_MAX_PIO];
	struct jh_pci_device pci[TB_MAX_PCI];
	struct jh_link links[TB_MAX_LINKS];
};

/* desc.root_cell is ignored: root.desc is written in its place. */
struct tb_system {
	struct jh_system_desc desc;
	struct tb_cell root;
};

/* An empty, valid-looking header: 8-byte CPU set, no CPU, no arrays. */
void tb_cell_init(struct tb_cell *cell, uint32_t arch, const char *name);
void tb_cell_add_cpu(struct tb_cell *cell, unsigned int cpu);
unsigned int tb_cell_add_mem(struct tb_cell *cell, uint64_t phys,
			     uint64_t virt, uint64_t size, uint64_t flags);
unsigned int tb_cell_add_irqchip(struct tb_cell *cell, uint64_t address,
				 uint32_t pin_base);
void tb_irqchip_add_pin(struct tb_cell *cell, unsigned int chip,
			uint32_t pin);
unsigned int tb_cell_add_pio(struct tb_cell *cell, uint16_t base,
			     uint16_t length);
unsigned int tb_cell_add_pci(struct tb_cell *cell, uint8_t type,
			     uint16_t domain, uint16_t bdf);

/*
 * A link end with peer id peer of link id: 4 KiB state table, R/W and
 * output sections (24 KiB in all for two peers) at phys, seen at virt, BARs at mmio,
 * doorbell interrupt irq.
 */
unsigned int tb_cell_add_link(struct tb_cell *cell, uint32_t id,
			      uint16_t peer, uint64_t phys, uint64_t virt,
			      uint64_t mmio, uint32_t irq);

/*
 * The bench machines of Documentation (arm64: QEMU virt, x86: q35), and a
 * demo cell that is valid in them: CPU 3, 1 MiB of RAM at guest 0, a comm
 * region, one interrupt line and one PCI device taken from the root cell.
 */
void tb_demo_system(struct tb_system *sys, uint32_t arch);
void tb_demo_cell(struct tb_cell *cell, uint32_t arch);

/* A second demo cell, disjoint from tb_demo_cell(): CPU 2, other memory,
 * interrupt and PCI device. */
void tb_other_cell(struct tb_cell *cell, uint32_t arch);

/*
 * Serialise into a malloc'ed buffer of exactly the size the counts describe
 * (counts above the array room are laid out with the room only). Inside a
 * unit test the buffer is freed when the test ends; elsewhere free() it.
 */
void *tb_cell_build(const struct tb_cell *cell, uint64_t *size);
void *tb_system_build(const struct tb_system *sys, uint64_t *size);

/* A copy of size bytes of buf in a buffer of exactly new_size bytes,
 * zero-filled at the end; freed like the others. */
void *tb_resize(const void *buf, uint64_t size, uint64_t new_size);

/* Hook for freeing built buffers; the unit tests point it at
 * unit_cleanup(), the seed generator leaves it NULL. */
extern void (*tb_on_alloc)(void *buf);

#endif /* _CONFIG_BUILDER_H */
