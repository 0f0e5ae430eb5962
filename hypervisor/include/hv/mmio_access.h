/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A trapped MMIO access and what a handler makes of it: the types both
 * the dispatcher (hv/mmio.h) and the units (hv/unit.h) speak.
 */
#ifndef HV_MMIO_ACCESS_H
#define HV_MMIO_ACCESS_H

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

#endif /* HV_MMIO_ACCESS_H */
