// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU areas: which CPUs entered, and where each one's data is.
 */
#include <hv/bitmap.h>
#include <hv/percpu.h>

uint64_t cpus_present[BITMAP_WORDS(HV_MAX_CPUS)];
uint8_t *percpu_base;

struct per_cpu *per_cpu(unsigned int cpu)
{
	if (cpu >= HV_MAX_CPUS || !bitmap_test(cpus_present, cpu)) {
		return NULL;
	}
	return (struct per_cpu *)(percpu_base + cpu * PERCPU_SIZE);
}
