// SPDX-License-Identifier: GPL-2.0
/*
 * x86 link interrupts: MSI-X (Documentation/ivshmem.md). Guests take
 * physical interrupts directly, so a doorbell becomes a physical fixed
 * IPI with the vector the receiving cell wrote into its own device's
 * table. The message must be a plain one the cell could send itself:
 * compatibility format, physical destination of one of the cell's own
 * CPUs, fixed delivery, edge, a vector from 32 up (below are exceptions).
 *
 * A root end has an INTx pin instead (irq: a pin of the first IOAPIC the
 * root owns, which ACPI routes the slot's INTA to), since Linux's stock
 * uio_pci_generic wants INTx: the interrupt goes as a fixed IPI where the
 * root's redirection entry for that pin points, if unmasked.
 */
#include <hv/cell.h>
#include <hv/ivshmem.h>
#include <hv/percpu.h>
#include <asm/apic.h>
#include <asm/apic_dest.h>
#include <asm/ioapic.h>
#include <asm/ioapic_regs.h>

#define MSI_ADDR_BASE_MASK	0xfff00000U
#define MSI_ADDR_BASE		0xfee00000U
#define MSI_ADDR_DEST_SHIFT	12
#define MSI_ADDR_DEST_MASK	0xffU
#define MSI_ADDR_FORMAT_BITS	0x1cU	/* remappable, redirection, logical */
#define MSI_DATA_VECTOR		0xffU
#define MSI_DATA_OTHER		0xff00U	/* delivery mode, level, trigger */
#define MSI_FIRST_VECTOR	32U

bool ivshmem_arch_supported(void)
{
	return true;
}

bool ivshmem_arch_msix(void)
{
	return true;
}

const char *ivshmem_arch_msix_check(const struct cell *cell, uint64_t addr,
				    uint32_t data, unsigned int *cpu)
{
	unsigned int dest = (unsigned int)(addr >> MSI_ADDR_DEST_SHIFT) &
		MSI_ADDR_DEST_MASK;
	struct per_cpu *pcpu;
	unsigned int n;

	if (addr >> 32 != 0U ||
	    ((uint32_t)addr & MSI_ADDR_BASE_MASK) != MSI_ADDR_BASE ||
	    ((uint32_t)addr & MSI_ADDR_FORMAT_BITS) != 0U) {
		return "not a physical-destination message to a local APIC";
	}
	if ((data & ~MSI_DATA_VECTOR) != 0U) {
		return "not fixed, edge-triggered";
	}
	if ((data & MSI_DATA_VECTOR) < MSI_FIRST_VECTOR) {
		return "vector below 32";
	}
	for_each_cell_cpu(n, cell) {
		pcpu = per_cpu(n);
		if (pcpu != NULL && pcpu->arch.apic_id == dest) {
			*cpu = n;
			return NULL;
		}
	}
	return "destination is not a CPU of this cell";
}

void ivshmem_arch_msix_send(unsigned int cpu, uint32_t data)
{
	apic_send_fixed(cpu, (uint8_t)(data & MSI_DATA_VECTOR));
}

/*
 * Does the CPU take an interrupt for dest? Physical: its APIC ID.
 * Logical: the logical ID its cell programmed (LDR/DFR), as apic_dest.c
 * matches it for the cells' own ICR writes.
 */
static bool dest_is(const struct per_cpu *pcpu, uint32_t dest, bool logical)
{
	if (!logical) {
		return pcpu->arch.apic_id == dest;
	}
	return apic_xapic_logical_match(pcpu->arch.apic_ldr,
					pcpu->arch.apic_dfr, (uint8_t)dest);
}

void ivshmem_arch_inject(struct cell *cell, uint32_t irq)
{
	uint32_t low, high, dest;
	struct per_cpu *pcpu;
	unsigned int n;

	if (!ioapic_owned_entry(cell, irq, &low, &high) ||
	    (low & REDIR_MASKED) != 0U ||
	    (REDIR_MODE(low) != MODE_FIXED &&
	     REDIR_MODE(low) != MODE_LOWEST) ||
	    (low & REDIR_VECTOR) < MSI_FIRST_VECTOR) {
		return;
	}
	dest = REDIR_DEST(high);
	/* Lowest priority: any one of the set will do, the first. */
	for_each_cell_cpu(n, cell) {
		pcpu = per_cpu(n);
		if (pcpu != NULL && dest_is(pcpu, dest,
					    (low & REDIR_LOGICAL) != 0U)) {
			apic_send_fixed(n, (uint8_t)(low & REDIR_VECTOR));
			return;
		}
	}
}
