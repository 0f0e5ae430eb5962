/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the vendor-neutral x86 code (MMIO and port emulation, APIC, PCI)
 * asks of the vendor backend (SVM or VMX, asm/vendor.h) about the guest
 * state of the calling CPU, and the neutral handlers the backend calls.
 */
#ifndef ASM_VCPU_H
#define ASM_VCPU_H

#include <hv/guest_mem.h>
#include <hv/types.h>
#include <asm/guest_walk.h>
#include <asm/insn_decode.h>

struct per_cpu;

/* GPR by instruction encoding number: 0 rax, 1 rcx, ... 15 r15. */
uint64_t vcpu_gpr_read(struct per_cpu *pcpu, unsigned int reg);
void vcpu_gpr_write(struct per_cpu *pcpu, unsigned int reg, uint64_t val);
/* Where the guest executes: linear RIP, mode, paging registers. */
void vcpu_code_state(struct per_cpu *pcpu, uint64_t *rip_linear,
		     enum x86_cpu_mode *mode, struct x86_paging_state *pg);
uint64_t vcpu_rip(struct per_cpu *pcpu);
void vcpu_skip_insn(struct per_cpu *pcpu, unsigned int len);
void vcpu_inject_gp(struct per_cpu *pcpu);
/*
 * Length of the instruction that caused the current exit, if the CPU
 * reports it (VMX); 0 if not (SVM without NRIP save): decode it then.
 */
unsigned int vcpu_exit_insn_len(struct per_cpu *pcpu);
/* Lets pending interrupts in through the hypervisor's IDT for a moment. */
void vcpu_irq_window(void);
/* Stops the guest on this CPU: its cell fails, or a root CPU parks. */
void vcpu_stop_guest(struct per_cpu *pcpu, const char *why);
/* An NMI exit found kick_pending set (vendor.c). */
void x86_kick_taken(struct per_cpu *pcpu);

/*
 * Exit handlers shared by the backends. Each returns true if it handled
 * the exit (guest state updated), false if the cell broke the rules; the
 * message then says why (a static string).
 */
bool x86_handle_mmio(struct per_cpu *pcpu, uint64_t gpa,
		     const uint8_t *hw_bytes, unsigned int hw_len,
		     const char **why);
bool x86_handle_pio(struct per_cpu *pcpu, uint16_t port, unsigned int size,
		    bool is_in, bool is_string, const char **why);

#endif /* ASM_VCPU_H */
