/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The part of the inmate library API that is the same on every
 * architecture. Demos include the arch's <inmate.h>, which includes this
 * and adds what only that arch has (interrupt controller, timer hardware).
 *
 * Shared semantics:
 *   - the image is linked at guest-physical 0, its entry is at 0 (the
 *     cell's cpu_reset_address); the start-up code calls inmate_main(),
 *     and returning from it halts the CPU;
 *   - interrupts are masked until the demo calls irq_enable();
 *   - "timer" is the free-running counter (arm64: CNTVCT_EL0, x86: the
 *     TSC) with the frequency timer_frequency() reports.
 */
#ifndef _INMATE_COMMON_H
#define _INMATE_COMMON_H

#include <stdarg.h>
#include <jailhouse/comm-region.h>
#include <jailhouse/hypercall.h>
#include <jailhouse/types.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Defined by the demo. */
void inmate_main(void);

/* halt.c: stop this CPU for good, with interrupts masked. */
void __attribute__((noreturn)) inmate_halt(void);

/* printk.c: printf subset: %s %c %d %i %u %x %X %p %%, flags 0 and -,
 * field width, length modifiers l, ll, z. */
void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vprintk(const char *fmt, va_list ap);

/* console.c: one character to the cell's console. */
void console_putc(char c);
/* console-line.c: one character to the hypervisor console, sent a line
 * at a time; console.c (arch) provides the hypercall instruction. */
void console_line_putc(char c);
long console_arch_hypercall(uint64_t code, uint64_t arg1, uint64_t arg2);

/*
 * uart-8250.c: the registers of a 16550 in MMIO at base, spaced and
 * accessed as the comm region's console flags say (JH_CON_REG_SHIFT,
 * JH_CON_IO32).
 */
void uart8250_mmio_setup(unsigned long base, uint16_t flags);
uint8_t uart8250_mmio_read(unsigned int reg);
void uart8250_mmio_write(unsigned int reg, uint8_t value);

/* comm.c: the communication region at COMM_REGION_ADDR. */
#define COMM_REGION_ADDR	0x80000000UL
bool comm_region_valid(void);
uint32_t comm_read32(unsigned long offset);
void comm_write32(unsigned long offset, uint32_t value);
uint64_t comm_read64(unsigned long offset);
/*
 * A platform fact (a field of struct jh_comm_region's platform union,
 * e.g. COMM_PLATFORM(arm64.gicr_base)) when the comm region has them
 * (revision 2 on), else fallback: the bench machine's value, for runs
 * without the hypervisor.
 */
#define COMM_PLATFORM(field)	\
	offsetof(struct jh_comm_region, platform.field)
uint64_t comm_platform64(unsigned long offset, uint64_t fallback);
uint32_t comm_platform32(unsigned long offset, uint32_t fallback);
void comm_set_cell_state(uint32_t state);
/* True while a shutdown request waits for this cell's answer. */
bool comm_shutdown_requested(void);
void comm_answer_shutdown(bool approve);
/*
 * The whole handshake for a pending request: refuses while *denials_left
 * is positive (counting it down), else approves; prints "<who>: ..." for
 * each answer. True once the cell should stop.
 */
bool comm_shutdown_handshake(const char *who, int64_t *denials_left);

/* cmdline.c: "name=value" words in the string "cell load -s" wrote. */
const char *cmdline_string(void);
int64_t cmdline_parse_int(const char *name, int64_t default_value);
/* Copies the value of "name=" (up to the next space, at most size - 1
 * bytes) NUL-terminated into buf; returns its length, 0 if absent. */
size_t cmdline_parse_word(const char *name, char *buf, size_t size);

/* timer.c (arch): the free-running counter. */
uint64_t timer_frequency(void);			/* Hz */
uint64_t timer_now(void);			/* ticks */
/* timer-convert.c: conversions at timer_frequency(). */
uint64_t timer_ticks_to_ns(uint64_t ticks);
uint64_t timer_us_to_ticks(uint64_t us);

/*
 * latency.c: min/avg/max of latency samples in batches. The timer IRQ adds
 * samples; every per_report of them the batch becomes the report, which
 * the main loop takes and prints (a report not taken yet is replaced).
 */
struct latency_stats {
	uint64_t min, max, sum;		/* in the caller's ticks */
	uint64_t count;
};
struct latency_batch {
	struct latency_stats cur, report;
	uint64_t per_report;
	volatile bool ready;
	/* The first raw_want samples are also kept one by one (at most
	 * LATENCY_RAW_MAX) for latency_print_raw; 0 keeps none. */
	uint64_t raw_want;
	volatile uint64_t raw_count;
	bool raw_printed;
};
#define LATENCY_RAW_MAX	4096
void latency_add(struct latency_batch *b, uint64_t sample);	/* IRQ */
bool latency_take(struct latency_batch *b, struct latency_stats *out);
/* "latency min <a> avg <b> max <c> ns (<n> samples)" */
void latency_print(const struct latency_stats *s,
		   uint64_t (*to_ns)(uint64_t ticks));
/*
 * Once all raw_want samples are in (main loop; the printing costs
 * nothing measured): "latency-raw <index>: <ns> <ns> ..." lines of ten,
 * then "latency-raw end <n> samples".
 */
void latency_print_raw(struct latency_batch *b,
		       uint64_t (*to_ns)(uint64_t ticks));

/* irq.c (arch): one handler for every interrupt the CPU takes; the
 * argument is the GIC INTID (arm64) or the IDT vector (x86). */
typedef void (*irq_handler_t)(unsigned int irq);
void irq_set_handler(irq_handler_t handler);
void irq_enable(void);
void irq_disable(void);
/*
 * Called with IRQs disabled after a check of what the handler changes:
 * sleeps until an interrupt is pending, then enables IRQs and takes it.
 * An interrupt that came after the check still ends the sleep, which
 * irq_enable() followed by cpu_wait_for_interrupt() would miss.
 */
void irq_wait_enable(void);

/*
 * pci.c (arch): config space of bus:dev.fn. reg below 0x100; size 1, 2 or
 * 4, naturally aligned. arm64 goes through the ECAM of the comm region
 * (reads all-ones without one).
 */
#define PCI_BDF(bus, dev, fn) \
	((uint16_t)((bus) << 8 | (dev) << 3 | (fn)))
uint32_t pci_read_config(uint16_t bdf, unsigned int reg, unsigned int size);
void pci_write_config(uint16_t bdf, unsigned int reg, uint32_t value,
		      unsigned int size);
/* pci.c (common): */
/* The first function with these IDs on buses 0 to buses - 1, or -1. */
int pci_find_device(uint16_t vendor, uint16_t device, unsigned int buses);
/* Config offset of the capability cap_id, 0 if the device has none. */
unsigned int pci_find_cap(uint16_t bdf, uint8_t cap_id);
/* Base of memory BAR n of a type-0 header, 0 for an I/O or absent BAR. */
uint64_t pci_bar_address(uint16_t bdf, unsigned int n);
/* Sets and clears command register bits; returns what reads back. */
uint16_t pci_set_command(uint16_t bdf, uint16_t set, uint16_t clear);

/*
 * ivshmem.c: shared-memory links (ivshmem 2.0 devices). find fills dev
 * from the index-th link device on bus 0 and switches on its register
 * decoding; 0 or -1. The sections are at the addresses the device's
 * capability gives (no mapping: inmates run identity-mapped); access them
 * with mmio_read32/64 and mmio_write32/64 only. A doorbell or state
 * change arrives as the link's interrupt (arm64: the config's SPI).
 */
struct ivshmem_dev {
	uint16_t bdf;
	unsigned long regs;		/* BAR0 */
	unsigned long shmem;		/* the state table */
	uint32_t id, peers;
	uint32_t state_table_size;
	uint64_t rw_size, out_size;
};
int ivshmem_find(struct ivshmem_dev *dev, unsigned int index);
void ivshmem_enable_irq(struct ivshmem_dev *dev, bool enable);
void ivshmem_ring(struct ivshmem_dev *dev, unsigned int peer);
void ivshmem_set_state(struct ivshmem_dev *dev, uint32_t state);
uint32_t ivshmem_peer_state(struct ivshmem_dev *dev, unsigned int peer);
unsigned long ivshmem_rw_section(struct ivshmem_dev *dev);
unsigned long ivshmem_out_section(struct ivshmem_dev *dev, unsigned int peer);
/*
 * Per arch (lib/<arch>/ivshmem-irq.c): the link's interrupt to this CPU.
 * arm64: the config's SPI through the GIC (gic_init); x86: MSI-X, the
 * device's one table entry aimed at this CPU's APIC with IVSHMEM_VECTOR
 * (the hypervisor refuses an entry aimed anywhere else). 0 or -1.
 */
int ivshmem_irq_setup(struct ivshmem_dev *dev);

/*
 * Per arch (lib/<arch>/tick.c): an interrupt every us microseconds, for
 * loops that sleep and must look around now and then. tick_irq() says
 * whether the interrupt the handler got was the tick (and rearms it).
 */
void tick_start(uint64_t us);
bool tick_irq(unsigned int irq);
void tick_stop(void);

/* string.c: what the compiler may call on its own, and strcmp. */
void *memset(void *dest, int c, size_t n);
void *memcpy(void *dest, const void *src, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);

#endif /* _INMATE_COMMON_H */
