/* SPDX-License-Identifier: GPL-2.0 */
/* AMD-Vi interrupt remapping, per device (amd_iommu_ir.c). */
#ifndef AMD_IOMMU_IR_H
#define AMD_IOMMU_IR_H

#include <hv/types.h>

struct cell;
struct iommu_msi_msg;

int amd_ir_cell_init(struct cell *cell);
void amd_ir_cell_exit(struct cell *cell);
/* Physical address of the table of cell's device bdf, 0 if none. */
paddr_t amd_ir_table(const struct cell *cell, uint16_t bdf);
/* The devices of cell that have a table: their number, *bdf their IDs. */
unsigned int amd_ir_devices(const struct cell *cell, const uint16_t **bdf);
/*
 * The root's IOAPIC table (for its device IDs without one of their own)
 * if the units can remap the IOAPIC, else 0; and ioapic_remap.
 */
bool amd_ioapic_ok(void);
paddr_t amd_ir_ioapic_table(void);
int amd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte);
/* Can an entry say msg? And the 32-bit entry that does. */
bool amd_msi_msg_ok(const struct iommu_msi_msg *msg);
uint32_t amd_irte(const struct iommu_msi_msg *msg);
int amd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw);
/* log2 of the entries of each table (the DTE's IntTabLen). */
#define AMD_IRT_LEN_LOG2	9

#endif /* AMD_IOMMU_IR_H */
