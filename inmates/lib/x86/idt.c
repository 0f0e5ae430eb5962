/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The IDT: every vector enters through its stub in isr.S and reaches
 * isr_dispatch(). Exceptions cannot be recovered from here, so they are
 * reported (comm region state and console) and the CPU halts, unless a
 * FAULT_TRY expects one (fault.h); an NMI and every vector from 32 up go
 * to irq_handle().
 */
#include <inmate.h>
#include <x86.h>
#include <fault.h>

#define ISR_STUB_SIZE		16	/* as in isr.S */
#define NUM_VECTORS		256
#define NUM_EXCEPTIONS		32
#define GATE_INTERRUPT		0x8e	/* present, DPL 0, interrupt */
#define KERNEL_CS		0x18	/* BOOT_CS64 in start.S */
#define VECTOR_PF		14

/* What isr_common leaves on the stack, lowest address first. */
struct isr_frame {
	uint64_t r11, r10, r9, r8, rdi, rsi, rdx, rcx, rax;
	uint64_t vector, error_code;
	uint64_t rip, cs, rflags, rsp, ss;	/* pushed by the CPU */
};

struct idt_gate {
	uint16_t offset_low;
	uint16_t selector;
	uint8_t ist;
	uint8_t type;
	uint16_t offset_mid;
	uint32_t offset_high;
	uint32_t reserved;
} JH_PACKED;

struct idt_pointer {
	uint16_t limit;
	uint64_t base;
} JH_PACKED;

void idt_init(void);
void isr_dispatch(struct isr_frame *frame);
void irq_handle(unsigned int vector);	/* irq.c */
extern const uint8_t isr_stubs[];

static struct idt_gate idt[NUM_VECTORS] __attribute__((aligned(16)));

static const char *const exception_names[NUM_EXCEPTIONS] = {
	"#DE", "#DB", "NMI", "#BP", "#OF", "#BR", "#UD", "#NM",
	"#DF", "coprocessor segment overrun", "#TS", "#NP", "#SS", "#GP",
	"#PF", "reserved", "#MF", "#AC", "#MC", "#XM", "#VE", "#CP",
	"reserved", "reserved", "reserved", "reserved", "reserved",
	"reserved", "#HV", "#VC", "#SX", "reserved",
};

/* Called by start.S before inmate_main(), with interrupts disabled. */
void idt_init(void)
{
	struct idt_pointer ptr = {
		.limit = sizeof(idt) - 1,
		.base = (uint64_t)idt,
	};

	for (unsigned int v = 0; v < NUM_VECTORS; v++) {
		uint64_t entry = (uint64_t)isr_stubs + v * ISR_STUB_SIZE;

		idt[v] = (struct idt_gate){
			.offset_low = (uint16_t)entry,
			.selector = KERNEL_CS,
			.type = GATE_INTERRUPT,
			.offset_mid = (uint16_t)(entry >> 16),
			.offset_high = (uint32_t)(entry >> 32),
		};
	}
	asm volatile("lidt %0" : : "m" (ptr));
}

static void __attribute__((noreturn))
exception_report(const struct isr_frame *frame)
{
	static bool reporting;

	/* A fault while printing the report: stop without another one. */
	if (reporting)
		inmate_halt();
	reporting = true;

	comm_set_cell_state(JH_CELL_FAILED);
	printk("inmate: unexpected exception %lu (%s), error code 0x%lx, "
	       "RIP 0x%lx", frame->vector, exception_names[frame->vector],
	       frame->error_code, frame->rip);
	if (frame->vector == VECTOR_PF)
		printk(", CR2 0x%lx", read_cr2());
	printk(", RSP 0x%lx; CPU halted\n", frame->rsp);
	inmate_halt();
}

void isr_dispatch(struct isr_frame *frame)
{
	if (frame->vector < NUM_EXCEPTIONS &&
	    frame->vector != IRQ_NMI_VECTOR) {
		/* One a FAULT_TRY expects (fault.h) resumes after it. */
		if (fault_catch(frame->vector, frame->error_code, &frame->rip))
			return;
		exception_report(frame);
	}
	irq_handle((unsigned int)frame->vector);
}
