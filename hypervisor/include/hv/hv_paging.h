/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's own address space (mm/hv_paging.c) and its arch hooks.
 */
#ifndef HV_HV_PAGING_H
#define HV_HV_PAGING_H

#include <hv/paging.h>
#include <hv/types.h>

/* Builds hv.paging over the hypervisor memory (first CPU). */
int hv_paging_init(void);
/* Switches the calling CPU to hv.paging. */
void paging_arch_hv_activate(paddr_t root);

/* Maps device MMIO into the hypervisor 1:1. NULL on failure. */
void *hv_map_device(paddr_t phys, uint64_t size);
/* Maps foreign memory 1:1 for a moment, under the control lock. */
void *hv_map_temporary(paddr_t phys, uint64_t size);
void hv_unmap_temporary(void *virt, uint64_t size);

/* Arch: the format of hv.paging; a flush of every CPU's hypervisor TLB. */
const struct pt_format *paging_arch_hv_format(void);
void paging_arch_hv_flush(void);

#endif /* HV_HV_PAGING_H */
