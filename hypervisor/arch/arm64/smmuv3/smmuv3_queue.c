// SPDX-License-Identifier: GPL-2.0
/*
 * SMMUv3 command and event queues: commands go in one at a time, each
 * followed by a CMD_SYNC that is waited for (bounded), so the queue never
 * holds more than two; events are read out on poll and reported through
 * the core.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/io.h>
#include <asm/processor.h>
#include "smmuv3_queue.h"
#include "smmuv3_regs.h"

/* The unit answers in microseconds; 100 ms means it is stuck. */
#define SMMU_TIMEOUT_US		100000

/* Devices can overflow the event queue at will. */
static struct ratelimit overflow_rl;

int smmu_wait(struct smmu_unit *u, unsigned int off, uint32_t mask,
	      uint32_t want, const char *what)
{
	uint64_t start = timer_arch_now_us();

	while ((mmio_read32(u->regs + off) & mask) != want) {
		if (timer_arch_now_us() - start > SMMU_TIMEOUT_US) {
			hv_error("SMMUv3 %u: %s: no answer within %u ms (register 0x%x = 0x%x)",
				 u->index, what, SMMU_TIMEOUT_US / 1000, off,
				 mmio_read32(u->regs + off));
			return -JH_EBUSY;
		}
	}
	return 0;
}

void *smmu_alloc(unsigned long pages, paddr_t *phys)
{
	unsigned long total = 2 * pages - 1, head;
	uint8_t *p = page_alloc(&hv.pool, total);
	paddr_t start;

	/*
	 * The pool aligns page indices, not physical addresses: take twice
	 * the size and give back what lies outside the aligned part.
	 */
	if (!p) {
		return NULL;
	}
	start = hv_virt2phys(p);
	*phys = ALIGN_UP(start, pages * PAGE_SIZE);
	head = (*phys - start) / PAGE_SIZE;
	page_free(&hv.pool, p, head);
	page_free(&hv.pool, p + (head + pages) * PAGE_SIZE,
		  total - head - pages);
	return p + head * PAGE_SIZE;
}

int smmu_queue_alloc(struct smmu_queue *q, unsigned int entry_size,
		     uint64_t prod_reg, uint64_t cons_reg)
{
	q->base = smmu_alloc(PAGES(entry_size << q->log2), &q->phys);
	if (!q->base) {
		return -JH_ENOMEM;
	}
	q->size = entry_size;
	q->prod = 0;
	q->cons = 0;
	q->prod_reg = prod_reg;
	q->cons_reg = cons_reg;
	return 0;
}

uint64_t smmu_queue_base(const struct smmu_queue *q)
{
	return Q_BASE_ALLOC | (q->phys & Q_BASE_ADDR_MASK) | q->log2;
}

/* Index and wrap bit: the bits of PROD/CONS that count. */
static uint32_t q_ptr(const struct smmu_queue *q, uint32_t reg)
{
	return reg & ((2U << q->log2) - 1);
}

static uint32_t q_next(const struct smmu_queue *q, uint32_t ptr)
{
	return q_ptr(q, ptr + 1);
}

static uint64_t *q_entry(const struct smmu_queue *q, uint32_t ptr)
{
	return q->base + (ptr & ((1U << q->log2) - 1)) * (q->size / 8);
}

/* Global errors are acknowledged by toggling their GERRORN bits. */
static void ack_gerror(struct smmu_unit *u, uint32_t bits)
{
	spin_lock(&u->gerror_lock);
	mmio_write32(u->regs + SMMU_GERRORN,
		     mmio_read32(u->regs + SMMU_GERRORN) ^ bits);
	spin_unlock(&u->gerror_lock);
}

static bool cmdq_error(struct smmu_unit *u)
{
	uint32_t pending = mmio_read32(u->regs + SMMU_GERROR) ^
		mmio_read32(u->regs + SMMU_GERRORN);

	return pending & GERROR_CMDQ_ERR;
}

/*
 * The unit stopped at a command it refused: say so, overwrite it with a
 * CMD_SYNC (always valid) and let the queue go on.
 */
static void cmdq_recover(struct smmu_unit *u)
{
	uint32_t cons = mmio_read32(u->regs + SMMU_CMDQ_CONS);
	uint64_t *e = q_entry(&u->cmdq, cons);

	hv_error("SMMUv3 %u: command 0x%llx refused (CMDQ_CONS.ERR %u)",
		 u->index, (unsigned long long)e[0], CMDQ_CONS_ERR(cons));
	e[0] = CMD_SYNC;
	e[1] = 0;
	dsb(sy);
	ack_gerror(u, GERROR_CMDQ_ERR);
}

static void cmdq_put(struct smmu_queue *q, uint64_t cmd0, uint64_t cmd1)
{
	uint64_t *e = q_entry(q, q->prod);

	e[0] = cmd0;
	e[1] = cmd1;
	q->prod = q_next(q, q->prod);
}

int smmu_cmd_sync(struct smmu_unit *u, uint64_t cmd0, uint64_t cmd1)
{
	struct smmu_queue *q = &u->cmdq;
	uint64_t start;

	/* Every call leaves the queue empty, so two entries always fit. */
	cmdq_put(q, cmd0, cmd1);
	cmdq_put(q, CMD_SYNC, 0);
	dsb(sy);
	mmio_write32(u->regs + SMMU_CMDQ_PROD, q->prod);

	start = timer_arch_now_us();
	while (q_ptr(q, mmio_read32(u->regs + SMMU_CMDQ_CONS)) != q->prod) {
		if (cmdq_error(u)) {
			cmdq_recover(u);
		}
		if (timer_arch_now_us() - start > SMMU_TIMEOUT_US) {
			hv_error("SMMUv3 %u: command 0x%llx and CMD_SYNC not consumed within %u ms (CMDQ_CONS 0x%x, PROD 0x%x)",
				 u->index, (unsigned long long)cmd0,
				 SMMU_TIMEOUT_US / 1000,
				 mmio_read32(u->regs + SMMU_CMDQ_CONS),
				 q->prod);
			return -JH_EBUSY;
		}
	}
	return 0;
}

static const char *event_name(unsigned int type)
{
	switch (type) {
	case EVT_F_TRANSLATION:
		return "not mapped for its cell (F_TRANSLATION)";
	case EVT_F_PERMISSION:
		return "not writable for its cell (F_PERMISSION)";
	case EVT_F_ADDR_SIZE:
		return "address too wide (F_ADDR_SIZE)";
	case EVT_F_ACCESS:
		return "access flag (F_ACCESS)";
	case EVT_F_WALK_EABT:
		return "table walk aborted (F_WALK_EABT)";
	case EVT_C_BAD_STREAMID:
		return "stream ID beyond the stream table (C_BAD_STREAMID)";
	case EVT_C_BAD_STE:
		return "stream table entry invalid (C_BAD_STE)";
	case EVT_F_STE_FETCH:
		return "stream table entry unreadable (F_STE_FETCH)";
	case EVT_F_STREAM_DISABLED:
		return "stream disabled (F_STREAM_DISABLED)";
	case EVT_F_TRANSL_FORBIDDEN:
		return "translation forbidden (F_TRANSL_FORBIDDEN)";
	case EVT_F_UUT:
		return "unsupported transaction (F_UUT)";
	default:
		return "unknown SMMUv3 event";
	}
}

/* Events whose record holds the input address and direction. */
static bool event_has_address(unsigned int type)
{
	return type == EVT_F_UUT || type == EVT_F_TRANSL_FORBIDDEN ||
		type == EVT_F_WALK_EABT ||
		(type >= EVT_F_TRANSLATION && type <= EVT_F_PERMISSION);
}

/*
 * A DMA burst faults once per access (QEMU: every 4 bytes): within one
 * drain, an event of the same stream, type and direction as the last one
 * reported, less than a page above it, is the same fault going on.
 */
struct last_event {
	uint64_t e0, rnw, addr;
	bool valid;
};

static void report_event(struct smmu_unit *u, const uint64_t *e,
			 struct last_event *last)
{
	unsigned int type = EVT0_TYPE(e[0]);
	bool has_addr = event_has_address(type);
	uint64_t addr = has_addr ? e[2] : 0, rnw = e[1] & EVT1_RNW;

	if (last->valid && last->e0 == e[0] && last->rnw == rnw &&
	    addr >= last->addr && addr - last->addr < PAGE_SIZE) {
		return;
	}
	*last = (struct last_event){ .e0 = e[0], .rnw = rnw, .addr = addr,
				     .valid = true };
	iommu_report_fault(u->index, (uint16_t)EVT0_SID(e[0]), addr,
			   has_addr && !rnw, event_name(type));
}

void smmu_drain_events(struct smmu_unit *u)
{
	struct smmu_queue *q = &u->evtq;
	struct last_event last = { .valid = false };
	uint32_t prod, n, lost, gerror;

	spin_lock(&u->evtq_lock);
	prod = mmio_read32(u->regs + q->prod_reg);
	dsb(sy);
	/* At most one queue's worth, even if the unit keeps adding. */
	for (n = 0; n < (1U << q->log2) && q->cons != q_ptr(q, prod); n++) {
		report_event(u, q_entry(q, q->cons), &last);
		q->cons = q_next(q, q->cons);
	}
	lost = (prod ^ mmio_read32(u->regs + q->cons_reg)) & EVENTQ_PROD_OVFLG;
	if (lost && ratelimit_ok(&overflow_rl, 1)) {
		printk("SMMUv3 %u: event queue overflowed, events were lost\n",
		       u->index);
	}
	/* Command errors are the command path's; the rest is said here. */
	gerror = (mmio_read32(u->regs + SMMU_GERROR) ^
		  mmio_read32(u->regs + SMMU_GERRORN)) & ~GERROR_CMDQ_ERR;
	if (gerror != 0U) {
		if (ratelimit_ok(&overflow_rl, 1)) {
			printk("SMMUv3 %u: global error(s) 0x%x (GERROR)\n",
			       u->index, gerror);
		}
		ack_gerror(u, gerror);
	}
	mmio_write32(u->regs + q->cons_reg,
		     q->cons | (prod & EVENTQ_PROD_OVFLG));
	spin_unlock(&u->evtq_lock);
}
