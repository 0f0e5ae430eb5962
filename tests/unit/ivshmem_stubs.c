// SPDX-License-Identifier: GPL-2.0
/*
 * No links: stand-ins for hypervisor/links/ivshmem_dev.c in the tests of code
 * that asks it first (the MMIO dispatcher, the arm64 ECAM).
 */
#include <hv/ivshmem.h>

bool ivshmem_cfg_access(struct cell *cell, uint16_t bdf, unsigned int reg,
			unsigned int size, bool is_write, uint32_t *value)
{
	(void)cell;
	(void)bdf;
	(void)reg;
	(void)size;
	(void)is_write;
	(void)value;
	return false;
}

/* core/mmio.c asks the units after its table; no unit claims anything. */
enum mmio_result units_mmio(struct per_cpu *pcpu, struct mmio_access *acc)
{
	(void)pcpu;
	(void)acc;
	return MMIO_UNHANDLED;
}
