/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Emulated MMIO: a trapped guest access is decoded by the arch into a
 * struct mmio_access and handed to the handler registered for its address.
 */
#ifndef HV_MMIO_H
#define HV_MMIO_H

#include <hv/types.h>

struct per_cpu;

struct mmio_access {
	gpaddr_t addr;		/* guest-physical address */
	uint64_t offset;	/* from the start of the handler's region */
	unsigned int size;	/* 1, 2, 4 or 8 bytes */
	bool is_write;
	uint64_t value;		/* written value, or the read result */
};

enum mmio_result {
	MMIO_UNHANDLED,		/* no handler: a fault of the guest */
	MMIO_HANDLED,
	MMIO_ERROR,		/* handler refused the access */
};

typedef enum mmio_result (*mmio_handler_t)(struct per_cpu *pcpu, void *arg,
					   struct mmio_access *acc);

#define MMIO_MAX_REGIONS	8

/* At init only. 0 or -JH_E2BIG. */
int mmio_register(gpaddr_t base, uint64_t size, mmio_handler_t handler,
		  void *arg);

enum mmio_result mmio_dispatch(struct per_cpu *pcpu, struct mmio_access *acc);

#endif /* HV_MMIO_H */
