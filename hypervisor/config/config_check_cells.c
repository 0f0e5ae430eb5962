// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 3: a non-root cell against the system config
 * (what it takes must belong to the root cell) and against the other
 * non-root cells (what it takes must not belong to them).
 */
#include "config_check_internal.h"

static bool jhc_root_has_pin(const struct jh_cell_desc *root,
			     uint64_t address, uint64_t pin)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(root);
	unsigned int i, num = JHC_NUM_IRQ(root);

	for (i = 0; i < num; i++) {
		if (chips[i].address == address && jhc_has_pin(&chips[i], pin)) {
			return true;
		}
	}
	return false;
}

static bool jhc_in_root_memory(const struct jh_cell_desc *root,
			       const struct jh_memory_region *m)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(root);
	unsigned int i, num = JHC_NUM_MEM(root);

	for (i = 0; i < num; i++) {
		if (!jhc_is_comm(&mem[i]) &&
		    jhc_inside(m->phys_start, m->size, mem[i].phys_start,
			       mem[i].size)) {
			return true;
		}
	}
	return false;
}

static bool jhc_root_has_pci(const struct jh_cell_desc *root,
			     const struct jh_pci_device *dev)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(root);
	unsigned int i, num = JHC_NUM_PCI(root);

	for (i = 0; i < num; i++) {
		if (jhc_pci_id(&pci[i]) == jhc_pci_id(dev)) {
			return true;
		}
	}
	return false;
}

static int jhc_check_cpus_in_root(const struct jh_cell_desc *root,
				  const struct jh_cell_desc *cell,
				  struct jh_config_error *err)
{
	bool root_keeps_one = false;
	unsigned int cpu;

	for (cpu = 0; cpu < jhc_num_cpu_bits(cell); cpu++) {
		if (jhc_has_cpu(cell, cpu) && !jhc_has_cpu(root, cpu)) {
			return JHC_FAIL(jhc_item_cpus, -1, "CPU", cpu, 0,
					JHC_R_CPU_NOT_IN_ROOT);
		}
	}
	for (cpu = 0; cpu < jhc_num_cpu_bits(root); cpu++) {
		if (jhc_has_cpu(root, cpu) && !jhc_has_cpu(cell, cpu)) {
			root_keeps_one = true;
		}
	}
	if (!root_keeps_one) {
		return JHC_FAIL(jhc_item_cpus, -1, NULL, 0, 0,
				JHC_R_TAKES_ALL_CPUS);
	}
	return 0;
}

static int jhc_check_mem_in_root(const struct jh_system_desc *sys,
				 const struct jh_cell_desc *cell,
				 struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell);
	const struct jh_memory_region *hv_mem = &sys->hypervisor_memory;
	unsigned int i, num = JHC_NUM_MEM(cell);
	int ret;

	for (i = 0; i < num; i++) {
		const struct jh_memory_region *m = &mem[i];

		if (jhc_is_comm(m)) {
			continue;
		}
		if (jhc_overlap(m->phys_start, m->size, hv_mem->phys_start,
				hv_mem->size)) {
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_HV_OVERLAP);
		}
		ret = jh_cfg_check_device_overlap(sys, i, m, err);
		if (ret != 0) {
			return ret;
		}
		if (!(m->flags & JH_MEM_ROOTSHARED) &&
		    !jhc_in_root_memory(&sys->root_cell, m)) {
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_NOT_IN_ROOT_MEM);
		}
	}
	return 0;
}

static int jhc_check_irqs_in_root(const struct jh_system_desc *sys,
				  const struct jh_cell_desc *cell,
				  struct jh_config_error *err)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(cell);
	unsigned int i, n, num = JHC_NUM_IRQ(cell);
	uint64_t pin;

	for (i = 0; i < num; i++) {
		const struct jh_irqchip *chip = &chips[i];

		if (sys->arch == JH_ARCH_ARM64 &&
		    chip->address != sys->platform.arm64.gicd_base) {
			return JHC_FAIL(jhc_item_irqchip, i, "address",
					chip->address,
					sys->platform.arm64.gicd_base,
					JHC_R_NOT_GICD);
		}
		for (n = 0; n < JHC_IRQCHIP_PINS; n++) {
			pin = (uint64_t)chip->pin_base + n;
			if (jhc_has_pin(chip, pin) &&
			    !jhc_root_has_pin(&sys->root_cell, chip->address,
					      pin)) {
				return JHC_FAIL(jhc_item_irqchip, i, "pin",
						pin, 0, JHC_R_PIN_NOT_IN_ROOT);
			}
		}
	}
	return 0;
}

int jh_check_cell_in_system(const struct jh_system_desc *sys,
			    const struct jh_cell_desc *cell,
			    struct jh_config_error *err)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(cell);
	unsigned int i, num = JHC_NUM_PCI(cell);
	int ret;

	jhc_clear(err);
	if (cell->arch != sys->arch) {
		return JHC_FAIL(jhc_item_header, -1, "arch", cell->arch,
				sys->arch, JHC_R_ARCH_DIFFERS);
	}
	ret = jhc_check_cpus_in_root(&sys->root_cell, cell, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_mem_in_root(sys, cell, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_irqs_in_root(sys, cell, err);
	if (ret != 0) {
		return ret;
	}
	/* Without a trapped ECAM, a device handed to an arm64 cell would
	 * stay reachable from root. */
	if (num && cell->arch == JH_ARCH_ARM64 &&
	    !sys->platform.arm64.pci_ecam_base) {
		return JHC_FAIL(jhc_item_pci, 0, "device", jhc_pci_id(&pci[0]),
				0, JHC_R_PCI_ARM64_CELL);
	}
	for (i = 0; i < num; i++) {
		if (!jhc_root_has_pci(&sys->root_cell, &pci[i])) {
			return JHC_FAIL(jhc_item_pci, i, "device",
					jhc_pci_id(&pci[i]), 0,
					JHC_R_PCI_NOT_IN_ROOT);
		}
	}
	return jh_cfg_links_in_system(sys, cell, err);
}

static bool jhc_same_name(const struct jh_cell_desc *a,
			  const struct jh_cell_desc *b)
{
	unsigned int n;

	for (n = 0; n < JH_CELL_NAME_LEN; n++) {
		if (a->name[n] != b->name[n]) {
			return false;
		}
		if (a->name[n] == '\0') {
			return true;
		}
	}
	return true;
}

static int jhc_check_memory_disjoint(const struct jh_cell_desc *a,
				     const struct jh_cell_desc *b,
				     struct jh_config_error *err)
{
	const struct jh_memory_region *ma = jh_cell_mem_regions(a);
	const struct jh_memory_region *mb = jh_cell_mem_regions(b);
	unsigned int i, j, num_a = JHC_NUM_MEM(a), num_b = JHC_NUM_MEM(b);

	for (i = 0; i < num_a; i++) {
		if (jhc_is_comm(&ma[i])) {
			continue;
		}
		for (j = 0; j < num_b; j++) {
			if (jhc_is_comm(&mb[j])) {
				continue;
			}
			if ((ma[i].flags & JH_MEM_ROOTSHARED) &&
			    (mb[j].flags & JH_MEM_ROOTSHARED)) {
				continue;
			}
			if (jhc_overlap(ma[i].phys_start, ma[i].size,
					mb[j].phys_start, mb[j].size)) {
				return jhc_conflict(err, jhc_item_mem, i,
						    "phys_start",
						    ma[i].phys_start,
						    ma[i].size,
						    JHC_R_MEM_SHARED, b);
			}
		}
	}
	return 0;
}

static int jhc_check_irqs_disjoint(const struct jh_cell_desc *a,
				   const struct jh_cell_desc *b,
				   struct jh_config_error *err)
{
	const struct jh_irqchip *ca = jh_cell_irqchips(a);
	const struct jh_irqchip *cb = jh_cell_irqchips(b);
	unsigned int i, j, n, num_a = JHC_NUM_IRQ(a), num_b = JHC_NUM_IRQ(b);
	uint64_t pin;

	for (i = 0; i < num_a; i++) {
		for (j = 0; j < num_b; j++) {
			if (ca[i].address != cb[j].address) {
				continue;
			}
			for (n = 0; n < JHC_IRQCHIP_PINS; n++) {
				pin = (uint64_t)ca[i].pin_base + n;
				if (jhc_has_pin(&ca[i], pin) &&
				    jhc_has_pin(&cb[j], pin)) {
					return jhc_conflict(err,
							    jhc_item_irqchip,
							    i, "pin", pin, 0,
							    JHC_R_PIN_SHARED,
							    b);
				}
			}
		}
	}
	return 0;
}

/*
 * Ports are handed from the root cell to a cell and back on destroy: two
 * cells owning one port would give it back to root while the other still
 * uses it.
 */
static int jhc_check_pio_disjoint(const struct jh_cell_desc *a,
				  const struct jh_cell_desc *b,
				  struct jh_config_error *err)
{
	const struct jh_pio_region *pa = jh_cell_pio_regions(a);
	const struct jh_pio_region *pb = jh_cell_pio_regions(b);
	unsigned int i, j, num_a = JHC_NUM_PIO(a), num_b = JHC_NUM_PIO(b);

	for (i = 0; i < num_a; i++) {
		for (j = 0; j < num_b; j++) {
			if (pa[i].length && pb[j].length &&
			    jhc_overlap(pa[i].base, pa[i].length, pb[j].base,
					pb[j].length)) {
				return jhc_conflict(err, jhc_item_pio, i,
						    "base", pa[i].base,
						    pa[i].length,
						    JHC_R_PIO_SHARED, b);
			}
		}
	}
	return 0;
}

int jh_check_cells_disjoint(const struct jh_cell_desc *a,
			    const struct jh_cell_desc *b,
			    struct jh_config_error *err)
{
	const struct jh_pci_device *pa = jh_cell_pci_devices(a);
	const struct jh_pci_device *pb = jh_cell_pci_devices(b);
	unsigned int i, j, num_a = JHC_NUM_PCI(a), num_b = JHC_NUM_PCI(b);
	unsigned int cpu;
	int ret;

	jhc_clear(err);
	if (jhc_same_name(a, b)) {
		return jhc_conflict(err, jhc_item_header, -1, "name", 0, 0,
				    JHC_R_SAME_NAME, b);
	}
	for (cpu = 0; cpu < jhc_num_cpu_bits(a); cpu++) {
		if (jhc_has_cpu(a, cpu) && jhc_has_cpu(b, cpu)) {
			return jhc_conflict(err, jhc_item_cpus, -1, "CPU", cpu,
					    0, JHC_R_CPU_SHARED, b);
		}
	}
	ret = jhc_check_memory_disjoint(a, b, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_irqs_disjoint(a, b, err);
	if (!ret) {
		ret = jhc_check_pio_disjoint(a, b, err);
	}
	if (ret != 0) {
		return ret;
	}
	for (i = 0; i < num_a; i++) {
		for (j = 0; j < num_b; j++) {
			if (jhc_pci_id(&pa[i]) == jhc_pci_id(&pb[j])) {
				return jhc_conflict(err, jhc_item_pci, i,
						    "device",
						    jhc_pci_id(&pa[i]), 0,
						    JHC_R_PCI_SHARED, b);
			}
		}
	}
	return jh_cfg_links_between(a, b, err);
}
