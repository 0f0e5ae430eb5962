/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AMD-Vi driver's internal headers in one, for the host unit tests:
 * amd_iommu_unit.h (units, registers), amd_iommu_cmd.h (command buffer,
 * event log), amd_iommu_pt.h (I/O page table format), amd_iommu_ir.h
 * (interrupt remapping). The driver's files include what they use.
 */
#ifndef AMD_IOMMU_INTERNAL_H
#define AMD_IOMMU_INTERNAL_H

#include "amd_iommu_cmd.h"
#include "amd_iommu_ir.h"
#include "amd_iommu_pt.h"
#include "amd_iommu_unit.h"

#endif /* AMD_IOMMU_INTERNAL_H */
