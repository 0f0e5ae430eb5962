// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi interrupt remapping, per device.
 *
 * Each device of a non-root cell, and each of the root cell's functions
 * with an MSI capability (pci_root_msi_scan, at enable), gets its own
 * interrupt remapping table of 512 32-bit entries (2 KiB), allocated when
 * the cell is created (the root's at enable) and zero, that is "remapping
 * disabled", until msi_remap fills entry n with a vector and destination
 * the PCI layer checked. Its DTE selects remapping for fixed
 * and arbitrated messages and passes no NMI, INIT, ExtINT, SMI or LINTx.
 * The device itself sends address 0xfee00000 and data n, so whatever it
 * sends, by MSI or by a DMA write into the interrupt range, it reaches
 * only entries of its own table, and those name the cell's CPUs or stay
 * disabled (the unit aborts the message). 512 entries cover every index
 * a remappable message can carry (data bits 10:8 must say fixed or
 * arbitrated), so even a model that ignores IntTabLen (QEMU 7.2's does)
 * never reads past the table.
 *
 * So no such device, the root's included, can forge a message to a CPU
 * its owner does not have, or an NMI, by DMA: the hole a device table
 * entry with IV = 0 leaves open.
 *
 * The IOAPICs' device IDs (the root cell's irqchips give them,
 * JH_IOAPIC_SID) get one more table, the IOAPIC table: entry n belongs to
 * IOAPIC entry n (ioapic_ir.c gives each pin its index, and the hardware
 * entry sends index n as fixed or lowest-priority vector n & 0xff), so
 * an IOAPIC reaches only what its pins are programmed to deliver, and no
 * NMI, INIT or SMI. Every other device ID of the root (functions without
 * MSI, IDs of no function) has remapping on with no table: its messages
 * abort. If some IOAPIC's ID is not in the config, all those IDs share
 * the IOAPIC table instead, and such a device can replay what a pin
 * delivers (the console says so at enable). A change of the IOAPIC
 * table is invalidated with INVALIDATE_IOMMU_ALL; a unit without it
 * leaves the IOAPIC unremapped (amd_ioapic_ok()).
 *
 * Root functions with MSI-X (whose tables are not trapped yet) stay
 * unremapped (IV = 0).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/page_pool.h>
#include <asm/pci.h>
#include "amd_iommu_cmd.h"
#include "amd_iommu_ir.h"

#define IRT_BYTES		(AMD_IRT_REACHABLE * AMD_IRTE_SIZE)
#define IRTS_PER_PAGE		(PAGE_SIZE / IRT_BYTES)

#define MSI_ADDR_BASE		0xfee00000ULL
#define MSI_ADDR_FIXED_MASK	0xfff00000ULL
#define MSI_ADDR_DEST(a)	(((a) >> 12) & 0xff)
#define MSI_ADDR_LOGICAL	BIT64(2)
#define MSI_DATA_VECTOR(d)	((d) & 0xff)
#define MSI_DATA_MODE(d)	(((d) >> 8) & 7)
#define MSI_MODE_FIXED		0
#define MSI_MODE_LOWEST		1
#define FIRST_VECTOR		32

struct cell_irts {
	unsigned int num;
	uint16_t bdf[JH_MAX_PCI_DEVICES];
	uint32_t *table[JH_MAX_PCI_DEVICES];
	void *pages;
	unsigned long num_pages;
};

JH_STATIC_ASSERT(PCI_ROOT_MSI_MAX <= JH_MAX_PCI_DEVICES,
		 "a cell_irts holds the root's tables");

/* Index: cell id. */
static struct cell_irts irts[HV_MAX_CELLS];
/* The root's IOAPIC table (the root's last table), or NULL. */
static uint32_t *ioapic_irt;

int amd_ir_cell_init(struct cell *cell)
{
	const struct jh_pci_device *dev = jh_cell_pci_devices(cell->config);
	struct cell_irts *c;
	unsigned int n, num = 0;

	if (cell->id >= HV_MAX_CELLS) {
		return 0;
	}
	c = &irts[cell->id];
	*c = (struct cell_irts){ 0 };
	if (cell == &root_cell) {
		num = pci_root_msi_scan(c->bdf, PCI_ROOT_MSI_MAX);
	}
	for (n = 0; cell != &root_cell && n < cell->config->num_pci_devices &&
	     num < JH_MAX_PCI_DEVICES; n++) {
		if (dev[n].domain == 0) {
			c->bdf[num++] = dev[n].bdf;
		}
	}
	if (num == 0 && cell != &root_cell) {
		return 0;
	}
	/* The root's IOAPIC table comes after its devices' tables. */
	c->num_pages = (num + (cell == &root_cell) + IRTS_PER_PAGE - 1) /
		IRTS_PER_PAGE;
	c->pages = page_alloc(&hv.pool, c->num_pages);
	if (!c->pages) {
		return -JH_ENOMEM;
	}
	for (n = 0; n < num; n++) {
		c->table[n] = (uint32_t *)((uint8_t *)c->pages +
					   n * IRT_BYTES);
	}
	c->num = num;
	if (cell == &root_cell) {
		ioapic_irt = (uint32_t *)((uint8_t *)c->pages + num * IRT_BYTES);
	}
	return 0;
}

void amd_ir_cell_exit(struct cell *cell)
{
	struct cell_irts *c;

	if (cell->id >= HV_MAX_CELLS) {
		return;
	}
	c = &irts[cell->id];
	if (c->pages != NULL) {
		page_free(&hv.pool, c->pages, c->num_pages);
	}
	*c = (struct cell_irts){ 0 };
	if (cell == &root_cell) {
		ioapic_irt = NULL;
	}
}

bool amd_ioapic_ok(void)
{
	unsigned int n;

	for (n = 0; n < amd_num_units; n++) {
		if (!(amd_units[n].efr & AMD_EFR_IA_SUP)) {
			return false;
		}
	}
	return ioapic_irt != NULL;
}

paddr_t amd_ir_ioapic_table(void)
{
	return amd_ioapic_ok() ? page_pool_virt2phys(&hv.pool, ioapic_irt) : 0;
}

int amd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte)
{
	struct amd_cmd inv = { .q0 = AMD_CMD_INV_ALL << AMD_CMD_OP_SHIFT };
	uint32_t entry;

	if (!amd_ioapic_ok()) {
		return -JH_ENOSYS;
	}
	if (index >= AMD_IRT_REACHABLE || !amd_msi_msg_ok(msg)) {
		return -JH_EINVAL;
	}
	/* Sent as vector index & 0xff, fixed or lowest priority. */
	*rte = index;
	entry = amd_irte(msg);
	if (READ_ONCE(ioapic_irt[index]) == entry) {
		return 0;
	}
	WRITE_ONCE(ioapic_irt[index], entry);
	return amd_cmd_run_all(&inv, 1);
}

static uint32_t *find_table(const struct cell *cell, uint16_t bdf)
{
	const struct cell_irts *c;
	unsigned int n;

	if (cell->id >= HV_MAX_CELLS) {
		return NULL;
	}
	c = &irts[cell->id];
	for (n = 0; n < c->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (c->bdf[n] == bdf) {
			return c->table[n];
		}
	}
	return NULL;
}

paddr_t amd_ir_table(const struct cell *cell, uint16_t bdf)
{
	uint32_t *table = find_table(cell, bdf);

	return table ? page_pool_virt2phys(&hv.pool, table) : 0;
}

unsigned int amd_ir_devices(const struct cell *cell, const uint16_t **bdf)
{
	if (cell->id >= HV_MAX_CELLS) {
		return 0;
	}
	*bdf = irts[cell->id].bdf;
	return MIN(irts[cell->id].num, JH_MAX_PCI_DEVICES);
}

uint32_t amd_irte(const struct iommu_msi_msg *msg)
{
	return AMD_IRTE_REMAP_EN |
		MSI_DATA_MODE(msg->data) << AMD_IRTE_TYPE_SHIFT |
		((msg->address & MSI_ADDR_LOGICAL) ? AMD_IRTE_DM : 0) |
		(uint32_t)MSI_ADDR_DEST(msg->address) << AMD_IRTE_DEST_SHIFT |
		MSI_DATA_VECTOR(msg->data) << AMD_IRTE_VECTOR_SHIFT;
}

/*
 * What the entry can express: the caller checked the cell's part (which
 * CPUs; logical destinations are the root cell's only).
 */
bool amd_msi_msg_ok(const struct iommu_msi_msg *msg)
{
	unsigned int mode = MSI_DATA_MODE(msg->data);

	return (msg->address & ~0xffffffffULL) == 0 &&
		(msg->address & MSI_ADDR_FIXED_MASK) == MSI_ADDR_BASE &&
		MSI_DATA_VECTOR(msg->data) >= FIRST_VECTOR &&
		(mode == MSI_MODE_FIXED || mode == MSI_MODE_LOWEST);
}

int amd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw)
{
	uint32_t *table = find_table(cell, bdf);
	struct amd_cmd inv = {
		.q0 = bdf | AMD_CMD_INV_IRT << AMD_CMD_OP_SHIFT,
	};

	if (!table) {
		return -JH_ENODEV;
	}
	if (n >= AMD_IRT_REACHABLE || !amd_msi_msg_ok(msg)) {
		return -JH_EINVAL;
	}
	WRITE_ONCE(table[n], amd_irte(msg));
	hw->address = MSI_ADDR_BASE;
	hw->data = n;
	return amd_cmd_run_all(&inv, 1);
}
