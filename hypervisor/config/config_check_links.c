// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 7: shared-memory links (struct jh_link,
 * Documentation/ivshmem.md). A link end is checked on its own and against
 * the rest of its cell, against the system (its memory comes from the
 * root cell, its SPI is virtual), and against the ends in other cells:
 * ends with the same id must describe the same memory and peers, with
 * distinct peer ids; anything else must stay clear of the link's memory.
 */
#include "config_check_internal.h"

static bool jhc_link_spans_valid(const struct jh_link *l)
{
	/* Checked before any sum: no section may reach the top bits. */
	return l->rw_size >> JHC_X86_PA_BITS == 0U &&
		l->out_size >> JHC_X86_PA_BITS == 0U;
}

static int jhc_link_width(const struct jh_link *l, int index,
			  unsigned int bits, struct jh_config_error *err)
{
	uint64_t size = jh_link_shmem_size(l);
	const char *field = NULL;
	uint64_t value = 0;

	if (bits >= 64) {
		return 0;
	}
	if ((jhc_last(l->shmem_phys, size) >> bits) != 0U) {
		field = "shmem_phys";
		value = l->shmem_phys;
	} else if ((jhc_last(l->shmem_virt, size) >> bits) != 0U) {
		field = "shmem_virt";
		value = l->shmem_virt;
	} else if ((jhc_last(l->mmio_base, JH_LINK_MMIO_SIZE) >> bits) !=
		   0U) {
		field = "mmio_base";
		value = l->mmio_base;
	}
	if (field != NULL) {
		return JHC_FAIL(jhc_item_link, index, field, value, bits,
				JHC_R_ABOVE_PA);
	}
	return 0;
}

int jh_cfg_check_link_width(const struct jh_cell_desc *c, unsigned int bits,
			    struct jh_config_error *err)
{
	const struct jh_link *links = jh_cell_links(c);
	unsigned int i, num = JHC_NUM_LINK(c);
	int ret;

	for (i = 0; i < num; i++) {
		ret = jhc_link_width(&links[i], i, bits, err);
		if (ret != 0) {
			return ret;
		}
	}
	return 0;
}

/* Fields of one end that need no other part of the config. */
static int jhc_link_fields(const struct jh_link *l, int i, uint32_t arch,
			   bool is_root, struct jh_config_error *err)
{
	if (l->flags != 0U) {
		return JHC_FAIL(jhc_item_link, i, "flags", l->flags, 0,
				JHC_R_RESERVED);
	}
	if (l->num_peers < 2 || l->num_peers > JH_LINK_MAX_PEERS) {
		return JHC_FAIL(jhc_item_link, i, "num_peers", l->num_peers, 0,
				JHC_R_LINK_PEERS);
	}
	if (l->peer_id >= l->num_peers) {
		return JHC_FAIL(jhc_item_link, i, "peer_id", l->peer_id,
				l->num_peers, JHC_R_LINK_PEER_ID);
	}
	if (l->state_table_size == 0U ||
	    !jhc_aligned(l->state_table_size, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "state_table_size",
				l->state_table_size, 0, JHC_R_LINK_STATE_SIZE);
	}
	if (!jhc_aligned(l->rw_size, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "rw_size", l->rw_size, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (!jhc_aligned(l->out_size, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "out_size", l->out_size, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (!jhc_link_spans_valid(l)) {
		if ((l->rw_size >> JHC_X86_PA_BITS) != 0U) {
			return JHC_FAIL(jhc_item_link, i, "rw_size",
					l->rw_size, JHC_X86_PA_BITS,
					JHC_R_ABOVE_PA);
		}
		return JHC_FAIL(jhc_item_link, i, "out_size", l->out_size,
				JHC_X86_PA_BITS, JHC_R_ABOVE_PA);
	}
	if (!jhc_aligned(l->shmem_phys, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "shmem_phys", l->shmem_phys,
				0, JHC_R_PAGE_ALIGN);
	}
	if (!jhc_aligned(l->shmem_virt, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "shmem_virt", l->shmem_virt,
				0, JHC_R_PAGE_ALIGN);
	}
	if (!jhc_aligned(l->mmio_base, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "mmio_base", l->mmio_base, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (jhc_wraps(l->shmem_phys, jh_link_shmem_size(l))) {
		return JHC_FAIL(jhc_item_link, i, "shmem_phys", l->shmem_phys,
				jh_link_shmem_size(l), JHC_R_WRAPS);
	}
	if (jhc_wraps(l->shmem_virt, jh_link_shmem_size(l))) {
		return JHC_FAIL(jhc_item_link, i, "shmem_virt", l->shmem_virt,
				jh_link_shmem_size(l), JHC_R_WRAPS);
	}
	if (jhc_wraps(l->mmio_base, JH_LINK_MMIO_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "mmio_base", l->mmio_base,
				JH_LINK_MMIO_SIZE, JHC_R_WRAPS);
	}
	/* x86 root ends may have an INTx pin (jh_cfg_root_links). */
	if (arch != JH_ARCH_ARM64) {
		return ((l->irq != 0U) && !is_root) ?
			JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
				 JHC_R_LINK_IRQ_X86) : 0;
	}
	if (l->irq < JHC_ARM64_FIRST_SPI) {
		return JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
				JHC_R_NOT_SPI);
	}
	if (l->irq > JHC_ARM64_LAST_SPI) {
		return JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
				JHC_R_PIN_ABOVE_SPI);
	}
	return 0;
}

/*
 * The shared memory is no region of the cell, physically or
 * guest-physically, and the BARs trap: nothing of the cell maps there.
 */
static int jhc_link_vs_regions(const struct jh_cell_desc *c,
			       const struct jh_link *l, int i,
			       struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	unsigned int n, num = JHC_NUM_MEM(c);

	for (n = 0; n < num; n++) {
		if (!jhc_is_comm(&mem[n]) &&
		    jhc_overlap(l->shmem_phys, jh_link_shmem_size(l),
				mem[n].phys_start, mem[n].size)) {
			return JHC_FAIL(jhc_item_link, i, "shmem_phys",
					l->shmem_phys, n,
					JHC_R_LINK_MEM_OVERLAP);
		}
		if (jhc_overlap(l->shmem_virt, jh_link_shmem_size(l),
				mem[n].virt_start, mem[n].size)) {
			return JHC_FAIL(jhc_item_link, i, "shmem_virt",
					l->shmem_virt, n,
					JHC_R_LINK_MEM_OVERLAP);
		}
		if (jhc_overlap(l->mmio_base, JH_LINK_MMIO_SIZE,
				mem[n].virt_start, mem[n].size)) {
			return JHC_FAIL(jhc_item_link, i, "mmio_base",
					l->mmio_base, n,
					JHC_R_LINK_MEM_OVERLAP);
		}
	}
	if (jhc_overlap(l->mmio_base, JH_LINK_MMIO_SIZE, l->shmem_virt,
			jh_link_shmem_size(l))) {
		return JHC_FAIL(jhc_item_link, i, "mmio_base", l->mmio_base, i,
				JHC_R_LINK_OVERLAP);
	}
	return 0;
}

static bool jhc_link_virt_overlap(const struct jh_link *a,
				  const struct jh_link *b)
{
	uint64_t sa = jh_link_shmem_size(a), sb = jh_link_shmem_size(b);

	return jhc_overlap(a->shmem_virt, sa, b->shmem_virt, sb) ||
		jhc_overlap(a->shmem_virt, sa, b->mmio_base,
			    JH_LINK_MMIO_SIZE) ||
		jhc_overlap(a->mmio_base, JH_LINK_MMIO_SIZE, b->shmem_virt,
			    sb) ||
		jhc_overlap(a->mmio_base, JH_LINK_MMIO_SIZE, b->mmio_base,
			    JH_LINK_MMIO_SIZE);
}

static uint64_t jhc_link_pci_id(const struct jh_link *l)
{
	return (uint64_t)l->domain << 16 | l->bdf;
}

/* Against the cell's real PCI devices and its earlier links. */
static int jhc_link_vs_cell(const struct jh_cell_desc *c, unsigned int i,
			    struct jh_config_error *err)
{
	const struct jh_link *links = jh_cell_links(c);
	const struct jh_pci_device *pci = jh_cell_pci_devices(c);
	const struct jh_link *l = &links[i];
	unsigned int j, num_pci = JHC_NUM_PCI(c);

	for (j = 0; j < num_pci; j++) {
		if (jhc_pci_id(&pci[j]) == jhc_link_pci_id(l)) {
			return JHC_FAIL(jhc_item_link, i, "bdf",
					jhc_link_pci_id(l), 0,
					JHC_R_LINK_BDF_PCI);
		}
	}
	for (j = 0; j < i; j++) {
		if (links[j].id == l->id) {
			return JHC_FAIL(jhc_item_link, i, "id", l->id, j,
					JHC_R_LINK_ID_TWICE);
		}
		if (jhc_link_pci_id(&links[j]) == jhc_link_pci_id(l)) {
			return JHC_FAIL(jhc_item_link, i, "bdf",
					jhc_link_pci_id(l), j,
					JHC_R_LINK_BDF_TWICE);
		}
		if (jhc_link_virt_overlap(l, &links[j])) {
			return JHC_FAIL(jhc_item_link, i, "shmem_virt",
					l->shmem_virt, j, JHC_R_LINK_OVERLAP);
		}
	}
	return 0;
}

int jh_cfg_check_links(const struct jh_cell_desc *c, uint32_t arch,
		       bool is_root, struct jh_config_error *err)
{
	const struct jh_link *links = jh_cell_links(c);
	unsigned int i, num = JHC_NUM_LINK(c);
	int ret;

	for (i = 0; i < num; i++) {
		ret = jhc_link_fields(&links[i], i, arch, is_root, err);
		if (!ret) {
			ret = jhc_link_width(&links[i], i,
					     jh_cfg_arch_phys_bits(arch), err);
		}
		if (!ret) {
			ret = jhc_link_vs_regions(c, &links[i], i, err);
		}
		if (!ret) {
			ret = jhc_link_vs_cell(c, i, err);
		}
		if (ret != 0) {
			return ret;
		}
	}
	return 0;
}

/* Inside one RAM (not I/O, not comm) region of the root cell. */
static bool jhc_link_in_root_ram(const struct jh_cell_desc *root,
				 const struct jh_link *l)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(root);
	unsigned int n, num = JHC_NUM_MEM(root);

	for (n = 0; n < num; n++) {
		if (!jhc_is_comm(&mem[n]) && !(mem[n].flags & JH_MEM_IO) &&
		    jhc_inside(l->shmem_phys, jh_link_shmem_size(l),
			       mem[n].phys_start, mem[n].size)) {
			return true;
		}
	}
	return false;
}

static bool jhc_root_owns_spi(const struct jh_system_desc *sys,
			      uint64_t intid)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_irqchip *chips = jh_cell_irqchips(root);
	unsigned int n, num = JHC_NUM_IRQ(root);

	for (n = 0; n < num; n++) {
		if (chips[n].address == sys->platform.arm64.gicd_base &&
		    jhc_has_pin(&chips[n], intid)) {
			return true;
		}
	}
	return false;
}

/*
 * x86: a pin of the IOAPIC the root's first irqchip names (where the
 * hypervisor looks up the root's redirection entry), listed by one of
 * the root's irqchips of that IOAPIC.
 */
static bool jhc_root_owns_ioapic_pin(const struct jh_system_desc *sys,
				     uint64_t pin)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_irqchip *chips = jh_cell_irqchips(root);
	unsigned int n, num = JHC_NUM_IRQ(root);

	for (n = 0; n < num; n++) {
		if (chips[n].address == chips[0].address &&
		    jhc_has_pin(&chips[n], pin)) {
			return true;
		}
	}
	return false;
}

/* The BARs trap to the link, not to a device the hypervisor emulates. */
static int jhc_link_bars_vs_devices(const struct jh_system_desc *sys,
				    const struct jh_link *l, int i,
				    struct jh_config_error *err)
{
	if (jhc_ecam_base(sys) &&
	    jhc_overlap(l->mmio_base, JH_LINK_MMIO_SIZE, jhc_ecam_base(sys),
			jhc_ecam_size(sys))) {
		return JHC_FAIL(jhc_item_link, i, "mmio_base", l->mmio_base,
				JH_LINK_MMIO_SIZE, JHC_R_ECAM_OVERLAP);
	}
	if (sys->arch == JH_ARCH_ARM64 &&
	    jhc_overlap(l->mmio_base, JH_LINK_MMIO_SIZE,
			sys->platform.arm64.gicd_base, JHC_GICD_SIZE)) {
		return JHC_FAIL(jhc_item_link, i, "mmio_base", l->mmio_base,
				JH_LINK_MMIO_SIZE, JHC_R_GICD_OVERLAP);
	}
	return 0;
}

static int jhc_link_agrees(const struct jh_link *a, int i,
			   const struct jh_link *b,
			   const struct jh_cell_desc *other,
			   struct jh_config_error *err);

/* Off the hypervisor's memory; BARs off the devices it emulates. */
static int jhc_link_vs_system(const struct jh_system_desc *sys,
			      const struct jh_link *l, int i,
			      struct jh_config_error *err)
{
	const struct jh_memory_region *hv_mem = &sys->hypervisor_memory;

	if (jhc_overlap(l->shmem_phys, jh_link_shmem_size(l),
			hv_mem->phys_start, hv_mem->size)) {
		return JHC_FAIL(jhc_item_link, i, "shmem_phys", l->shmem_phys,
				jh_link_shmem_size(l), JHC_R_HV_OVERLAP);
	}
	return jhc_link_bars_vs_devices(sys, l, i, err);
}

/*
 * The root cell's ends. Its Linux finds the device on its own PCI bus and
 * takes the interrupt from the host bridge's interrupt-map, so on arm64
 * the SPI is a line the root owns (the hypervisor injects it; the config
 * must pick a slot no real device shares the line of). On x86 it takes
 * it from ACPI's _PRT: irq is the IOAPIC pin of the slot's INTA, which
 * the root owns (the hypervisor sends the vector the root's entry for it
 * names), or 0 for MSI-X. The memory is no
 * root memory region (jhc_link_vs_regions): the root reaches it only
 * through the end's mappings, and sees it as BAR2, a 32-bit BAR (what
 * uio_pci_generic maps), which PCI wants aligned to its size.
 */
int jh_cfg_root_links(const struct jh_system_desc *sys,
		      struct jh_config_error *err)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_link *links = jh_cell_links(root);
	unsigned int i, num = JHC_NUM_LINK(root);
	const struct jh_link *l;
	uint64_t bar2;
	int ret;

	for (i = 0; i < num; i++) {
		l = &links[i];
		ret = jhc_link_vs_system(sys, l, i, err);
		if (ret != 0) {
			return ret;
		}
		if (sys->arch == JH_ARCH_ARM64 &&
		    !jhc_root_owns_spi(sys, l->irq)) {
			return JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
					JHC_R_LINK_ROOT_IRQ);
		}
		/* 0: MSI-X, as a cell end's. */
		if (sys->arch == JH_ARCH_X86 && l->irq != 0U &&
		    !jhc_root_owns_ioapic_pin(sys, l->irq)) {
			return JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
					JHC_R_LINK_ROOT_PIN);
		}
		bar2 = jh_link_bar2_size(l);
		if (!jhc_aligned(l->shmem_virt, bar2) ||
		    jhc_last(l->shmem_virt, bar2) >> 32 != 0U) {
			return JHC_FAIL(jhc_item_link, i, "shmem_virt",
					l->shmem_virt, bar2,
					JHC_R_LINK_ROOT_BAR2);
		}
	}
	return 0;
}

/*
 * A cell end's memory: the memory of the root's end of the same link, or
 * else inside root RAM and clear of every root end's memory.
 */
static int jhc_link_vs_root_ends(const struct jh_system_desc *sys,
				 const struct jh_link *l, int i,
				 struct jh_config_error *err)
{
	const struct jh_cell_desc *root = &sys->root_cell;
	const struct jh_link *rl = jh_cell_links(root);
	unsigned int n, num = JHC_NUM_LINK(root);

	for (n = 0; n < num; n++) {
		if (rl[n].id == l->id) {
			return jhc_link_agrees(l, i, &rl[n], root, err);
		}
		if (jhc_overlap(l->shmem_phys, jh_link_shmem_size(l),
				rl[n].shmem_phys,
				jh_link_shmem_size(&rl[n]))) {
			return jhc_conflict(err, jhc_item_link, i,
					    "shmem_phys", l->shmem_phys,
					    jh_link_shmem_size(l),
					    JHC_R_LINK_SHMEM_USED, root);
		}
	}
	if (!jhc_link_in_root_ram(root, l)) {
		return JHC_FAIL(jhc_item_link, i, "shmem_phys", l->shmem_phys,
				jh_link_shmem_size(l), JHC_R_NOT_IN_ROOT_MEM);
	}
	return 0;
}

/*
 * No region of a cell, shared with the root or not, on the memory of a
 * root end: the hypervisor alone writes the state table, and the root's
 * sections are the root's. A cell reaches a link only as one of its ends.
 */
static int jhc_regions_vs_root_ends(const struct jh_system_desc *sys,
				    const struct jh_cell_desc *cell,
				    struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell);
	const struct jh_link *rl = jh_cell_links(&sys->root_cell);
	unsigned int i;
	unsigned int n;
	unsigned int num = JHC_NUM_MEM(cell);
	unsigned int num_rl = JHC_NUM_LINK(&sys->root_cell);
	int ret = 0;

	for (i = 0; (ret == 0) && (i < num); i++) {
		for (n = 0; !jhc_is_comm(&mem[i]) && (n < num_rl) &&
		     (ret == 0); n++) {
			if (jhc_overlap(mem[i].phys_start, mem[i].size,
					rl[n].shmem_phys,
					jh_link_shmem_size(&rl[n]))) {
				ret = JHC_FAIL(jhc_item_mem, (int)i,
					       "phys_start",
					       mem[i].phys_start,
					       mem[i].size,
					       JHC_R_ROOT_LINK_MEM);
			}
		}
	}
	return ret;
}

int jh_cfg_links_in_system(const struct jh_system_desc *sys,
			   const struct jh_cell_desc *cell,
			   struct jh_config_error *err)
{
	const struct jh_link *links = jh_cell_links(cell);
	unsigned int i, num = JHC_NUM_LINK(cell);
	const struct jh_link *l;
	int ret = jhc_regions_vs_root_ends(sys, cell, err);

	for (i = 0; (ret == 0) && (i < num); i++) {
		l = &links[i];
		ret = jhc_link_vs_system(sys, l, i, err);
		if (!ret) {
			ret = jhc_link_vs_root_ends(sys, l, i, err);
		}
		if (ret != 0) {
			return ret;
		}
		/* Injected, never physical: no cell may own it as a line. */
		if (sys->arch == JH_ARCH_ARM64 &&
		    jhc_root_owns_spi(sys, l->irq)) {
			return JHC_FAIL(jhc_item_link, i, "irq", l->irq, 0,
					JHC_R_LINK_IRQ_OWNED);
		}
	}
	return ret;
}

/* Two ends of the same link: one memory, one peer count, two peer ids. */
static int jhc_link_agrees(const struct jh_link *a, int i,
			   const struct jh_link *b,
			   const struct jh_cell_desc *other,
			   struct jh_config_error *err)
{
	const char *field = NULL;
	uint64_t value = 0;

	if (a->shmem_phys != b->shmem_phys) {
		field = "shmem_phys";
		value = a->shmem_phys;
	} else if (a->state_table_size != b->state_table_size) {
		field = "state_table_size";
		value = a->state_table_size;
	} else if (a->rw_size != b->rw_size) {
		field = "rw_size";
		value = a->rw_size;
	} else if (a->out_size != b->out_size) {
		field = "out_size";
		value = a->out_size;
	} else if (a->num_peers != b->num_peers) {
		field = "num_peers";
		value = a->num_peers;
	}
	if (field != NULL) {
		return jhc_conflict(err, jhc_item_link, i, field, value, 0,
					 JHC_R_LINK_DIFFERS, other);
	}
	if (a->peer_id == b->peer_id) {
		return jhc_conflict(err, jhc_item_link, i, "peer_id",
					 a->peer_id, 0, JHC_R_LINK_SAME_PEER,
					 other);
	}
	return 0;
}

/* The first memory region of c (comm regions aside) on l's memory, or -1. */
static int jhc_region_on_link(const struct jh_cell_desc *c,
			      const struct jh_link *l)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	unsigned int n, num = JHC_NUM_MEM(c);

	for (n = 0; n < num; n++) {
		if (!jhc_is_comm(&mem[n]) &&
		    jhc_overlap(mem[n].phys_start, mem[n].size, l->shmem_phys,
				jh_link_shmem_size(l))) {
			return (int)n;
		}
	}
	return -1;
}

static int jhc_link_pair(const struct jh_link *la, int i,
			 const struct jh_link *lb,
			 const struct jh_cell_desc *b,
			 struct jh_config_error *err)
{
	if (la->id == lb->id) {
		return jhc_link_agrees(la, i, lb, b, err);
	}
	if (jhc_overlap(la->shmem_phys, jh_link_shmem_size(la),
			lb->shmem_phys, jh_link_shmem_size(lb))) {
		return jhc_conflict(err, jhc_item_link, i, "shmem_phys",
				    la->shmem_phys, jh_link_shmem_size(la),
				    JHC_R_LINK_SHMEM_USED, b);
	}
	return 0;
}

int jh_cfg_links_between(const struct jh_cell_desc *a,
			 const struct jh_cell_desc *b,
			 struct jh_config_error *err)
{
	const struct jh_link *la = jh_cell_links(a);
	const struct jh_link *lb = jh_cell_links(b);
	const struct jh_memory_region *mem = jh_cell_mem_regions(a);
	unsigned int i, j, num_a = JHC_NUM_LINK(a), num_b = JHC_NUM_LINK(b);
	int ret, n;

	for (i = 0; i < num_a; i++) {
		for (j = 0; j < num_b; j++) {
			ret = jhc_link_pair(&la[i], i, &lb[j], b, err);
			if (ret != 0) {
				return ret;
			}
		}
		if (jhc_region_on_link(b, &la[i]) >= 0) {
			return jhc_conflict(err, jhc_item_link, i,
					    "shmem_phys", la[i].shmem_phys,
					    jh_link_shmem_size(&la[i]),
					    JHC_R_LINK_SHMEM_USED, b);
		}
	}
	/* Both ways round: a's memory on b's links. */
	for (j = 0; j < num_b; j++) {
		n = jhc_region_on_link(a, &lb[j]);
		if (n >= 0) {
			return jhc_conflict(err, jhc_item_mem, n, "phys_start",
					    mem[n].phys_start, mem[n].size,
					    JHC_R_LINK_SHMEM_USED, b);
		}
	}
	return 0;
}
