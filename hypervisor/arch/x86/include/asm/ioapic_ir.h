/* SPDX-License-Identifier: GPL-2.0 */
/* What the IOAPIC remapping (ioapic_ir.c) tells others. */
#ifndef ASM_IOAPIC_IR_H
#define ASM_IOAPIC_IR_H

#include <hv/types.h>

/*
 * A CPU retired a vector (apic_guest.c asks first): only while an IOMMU
 * remaps level entries to other hardware vectors must ioapic_lapic_eoi()
 * hear of it.
 */
bool ioapic_ir_eoi_wanted(void);

/*
 * The requester ID IOAPIC number chip sends its messages with (the root
 * cell's irqchip id, JH_IOAPIC_SID), or -1 when the config does not say.
 * ioapic_sources_known(): every IOAPIC's is known. ioapic_is_source():
 * bdf is some IOAPIC's. Fixed once ioapic_init() returned.
 */
int ioapic_source_id(unsigned int chip);
bool ioapic_sources_known(void);
bool ioapic_is_source(uint16_t bdf);

/* ioapic_ir_start(): says on the console whom chip's entries accept. */
void ioapic_ir_report_source(unsigned int chip, paddr_t base);

#endif /* ASM_IOAPIC_IR_H */
