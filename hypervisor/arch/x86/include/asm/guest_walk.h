/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Translation of guest linear addresses through the guest's own page
 * tables (AMD APM vol. 2 ch. 5), so that the hypervisor can fetch the
 * instruction behind an MMIO exit. Pure code, built by the host unit
 * tests too: guest memory is reached through a callback only.
 */
#ifndef ASM_GUEST_WALK_H
#define ASM_GUEST_WALK_H

#include <hv/types.h>

/* The guest registers that select and root its paging mode. */
struct x86_paging_state {
	uint64_t cr0, cr3, cr4, efer;
};

/*
 * Reads len bytes at guest-physical gpa into buf: 4 or 8 for a
 * page-table entry (little endian), up to 15 for code, never crossing
 * a 4 KiB page. 0 or a negative error code, which is passed on.
 */
typedef int (*gpa_read_fn)(void *ctx, uint64_t gpa, void *buf,
			   unsigned int len);

/*
 * Paging off: identity (32-bit wrap outside long mode). Else 32-bit
 * (4 KiB pages, 4 MiB with CR4.PSE incl. PSE-36 high bits), PAE (4 KiB,
 * 2 MiB) or 4-level long mode (EFER.LME or LMA with CR0.PG; 4 KiB, 2 MiB,
 * 1 GiB). Only the present bits are checked: this is the hypervisor's
 * fetch, guest privileges were checked by the CPU.
 * 0, -JH_EFAULT (not present, or non-canonical address), -JH_ENOSYS
 * (5-level paging, CR4.LA57) or the error of read.
 */
int x86_guest_virt2phys(const struct x86_paging_state *st, uint64_t la,
			uint64_t *gpa, gpa_read_fn read, void *ctx);

/*
 * Copies len (<= 15) bytes of code at linear address la into buf,
 * translating each 4 KiB page on its own. 0, -JH_EINVAL (len > 15) or an
 * error of x86_guest_virt2phys(); buf is then partly written.
 */
int x86_guest_fetch(const struct x86_paging_state *st, uint64_t la,
		    uint8_t *buf, unsigned int len, gpa_read_fn read,
		    void *ctx);

#endif /* ASM_GUEST_WALK_H */
