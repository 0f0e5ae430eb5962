// SPDX-License-Identifier: GPL-2.0
/*
 * The root cell's MSI-X tables, trapped and emulated (pci_root.c's
 * helper, pci_msix.h).
 *
 * An MSI-X vector is programmed in a table in one of the function's BARs,
 * not in config space, and the root cell's BARs are mapped straight into
 * its nested page table. So at enable the pages holding each root MSI-X
 * table (found by the bus scan; at most PCI_MSIX_FUNCTIONS functions)
 * leave the root's nested page table, and one MMIO handler, spanning
 * them all, emulates the root's accesses there:
 *
 * - entries 0 to PCI_MSIX_ENTRIES - 1: address, upper address and data
 *   are a shadow the root reads back; an entry whose vector control the
 *   root leaves unmasked is checked like a cell's MSI (vector >= 32, fixed
 *   or lowest priority, destination on root CPUs; pci_filter_msg_ok) and
 *   remapped as message n of the function (iommu_msi_remap), and the
 *   device's entry gets the unit's message, written while masked. An
 *   entry the check or the unit refuses stays masked in the device, said
 *   on the console (rate-limited);
 * - entries beyond that read the device and ignore writes: they stay as
 *   the device had them (masked after reset), so they send nothing a
 *   remapping unit accepts;
 * - everything else on those pages (the pending bits, other registers
 *   sharing the page) passes to the device as it is.
 *
 * Accesses must be naturally aligned, 1 to 8 bytes; an 8-byte access to
 * the table is two dwords, the lower first. The BAR is taken as it is at
 * enable: a root that moves it afterwards leaves the trap behind (said in
 * Documentation/iommu.md). At disable the shadow goes back to the device.
 * Lock order: pci_lock (pci_root.c), then msix_lock, then the unit's.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hv_paging.h>
#include <hv/iommu.h>
#include <hv/mmio.h>
#include <hv/pci_filter.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/spinlock.h>
#include <hv/pci_filter.h>
#include "pci_cfg.h"
#include "pci_devices.h"
#include "pci_filter_hw.h"
#include "pci_msix.h"

#define MSIX_TABLE_SIZE(c)	((((c) >> 16) & 0x7ff) + 1)	/* cap dword 0 */
#define MSIX_BIR(v)		((v) & 7)			/* cap dword 1 */
#define MSIX_OFFSET(v)		((v) & ~7U)
#define ENTRY_SIZE		16
#define CTRL_MASKED		1U
#define BAR_IO			1U
#define BAR_TYPE_64		(2U << 1)
#define BAR_TYPE_MASK		(3U << 1)
#define BAR_MEM_MASK		~0xfU

struct msix_fn {
	uint16_t bdf;
	unsigned int entries;		/* in the table */
	paddr_t table;			/* entry 0 */
	paddr_t page;			/* the trapped pages */
	uint64_t size;
	volatile uint8_t *map;		/* the hypervisor's mapping of them */
	uint32_t shadow[PCI_MSIX_ENTRIES][4];
};

static struct msix_fn fns[PCI_MSIX_FUNCTIONS];
static unsigned int num_fns;
static DEFINE_SPINLOCK(msix_lock);
static struct ratelimit refusals;

static volatile uint32_t *hw_entry(const struct msix_fn *fn, unsigned int n)
{
	return (volatile uint32_t *)(fn->map + (fn->table - fn->page) +
				     (uint64_t)n * ENTRY_SIZE);
}

static unsigned int emulated(const struct msix_fn *fn)
{
	return MIN(fn->entries, PCI_MSIX_ENTRIES);
}

/* The table's address from the BAR it names; 0 if it has none. */
static paddr_t table_address(uint16_t bdf, uint32_t where)
{
	unsigned int reg = 0x10 + 4 * MSIX_BIR(where);
	uint32_t lo = pci_cfg_read(bdf, reg, 4);
	uint64_t base = lo & BAR_MEM_MASK;

	if (MSIX_BIR(where) > 5 || (lo & BAR_IO)) {
		return 0;
	}
	if ((lo & BAR_TYPE_MASK) == BAR_TYPE_64 && MSIX_BIR(where) < 5) {
		base |= (uint64_t)pci_cfg_read(bdf, reg + 4, 4) << 32;
	}
	return base ? base + MSIX_OFFSET(where) : 0;
}

bool pci_msix_add(uint16_t bdf, unsigned int cap)
{
	uint32_t ctrl = pci_cfg_read(bdf, cap, 4);
	struct msix_fn *fn;
	paddr_t table;

	if (num_fns >= PCI_MSIX_FUNCTIONS) {
		return false;
	}
	table = table_address(bdf, pci_cfg_read(bdf, cap + 4, 4));
	if (!table || (table & (ENTRY_SIZE - 1))) {
		return false;
	}
	fn = &fns[num_fns];
	*fn = (struct msix_fn){
		.bdf = bdf,
		.entries = MSIX_TABLE_SIZE(ctrl),
		.table = table,
		.page = ALIGN_DOWN(table, PAGE_SIZE),
	};
	fn->size = ALIGN_UP(table + fn->entries * ENTRY_SIZE, PAGE_SIZE) -
		fn->page;
	fn->map = hv_map_device(fn->page, fn->size);
	if (!fn->map) {
		return false;
	}
	num_fns++;
	return true;
}

/* The device's entry n from the shadow. msix_lock held. */
static void sync(struct msix_fn *fn, unsigned int n)
{
	const uint32_t *e = fn->shadow[n];
	volatile uint32_t *hw = hw_entry(fn, n);
	struct iommu_msi_msg msg = {
		.address = e[0] | (uint64_t)e[1] << 32, .data = e[2],
	}, out;

	hw[3] |= CTRL_MASKED;
	if ((e[3] & CTRL_MASKED) != 0U) {
		return;
	}
	if (!pci_filter_msg_ok(&pci_filter_hw_ops, &root_cell, msg.address,
			       msg.data) ||
	    iommu_msi_remap(&root_cell, fn->bdf, n, &msg, &out)) {
		if (ratelimit_ok(&refusals, 8)) {
			printk("cell \"%s\": MSI-X entry %u of %02x:%02x.%x (address 0x%llx, data 0x%x) refused: kept masked\n",
			       root_cell.name, n, fn->bdf >> 8,
			       (fn->bdf >> 3) & 0x1f, fn->bdf & 7,
			       (unsigned long long)msg.address, msg.data);
		}
		return;
	}
	hw[0] = (uint32_t)out.address;
	hw[1] = (uint32_t)(out.address >> 32);
	hw[2] = out.data;
	hw[3] = e[3];
}

/* A dword of entry n (dword d) as the root sees it / writes it. */
static uint32_t entry_read(const struct msix_fn *fn, unsigned int n,
			   unsigned int d)
{
	return n < emulated(fn) ? fn->shadow[n][d] : hw_entry(fn, n)[d];
}

static void entry_write(struct msix_fn *fn, unsigned int n, unsigned int d,
			uint32_t value)
{
	if (n >= emulated(fn)) {
		return;
	}
	fn->shadow[n][d] = value;
	sync(fn, n);
}

/* size bytes at off (aligned, within a dword) of the table. */
static void table_access(struct msix_fn *fn, uint64_t off, unsigned int size,
			 bool is_write, uint32_t *value)
{
	unsigned int n = (unsigned int)(off / ENTRY_SIZE);
	unsigned int d = (unsigned int)((off % ENTRY_SIZE) / 4);
	unsigned int shift = (unsigned int)((off & 3) * 8);
	uint32_t mask = size == 4 ? ~0U : ((1U << (size * 8)) - 1) << shift;
	uint32_t dw = entry_read(fn, n, d);

	if (!is_write) {
		*value = (dw & mask) >> shift;
		return;
	}
	entry_write(fn, n, d, (dw & ~mask) | ((*value << shift) & mask));
}

static void pass_through(const struct msix_fn *fn, uint64_t off,
			 struct mmio_access *acc)
{
	volatile uint8_t *p = fn->map + off;

	switch (acc->size) {
	case 1:
		if (acc->is_write) {
			*p = (uint8_t)acc->value;
		} else {
			acc->value = *p;
		}
		break;
	case 2:
		if (acc->is_write) {
			*(volatile uint16_t *)p = (uint16_t)acc->value;
		} else {
			acc->value = *(volatile uint16_t *)p;
		}
		break;
	case 4:
		if (acc->is_write) {
			*(volatile uint32_t *)p = (uint32_t)acc->value;
		} else {
			acc->value = *(volatile uint32_t *)p;
		}
		break;
	default:
		if (acc->is_write) {
			*(volatile uint64_t *)p = acc->value;
		} else {
			acc->value = *(volatile uint64_t *)p;
		}
	}
}

static struct msix_fn *fn_at(gpaddr_t addr)
{
	unsigned int n;

	for (n = 0; n < num_fns; n++) {
		if (addr >= fns[n].page && addr - fns[n].page < fns[n].size) {
			return &fns[n];
		}
	}
	return NULL;
}

static enum mmio_result msix_access(struct per_cpu *pcpu, void *arg,
				    struct mmio_access *acc)
{
	struct msix_fn *fn = fn_at(acc->addr);
	uint64_t off;
	uint32_t v;

	(void)arg;
	if (!fn || pcpu->cell != &root_cell ||
	    !pci_cell_owns(&root_cell, fn->bdf)) {
		return MMIO_UNHANDLED;
	}
	if ((acc->size != 1 && acc->size != 2 && acc->size != 4 &&
	     acc->size != 8) || (acc->addr & (acc->size - 1))) {
		return MMIO_ERROR;
	}
	spin_lock(&msix_lock);
	off = acc->addr - fn->table;
	if (acc->addr < fn->table || off >= fn->entries * ENTRY_SIZE) {
		pass_through(fn, acc->addr - fn->page, acc);
	} else if (acc->size == 8) {
		v = (uint32_t)acc->value;
		table_access(fn, off, 4, acc->is_write, &v);
		acc->value = acc->is_write ? acc->value : v;
		v = (uint32_t)(acc->value >> 32);
		table_access(fn, off + 4, 4, acc->is_write, &v);
		if (!acc->is_write) {
			acc->value |= (uint64_t)v << 32;
		}
	} else {
		v = (uint32_t)acc->value;
		table_access(fn, off, acc->size, acc->is_write, &v);
		if (!acc->is_write) {
			acc->value = v;
		}
	}
	spin_unlock(&msix_lock);
	return MMIO_HANDLED;
}

int pci_msix_trap(void)
{
	paddr_t start = ~0ULL, end = 0;
	unsigned int n;
	int err;

	if (!num_fns) {
		return 0;
	}
	for (n = 0; n < num_fns; n++) {
		start = MIN(start, fns[n].page);
		end = MAX(end, fns[n].page + fns[n].size);
	}
	err = mmio_register(start, end - start, msix_access, NULL);
	for (n = 0; !err && n < num_fns; n++) {
		err = pt_clear(&root_cell.guest_pt, fns[n].page, fns[n].size);
	}
	if (err != 0) {
		printk("  PCI: cannot trap the root's MSI-X tables (error %d)\n",
		       err);
		num_fns = 0;
	} else {
		printk("  PCI: %u root MSI-X table(s) trapped\n", num_fns);
	}
	return err;
}

void pci_msix_reset(void)
{
	num_fns = 0;
}

void pci_msix_takeover(void)
{
	struct msix_fn *fn;
	unsigned int n, i, d;

	spin_lock(&msix_lock);
	for (n = 0; n < num_fns; n++) {
		fn = &fns[n];
		for (i = 0; i < emulated(fn); i++) {
			for (d = 0; d < 4; d++) {
				fn->shadow[i][d] = hw_entry(fn, i)[d];
			}
			sync(fn, i);
		}
	}
	spin_unlock(&msix_lock);
}

void pci_msix_returned(uint16_t bdf)
{
	unsigned int n, i;

	spin_lock(&msix_lock);
	for (n = 0; n < num_fns; n++) {
		for (i = 0; fns[n].bdf == bdf && i < emulated(&fns[n]); i++) {
			sync(&fns[n], i);
		}
	}
	spin_unlock(&msix_lock);
}

void pci_msix_giveback(void)
{
	volatile uint32_t *hw;
	unsigned int n, i;

	spin_lock(&msix_lock);
	for (n = 0; n < num_fns; n++) {
		for (i = 0; i < emulated(&fns[n]); i++) {
			hw = hw_entry(&fns[n], i);
			hw[3] |= CTRL_MASKED;
			hw[0] = fns[n].shadow[i][0];
			hw[1] = fns[n].shadow[i][1];
			hw[2] = fns[n].shadow[i][2];
			hw[3] = fns[n].shadow[i][3];
		}
	}
	num_fns = 0;
	spin_unlock(&msix_lock);
}
