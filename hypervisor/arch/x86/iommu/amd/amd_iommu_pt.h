/* SPDX-License-Identifier: GPL-2.0 */
/* The AMD-Vi I/O page table format (amd_iommu_pt.c). */
#ifndef AMD_IOMMU_PT_H
#define AMD_IOMMU_PT_H

#include <hv/paging.h>

struct paging;

extern const struct pt_format amd_pt_format;
/* Rewrites the empty entries of pg so that a walk hitting them faults. */
void amd_pt_mark_empty(struct paging *pg);

#endif /* AMD_IOMMU_PT_H */
