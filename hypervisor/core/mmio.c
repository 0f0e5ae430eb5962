// SPDX-License-Identifier: GPL-2.0
/*
 * The MMIO dispatcher: a fixed table, filled at init, searched by address.
 */
#include <jailhouse/hypercall.h>
#include <hv/mmio.h>
#include <hv/unit.h>

struct mmio_region {
	gpaddr_t base;
	uint64_t size;
	mmio_handler_t handler;
	void *arg;
};

static struct mmio_region regions[MMIO_MAX_REGIONS];
static unsigned int num_regions;

int mmio_register(gpaddr_t base, uint64_t size, mmio_handler_t handler,
		  void *arg)
{
	if (num_regions >= MMIO_MAX_REGIONS) {
		return -JH_E2BIG;
	}
	regions[num_regions++] = (struct mmio_region) {
		.base = base, .size = size, .handler = handler, .arg = arg,
	};
	return 0;
}

enum mmio_result mmio_dispatch(struct per_cpu *pcpu, struct mmio_access *acc)
{
	const struct mmio_region *r;
	unsigned int n;

	for (n = 0; n < num_regions; n++) {
		r = &regions[n];
		if (acc->addr >= r->base && acc->addr - r->base < r->size &&
		    acc->size <= r->size - (acc->addr - r->base)) {
			acc->offset = acc->addr - r->base;
			return r->handler(pcpu, r->arg, acc);
		}
	}
	/* Per-cell regions (the BARs of link devices) are not in the table. */
	return units_mmio(pcpu, acc);
}
