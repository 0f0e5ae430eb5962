/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Global hypervisor state and the bring-up/tear-down hooks of the arch.
 */
#ifndef HV_SETUP_H
#define HV_SETUP_H

#include <jailhouse/config.h>
#include <jailhouse/header.h>
#include <hv/page_pool.h>
#include <hv/paging.h>
#include <hv/spinlock.h>
#include <hv/types.h>

struct per_cpu;

/* Bound for the system config copy the driver hands over. */
#define HV_MAX_SYSCONFIG_SIZE	(1024 * 1024)

struct hypervisor {
	paddr_t phys_base;		/* hypervisor memory */
	uint64_t mem_size;
	const struct jh_system_desc *sysconfig;
	uint64_t sysconfig_size;
	uint8_t *percpu_base;		/* per-CPU area of CPU 0 */
	struct page_pool pool;
	struct paging paging;		/* the hypervisor's own tables */
	unsigned int entered_cpus;
	volatile bool disabling;
};

extern struct hypervisor hv;
extern struct jh_hv_header hv_header;

/* Link-time layout of the image (see the arch linker script). */
extern uint8_t __image_start[], __text_start[], __text_end[];
extern uint8_t __rodata_end[], __core_end[];

/* Serialises cell management and everything reached from it. */
extern spinlock_t control_lock;

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
 * Called by the arch entry on every CPU with the MMU on and a stack;
 * phys is where the entry found the header.
 * Returns 0 (the CPU then returns to its caller, now under the
 * hypervisor) or -JH_E* with last_error set.
 */
int hv_cpu_entry(unsigned int cpu, struct per_cpu *pcpu, paddr_t phys);

/*
 * True while enable or disable is under way. Then some root CPUs run Linux
 * natively (not entered yet, or already left), their per-CPU data is not
 * valid, and only a physical IPI reaches them; no other cell exists.
 */
bool hv_root_in_transition(void);

/* Disables the hypervisor on the calling CPU; returns only on error. */
long hv_disable_cpu(struct per_cpu *pcpu);

/* Builds hv.paging over the hypervisor memory (first CPU). */
int hv_paging_init(void);
/* Switches the calling CPU to hv.paging. */
void paging_arch_hv_activate(paddr_t root);

/* Maps device MMIO into the hypervisor 1:1. NULL on failure. */
void *hv_map_device(paddr_t phys, uint64_t size);
/* Maps foreign memory 1:1 for a moment, under the control lock. */
void *hv_map_temporary(paddr_t phys, uint64_t size);
void hv_unmap_temporary(void *virt, uint64_t size);

/* Arch hooks, in the order they are called. */
int setup_arch_early(void);			/* first CPU */
const struct pt_format *paging_arch_hv_format(void);
int setup_arch_paging(struct paging *pg);	/* first CPU */
void paging_arch_hv_flush(void);		/* all CPUs' EL2 TLBs */
int setup_arch_init(void);			/* first CPU, console up */
int setup_arch_cpu_init(struct per_cpu *pcpu);	/* every CPU */
/* The calling CPU's hardware id (arm64: MPIDR affinity, x86: APIC ID). */
uint64_t cpu_arch_hw_id(void);
/* Undoes setup_arch_cpu_init and leaves to the caller; no return. */
void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu);

#endif /* HV_SETUP_H */
