/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The current VMCS's fields (vmx_vmcs.c): VMREAD, VMWRITE with its
 * failure report, and a guest segment's four fields at once.
 */
#ifndef VMX_VMX_VMCS_H
#define VMX_VMX_VMCS_H

#include <hv/types.h>
#include <asm/vmcs.h>

static inline uint64_t vmread(unsigned long field)
{
	uint64_t val;

	asm volatile("vmread %1, %0" : "=rm" (val) : "r" (field) : "cc");
	return val;
}

void vmx_write_failed(unsigned long field);

/*
 * A failed write (no current VMCS, a field this CPU lacks) is reported on
 * the console rather than returned: no caller could do more.
 */
static inline void vmwrite(unsigned long field, uint64_t val)
{
	bool failed;

	asm volatile("vmwrite %2, %1; setna %0"
		     : "=qm" (failed) : "r" (field), "rm" (val)
		     : "cc", "memory");
	if (failed) {
		vmx_write_failed(field);
	}
}

/* A guest segment register's four fields. */
void vmx_write_seg(enum vmx_seg seg, uint16_t sel, uint64_t base,
		   uint32_t limit, uint32_t ar);

#endif /* VMX_VMX_VMCS_H */
