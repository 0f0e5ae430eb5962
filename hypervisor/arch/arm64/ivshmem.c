// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 link interrupts: the config's SPI, a virtual interrupt with no
 * physical line (the validator keeps it off every cell's irqchips),
 * goes into a list register of one running CPU of the peer's cell. A
 * doorbell that finds it still pending is merged with it, as a level
 * line would be.
 */
#include <hv/cell.h>
#include <hv/ivshmem.h>
#include <hv/percpu.h>
#include <asm/gic.h>

bool ivshmem_arch_supported(void)
{
	return true;
}

void ivshmem_arch_inject(struct cell *cell, uint32_t irq)
{
	struct per_cpu *target;
	unsigned int cpu;

	for_each_cell_cpu(cpu, cell) {
		target = per_cpu(cpu);
		if (target != NULL && target->state == CPU_RUNNING) {
			vgic_inject(target, irq, false);
			return;
		}
	}
}
