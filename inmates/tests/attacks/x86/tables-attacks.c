// SPDX-License-Identifier: GPL-2.0
/*
 * The cell's own CPU tables pointed outside its memory: the CPU's
 * accesses on the cell's behalf (page walk, IDT and GDT reads) go
 * through the nested page table like any other, so each must stop the
 * cell instead of looping or hanging the hypervisor.
 */
#include <attack.h>

#define OUTSIDE		0x100000UL	/* just past the cell's RAM */

struct __attribute__((packed)) table_reg {
	uint16_t limit;
	uint64_t base;
};

ATTACK(cr3_outside, "cr3-outside", ATTACK_STOP,
       "make the CPU walk page tables in memory the cell does not own");
static void cr3_outside(void)
{
	attack_note("CR3 = 0x%lx", OUTSIDE);
	asm volatile("mov %0, %%cr3; nop" : : "r"(OUTSIDE) : "memory");
}

ATTACK(idt_outside, "idt-outside", ATTACK_STOP,
       "make the CPU read its IDT from memory the cell does not own");
static void idt_outside(void)
{
	struct table_reg idtr = { .limit = 0xfff, .base = OUTSIDE };

	attack_note("IDT at 0x%lx, then int3", OUTSIDE);
	asm volatile("cli; lidt %0; int3" : : "m"(idtr) : "memory");
}

ATTACK(gdt_outside, "gdt-outside", ATTACK_STOP,
       "make the CPU read its GDT from memory the cell does not own");
static void gdt_outside(void)
{
	struct table_reg gdtr = { .limit = 0xfff, .base = OUTSIDE };

	attack_note("GDT at 0x%lx, then a data segment load", OUTSIDE);
	asm volatile("lgdt %0; mov %1, %%ds" : : "m"(gdtr), "r"(0x10)
		     : "memory");
}
