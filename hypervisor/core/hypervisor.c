// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's global state: everything below the core reads it, so it
 * lives apart from the code that fills it in (setup.c).
 */
#include <hv/hypervisor.h>
#include <asm/processor.h>

struct hypervisor hv;

bool hv_root_in_transition(void)
{
	return READ_ONCE(hv.disabling) ||
		READ_ONCE(hv.entered_cpus) < hv_header.online_cpus;
}
