/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The x86 inmate library: everything a demo may call. The calls that
 * arm64 has too are declared in lib/common/include/inmate-common.h.
 *
 * The cell's CPU starts in 16-bit real mode at guest-physical 0, where
 * the image begins. start.S switches to 64-bit long mode with its own
 * GDT and identity-mapped page tables for 0-4 GiB (2 MiB pages; uncached
 * from the ECAM at 0xb0000000 upwards, which covers the IOAPIC and the
 * local APIC), loads an IDT, zeroes the bss and calls inmate_main() with
 * interrupts disabled. Returning from it halts the CPU.
 *
 * An unexpected exception prints vector, error code and RIP and halts.
 * An NMI is not an error: it goes to the IRQ handler as IRQ_NMI_VECTOR.
 */
#ifndef _INMATE_H
#define _INMATE_H

#include <inmate-common.h>

/* IDT vectors the library uses. */
#define IRQ_NMI_VECTOR		2
#define APIC_TIMER_VECTOR	0x20
#define APIC_SPURIOUS_VECTOR	0xff
#define IVSHMEM_VECTOR		0x50	/* the link interrupt (ivshmem-irq.c) */

/*
 * timer.c: the TSC is the free-running counter of timer_now(). Its
 * frequency, and that of the APIC timer, come from the comm region
 * (timer_frequency, apic_timer_frequency); where that gives none (no
 * comm region, or 0), both are measured once against the ACPI PM timer
 * at port PM_TIMER_PORT, which a cell can only do if it owns that port.
 */
#define PM_TIMER_PORT		0x608
#define PM_TIMER_HZ		3579545
void delay_us(uint64_t us);		/* busy wait on the TSC */

/*
 * apic.c: this CPU's local APIC, in x2APIC mode where the comm region
 * offers it and the command line has no x2apic=0, else in xAPIC mode at
 * APIC_BASE. Call apic_init() (or apic_init_mode(false) for xAPIC) on
 * each CPU before any other apic_* function; a CPU once in x2APIC mode
 * stays there. The timer runs with the divider at 1 and raises
 * APIC_TIMER_VECTOR.
 */
#define APIC_BASE		0xfee00000UL
void apic_init(void);
void apic_init_mode(bool x2apic);
bool apic_x2apic_mode(void);
uint32_t apic_id(void);
void apic_eoi(void);

uint64_t apic_timer_frequency(void);		/* Hz at divide by 1 */
/* Counts for a period in microseconds: at least 1, at most 2^32 - 1. */
uint32_t apic_timer_us_to_count(uint64_t us);
uint64_t apic_timer_count_to_ns(uint64_t count);
void apic_timer_oneshot(uint32_t count);	/* one IRQ after count */
void apic_timer_periodic(uint32_t count);	/* an IRQ every count */
void apic_timer_stop(void);
/* Masks the timer's LVT entry only (an x2APIC write the hypervisor traps). */
void apic_timer_mask(void);
/* Counts down once from count without raising an IRQ (for measuring). */
void apic_timer_start_masked(uint32_t count);
/* Counts left until the next expiry (TMCCT); 0 when stopped. */
uint32_t apic_timer_current(void);

/* Delivery modes for apic_send_ipi() (ICR bits 10:8, level assert). */
#define APIC_IPI_FIXED		0x4000		/* | vector */
#define APIC_IPI_NMI		0x4400
#define APIC_IPI_INIT		0x4500
#define APIC_IPI_SIPI		0x4600		/* | page number */
/*
 * Writes ICR high (destination APIC ID) then ICR low (mode | vector), or
 * the one x2APIC ICR, in physical destination mode. Returns 0, or -1 if the APIC still reports
 * the previous or this IPI as pending after a bounded wait.
 */
int apic_send_ipi(uint32_t dest_apic_id, uint32_t mode_vector);

/* pci.c: configuration space through ports 0xcf8/0xcfc and ECAM. */
/* Whole dwords through the ECAM window at base (reg below 0x1000). */
uint32_t pci_ecam_read32(unsigned long base, uint16_t bdf, unsigned int reg);
void pci_ecam_write32(unsigned long base, uint16_t bdf, unsigned int reg,
		      uint32_t value);
#define PCI_CAP_ID_MSI		0x05
#define PCI_CMD_MEMORY		0x0002
#define PCI_CMD_MASTER		0x0004
#define PCI_CMD_INTX_DISABLE	0x0400
/*
 * MSI capability at cap: program disables MSI and writes address (local
 * APIC apic_id, physical destination) and data (vector, fixed, edge);
 * enable returns whether the enable bit reads back set.
 */
void pci_msi_program(uint16_t bdf, unsigned int cap, uint32_t apic_id,
		     uint8_t vector);
bool pci_msi_enable(uint16_t bdf, unsigned int cap, bool enable);
uint32_t pci_msi_address(uint16_t bdf, unsigned int cap);
uint16_t pci_msi_data(uint16_t bdf, unsigned int cap);

/* Sleeps until the next interrupt. With IRQs disabled only an NMI (or
 * INIT) ends the sleep, so call it with IRQs enabled. */
static inline void cpu_wait_for_interrupt(void)
{
	asm volatile("hlt" ::: "memory");
}

#endif /* _INMATE_H */
