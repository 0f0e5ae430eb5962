/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the arm64 GIC, system register and PSCI attacks share: the QEMU
 * virt GIC layout (the attack cells run on CPU 3), and a check that an
 * interrupt still reaches the cell.
 */
#ifndef _GIC_ATTACKS_H
#define _GIC_ATTACKS_H

#include <attack.h>
#include <sysreg.h>

#define GICD			0x08000000UL
#define GICR			0x080a0000UL
#define GICR_STRIDE		0x20000UL
#define GICR_SGI		0x10000UL	/* SGI_base in a frame */

#define GICD_CTLR		0x0000
#define GICD_TYPER		0x0004
#define GICD_SETSPI_NSR		0x0040
#define GICD_CLRSPI_NSR		0x0048
#define GICD_IGROUPR		0x0080
#define GICD_ISENABLER		0x0100
#define GICD_ICENABLER		0x0180
#define GICD_ISPENDR		0x0200
#define GICD_ICPENDR		0x0280
#define GICD_ISACTIVER		0x0300
#define GICD_ICACTIVER		0x0380
#define GICD_IPRIORITYR		0x0400
#define GICD_ICFGR		0x0c00
#define GICD_IGRPMODR		0x0d00
#define GICD_IROUTER		0x6000
#define IROUTER_IRM		(1UL << 31)

#define GICR_CTLR		0x0000
#define GICR_TYPER		0x0008
#define GICR_TYPER_PLPIS	(1UL << 0)
#define GICR_WAKER		0x0014
#define WAKER_SLEEP		(1U << 1)
#define WAKER_ASLEEP		(1U << 2)
#define GICR_SETLPIR		0x0040
#define GICR_CLRLPIR		0x0048
#define GICR_PROPBASER		0x0070
#define GICR_PENDBASER		0x0078
#define GICR_INVLPIR		0x00a0
#define GICR_INVALLR		0x00b0
#define GICR_IGROUPR0		0x0080
#define GICR_ISENABLER0		0x0100
#define GICR_ICENABLER0		0x0180
#define GICR_ICPENDR0		0x0280
#define GICR_ICACTIVER0		0x0380
#define GICR_IPRIORITYR		0x0400
#define GICR_ICFGR1		0x0c04
#define GICR_IGRPMODR0		0x0d00

/* The SPIs QEMU virt implements (Linux: "224 SPIs"), the root CPUs. */
#define FIRST_SPI		32
#define LAST_SPI		255
#define ROOT_CPUS		3
/* The SPI attack-gic.c gives the cell. */
#define OWN_SPI			255
#define TIMER_PPI		27

#define MPIDR_AFF_MASK		0xff00ffffffUL

/*
 * Single loads and stores the hypervisor can decode: the syndrome holds
 * no register for a pair or a write-back form, which the compiler may
 * pick for plain volatile accesses in a loop.
 */
static inline uint8_t io_read8(unsigned long addr)
{
	uint32_t v;

	asm volatile("ldrb %w0, [%1]" : "=r" (v) : "r" (addr) : "memory");
	return (uint8_t)v;
}

static inline uint32_t io_read32(unsigned long addr)
{
	uint32_t v;

	asm volatile("ldr %w0, [%1]" : "=r" (v) : "r" (addr) : "memory");
	return v;
}

static inline uint64_t io_read64(unsigned long addr)
{
	uint64_t v;

	asm volatile("ldr %x0, [%1]" : "=r" (v) : "r" (addr) : "memory");
	return v;
}

static inline void io_write8(unsigned long addr, uint8_t v)
{
	asm volatile("strb %w0, [%1]" : : "r" ((uint32_t)v), "r" (addr)
		     : "memory");
}

static inline void io_write32(unsigned long addr, uint32_t v)
{
	asm volatile("str %w0, [%1]" : : "r" (v), "r" (addr) : "memory");
}

static inline void io_write64(unsigned long addr, uint64_t v)
{
	asm volatile("str %x0, [%1]" : : "r" (v), "r" (addr) : "memory");
}

/* The redistributor frame of CPU n (QEMU virt: linear by Aff0). */
static inline unsigned long gicr_frame(unsigned int cpu)
{
	return GICR + cpu * GICR_STRIDE;
}

/* This CPU's frame, from MPIDR_EL1.Aff0. */
unsigned long own_gicr_frame(void);

/*
 * Sets up the GIC CPU interface once; afterwards await_irq(intid, us)
 * enables interrupts for at most us microseconds and returns how many
 * times intid arrived meanwhile (others are counted in stray_irqs).
 */
void attack_gic_setup(void);
unsigned int await_irq(unsigned int intid, uint64_t us);
extern volatile unsigned int stray_irqs;

/* Arms the virtual timer 100 us ahead and waits up to 50 ms for it. */
bool timer_irq_arrives(void);

#endif /* _GIC_ATTACKS_H */
