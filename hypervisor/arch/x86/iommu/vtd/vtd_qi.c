// SPDX-License-Identifier: GPL-2.0
/*
 * VT-d queued invalidation: one page of 128-bit descriptors per unit.
 * Every submission ends with a wait descriptor that writes a status word
 * and is waited for (bounded), so the queue is empty between submissions
 * and never overflows. Interrupt remapping needs the queue (the interrupt
 * entry cache has no register interface), so the driver uses it for
 * every invalidation; register-based invalidation is then not allowed.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/hypervisor.h>
#include <hv/printk.h>
#include <asm/processor.h>
#include <asm/vtd_qi.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_unit.h>

#define STATUS_DONE		1

int vtd_qi_enable(struct vtd_unit *u)
{
	if (!u->iq) {
		u->iq = page_alloc(&hv.pool, 1);
		if (!u->iq) {
			return -JH_ENOMEM;
		}
	}
	u->iq_tail = 0;
	vtd_write64(u, VTD_IQT, 0);
	vtd_write64(u, VTD_IQA, page_pool_virt2phys(&hv.pool, u->iq) |
		    VTD_IQA_QS_1PAGE);
	return vtd_gcmd(u, VTD_GCMD_QIE, true);
}

void vtd_qi_disable(struct vtd_unit *u)
{
	if ((vtd_read32(u, VTD_GSTS) & VTD_GCMD_QIE) != 0U) {
		vtd_gcmd(u, VTD_GCMD_QIE, false);
	}
}

static void put_desc(struct vtd_unit *u, uint64_t lo, uint64_t hi)
{
	uint64_t *d = &u->iq[u->iq_tail * 2];

	d[0] = lo;
	d[1] = hi;
	vtd_clflush(d, 16);
	u->iq_tail = (u->iq_tail + 1) % VTD_IQ_ENTRIES;
}

int vtd_qi_submit(struct vtd_unit *u, const uint64_t (*desc)[2],
		  unsigned int count)
{
	uint64_t start;
	unsigned long spins;
	bool refused = false;
	unsigned int n;
	int err = -JH_EBUSY;

	if (!u->regs || !u->iq) {
		return 0;
	}
	spin_lock(&u->iq_lock);
	WRITE_ONCE(u->iq_status, 0);
	for (n = 0; n < count && n < VTD_IQ_ENTRIES - 1; n++) {
		put_desc(u, desc[n][0], desc[n][1]);
	}
	put_desc(u, VTD_INV_WAIT | VTD_INV_WAIT_SW | VTD_INV_WAIT_FN |
		 VTD_INV_WAIT_DATA(STATUS_DONE), hv_virt2phys(&u->iq_status));
	smp_mb();
	vtd_write64(u, VTD_IQT, (uint64_t)u->iq_tail << VTD_IQT_SHIFT);
	start = timer_arch_now_us();
	for (spins = 0; spins < 100000000UL; spins++) {
		if (READ_ONCE(u->iq_status) == STATUS_DONE) {
			err = 0;
			break;
		}
		if ((vtd_read32(u, VTD_FSTS) & VTD_FSTS_IQE) != 0U) {
			refused = true;
			break;
		}
		if (timer_arch_now_us() - start > VTD_TIMEOUT_US) {
			break;
		}
		cpu_relax();
	}
	spin_unlock(&u->iq_lock);
	if (err != 0) {
		printk("VT-d unit at 0x%llx: invalidation %s (head 0x%llx, tail 0x%x, fault status 0x%x)\n",
		       (unsigned long long)u->base,
		       refused ? "refused by the unit" :
		       "not done within 100 ms",
		       (unsigned long long)vtd_read64(u, VTD_IQH),
		       u->iq_tail << VTD_IQT_SHIFT, vtd_read32(u, VTD_FSTS));
	}
	return err;
}

int vtd_invalidate_all(struct vtd_unit *u)
{
	const uint64_t desc[2][2] = {
		{ VTD_INV_CC | VTD_INV_G_GLOBAL, 0 },
		{ VTD_INV_IOTLB | VTD_INV_G_GLOBAL | VTD_INV_IOTLB_DR |
		  VTD_INV_IOTLB_DW, 0 },
	};

	vtd_write_buffer_flush(u);
	return vtd_qi_submit(u, desc, 2);
}
