/* SPDX-License-Identifier: GPL-2.0 */
/* The guest's instruction at RIP, fetched or found again (insn_cache.c). */
#ifndef EMULATE_INSN_CACHE_H
#define EMULATE_INSN_CACHE_H

#include <hv/types.h>
#include <asm/insn_decode.h>

struct per_cpu;

/* The instruction at the guest's RIP (up to len bytes); bytes fetched. */
int vcpu_fetch_insn(struct per_cpu *pcpu, uint8_t *buf, unsigned int len);
/*
 * The MMIO move at the guest's RIP: decoded from hw_bytes if the CPU
 * saved them (hw_len > 0, SVM decode assists) and they decode, else
 * fetched and decoded or found again. 0, -JH_EFAULT (cannot read
 * it) or -JH_EINVAL (not a move we emulate).
 */
int x86_mmio_insn_at_rip(struct per_cpu *pcpu, const uint8_t *hw_bytes,
			 unsigned int hw_len, struct x86_mmio_insn *insn);

#endif /* EMULATE_INSN_CACHE_H */
