/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Entry point, at the very start of the image. The hypervisor starts the
 * cell's CPU here in 16-bit real mode, CS:IP 0000:0000 (the shipped cells'
 * cpu_reset_address is 0), interrupts off, paging off. The code below goes
 * through 32-bit protected mode, where it zeroes the bss and builds the
 * page tables, into 64-bit long mode, then calls the C start-up.
 *
 * The page tables map 0-4 GiB 1:1 with 2 MiB pages: write-back RAM below
 * 0xb0000000, uncached from there up (the ECAM window, the PCI MMIO
 * window, the IOAPIC and the local APIC page). The PAT is left as it is:
 * PCD|PWT select entry 3, which is UC in the power-on PAT and in Linux's.
 * Nothing above 4 GiB is mapped, so an access there is a page fault.
 */

#define CR0_PE		0x00000001
#define CR0_NE		0x00000020
#define CR0_WP		0x00010000
#define CR0_NW		0x20000000
#define CR0_CD		0x40000000
#define CR0_PG		0x80000000
#define CR4_PAE		0x00000020
#define MSR_EFER	0xc0000080
#define EFER_LME	0x00000100

#define PTE_PRESENT	0x001
#define PTE_WRITE	0x002
#define PTE_PWT		0x008
#define PTE_PCD		0x010
#define PTE_LARGE	0x080		/* a 2 MiB page (in a PD) */
#define PAGE_2M		0x200000
#define NUM_PD_ENTRIES	2048		/* 4 GiB / 2 MiB */
#define FIRST_UC_ENTRY	(0xb0000000 / PAGE_2M)

/* Selectors into boot_gdt. */
#define BOOT_CS32	0x08
#define BOOT_DS		0x10
#define BOOT_CS64	0x18

	.section .boot, "ax"
	.code16
	.global inmate_entry
inmate_entry:
	cli
	cld
	xor	%ax, %ax
	mov	%ax, %ds
	lgdtl	boot_gdt_desc
	/* Protected mode; caches on (a real reset leaves CD and NW set). */
	mov	%cr0, %eax
	and	$~(CR0_CD | CR0_NW), %eax
	or	$(CR0_PE | CR0_NE), %eax
	mov	%eax, %cr0
	ljmpl	$BOOT_CS32, $start32

	.code32
start32:
	mov	$BOOT_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss
	mov	%ax, %fs
	mov	%ax, %gs

	/* The bss, page tables included, is not part of the image. */
	mov	$__bss_start, %edi
	mov	$__bss_end, %ecx
	sub	%edi, %ecx
	shr	$2, %ecx
	xor	%eax, %eax
	rep stosl

	movl	$(pdpt + PTE_PRESENT + PTE_WRITE), pml4

	mov	$(pd + PTE_PRESENT + PTE_WRITE), %eax
	mov	$pdpt, %edi
	mov	$4, %ecx
1:	mov	%eax, (%edi)
	add	$4096, %eax
	add	$8, %edi
	loop	1b

	mov	$pd, %edi
	mov	$(PTE_PRESENT | PTE_WRITE | PTE_LARGE), %eax
	xor	%ecx, %ecx
2:	mov	%eax, %edx
	cmp	$FIRST_UC_ENTRY, %ecx
	jb	3f
	or	$(PTE_PCD | PTE_PWT), %edx
3:	mov	%edx, (%edi,%ecx,8)
	add	$PAGE_2M, %eax
	inc	%ecx
	cmp	$NUM_PD_ENTRIES, %ecx
	jb	2b

	mov	$pml4, %eax
	mov	%eax, %cr3
	mov	%cr4, %eax
	or	$CR4_PAE, %eax
	mov	%eax, %cr4
	mov	$MSR_EFER, %ecx
	rdmsr
	or	$EFER_LME, %eax
	wrmsr
	mov	%cr0, %eax
	or	$(CR0_PG | CR0_WP), %eax
	mov	%eax, %cr0
	ljmp	$BOOT_CS64, $start64

	.code64
start64:
	mov	$__stack_top, %rsp
	xor	%ebp, %ebp
	call	idt_init
	call	inmate_main
	call	inmate_halt

	/* Flat segments; the 64-bit code segment stays in use. */
	.balign	8
boot_gdt:
	.quad	0
	.quad	0x00cf9a000000ffff	/* BOOT_CS32: 32-bit code */
	.quad	0x00cf92000000ffff	/* BOOT_DS: data, 4 GiB */
	.quad	0x00af9a000000ffff	/* BOOT_CS64: 64-bit code */
boot_gdt_end:
boot_gdt_desc:
	.word	boot_gdt_end - boot_gdt - 1
	.long	boot_gdt

	.section .bss.pagetables, "aw", @nobits
	.balign	4096
pml4:	.skip	4096
pdpt:	.skip	4096
pd:	.skip	4 * 4096
