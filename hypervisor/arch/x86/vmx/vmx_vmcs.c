// SPDX-License-Identifier: GPL-2.0
/*
 * Writes to the current VMCS that need more than the vmwrite() inline: a
 * failed write reported, a guest segment's four fields.
 */
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/vmx_caps.h>
#include "vmx_vmcs.h"

/* vmwrite()'s report: the field and the CPU's reason, rate-limited. */
void vmx_write_failed(unsigned long field)
{
	static struct ratelimit rl;
	struct per_cpu *pcpu = this_cpu();
	unsigned int err = vmread(VMCS_INSN_ERROR);

	if (ratelimit_ok(&rl, 8)) {
		printk("CPU %u: VMWRITE of VMCS field 0x%lx failed: VM-instruction error %u (%s)\n",
		       pcpu->cpu_id, field, err, vmx_insn_error_name(err));
	}
}

void vmx_write_seg(enum vmx_seg seg, uint16_t sel, uint64_t base,
		      uint32_t limit, uint32_t ar)
{
	vmwrite(VMCS_GUEST_ES_SEL + 2 * seg, sel);
	vmwrite(VMCS_GUEST_ES_BASE + 2 * seg, base);
	vmwrite(VMCS_GUEST_ES_LIMIT + 2 * seg, limit);
	vmwrite(VMCS_GUEST_ES_AR + 2 * seg, ar);
}
