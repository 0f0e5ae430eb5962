// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's own hypercalls from a cell: every management call is
 * the root cell's alone (disable, create, start, load, shut down, destroy,
 * other CPUs' statistics), and codes beyond the last one are unknown.
 * Each must come back negative, also when a cell calls them by the
 * hundred thousand. attack_arch_hypercall is the arch's instruction.
 */
#include <attack.h>
#include <jailhouse/hypercall.h>

#define FLOOD_CALLS	100000

static const struct { uint64_t code, a1, a2; } root_only_calls[] = {
	{ JH_HC_DISABLE, 0, 0 },
	{ JH_HC_CELL_CREATE, 0x40000000, 0 },
	{ JH_HC_CELL_START, 0, 0 },
	{ JH_HC_CELL_START, 1, 0 },
	{ JH_HC_CELL_SET_LOADABLE, 1, 0 },
	{ JH_HC_CELL_DESTROY, 0, 0 },
	{ JH_HC_CELL_DESTROY, 1, 0 },
	{ JH_HC_CELL_SHUTDOWN, 0, 0 },
	{ JH_HC_CELL_GET_STATE, 0, 0 },
	{ JH_HC_CPU_GET_INFO, 0, 0 },
	{ JH_HC_CPU_GET_INFO, 99, 0x100 },
	{ JH_HC_MAX + 1, 0, 0 },
	{ 0x7fffffff, ~0UL, ~0UL },
	{ ~0UL, 0, 0 },
};

ATTACK(hc_root_only, "hc-root-only", ATTACK_REFUSED,
       "use the root-only hypercalls from a cell: disable, create, start, "
       "destroy and shut down cells (the root's id 0 and its own), read "
       "other CPUs' statistics, unknown codes");
static void hc_root_only(void)
{
	unsigned int n;
	long ret;

	for (n = 0; n < ARRAY_SIZE(root_only_calls); n++) {
		ret = attack_arch_hypercall(root_only_calls[n].code,
					    root_only_calls[n].a1,
					    root_only_calls[n].a2);
		if (ret >= 0) {
			attack_breach("hypercall %lu (0x%lx, 0x%lx) returned "
				      "%ld", root_only_calls[n].code,
				      root_only_calls[n].a1,
				      root_only_calls[n].a2, ret);
			return;
		}
	}
	attack_contained("%u root-only or unknown hypercalls refused", n);
}

ATTACK(hc_flood, "hc-flood", ATTACK_REFUSED,
       "flood the hypervisor with unknown and root-only hypercalls");
static void hc_flood(void)
{
	unsigned int n;
	long ret;

	for (n = 0; n < FLOOD_CALLS; n++) {
		ret = attack_arch_hypercall(n & 1 ? JH_HC_MAX + 1 + n :
					    JH_HC_CELL_DESTROY, 0, 0);
		if (ret >= 0) {
			attack_breach("call %u of the flood returned %ld", n,
				      ret);
			return;
		}
	}
	attack_contained("%u hypercalls, each refused", n);
}
