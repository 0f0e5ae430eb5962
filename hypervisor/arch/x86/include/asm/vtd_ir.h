/* SPDX-License-Identifier: GPL-2.0 */
/* VT-d interrupt remapping (vtd_ir.c). */
#ifndef ASM_VTD_IR_H
#define ASM_VTD_IR_H

#include <hv/types.h>

struct cell;
struct iommu_msi_msg;
struct vtd_unit;

int vtd_ir_init(void);
int vtd_ir_enable(struct vtd_unit *u);
/* Are compatibility-format interrupts blocked (no root MSI-X function)? */
bool vtd_ir_compat_blocked(void);
int vtd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte);
void vtd_ir_release(uint16_t bdf);
int vtd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw);

#endif /* ASM_VTD_IR_H */
