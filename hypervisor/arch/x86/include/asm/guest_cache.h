/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU cache of guest-physical pages kept mapped for the MMIO
 * emulation path (guest_mem.c), and of the last MMIO instruction decoded
 * (insn_cache.c).
 */
#ifndef ASM_GUEST_CACHE_H
#define ASM_GUEST_CACHE_H

#include <hv/types.h>
#include <asm/insn_decode.h>

/* Pages a walk and fetch need: 4 table levels, 2 code pages, 2 spare. */
#define GCACHE_SLOTS		8
/* Reads that prove a cached decode still stands: a walk and the code. */
#define ICACHE_READS		5
/* Decodes kept per CPU (a timer handler: count read and EOI, say). */
#define ICACHE_ENTRIES		4

struct cell;
struct per_cpu;

struct x86_guest_cache {
	const struct cell *cell;	/* whose memory the slots show */
	uint64_t page[GCACHE_SLOTS];	/* guest page | GCACHE_VALID */
	unsigned int next;		/* slot to refill next */
	/* Changes whenever a slot does: pointers into slots are stale. */
	uint32_t epoch;
};

/* One read of the walk and fetch behind a cached decode, as it was. */
struct x86_insn_read {
	const uint8_t *at;		/* inside a slot */
	unsigned int len;
	uint8_t bytes[X86_MAX_INSN_LEN];
};

struct x86_insn_cache_entry {
	bool valid;
	uint32_t epoch;			/* x86_guest_cache.epoch then */
	const struct cell *cell;
	uint64_t rip, cr0, cr3, cr4, efer;
	enum x86_cpu_mode mode;
	unsigned int reads;
	struct x86_insn_read read[ICACHE_READS];
	struct x86_mmio_insn insn;
};

struct x86_insn_cache {
	struct x86_insn_cache_entry entry[ICACHE_ENTRIES];
	unsigned int next;		/* entry to replace next */
};

/* Maps the slots (arch setup, once). 0 or an error. */
int x86_guest_cache_init(void);
/*
 * Forget every slot: the cell's guest-physical table changed, or the CPU
 * flushes its TLB anyway (called where flush_tlb is cleared).
 */
void x86_guest_cache_flush(struct per_cpu *pcpu);
/*
 * Where len bytes at gpa (within one page) of the CPU's cell are mapped
 * for reading, or NULL if that is not readable RAM of the cell. Valid
 * until the cache's epoch changes.
 */
const uint8_t *x86_guest_cache_map(struct per_cpu *pcpu, uint64_t gpa,
				   unsigned int len);
/* The epoch, after dropping what a pending flush request invalidates. */
uint32_t x86_guest_cache_epoch(struct per_cpu *pcpu);

#endif /* ASM_GUEST_CACHE_H */
