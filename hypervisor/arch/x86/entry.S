/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 entry (both vendors) and the SVM VMRUN loop (VMX: vmx_entry.S).
 *
 * Design. Linux 6.1 maps nothing executable through vmap()/ioremap() and
 * exports no way to change that, so the hypervisor image in reserved
 * memory cannot be called through Linux's page tables. Instead:
 *
 * 1. The driver owns a small trampoline in its own module text (which
 *    is executable), page aligned and within one page (driver/x86.c). It
 *    finds the trampoline's physical page with vmalloc_to_pfn() and
 *    builds boot page tables (kernel pages): HV_BOOT_MAP_SIZE bytes of
 *    hypervisor memory at HV_VIRT_BASE, plus the trampoline page at its
 *    own module address, so the CR3 switch is continuous.
 * 2. On each CPU (on_each_cpu, IRQs off) the trampoline pushes Linux's
 *    callee-saved registers and RFLAGS, clears CR4.PGE (Linux's global
 *    TLB entries cover our link address), loads the boot CR3 and jumps
 *    to arch_entry below with:
 *      rdx header phys   rcx CPU number   r8/r9 trampoline page VA/PA
 *      r11 VA of the trampoline's leave routine
 *      r12 Linux CR4   r13 Linux CR3   r14 Linux RSP   r15 resume RIP
 * 3. arch_entry finds its per-CPU area, stores that state, and calls
 *    hv_cpu_entry(). The first CPU builds hv.paging, which maps the
 *    trampoline page too (setup_arch_paging), then the root cell's
 *    guest page table (NPT or EPT). setup_arch_cpu_init() turns on the
 *    vendor's virtualization and builds the guest state from the saved
 *    Linux state. SVM: EFER.SVME, VM_HSAVE_PA, a VMCB (VMSAVE captures
 *    FS, GS, TR, LDTR and the syscall MSRs as they are). VMX: CR4.VMXE,
 *    VMXON, a VMCS (vmx.c). Either way RIP = resume point, RSP = Linux
 *    RSP, RAX = 0.
 * 4. x86_run_guest() starts the backend's loop (svm_run_loop below, or
 *    vmx_launch): Linux continues as the root cell right after the
 *    trampoline's jump, pops its registers and returns 0.
 *
 * Leaving (JH_HC_DISABLE, or a failed entry) goes the other way: the
 * hypervisor loads Linux's GDTR/IDTR, then jumps to the trampoline's leave
 * routine (mapped at the same address in hv.paging) with Linux's CR3,
 * CR4, RSP, RIP, EFER and RAX in registers; it switches CR3/CR4 (which
 * clears CR4.VMXE after VMXOFF), sets GIF again (SVM only), writes EFER
 * (EFER.SVME clear) and jumps back into Linux. Only RSP, RIP and
 * RAX are restored this way: every return point (trampoline resume, the
 * driver's hypercall stub) pops its callee-saved registers itself, and
 * caller-saved ones are clobbered per the C ABI.
 *
 * The hypervisor runs with IF clear, and on SVM with GIF clear (after
 * #VMEXIT), so it is not interrupted (on VMX an NMI can reach it, see
 * vmx.c), and with a GDT and IDT of its own (descriptors.c,
 * loaded by setup_arch_cpu_init), so that a fault inside the hypervisor
 * is reported instead of becoming a triple fault through Linux's unmapped
 * tables.
 */
#include <asm/layout.h>
#include <asm/percpu.h>

/* struct jh_hv_header offsets */
#define HDR_MAX_CPUS		88
#define HDR_SYSCONFIG_OFFSET	112
#define HDR_SYSCONFIG_SIZE	120

#define EINVAL			22
#define MSR_EFER_NUM		0xc0000080

	.section .text.entry, "ax"
	.code64

	.global arch_entry
arch_entry:
	mov	$HV_VIRT_BASE, %rbx
	mov	HDR_MAX_CPUS(%rbx), %eax
	cmp	%rax, %rcx
	jae	early_fail

	mov	HDR_SYSCONFIG_OFFSET(%rbx), %rax
	mov	HDR_SYSCONFIG_SIZE(%rbx), %rsi
	mov	$HV_BOOT_MAP_SIZE, %rdi
	cmp	%rdi, %rax
	jae	early_fail
	cmp	%rdi, %rsi
	jae	early_fail
	add	%rsi, %rax
	add	$0xfff, %rax
	and	$~0xfff, %rax
	imul	$PERCPU_SIZE, %rcx, %rsi
	add	%rsi, %rax
	lea	PERCPU_SIZE(%rax), %rsi
	cmp	%rdi, %rsi
	ja	early_fail
	add	%rbx, %rax
	mov	%rax, %rbp		/* rbp: our per-CPU area */

	mov	%rcx, %r10		/* CPU number */
	mov	%rbp, %rdi
	mov	$(PERCPU_DATA_SIZE / 8), %ecx
	xor	%eax, %eax
	rep stosq

	lea	(PERCPU_SIZE - GUEST_REGS_SIZE)(%rbp), %rsp

	mov	%r13, PCPU_LINUX_CR3(%rbp)
	mov	%r12, PCPU_LINUX_CR4(%rbp)
	mov	%r14, PCPU_LINUX_RSP(%rbp)
	mov	%r15, PCPU_LINUX_RIP(%rbp)
	mov	%r11, PCPU_LEAVE_VA(%rbp)
	mov	%r8, PCPU_TRAMP_VA(%rbp)
	mov	%r9, PCPU_TRAMP_PA(%rbp)
	sgdt	PCPU_LINUX_GDTR(%rbp)
	sidt	PCPU_LINUX_IDTR(%rbp)

	mov	%r10, %rdi
	mov	%rbp, %rsi
	/* rdx: header phys */
	call	hv_cpu_entry
	test	%eax, %eax
	jnz	1f

	lea	(PERCPU_SIZE - GUEST_REGS_SIZE)(%rbp), %rdi
	call	x86_run_guest		/* does not return */
	ud2

1:	movslq	%eax, %rdi
	mov	%rbp, %rsi
	call	arch_entry_abort	/* does not return */
	ud2

	/* No per-CPU area: straight back through the trampoline. */
early_fail:
	mov	%r13, %rdi		/* cr3 */
	mov	%r14, %rsi		/* rsp */
	mov	%r15, %rbx		/* rip */
	mov	%r12, %r8		/* cr4 */
	mov	$MSR_EFER_NUM, %ecx
	rdmsr
	shl	$32, %rdx
	or	%rax, %rdx
	mov	%rdx, %r9		/* efer, unchanged */
	mov	$-EINVAL, %r10
	xor	%eax, %eax		/* no stgi: SVM was never on */
	mov	%rax, %r12
	jmp	*%r11

/*
 * x86_leave(struct leave_state *s): loads the registers the trampoline's
 * leave routine expects and jumps to it; does not return.
 */
	.text
	.global x86_leave
x86_leave:
	mov	0(%rdi), %rax		/* cr3 */
	mov	8(%rdi), %rsi		/* rsp */
	mov	16(%rdi), %rbx		/* rip */
	mov	24(%rdi), %r8		/* cr4 */
	mov	32(%rdi), %r9		/* efer */
	mov	40(%rdi), %r10		/* rax */
	mov	48(%rdi), %r12		/* stgi? */
	mov	56(%rdi), %r11		/* leave routine */
	mov	%rax, %rdi
	jmp	*%r11

/*
 * svm_run_loop(struct guest_regs *regs): regs sits at the top of this
 * CPU's stack and becomes the stack pointer's base; regs->vmcb_pa names
 * the VMCB. Never returns.
 */
	.global svm_run_loop
svm_run_loop:
	mov	%rdi, %rsp
2:	mov	0x08(%rsp), %rcx
	mov	0x10(%rsp), %rdx
	mov	0x18(%rsp), %rbx
	mov	0x20(%rsp), %rbp
	mov	0x28(%rsp), %rsi
	mov	0x30(%rsp), %rdi
	mov	0x38(%rsp), %r8
	mov	0x40(%rsp), %r9
	mov	0x48(%rsp), %r10
	mov	0x50(%rsp), %r11
	mov	0x58(%rsp), %r12
	mov	0x60(%rsp), %r13
	mov	0x68(%rsp), %r14
	mov	0x70(%rsp), %r15
	mov	0x00(%rsp), %rax
	vmload	%rax
	vmrun	%rax
	vmsave	%rax
	mov	%rcx, 0x08(%rsp)
	mov	%rdx, 0x10(%rsp)
	mov	%rbx, 0x18(%rsp)
	mov	%rbp, 0x20(%rsp)
	mov	%rsi, 0x28(%rsp)
	mov	%rdi, 0x30(%rsp)
	mov	%r8, 0x38(%rsp)
	mov	%r9, 0x40(%rsp)
	mov	%r10, 0x48(%rsp)
	mov	%r11, 0x50(%rsp)
	mov	%r12, 0x58(%rsp)
	mov	%r13, 0x60(%rsp)
	mov	%r14, 0x68(%rsp)
	mov	%r15, 0x70(%rsp)
	/* The C stack lives below regs, which is 16-byte aligned. */
	mov	%rsp, %rdi
	call	svm_handle_exit
	jmp	2b

	.section .note.GNU-stack, "", %progbits
