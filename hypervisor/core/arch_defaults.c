// SPDX-License-Identifier: GPL-2.0
/*
 * Weak defaults of arch hooks that an arch may leave out: each is correct,
 * only coarser or more restrictive than what an arch can do. Both arches
 * define some of these themselves; a new arch starts from all of them
 * (no links, no powering off, INTx link interrupts).
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/ivshmem.h>
#include <hv/percpu.h>

/* Flushing the whole cell covers any range. */
void __weak cell_arch_flush_tlb_range(struct cell *cell, uint64_t gpa,
				      uint64_t size)
{
	cell_arch_flush_tlb(cell);
}

void __weak cell_arch_reset_devices(struct cell *cell)
{
}

void __weak comm_arch_fill(struct jh_comm_region *comm)
{
}

bool __weak cpu_arch_offline_cpus_keep_running(void)
{
	return false;
}

bool __weak cpu_arch_can_power_off(void)
{
	return false;
}

/* Not called while cpu_arch_can_power_off() says no: stay parked. */
void __weak __noreturn cpu_arch_power_off(struct per_cpu *pcpu)
{
	for (;;) {
		cpu_arch_wait(pcpu);
	}
}

int __weak cpu_arch_wait_off(struct per_cpu *target)
{
	return -JH_EBUSY;
}

/* No link interrupts yet: cell create refuses links on such an arch. */
bool __weak ivshmem_arch_supported(void)
{
	return false;
}

void __weak ivshmem_arch_inject(struct cell *cell, uint32_t irq)
{
}

/* Link interrupts are INTx where an arch does not say otherwise. */
bool __weak ivshmem_arch_msix(void)
{
	return false;
}

const char *__weak ivshmem_arch_msix_check(const struct cell *cell,
					   uint64_t addr, uint32_t data,
					   unsigned int *cpu)
{
	return "no MSI-X on this arch";
}

void __weak ivshmem_arch_msix_send(unsigned int cpu, uint32_t data)
{
}
