/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hypervisor's global state (core/hypervisor.c) and where its image
 * lies.
 */
#ifndef HV_HYPERVISOR_H
#define HV_HYPERVISOR_H

#include <jailhouse/config.h>
#include <hv/header.h>
#include <hv/page_pool.h>
#include <hv/paging.h>
#include <hv/types.h>

struct hypervisor {
	paddr_t phys_base;		/* hypervisor memory */
	uint64_t mem_size;
	const struct jh_system_desc *sysconfig;
	uint64_t sysconfig_size;
	struct page_pool pool;
	struct paging paging;		/* the hypervisor's own tables */
	unsigned int entered_cpus;
	volatile bool disabling;
};

extern struct hypervisor hv;

/* Link-time layout of the image (see the arch linker script). */
extern uint8_t __image_start[], __text_start[], __text_end[];
extern uint8_t __rodata_end[], __core_end[];

/* Inside the hypervisor memory only. */
static inline paddr_t hv_virt2phys(const void *virt)
{
	return (paddr_t)((const uint8_t *)virt - __image_start) + hv.phys_base;
}

static inline void *hv_phys2virt(paddr_t phys)
{
	return __image_start + (phys - hv.phys_base);
}

/*
 * True while enable or disable is under way. Then some root CPUs run Linux
 * natively (not entered yet, or already left), their per-CPU data is not
 * valid, and only a physical IPI reaches them; no other cell exists.
 */
bool hv_root_in_transition(void);

#endif /* HV_HYPERVISOR_H */
