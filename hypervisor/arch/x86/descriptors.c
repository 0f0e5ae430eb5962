// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's GDT and IDT. Linux's tables are not mapped in the
 * hypervisor's address space, so without these an exception in the
 * hypervisor would be a triple fault instead of a report.
 *
 * The GDT repeats Linux's kernel selectors (code 0x10, data 0x18), so CS
 * and SS stay valid across the switch in both directions; the IDT routes
 * the 32 exception vectors to a report that stops the CPU. Interrupts
 * never reach the hypervisor (it runs with IF clear, on SVM GIF too)
 * except when it opens them on purpose: the SVM NMI exit handler to
 * consume a pending NMI, and apic_cpu_reset() to drain interrupts a CPU's
 * previous owner left pending. The drain uses an IDT of its own in which
 * every vector ends the interrupt with an EOI, those below 32 included: a
 * cell may have made the APIC deliver such a vector, which the main IDT
 * would take for an exception. Only the NMI and a machine check that is
 * no interrupt (its ISR bit clear) keep their handlers there. On VMX an
 * NMI can also arrive while the hypervisor runs; its vector hands it to
 * the backend (x86_host_nmi).
 */
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/types.h>
#include <asm/descriptors.h>
#include <asm/io.h>

#define KERNEL_CS		0x10
#define NUM_EXCEPTIONS		32
#define NUM_VECTORS		256
#define STUB_SIZE		16

struct exception_frame {
	uint64_t vector, error, rip, cs, rflags, rsp, ss;
};

struct gate {
	uint64_t lo, hi;
};

static const uint64_t gdt[4] __aligned(16) = {
	0,
	0,
	0x00af9b000000ffffULL,	/* 0x10: 64-bit code, DPL 0 */
	0x00cf93000000ffffULL,	/* 0x18: data, DPL 0 */
};

static struct gate idt[NUM_VECTORS] __aligned(16);
static struct gate drain_idt[NUM_VECTORS] __aligned(16);

#define VECTOR_NMI		2
#define VECTOR_MC		18

extern const uint8_t x86_exception_stubs[], x86_nmi_return[],
	x86_irq_drain[], x86_irq_drain_mc[];

struct table_reg {
	uint16_t limit;
	uint64_t base;
} __attribute__((packed));

static void set_gate(struct gate *gate, const uint8_t *handler)
{
	uint64_t addr = (uintptr_t)handler;

	/* present, DPL 0, 64-bit interrupt gate */
	gate->lo = (addr & 0xffff) | ((uint64_t)KERNEL_CS << 16) |
		(0x8eULL << 40) | ((addr >> 16 & 0xffff) << 48);
	gate->hi = addr >> 32;
}

void descriptors_init(void)
{
	unsigned int n;

	for (n = 0; n < NUM_VECTORS; n++) {
		if (n == VECTOR_NMI) {
			set_gate(&idt[n], x86_nmi_return);
		} else if (n >= NUM_EXCEPTIONS) {
			set_gate(&idt[n], x86_irq_drain);
		} else {
			set_gate(&idt[n], x86_exception_stubs + n * STUB_SIZE);
		}
		if (n == VECTOR_NMI) {
			set_gate(&drain_idt[n], x86_nmi_return);
		} else if (n == VECTOR_MC) {
			set_gate(&drain_idt[n], x86_irq_drain_mc);
		} else {
			set_gate(&drain_idt[n], x86_irq_drain);
		}
	}
}

static void load_idt(const struct gate *table)
{
	struct table_reg idtr = {
		sizeof(idt) - 1, (uintptr_t)table
	};

	asm volatile("lidt %0" : : "m" (idtr) : "memory");
}

void descriptors_load(void)
{
	struct table_reg gdtr = {
		sizeof(gdt) - 1, (uintptr_t)gdt
	};

	asm volatile("lgdt %0" : : "m" (gdtr));
	load_idt(idt);
}

void descriptors_use_drain_idt(bool drain)
{
	load_idt(drain ? drain_idt : idt);
}

void __noreturn x86_exception(struct exception_frame *f)
{
	struct per_cpu *pcpu = this_cpu();

	printk("FATAL: hypervisor exception %llu (error 0x%llx) on CPU %u at rip 0x%llx, rsp 0x%llx, cr2 0x%llx; CPU stopped\n",
	       (unsigned long long)f->vector, (unsigned long long)f->error,
	       pcpu->cpu_id, (unsigned long long)f->rip,
	       (unsigned long long)f->rsp, (unsigned long long)read_cr(2));
	for (;;) {
		asm volatile("cli; hlt");
	}
}
