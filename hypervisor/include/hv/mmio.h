/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Emulated MMIO: a trapped guest access is decoded by the arch into a
 * struct mmio_access and handed to the handler registered for its address.
 */
#ifndef HV_MMIO_H
#define HV_MMIO_H

#include <hv/mmio_access.h>
#include <hv/types.h>

struct per_cpu;

#define MMIO_MAX_REGIONS	8

/* At init only. 0 or -JH_E2BIG. */
int mmio_register(gpaddr_t base, uint64_t size, mmio_handler_t handler,
		  void *arg);

enum mmio_result mmio_dispatch(struct per_cpu *pcpu, struct mmio_access *acc);

#endif /* HV_MMIO_H */
