/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux's GDT and segment registers, for the VMCS at enable and for the
 * CPU at disable (vmx_segments.c).
 */
#ifndef VMX_VMX_SEGMENTS_H
#define VMX_VMX_SEGMENTS_H

#include <hv/types.h>

struct per_cpu;
struct x86_paging_state;

struct desc_table {
	uint16_t limit;
	uint64_t base;
} __attribute__((packed));

/*
 * Linux's GDT (gdtr, a linear address under the paging state pg) into
 * the CPU's copy. 0 or an error (too big, not mapped).
 */
int vmx_copy_linux_gdt(struct per_cpu *pcpu,
		       const struct x86_paging_state *pg,
		       const struct desc_table *gdtr);
/* Base, limit and access rights of GDT selector sel, from the copy. */
bool vmx_desc_of(const struct per_cpu *pcpu, uint16_t sel, uint64_t *base,
		 uint32_t *limit, uint32_t *ar);
/* Linux's segment registers into the VMCS as guest state. */
int vmx_guest_segments_from_linux(struct per_cpu *pcpu);
/* Linux's selectors (GDT ones only), GDTR and FS/GS bases into the CPU. */
void vmx_load_linux_segments(struct per_cpu *pcpu, const uint16_t *sel,
			     uint64_t fs_base, uint64_t gs_base);

#endif /* VMX_VMX_SEGMENTS_H */
