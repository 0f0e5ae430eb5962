// SPDX-License-Identifier: GPL-2.0
/*
 * Linux's segments under VMX (vmx_segments.h): the VMCS needs every
 * segment's base, limit and access rights, which only Linux's GDT holds,
 * so enable copies that GDT (read through Linux's own page tables) into
 * the CPU's area and takes the descriptors from the copy; disable loads
 * Linux's selectors again from the copy, whose TSS descriptor is made
 * not busy first.
 */
#include <jailhouse/hypercall.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/guest_walk.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/paging.h>
#include <asm/vcpu.h>
#include "vmx_segments.h"
#include "vmx_vmcs.h"

#define DESC_TYPE_BUSY		(2ULL << 40)	/* TSS descriptor busy bit */
#define AR_TYPE_BUSY_TSS64	0x0b

static int read_for_walk(void *ctx, uint64_t gpa, void *buf,
			 unsigned int len)
{
	return guest_mem_read(ctx, gpa, buf, len);
}

/*
 * Linux's GDT into the per-CPU copy, read at linear address gdtr through
 * the paging state pg, page by page. 0 or an error.
 */
int vmx_copy_linux_gdt(struct per_cpu *pcpu,
		       const struct x86_paging_state *pg,
		       const struct desc_table *gdtr)
{
	uint8_t *dst = (uint8_t *)pcpu->arch.vmx.linux_gdt;
	unsigned int len = gdtr->limit + 1U, done, chunk;
	uint64_t la, gpa;
	int err;

	if (len > sizeof(pcpu->arch.vmx.linux_gdt)) {
		return -JH_E2BIG;
	}
	memset(dst, 0, sizeof(pcpu->arch.vmx.linux_gdt));
	for (done = 0; done < len; done += chunk) {
		la = gdtr->base + done;
		chunk = (unsigned int)MIN(len - done, PAGE_SIZE - (la & ~PAGE_MASK));
		err = x86_guest_virt2phys(pg, la, &gpa, read_for_walk, pcpu);
		if (!err) {
			err = guest_mem_read(pcpu, gpa, dst + done, chunk);
		}
		if (err != 0) {
			return err;
		}
	}
	return 0;
}

/* Base, limit and access rights of a GDT selector from the copy. */
bool vmx_desc_of(const struct per_cpu *pcpu, uint16_t sel, uint64_t *base,
		 uint32_t *limit, uint32_t *ar)
{
	const uint64_t *gdt = pcpu->arch.vmx.linux_gdt;
	unsigned int idx = (unsigned int)sel >> 3;
	uint64_t d;

	if (!(sel & ~3U) || (sel & 4) ||
	    idx + 1 >= ARRAY_SIZE(pcpu->arch.vmx.linux_gdt)) {
		return false;
	}
	d = gdt[idx];
	*limit = (d & 0xffff) | ((d >> 32) & 0xf0000);
	if ((d & (1ULL << 55)) != 0U) {
		*limit = (*limit << 12) | 0xfff;
	}
	*base = ((d >> 16) & 0xffffff) | ((d >> 32) & 0xff000000U);
	*ar = (d >> 40) & 0xf0ff;
	/* A system descriptor (TSS, LDT) is 16 bytes in long mode. */
	if (!(*ar & AR_S)) {
		*base |= gdt[idx + 1] << 32;
	}
	return true;
}

static uint16_t read_sel(enum vmx_seg seg)
{
	uint16_t sel = 0;

	switch (seg) {
	case SEG_ES: asm volatile("mov %%es, %0" : "=r" (sel)); break;
	case SEG_CS: asm volatile("mov %%cs, %0" : "=r" (sel)); break;
	case SEG_SS: asm volatile("mov %%ss, %0" : "=r" (sel)); break;
	case SEG_DS: asm volatile("mov %%ds, %0" : "=r" (sel)); break;
	case SEG_FS: asm volatile("mov %%fs, %0" : "=r" (sel)); break;
	case SEG_GS: asm volatile("mov %%gs, %0" : "=r" (sel)); break;
	case SEG_LDTR: asm volatile("sldt %0" : "=r" (sel)); break;
	case SEG_TR: asm volatile("str %0" : "=r" (sel)); break;
	default: break;
	}
	return sel;
}

/*
 * Linux's segment registers as guest state: selectors as they are (the
 * hypervisor's entry changed none but CS/SS, which its GDT repeats),
 * descriptors from the GDT copy, FS/GS bases from their MSRs.
 */
int vmx_guest_segments_from_linux(struct per_cpu *pcpu)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;
	uint32_t limit, ar;
	uint64_t base;
	unsigned int seg;

	for (seg = SEG_ES; seg <= SEG_TR; seg++) {
		v->linux_sel[seg] = read_sel(seg);
		if (!vmx_desc_of(pcpu, v->linux_sel[seg], &base, &limit, &ar)) {
			if (seg == SEG_CS || seg == SEG_TR) {
				hv_error("CPU %u: Linux's %s selector 0x%x has no GDT descriptor",
					 pcpu->cpu_id, seg == SEG_CS ? "CS" :
					 "TR", v->linux_sel[seg]);
				return -JH_EINVAL;
			}
			/*
			 * Null (or LDT-based, rare): unusable, DPL 0. FS and
			 * GS bases count even then (long mode).
			 */
			base = seg == SEG_FS ? v->linux_fs_base :
				seg == SEG_GS ? v->linux_gs_base : 0;
			vmx_write_seg(seg, v->linux_sel[seg], base, 0,
				  AR_UNUSABLE);
			continue;
		}
		if ((ar & AR_S) != 0U) {
			ar |= AR_TYPE_ACCESSED;
		}
		if (seg == SEG_TR) {
			ar = (ar & ~0xfU) | AR_TYPE_BUSY_TSS64;
		}
		if (seg == SEG_FS) {
			base = v->linux_fs_base;
		} else if (seg == SEG_GS) {
			base = v->linux_gs_base;
		} else if (seg != SEG_LDTR && seg != SEG_TR) {
			base = 0;	/* long mode: ES, CS, SS, DS base 0 */
		}
		vmx_write_seg(seg, v->linux_sel[seg], base, limit, ar);
	}
	return 0;
}

/*
 * Segment registers back to Linux's from the GDT copy (TSS not busy in
 * it), then Linux's GDTR. Only GDT selectors can be loaded: an LDT one
 * would be read through Linux's page tables, which are not ours.
 */
void vmx_load_linux_segments(struct per_cpu *pcpu, const uint16_t *sel,
			      uint64_t fs_base, uint64_t gs_base)
{
	struct vmx_cpu *v = &pcpu->arch.vmx;
	struct desc_table copy = {
		.limit = sizeof(v->linux_gdt) - 1,
		.base = (uintptr_t)v->linux_gdt,
	};
	unsigned int tr = sel[SEG_TR] >> 3;
	uint16_t ldtr = sel[SEG_LDTR] & 4 ? 0 : sel[SEG_LDTR];

	if (v->gdt_valid && tr && tr < ARRAY_SIZE(v->linux_gdt)) {
		v->linux_gdt[tr] &= ~DESC_TYPE_BUSY;
		asm volatile("lgdt %0" : : "m" (copy));
		asm volatile("ltr %0" : : "r" (sel[SEG_TR]));
		asm volatile("lldt %0" : : "r" (ldtr));
		if (!(sel[SEG_DS] & 4)) {
			asm volatile("mov %0, %%ds" : : "r" (sel[SEG_DS]));
		}
		if (!(sel[SEG_ES] & 4)) {
			asm volatile("mov %0, %%es" : : "r" (sel[SEG_ES]));
		}
		if (!(sel[SEG_FS] & 4)) {
			asm volatile("mov %0, %%fs" : : "r" (sel[SEG_FS]));
		}
		if (!(sel[SEG_GS] & 4)) {
			asm volatile("mov %0, %%gs" : : "r" (sel[SEG_GS]));
		}
		if (!(sel[SEG_SS] & 4)) {
			asm volatile("mov %0, %%ss" : : "r" (sel[SEG_SS]));
		}
	}
	wrmsr(MSR_FS_BASE, fs_base);
	wrmsr(MSR_GS_BASE, gs_base);
}
