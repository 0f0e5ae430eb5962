/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-only stand-in firmware: a 64 KiB image for "qemu -bios". The CPU
 * leaves reset at its last 16 bytes; this code does what firmware and
 * root Linux have done on the bench before a cell starts, then enters the
 * inmate as the hypervisor would (real mode, 0000:0000, segments 0):
 *
 *   - PCIEXBAR of the q35 host bridge: ECAM at 0xb0000000, 256 buses
 *   - PMBASE 0x600 and ACPI_EN in the ICH9 LPC bridge: the PM timer
 *     counts at port 0x608
 *   - if an ivshmem-plain device sits at 00:05.0, its memory BAR at
 *     0x80000000: the run script's stand-in comm region
 *
 * The inmate was put at 0 by "-device loader" before the CPU started.
 */

#define PCI_CONFIG_ADDRESS	0xcf8
#define PCI_CONFIG_DATA		0xcfc
#define PCI_CONFIG(dev, reg)	(0x80000000 | (dev) << 11 | (reg))

#define MCH_DEV			0
#define MCH_PCIEXBAR		0x60
#define PCIEXBAR_VALUE		0xb0000001	/* 256 MiB, enabled */
#define LPC_DEV			0x1f
#define LPC_PMBASE		0x40
#define LPC_ACPI_CTRL		0x44
#define LPC_ACPI_EN		0x80
#define PMBASE_VALUE		0x601		/* bit 0: I/O space */
#define IVSHMEM_DEV		5
#define IVSHMEM_ID		0x11101af4	/* 1af4:1110 */
#define IVSHMEM_BAR2		0x18
#define COMM_REGION_ADDR	0x80000000
#define PCI_COMMAND		0x04
#define PCI_COMMAND_MEMORY	0x2

	.code16
	.text
start:
	cli
	cld
	/* A stack in RAM far above the inmate, for the calls below. */
	mov	$0x9000, %ax
	mov	%ax, %ss
	mov	$0xf000, %sp

	mov	$PCI_CONFIG(MCH_DEV, MCH_PCIEXBAR + 4), %eax
	xor	%ecx, %ecx
	call	pci_write32
	mov	$PCI_CONFIG(MCH_DEV, MCH_PCIEXBAR), %eax
	mov	$PCIEXBAR_VALUE, %ecx
	call	pci_write32

	mov	$PCI_CONFIG(LPC_DEV, LPC_PMBASE), %eax
	mov	$PMBASE_VALUE, %ecx
	call	pci_write32
	mov	$PCI_CONFIG(LPC_DEV, LPC_ACPI_CTRL), %eax
	mov	$PCI_CONFIG_ADDRESS, %dx
	out	%eax, %dx
	mov	$PCI_CONFIG_DATA, %dx
	mov	$LPC_ACPI_EN, %al
	out	%al, %dx

	mov	$PCI_CONFIG(IVSHMEM_DEV, 0), %eax
	call	pci_read32
	cmp	$IVSHMEM_ID, %eax
	jne	enter_inmate
	mov	$PCI_CONFIG(IVSHMEM_DEV, IVSHMEM_BAR2), %eax
	mov	$COMM_REGION_ADDR, %ecx
	call	pci_write32
	mov	$PCI_CONFIG(IVSHMEM_DEV, IVSHMEM_BAR2 + 4), %eax
	xor	%ecx, %ecx
	call	pci_write32
	mov	$PCI_CONFIG(IVSHMEM_DEV, PCI_COMMAND), %eax
	mov	$PCI_COMMAND_MEMORY, %ecx
	call	pci_write32

enter_inmate:
	xor	%eax, %eax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss
	xor	%esp, %esp
	xor	%ecx, %ecx
	xor	%edx, %edx
	ljmp	$0, $0

/* %eax: config address, %ecx: value. */
pci_write32:
	mov	$PCI_CONFIG_ADDRESS, %dx
	out	%eax, %dx
	mov	$PCI_CONFIG_DATA, %dx
	mov	%ecx, %eax
	out	%eax, %dx
	ret

/* %eax: config address; returns the dword in %eax. */
pci_read32:
	mov	$PCI_CONFIG_ADDRESS, %dx
	out	%eax, %dx
	mov	$PCI_CONFIG_DATA, %dx
	in	%dx, %eax
	ret

	/* Reset vector: CS base 0xffff0000, IP 0xfff0. */
	.org	0xfff0
	jmp	start
	.org	0x10000
