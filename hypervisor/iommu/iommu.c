// SPDX-License-Identifier: GPL-2.0
/*
 * The generic side of DMA and interrupt remapping (hv/iommu.h): picks the
 * driver the system config names, keeps each cell's I/O page table in
 * step with its memory and moves PCI devices between cells. Knows no
 * register of any unit.
 */
#include <jailhouse/config.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <hv/unit.h>

/* Burst of fault lines before the console is spared (hv/printk.h). */
#define FAULT_BURST		8

static const struct iommu_driver *drv;
static struct ratelimit fault_rl;

bool iommu_active(void)
{
	return drv != NULL;
}

static const struct iommu_driver *find_driver(uint16_t type)
{
	const struct iommu_driver *d;

	for (d = __start_iommu_drivers; d < __stop_iommu_drivers; d++) {
		if (d->type == type) {
			return d;
		}
	}
	return NULL;
}

static unsigned long dma_flags(uint64_t flags)
{
	return PT_READ | ((flags & JH_MEM_WRITE) ? PT_WRITE : 0);
}

static bool is_dma_region(const struct jh_memory_region *mem)
{
	return (mem->flags & JH_MEM_DMA) &&
		!(mem->flags & (JH_MEM_COMM_REGION | JH_MEM_IO));
}

int iommu_map_region(struct cell *cell, const struct jh_memory_region *mem,
		     bool merge)
{
	if (!drv || !cell->dma_pt.root || !is_dma_region(mem)) {
		return 0;
	}
	return (merge ? pt_map : pt_map_keep_tables)(&cell->dma_pt,
						     mem->virt_start,
						     mem->phys_start,
						     mem->size,
						     dma_flags(mem->flags));
}

/* The paging's flush hook: the engine changed a valid entry of a cell. */
static void dma_pt_flush(struct paging *pg, uint64_t virt, uint64_t size)
{
	(void)virt;
	(void)size;
	if (drv != NULL) {
		drv->flush(container_of(pg, struct cell, dma_pt));
	}
}

/*
 * From now on the units walk cell's table: later changes flush as they
 * go, and merge where the driver allows it in place.
 */
static void dma_pt_go_live(struct cell *cell)
{
	if ((drv->merge_in_place != NULL) && drv->merge_in_place()) {
		cell->dma_pt.flush = dma_pt_flush;
		cell->dma_pt.in_place = true;
	}
}

/* The root's devices lose [phys, phys + size) now, not at the next flush. */
void iommu_clear_root(uint64_t phys, uint64_t size)
{
	if (drv != NULL) {
		(void)pt_clear(&root_cell.dma_pt, phys, size);
		drv->flush(&root_cell);
	}
}

int iommu_cell_init(struct cell *cell)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->config);
	unsigned int n;
	int err;

	if (!drv) {
		return 0;
	}
	err = pt_create(&cell->dma_pt, drv->pt_format(), &hv.pool);
	for (n = 0; !err && n < cell->config->num_memory_regions; n++) {
		err = iommu_map_region(cell, &mem[n], true);
	}
	if (!err) {
		err = drv->cell_init(cell);
	}
	if (err != 0) {
		hv_error("cell \"%s\": cannot build its I/O page table (error %d)",
			 cell->name, err);
	}
	/* The root's goes live after enable (iommu_init). */
	if ((err == 0) && (cell != &root_cell)) {
		dma_pt_go_live(cell);
	}
	return err;
}

void iommu_cell_exit(struct cell *cell)
{
	if (!drv || !cell->dma_pt.root) {
		return;
	}
	drv->cell_exit(cell);
	pt_destroy(&cell->dma_pt);
}

static void attach_devices(const struct cell *owner, struct cell *to)
{
	const struct jh_pci_device *dev = jh_cell_pci_devices(owner->config);
	unsigned int n;

	for (n = 0; n < owner->config->num_pci_devices; n++) {
		if (dev[n].domain == 0) {
			drv->attach(to, dev[n].bdf);
		}
	}
}

void iommu_cell_assign(struct cell *cell)
{
	if (!drv) {
		return;
	}
	attach_devices(cell, cell);
	drv->flush(&root_cell);
	drv->flush(cell);
}

void iommu_cell_release(struct cell *cell)
{
	if (!drv) {
		return;
	}
	attach_devices(cell, &root_cell);
	drv->flush(cell);
	drv->flush(&root_cell);
}

void iommu_poll_faults(void)
{
	if (drv && drv->poll_faults) {
		drv->poll_faults();
	}
}

int iommu_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		    const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw)
{
	if (!drv || !drv->msi_remap) {
		return -JH_ENOSYS;
	}
	return drv->msi_remap(cell, bdf, n, msg, hw);
}

int iommu_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		       uint64_t *rte)
{
	if (!drv || !drv->ioapic_remap) {
		return -JH_ENOSYS;
	}
	return drv->ioapic_remap(index, msg, rte);
}

/* Which cell owns domain-0 device bdf: a cell that lists it, else root. */
static struct cell *device_owner(uint16_t bdf)
{
	const struct jh_pci_device *dev;
	unsigned int id, n;

	for (id = 1; id < HV_MAX_CELLS; id++) {
		if (!cells[id]) {
			continue;
		}
		dev = jh_cell_pci_devices(cells[id]->config);
		for (n = 0; n < cells[id]->config->num_pci_devices; n++) {
			if (dev[n].domain == 0 && dev[n].bdf == bdf) {
				return cells[id];
			}
		}
	}
	return &root_cell;
}

void iommu_report_fault(unsigned int unit, uint16_t bdf, uint64_t addr,
			bool write, const char *what)
{
	struct cell *owner = device_owner(bdf);

	if (!ratelimit_ok(&fault_rl, FAULT_BURST)) {
		return;
	}
	printk("IOMMU %u: DMA %s of device %02x:%02x.%x (cell \"%s\") at 0x%llx blocked: %s\n",
	       unit, write ? "write" : "read", bdf >> 8, (bdf >> 3) & 0x1f,
	       bdf & 7, owner->name, (unsigned long long)addr, what);
}

int iommu_init(void)
{
	const struct jh_system_desc *sys = hv.sysconfig;
	const struct iommu_driver *d;
	unsigned int n;
	int err = 0;

	if (sys->iommus[0].type == JH_IOMMU_NONE) {
		printk("  no IOMMU in the system config: DMA is not confined\n");
		return 0;
	}
	d = find_driver(sys->iommus[0].type);
	if (!d) {
		hv_error("system config: IOMMU type %u has no driver in this hypervisor",
			 sys->iommus[0].type);
		return -JH_ENODEV;
	}
	for (n = 0; !err && n < JH_MAX_IOMMUS &&
	     sys->iommus[n].type != JH_IOMMU_NONE; n++) {
		err = d->unit_init(n, &sys->iommus[n]);
	}
	if (err != 0) {
		return err;
	}
	drv = d;
	err = iommu_cell_init(&root_cell);
	if (!err) {
		err = drv->enable();
	}
	if (!err) {
		dma_pt_go_live(&root_cell);
	}
	if (err != 0) {
		drv->shutdown();
		iommu_cell_exit(&root_cell);
		drv = NULL;
		return err;
	}
	printk("  %s: %u unit(s), DMA of every device confined, page pool %lu/%lu used\n",
	       drv->name, n, hv.pool.used, hv.pool.pages);
	return 0;
}

void iommu_shutdown(void)
{
	if (!drv) {
		return;
	}
	drv->shutdown();
	printk("  %s: translation off\n", drv->name);
	/* Root CPUs still leaving must not touch the units any more. */
	drv = NULL;
}

static unsigned int iommu_tables_per_region(void)
{
	return (drv != NULL) ? 1U : 0U;
}

/* After the links: a link's memory never enters an I/O page table. */
DEFINE_UNIT(iommu_unit) = {
	.name = "iommu",
	.init = iommu_init,
	.shutdown = iommu_shutdown,
	.cell_init = iommu_cell_init,
	.cell_exit = iommu_cell_exit,
	.assign = iommu_cell_assign,
	.release = iommu_cell_release,
	.map_region = iommu_map_region,
	.root_unmap = iommu_clear_root,
	.tables_per_region = iommu_tables_per_region,
	.poll = iommu_poll_faults,
};
