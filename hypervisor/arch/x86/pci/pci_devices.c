// SPDX-License-Identifier: GPL-2.0
/*
 * Which cell owns which domain-0 PCI device (pci.c says how ownership
 * moves): a table per non-root cell, a bitmap of all BDFs for the root
 * cell's lookups, and the IOMMUs' own functions, which are nobody's.
 */
#include <jailhouse/config.h>
#include <hv/bitmap.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include "pci_devices.h"

#define NUM_BDF			0x10000

static uint64_t taken[BITMAP_WORDS(NUM_BDF)];	/* owned by a non-root cell */
static struct cell_devices devices[HV_MAX_CELLS];
/* PCI functions of IOMMUs: nobody's. */
static uint16_t hidden[JH_MAX_IOMMUS];
static unsigned int num_hidden;

bool pci_device_hidden(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < num_hidden && n < JH_MAX_IOMMUS; n++) {
		if (hidden[n] == bdf) {
			return true;
		}
	}
	return false;
}

/* Bounded by JH_MAX_PCI_DEVICES for a non-root cell. */
bool pci_cell_owns(const struct cell *cell, uint16_t bdf)
{
	const struct cell_devices *devs;
	unsigned int n;

	if (pci_device_hidden(bdf)) {
		return false;
	}
	if (cell == &root_cell) {
		return !bitmap_test(taken, bdf);
	}
	if (cell->id >= HV_MAX_CELLS) {
		return false;
	}
	devs = &devices[cell->id];
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (devs->dev[n].bdf == bdf) {
			return true;
		}
	}
	return false;
}

struct cell_devices *pci_cell_devices(const struct cell *cell)
{
	return &devices[cell->id];
}

struct pci_filter_dev *pci_cell_device(const struct cell *cell,
				       uint16_t bdf)
{
	struct cell_devices *devs;
	unsigned int n;

	if (cell == &root_cell || cell->id >= HV_MAX_CELLS) {
		return NULL;
	}
	devs = &devices[cell->id];
	for (n = 0; n < devs->num && n < JH_MAX_PCI_DEVICES; n++) {
		if (devs->dev[n].bdf == bdf) {
			return &devs->dev[n];
		}
	}
	return NULL;
}

bool pci_device_taken(uint16_t bdf)
{
	return bitmap_test(taken, bdf);
}

void pci_device_set_taken(uint16_t bdf, bool on)
{
	if (on) {
		bitmap_set(taken, bdf);
	} else {
		bitmap_clear(taken, bdf);
	}
}

void pci_hide_iommus(void)
{
	const struct jh_iommu *u = hv.sysconfig->iommus;
	unsigned int n;

	num_hidden = 0;
	for (n = 0; n < JH_MAX_IOMMUS; n++) {
		if (u[n].type == JH_IOMMU_AMD) {
			hidden[num_hidden++] = u[n].amd_bdf;
		}
	}
}
