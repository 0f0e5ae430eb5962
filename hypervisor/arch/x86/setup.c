// SPDX-License-Identifier: GPL-2.0
/*
 * x86 arch hooks: empty skeletons, so that the generic core is built and
 * linked for x86 too. Each one fails or does nothing; none is reached
 * while arch_entry refuses.
 */
#include <jailhouse/config.h>
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control.h>
#include <hv/percpu.h>
#include <hv/setup.h>
#include <asm/layout.h>

JH_STATIC_ASSERT(HV_ARCH_ID == JH_ARCH_X86, "arch id");

int setup_arch_early(void)
{
	return -JH_ENOSYS;
}

const struct pt_format *paging_arch_hv_format(void)
{
	return NULL;
}

int setup_arch_paging(struct paging *pg)
{
	return -JH_ENOSYS;
}

void paging_arch_hv_activate(paddr_t root)
{
}

void paging_arch_hv_flush(void)
{
}

int setup_arch_init(void)
{
	return -JH_ENOSYS;
}

int setup_arch_cpu_init(struct per_cpu *pcpu)
{
	return -JH_ENOSYS;
}

void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu)
{
	for (;;)
		asm volatile("hlt");
}

int cell_arch_init(struct cell *cell)
{
	return -JH_ENOSYS;
}

void cell_arch_exit(struct cell *cell)
{
}

int cell_arch_map_platform(struct cell *cell)
{
	return -JH_ENOSYS;
}

void cell_arch_flush_tlb(struct cell *cell)
{
}

const struct pt_format *paging_arch_guest_format(void)
{
	return NULL;
}

void cpu_arch_wait(struct per_cpu *pcpu)
{
}

void cpu_arch_kick(unsigned int target)
{
}

void cpu_arch_reset(struct per_cpu *pcpu, uint64_t entry, uint64_t context,
		    bool full_reset)
{
}

void cpu_arch_enter_cell(struct per_cpu *pcpu)
{
}

uint64_t timer_arch_now_us(void)
{
	return 0;
}

uint64_t timer_arch_frequency(void)
{
	return 0;
}

void cache_arch_flush(const void *start, uint64_t size)
{
}

void cell_arch_assign(struct cell *cell)
{
}

void cell_arch_release(struct cell *cell)
{
}
