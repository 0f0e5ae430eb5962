// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 2: the arrays of one cell config (memory regions,
 * irqchips, pio regions, PCI devices), each on its own.
 */
#include <jailhouse/config-check-pci.h>
#include "config_check_internal.h"

static int jhc_check_range(int index, const char *field, uint64_t start,
			   uint64_t size, struct jh_config_error *err)
{
	if (!jhc_aligned(start, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_mem, index, field, start, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (jhc_wraps(start, size)) {
		return JHC_FAIL(jhc_item_mem, index, field, start, size,
				JHC_R_WRAPS);
	}
	return 0;
}

/* sys is given for the root cell: its regions are checked against the
 * hypervisor memory and the devices the hypervisor emulates too. */
static int jhc_check_mem_regions(const struct jh_cell_desc *c,
				 const struct jh_system_desc *sys,
				 struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	const struct jh_memory_region *hv_mem;
	unsigned int pa_bits = jh_cfg_arch_phys_bits(c->arch);
	unsigned int i, j, num = JHC_NUM_MEM(c);
	int comm_index = -1;
	int ret;

	for (i = 0; i < num; i++) {
		const struct jh_memory_region *m = &mem[i];

		if (m->size == 0) {
			return JHC_FAIL(jhc_item_mem, i, "size", 0, 0,
					JHC_R_IS_ZERO);
		}
		if ((m->flags & ~(uint64_t)JH_MEM_VALID_FLAGS) != 0U) {
			return JHC_FAIL(jhc_item_mem, i, "flags", m->flags, 0,
					JHC_R_MEM_FLAGS);
		}
		if (!jhc_aligned(m->size, JHC_PAGE_SIZE)) {
			return JHC_FAIL(jhc_item_mem, i, "size", m->size, 0,
					JHC_R_PAGE_ALIGN);
		}
		/* The hypervisor provides the comm page: phys_start unused. */
		if (!jhc_is_comm(m)) {
			ret = jhc_check_range(i, "phys_start", m->phys_start,
					      m->size, err);
			if (ret != 0) {
				return ret;
			}
		}
		ret = jhc_check_range(i, "virt_start", m->virt_start, m->size,
				      err);
		if (!ret) {
			ret = jh_cfg_check_mem_width(m, i, pa_bits, err);
		}
		if (ret != 0) {
			return ret;
		}

		if (jhc_is_comm(m)) {
			if (m->size != JHC_PAGE_SIZE) {
				return JHC_FAIL(jhc_item_mem, i, "size",
						m->size, 0, JHC_R_COMM_SIZE);
			}
			if (m->flags & (JH_MEM_IO | JH_MEM_DMA |
					JH_MEM_LOADABLE | JH_MEM_ROOTSHARED)) {
				return JHC_FAIL(jhc_item_mem, i, "flags",
						m->flags, 0, JHC_R_COMM_FLAGS);
			}
			if (comm_index >= 0) {
				return JHC_FAIL(jhc_item_mem, i, NULL, 0,
						comm_index, JHC_R_COMM_TWICE);
			}
			comm_index = i;
		}
		if ((m->flags & JH_MEM_IO) &&
		    (m->flags & (JH_MEM_LOADABLE | JH_MEM_EXECUTE))) {
			return JHC_FAIL(jhc_item_mem, i, "flags", m->flags, 0,
					JHC_R_IO_FLAGS);
		}

		for (j = 0; j < i; j++) {
			if (jhc_overlap(m->virt_start, m->size,
					mem[j].virt_start, mem[j].size)) {
				return JHC_FAIL(jhc_item_mem, i, "virt_start",
						m->virt_start, j,
						JHC_R_VIRT_OVERLAP);
			}
		}

		if (!sys || jhc_is_comm(m)) {
			continue;
		}
		if (m->virt_start != m->phys_start) {
			return JHC_FAIL(jhc_item_mem, i, "virt_start",
					m->virt_start, m->phys_start,
					JHC_R_NOT_1TO1);
		}
		hv_mem = &sys->hypervisor_memory;
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
	}
	return 0;
}

/* gicd_base is given for the root cell on arm64, else 0. */
static int jhc_check_irqchips(const struct jh_cell_desc *c, uint32_t arch,
			      uint64_t gicd_base, struct jh_config_error *err)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(c);
	unsigned int i, pin, num = JHC_NUM_IRQ(c);

	for (i = 0; i < num; i++) {
		const struct jh_irqchip *chip = &chips[i];

		if (chip->pin_base > JHC_U32_MAX - JHC_IRQCHIP_PINS) {
			return JHC_FAIL(jhc_item_irqchip, i, "pin_base",
					chip->pin_base, 0,
					JHC_R_PIN_BASE_WRAPS);
		}
		if (arch != JH_ARCH_ARM64) {
			if (chip->id != 0U &&
			    (chip->id & ~0xffffU) != JH_IOAPIC_SID_VALID) {
				return JHC_FAIL(jhc_item_irqchip, i, "id",
						chip->id, 0, JHC_R_IOAPIC_SID);
			}
			continue;
		}
		if (chip->pin_base < JHC_ARM64_FIRST_SPI) {
			return JHC_FAIL(jhc_item_irqchip, i, "pin_base",
					chip->pin_base, 0, JHC_R_NOT_SPI);
		}
		for (pin = 0; pin < JHC_IRQCHIP_PINS; pin++) {
			if (jhc_has_pin(chip, (uint64_t)chip->pin_base + pin) &&
			    chip->pin_base + pin > JHC_ARM64_LAST_SPI) {
				return JHC_FAIL(jhc_item_irqchip, i, "pin",
						chip->pin_base + pin, 0,
						JHC_R_PIN_ABOVE_SPI);
			}
		}
		if (gicd_base && chip->address != gicd_base) {
			return JHC_FAIL(jhc_item_irqchip, i, "address",
					chip->address, gicd_base,
					JHC_R_NOT_GICD);
		}
	}
	return 0;
}

static int jhc_check_pio_regions(const struct jh_cell_desc *c,
				 struct jh_config_error *err)
{
	const struct jh_pio_region *pio = jh_cell_pio_regions(c);
	unsigned int i, num = JHC_NUM_PIO(c);

	for (i = 0; i < num; i++) {
		if (pio[i].length == 0) {
			return JHC_FAIL(jhc_item_pio, i, "length", 0, 0,
					JHC_R_IS_ZERO);
		}
		if ((uint32_t)pio[i].base + pio[i].length > JHC_PIO_SPACE) {
			return JHC_FAIL(jhc_item_pio, i, "base", pio[i].base,
					pio[i].length, JHC_R_PIO_END);
		}
		if (pio[i].reserved != 0U) {
			return JHC_FAIL(jhc_item_pio, i, "reserved",
					pio[i].reserved, 0, JHC_R_RESERVED);
		}
	}
	return 0;
}

static int jhc_check_pci_devices(const struct jh_cell_desc *c,
				 struct jh_config_error *err)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(c);
	unsigned int i, j, num = JHC_NUM_PCI(c);

	for (i = 0; i < num; i++) {
		if (pci[i].type != JH_PCI_TYPE_DEVICE &&
		    pci[i].type != JH_PCI_TYPE_BRIDGE) {
			return JHC_FAIL(jhc_item_pci, i, "type", pci[i].type,
					0, JHC_R_PCI_TYPE);
		}
		if (!jhc_pci_flags_valid(&pci[i])) {
			return JHC_FAIL(jhc_item_pci, i, "flags",
					pci[i].flags, 0, JHC_R_PCI_FLAGS);
		}
		if (pci[i].reserved1 != 0U) {
			return JHC_FAIL(jhc_item_pci, i, "reserved1",
					pci[i].reserved1, 0, JHC_R_RESERVED);
		}
		for (j = 0; j < i; j++) {
			if (jhc_pci_id(&pci[i]) == jhc_pci_id(&pci[j])) {
				return JHC_FAIL(jhc_item_pci, i, "device",
						jhc_pci_id(&pci[i]), j,
						JHC_R_PCI_TWICE);
			}
		}
	}
	return 0;
}

int jh_cfg_check_cell_arrays(const struct jh_cell_desc *c, uint32_t arch,
			     const struct jh_system_desc *sys,
			     struct jh_config_error *err)
{
	uint64_t gicd_base = 0;
	int ret;

	if (sys && arch == JH_ARCH_ARM64) {
		gicd_base = sys->platform.arm64.gicd_base;
	}

	ret = jhc_check_mem_regions(c, sys, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_irqchips(c, arch, gicd_base, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_pio_regions(c, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_pci_devices(c, err);
	if (ret != 0) {
		return ret;
	}
	return jh_cfg_check_links(c, arch,
				  (sys != NULL) && (c == &sys->root_cell), err);
}
