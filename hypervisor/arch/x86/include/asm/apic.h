/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The local APIC: the hypervisor's own use (IPIs to kick CPUs) and the
 * emulation of every cell's xAPIC page, which traps so that ICR writes
 * can be checked, and the x2APIC MSRs of cells that switch to x2APIC
 * (emulated on the xAPIC). This header is the subsystem's interface: it
 * brings the lower files' public parts along.
 */
#ifndef ASM_APIC_H
#define ASM_APIC_H

#include <hv/mmio.h>
#include <hv/types.h>
#include <asm/apic_hw.h>
#include <asm/apic_ipi.h>
#include <asm/apic_x2apic.h>

struct cell;
struct per_cpu;

/* The calling CPU's APIC, quiet for a fresh start in a cell. */
void apic_cpu_reset(void);

/* Timer calibration: start counting, read the count, give it back. */
void apic_timer_count_start(void);
uint32_t apic_timer_count(void);
void apic_timer_count_stop(void);

/* The enable banner's APIC lines: the mode and what passes. */
void apic_banner(void);
/*
 * May cell's CPUs reach their x2APIC's registers for reading, EOI and
 * TPR without exits (cell.c's MSR bitmap)? The root cell and cells with
 * JH_CELL_DIRECT_IRQ, where the hardware is in x2APIC mode and no IOMMU
 * needs to hear of EOIs.
 */
bool apic_x2apic_direct(const struct cell *cell);

/* The emulated xAPIC page (registered with the MMIO dispatcher). */
int apic_register_mmio(void);
/*
 * An access to the APIC page, straight from the MMIO exit (emulate.c),
 * as mmio_dispatch() would route it: acc->addr inside the page.
 */
enum mmio_result apic_access(struct per_cpu *pcpu, struct mmio_access *acc);

#endif /* ASM_APIC_H */
