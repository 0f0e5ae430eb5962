// SPDX-License-Identifier: GPL-2.0
/*
 * x86 hooks (AMD SVM or Intel VMX). Linux 6.1 maps nothing executable
 * through vmap() or ioremap(), so the hypervisor image cannot be called
 * through Linux's page tables. The entry goes through a trampoline in this
 * module's own text instead, and boot page tables that map both the
 * trampoline page (at its module address) and the hypervisor memory (at
 * the hypervisor's link address). The full design is described at the top
 * of hypervisor/arch/x86/entry.S.
 *
 * One hypervisor image serves both vendors: it picks its backend from
 * CPUID itself. Hypercalls use vmmcall on AMD (SVM) and vmcall elsewhere
 * (VMX), chosen by the CPU vendor, which the hypervisor does not hide;
 * they may clobber every caller-saved register.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/bits.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/objtool.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/processor.h>

#include "cause.h"
#include "x86.h"

#define JH_MSR_VM_CR		0xc0010114
#define JH_VM_CR_SVMDIS		BIT_ULL(4)
#define JH_EFER_SVME		BIT_ULL(12)
#define JH_CPUID_SVM		BIT(2)	/* 0x80000001 ECX */
#define JH_CPUID_NPT		BIT(0)	/* 0x8000000a EDX */
#define JH_CPUID_VMX		BIT(5)	/* 1 ECX */
#define JH_MSR_FEAT_CTL		0x0000003a
#define JH_FEAT_CTL_LOCKED	BIT_ULL(0)
#define JH_FEAT_CTL_VMX		BIT_ULL(2)	/* outside SMX */
#define JH_MSR_VMX_PROCBASED	0x00000482
#define JH_MSR_VMX_PROCBASED2	0x0000048b
#define JH_VMX_SECONDARY	BIT_ULL(63)	/* allowed-1 of bit 31 */
#define JH_VMX_EPT		BIT_ULL(33)	/* allowed-1 of bit 1 */
#define JH_VMX_UNRESTRICTED	BIT_ULL(39)	/* allowed-1 of bit 7 */

/* Must match hypervisor/arch/x86/include/asm/layout.h. */
#define JH_HV_VIRT_BASE		0xffffffff80000000UL
#define JH_HV_BOOT_MAP_SIZE	(64UL << 20)
#define JH_HV_BOOT_BLOCK	(2UL << 20)

#define JH_PTE_P		BIT_ULL(0)
#define JH_PTE_RW		BIT_ULL(1)
#define JH_PTE_PS		BIT_ULL(7)
#define JH_PTE_ADDR		0x000ffffffffff000ULL
#define JH_BOOT_PT_PAGES	6


/*
 * objtool: these indirect jumps and returns leave or enter another
 * address space, where no retpoline or return thunk could help.
 */
#define JH_SPEC_SAFE							\
	"999:\n"							\
	"	.pushsection .discard.retpoline_safe\n"		\
	"	.quad 999b\n"						\
	"	.popsection\n"

/*
 * A hypercall stub: code in rax, arguments in rdi and rsi; the hypervisor
 * may clobber every register but rax, so the callee-saved ones are kept.
 * SVM and VMX differ in the instruction only.
 */
#define JH_HYPERCALL_STUB(name, insn)					\
	"	.global " name "\n"					\
	"	.type " name ", @function\n"				\
	name ":\n"							\
	"	push	%rbp\n"						\
	"	push	%rbx\n"						\
	"	push	%r12\n"						\
	"	push	%r13\n"						\
	"	push	%r14\n"						\
	"	push	%r15\n"						\
	"	mov	%rdi, %rax\n"					\
	"	mov	%rsi, %rdi\n"					\
	"	mov	%rdx, %rsi\n"					\
	"	" insn "\n"						\
	"	pop	%r15\n"						\
	"	pop	%r14\n"						\
	"	pop	%r13\n"						\
	"	pop	%r12\n"						\
	"	pop	%rbx\n"						\
	"	pop	%rbp\n"						\
	JH_SPEC_SAFE							\
	"	ret\n"							\
	"	int3\n"							\
	"	.size " name ", . - " name "\n"

/*
 * The three entry points below are reached indirectly (a call through the
 * trampoline's identity-mapped copy, the hypervisor's return into Linux),
 * so each starts with endbr64 for kernels with indirect branch tracking;
 * on CPUs without it the instruction is a no-op.
 */
asm(
"	.pushsection .text, \"ax\"\n"
"	.balign 4096\n"
"	.global jh_x86_tramp_start\n"
"jh_x86_tramp_start:\n"
"	.global jh_x86_enter\n"
"	.type jh_x86_enter, @function\n"
"jh_x86_enter:\n"
"	endbr64\n"
"	push	%rbp\n"
"	push	%rbx\n"
"	push	%r12\n"
"	push	%r13\n"
"	push	%r14\n"
"	push	%r15\n"
"	pushfq\n"
"	cli\n"
"	lea	jh_x86_leave(%rip), %r11\n"
"	mov	%cr4, %r12\n"
"	mov	%cr3, %r13\n"
"	mov	%rsp, %r14\n"
"	lea	jh_x86_resume(%rip), %r15\n"
"	mov	%r12, %rax\n"
"	and	$~0x80, %rax\n"		/* CR4.PGE off: flush global entries */
"	mov	%rax, %cr4\n"
"	mov	%rdi, %cr3\n"
JH_SPEC_SAFE
"	jmp	*%rsi\n"
"	int3\n"
"	.size jh_x86_enter, . - jh_x86_enter\n"
"	.global jh_x86_resume\n"
"	.type jh_x86_resume, @function\n"
"jh_x86_resume:\n"
"	endbr64\n"
"	popfq\n"
"	pop	%r15\n"
"	pop	%r14\n"
"	pop	%r13\n"
"	pop	%r12\n"
"	pop	%rbx\n"
"	pop	%rbp\n"
JH_SPEC_SAFE
"	ret\n"
"	int3\n"
"	.size jh_x86_resume, . - jh_x86_resume\n"
"	.type jh_x86_leave, @function\n"
"jh_x86_leave:\n"
"	endbr64\n"
"	mov	%rdi, %cr3\n"
"	mov	%r8, %cr4\n"
"	mov	%rsi, %rsp\n"
"	test	%r12, %r12\n"
"	jz	1f\n"
"	stgi\n"
"1:	mov	%r9, %rax\n"
"	mov	%r9, %rdx\n"
"	shr	$32, %rdx\n"
"	mov	$0xc0000080, %ecx\n"
"	wrmsr\n"
"	mov	%r10, %rax\n"
JH_SPEC_SAFE
"	jmp	*%rbx\n"
"	int3\n"
"	.size jh_x86_leave, . - jh_x86_leave\n"
"	.global jh_x86_tramp_end\n"
"jh_x86_tramp_end:\n"
JH_HYPERCALL_STUB("jh_x86_vmmcall", "vmmcall")
JH_HYPERCALL_STUB("jh_x86_vmcall", "vmcall")
"	.popsection\n");

/* They switch stacks and address spaces on purpose. */
STACK_FRAME_NON_STANDARD(jh_x86_enter);
STACK_FRAME_NON_STANDARD(jh_x86_resume);
STACK_FRAME_NON_STANDARD(jh_x86_leave);

static u64 *jh_boot_pt[JH_BOOT_PT_PAGES];
static unsigned int jh_boot_pt_used;
static phys_addr_t jh_boot_built_for;
static DEFINE_RAW_SPINLOCK(jh_boot_lock);
static unsigned long jh_tramp_pfn;

static u64 *jh_boot_table(u64 *entry)
{
	u64 *table;

	if (*entry & JH_PTE_P)
		return phys_to_virt(*entry & JH_PTE_ADDR);
	if (jh_boot_pt_used >= JH_BOOT_PT_PAGES)
		return NULL;
	table = jh_boot_pt[jh_boot_pt_used++];
	*entry = virt_to_phys(table) | JH_PTE_P | JH_PTE_RW;
	return table;
}

/* level 2 (2 MiB page) or 3 (4 KiB page) */
static int jh_boot_map(unsigned long va, u64 pa, unsigned int level)
{
	u64 *table = jh_boot_pt[0];
	unsigned int l, idx;

	for (l = 0; l < level; l++) {
		idx = (va >> (39 - 9 * l)) & 511;
		if ((table[idx] & JH_PTE_P) && (table[idx] & JH_PTE_PS))
			return -EEXIST;
		table = jh_boot_table(&table[idx]);
		if (!table)
			return -ENOMEM;
	}
	idx = (va >> (39 - 9 * level)) & 511;
	if (table[idx] & JH_PTE_P)
		return -EEXIST;
	table[idx] = pa | JH_PTE_P | JH_PTE_RW | (level < 3 ? JH_PTE_PS : 0);
	return 0;
}

static int jh_boot_build(phys_addr_t header)
{
	unsigned long off;
	unsigned int n;
	int err = 0;

	for (n = 0; n < JH_BOOT_PT_PAGES; n++)
		clear_page(jh_boot_pt[n]);
	jh_boot_pt_used = 1;
	for (off = 0; !err && off < JH_HV_BOOT_MAP_SIZE;
	     off += JH_HV_BOOT_BLOCK)
		err = jh_boot_map(JH_HV_VIRT_BASE + off, header + off, 2);
	if (!err)
		err = jh_boot_map((unsigned long)jh_x86_tramp_start,
				  (u64)jh_tramp_pfn << PAGE_SHIFT, 3);
	return err;
}

static int jh_check_svm(struct jh_cause *cause)
{
	u64 vm_cr, efer;

	if (!(cpuid_edx(0x8000000a) & JH_CPUID_NPT))
		return jh_fail(cause, -ENODEV,
			       "CPU has SVM but no nested paging (NPT)");
	if (!rdmsrl_safe(JH_MSR_VM_CR, &vm_cr) && (vm_cr & JH_VM_CR_SVMDIS))
		return jh_fail(cause, -ENODEV,
			       "SVM is disabled by the firmware (VM_CR.SVMDIS)");
	if (!rdmsrl_safe(MSR_EFER, &efer) && (efer & JH_EFER_SVME))
		return jh_fail(cause, -EBUSY,
			       "SVM is already in use (EFER.SVME set): unload kvm_amd");
	return 0;
}

static int jh_check_vmx(struct jh_cause *cause)
{
	u64 feat, proc, proc2;

	if (rdmsrl_safe(JH_MSR_FEAT_CTL, &feat) ||
	    ((feat & JH_FEAT_CTL_LOCKED) && !(feat & JH_FEAT_CTL_VMX)))
		return jh_fail(cause, -ENODEV,
			       "VMX is disabled by the firmware (IA32_FEATURE_CONTROL)");
	if (!(feat & JH_FEAT_CTL_LOCKED))
		return jh_fail(cause, -ENODEV,
			       "IA32_FEATURE_CONTROL is not locked, so VMX cannot be turned on");
	if (rdmsrl_safe(JH_MSR_VMX_PROCBASED, &proc) ||
	    !(proc & JH_VMX_SECONDARY) ||
	    rdmsrl_safe(JH_MSR_VMX_PROCBASED2, &proc2) ||
	    !(proc2 & JH_VMX_EPT))
		return jh_fail(cause, -ENODEV,
			       "CPU has VMX but no EPT (extended page tables)");
	if (!(proc2 & JH_VMX_UNRESTRICTED))
		return jh_fail(cause, -ENODEV,
			       "CPU has VMX and EPT but no unrestricted guest (cells start in real mode)");
	if (native_read_cr4() & X86_CR4_VMXE)
		return jh_fail(cause, -EBUSY,
			       "VMX is already in use (CR4.VMXE set): unload kvm_intel");
	return 0;
}

int jh_x86_check(struct jh_cause *cause)
{
	unsigned long start = (unsigned long)jh_x86_tramp_start;
	unsigned int n;
	int err;

	/*
	 * Ask the CPU, not Linux's feature cache: a CPU that Linux brought
	 * up while the hypervisor ran (which hides SVM and VMX in CPUID) has
	 * cleared the cached bit for good.
	 */
	if (cpuid_ecx(1) & JH_CPUID_VMX)
		err = jh_check_vmx(cause);
	else if (cpuid_eax(0x80000000) >= 0x8000000a &&
		 (cpuid_ecx(0x80000001) & JH_CPUID_SVM))
		err = jh_check_svm(cause);
	else
		err = jh_fail(cause, -ENODEV,
			      "CPU has neither AMD SVM nor Intel VMX");
	if (err)
		return err;
	if (native_read_cr4() & X86_CR4_LA57)
		return jh_fail(cause, -EOPNOTSUPP,
			       "kernel uses 5-level paging; boot it with no5lvl");
	if (start % PAGE_SIZE ||
	    (unsigned long)jh_x86_tramp_end - start > PAGE_SIZE)
		return jh_fail(cause, -EINVAL,
			       "entry trampoline (%lu bytes at offset 0x%lx of its page) is not within one page",
			       (unsigned long)(jh_x86_tramp_end - jh_x86_tramp_start),
			       start % PAGE_SIZE);

	jh_tramp_pfn = vmalloc_to_pfn(jh_x86_tramp_start);
	if (!jh_tramp_pfn)
		return jh_fail(cause, -EFAULT,
			       "cannot find the physical page of the entry trampoline");

	for (n = 0; n < JH_BOOT_PT_PAGES; n++) {
		if (jh_boot_pt[n])
			continue;
		jh_boot_pt[n] = (u64 *)get_zeroed_page(GFP_KERNEL);
		if (!jh_boot_pt[n])
			return jh_fail(cause, -ENOMEM,
				       "out of memory for the boot page tables");
	}
	jh_boot_built_for = 0;
	return 0;
}

long jh_x86_cpu_enter(phys_addr_t entry, phys_addr_t header,
		      unsigned int cpu)
{
	unsigned long entry_va = JH_HV_VIRT_BASE + (entry - header);
	int err = 0;

	if (header % JH_HV_BOOT_BLOCK)
		return -EINVAL;
	raw_spin_lock(&jh_boot_lock);
	if (jh_boot_built_for != header) {
		err = jh_boot_build(header);
		if (!err)
			jh_boot_built_for = header;
	}
	raw_spin_unlock(&jh_boot_lock);
	if (err) {
		pr_err("CPU %u: cannot build the boot page tables: the entry trampoline's address collides with the hypervisor's at 0x%lx (%d)\n",
		       cpu, JH_HV_VIRT_BASE, err);
		return err;
	}
	return jh_x86_enter(virt_to_phys(jh_boot_pt[0]), entry_va, header, cpu,
			    (unsigned long)jh_x86_tramp_start,
			    (u64)jh_tramp_pfn << PAGE_SHIFT);
}

long jh_x86_hypercall(unsigned long code, unsigned long arg1,
		      unsigned long arg2)
{
	if (boot_cpu_data.x86_vendor == X86_VENDOR_AMD ||
	    boot_cpu_data.x86_vendor == X86_VENDOR_HYGON)
		return jh_x86_vmmcall(code, arg1, arg2);
	return jh_x86_vmcall(code, arg1, arg2);
}

/* The copy went through a write-combining mapping: drain it. */
void jh_x86_flush_dcache(const void *addr, size_t size)
{
	wmb();	/* write-combined stores reach memory before entry */
}
