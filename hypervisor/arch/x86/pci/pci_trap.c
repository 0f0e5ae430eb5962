// SPDX-License-Identifier: GPL-2.0
/*
 * Trapped PCI configuration accesses: ports 0xcf8-0xcff and the ECAM
 * window. Who owns a device is pci_devices.c's, what a cell may write
 * pci_view.c's; this file decodes the access and performs it.
 *
 * Mechanism #1 (ports 0xcf8-0xcff, always trapped). The address register
 * 0xcf8 is shadowed per CPU and never written to the hardware on the
 * cell's behalf alone: a data access at 0xcfc + n takes the device and
 * register from the CPU's shadow, and the hypervisor writes address and
 * data to the hardware as one pair under pci_lock, so two CPUs never
 * interleave. Bits 27:24 (AMD's extended register number) pass; bits
 * 30:28 and 1:0 are reserved and do not. Byte and word accesses to
 * 0xcf8-0xcfb are no config accesses (0xcf9 is the chipset's reset
 * control on q35): the root cell reaches the hardware there, as without
 * the hypervisor; other cells read all-ones.
 *
 * ECAM (MMCONFIG). The window is in no cell's nested page table; a
 * trapped access is performed through the hypervisor's own mapping with
 * the access's size. Accesses must be naturally aligned. An 8-byte
 * access is split into two dword accesses, the lower one first: PCIe
 * leaves 8-byte ECAM accesses to the implementation, and a split is what
 * software doing one expects.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/hypervisor.h>
#include <hv/ivshmem.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <asm/pci_trap.h>
#include "pci_cfg.h"
#include "pci_devices.h"
#include "pci_trap.h"
#include "pci_view.h"

#define PORT_END		0xd00

#define ADDR_BDF(a)		((uint16_t)((a) >> 8))
/* With AMD's extended register number, bits 27:24 (for the filter). */
#define ADDR_FULL_REG(a)	((((a) >> 16) & 0xf00U) | ADDR_REG(a))

#define ECAM_BUS_SIZE		(1ULL << 20)

static uint32_t cf8_shadow[HV_MAX_CPUS];

/* The cell's CPUs start with a clear address register, either way. */
void pci_reset_shadows(const struct cell *cell)
{
	unsigned int cpu;

	for (cpu = 0; cpu < HV_MAX_CPUS; cpu++) {
		if (jh_cpu_in_set(cell->config, cpu)) {
			cf8_shadow[cpu] = 0;
		}
	}
}

/* A data port access at 0xcfc + n through the CPU's shadowed address. */
static void data_access(struct cell *cell, uint32_t addr, unsigned int n,
			unsigned int size, bool is_write, uint32_t *value)
{
	bool done = false;

	/* A link device of this cell, wherever the config put it. */
	if (n + size <= 4 && (n & (size - 1)) == 0 && (addr & ADDR_ENABLE) &&
	    ivshmem_cfg_access(cell, ADDR_BDF(addr), ADDR_FULL_REG(addr) + n,
			       size, is_write, value)) {
		return;
	}
	if (n + size <= 4 && (addr & ADDR_ENABLE)) {
		spin_lock(&pci_lock);
		if (pci_cell_owns(cell, ADDR_BDF(addr))) {
			if (!is_write) {
				*value = pci_cell_view(cell, ADDR_BDF(addr),
						   ADDR_FULL_REG(addr) + n,
						   size,
						   pci_cf8_read(addr, n, size));
			} else if (pci_write_allowed(cell, ADDR_BDF(addr),
					       ADDR_FULL_REG(addr) + n, size,
					       value)) {
				pci_cf8_write(addr, n, size, *value);
			}
			done = true;
		}
		spin_unlock(&pci_lock);
	}
	if (!done && !is_write) {
		*value = pci_ones(size);
	}
}

bool pci_pio_access(struct per_cpu *pcpu, uint16_t port, unsigned int size,
		    bool is_write, uint32_t *value)
{
	uint32_t *shadow = &cf8_shadow[pcpu->cpu_id];

	if (port < PORT_ADDRESS || port >= PORT_END) {
		return false;
	}

	if (port == PORT_ADDRESS && size == 4) {
		if (is_write) {
			*shadow = *value;
		} else {
			*value = *shadow;
		}
	} else if (port >= PORT_DATA) {
		data_access(pcpu->cell, *shadow, port - PORT_DATA, size,
			    is_write, value);
	} else if (pcpu->cell == &root_cell && port + size <= PORT_DATA) {
		/* Not config space: the root cell's chipset registers. */
		spin_lock(&pci_lock);
		if (is_write) {
			pci_ports->out(port, size, *value);
		} else {
			*value = pci_ports->in(port, size);
		}
		spin_unlock(&pci_lock);
	} else if (!is_write) {
		*value = pci_ones(size);
	}
	return true;
}

static void ecam_filtered_write(struct cell *cell, uint64_t off,
				unsigned int size, uint32_t value)
{
	uint16_t bdf = (uint16_t)(off >> ECAM_FN_SHIFT);

	if (pci_write_allowed(cell, bdf, off & ((1U << ECAM_FN_SHIFT) - 1), size,
			  &value)) {
		pci_ecam_write(off, size, value);
	}
}

static uint32_t ecam_cell_read(const struct cell *cell, uint64_t off,
			       unsigned int size)
{
	return pci_cell_view(cell, (uint16_t)(off >> ECAM_FN_SHIFT),
			 off & ((1U << ECAM_FN_SHIFT) - 1), size,
			 pci_ecam_read(off, size));
}

/* A link device of the cell (not behind pci_lock: ivshmem_lock). */
static bool link_ecam(struct cell *cell, struct mmio_access *acc)
{
	uint16_t bdf = (uint16_t)(acc->offset >> ECAM_FN_SHIFT);
	unsigned int reg = acc->offset & ((1U << ECAM_FN_SHIFT) - 1);
	unsigned int size = acc->size == 8 ? 4 : acc->size;
	uint32_t lo = (uint32_t)acc->value, hi = (uint32_t)(acc->value >> 32);

	if (!ivshmem_cfg_access(cell, bdf, reg, size, acc->is_write, &lo)) {
		return false;
	}
	if (acc->size == 8) {
		(void)ivshmem_cfg_access(cell, bdf, reg + 4, 4, acc->is_write,
					 &hi);
	}
	if (!acc->is_write) {
		acc->value = acc->size == 8 ? (uint64_t)hi << 32 | lo : lo;
	}
	return true;
}

static enum mmio_result ecam_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	uint64_t off = acc->offset;
	unsigned int size = acc->size;
	bool owned;

	(void)arg;
	if ((size != 1 && size != 2 && size != 4 && size != 8) ||
	    (off & (size - 1))) {
		return MMIO_ERROR;
	}
	if (link_ecam(pcpu->cell, acc)) {
		return MMIO_HANDLED;
	}

	spin_lock(&pci_lock);
	owned = pci_cell_owns(pcpu->cell, (uint16_t)(off >> ECAM_FN_SHIFT));
	if (!acc->is_write) {
		if (!owned) {
			acc->value = size == 8 ? ~0ULL : pci_ones(size);
		} else if (size == 8) {
			acc->value = ecam_cell_read(pcpu->cell, off, 4) |
				(uint64_t)ecam_cell_read(pcpu->cell, off + 4,
							 4) << 32;
		} else {
			acc->value = ecam_cell_read(pcpu->cell, off, size);
		}
	} else if (owned) {
		ecam_filtered_write(pcpu->cell, off, size == 8 ? 4 : size,
				    (uint32_t)acc->value);
		if (size == 8) {
			ecam_filtered_write(pcpu->cell, off + 4, 4,
					    (uint32_t)(acc->value >> 32));
		}
	}
	spin_unlock(&pci_lock);
	return MMIO_HANDLED;
}

int pci_trap_init(void)
{
	const struct jh_x86_platform *plat = &hv.sysconfig->platform.x86;
	uint64_t size;
	int err;

	if (!plat->mmconfig_base) {
		return 0;
	}
	size = ((uint64_t)plat->mmconfig_end_bus + 1) * ECAM_BUS_SIZE;
	pci_ecam = hv_map_device(plat->mmconfig_base, size);
	if (!pci_ecam) {
		hv_error("cannot map the PCI ECAM at 0x%llx (%llu MiB)",
			 (unsigned long long)plat->mmconfig_base,
			 (unsigned long long)(size >> 20));
		return -JH_ENOMEM;
	}
	pci_ecam_size = size;
	err = mmio_register(plat->mmconfig_base, size, ecam_access, NULL);
	if (err != 0) {
		hv_error("no MMIO handler slot left for the PCI ECAM");
	}
	return err;
}
