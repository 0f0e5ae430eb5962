// SPDX-License-Identifier: GPL-2.0
/*
 * The VT-d units' table and what every file of the driver does with a
 * unit: the global commands (GCMD, waited for in GSTS with a bound), the
 * write-buffer flush, and cache write-back for units that do not snoop.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/printk.h>
#include <asm/processor.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_unit.h>

struct vtd_unit vtd_units[JH_MAX_IOMMUS];
struct vtd_common vtd;

void vtd_clflush(const void *virt, unsigned long size)
{
	const uint8_t *p = (const uint8_t *)ALIGN_DOWN((uintptr_t)virt, 64);
	const uint8_t *end = (const uint8_t *)virt + size;

	if (vtd.coherent) {
		return;
	}
	for (; p < end; p += 64) {
		asm volatile("clflush %0" : "+m" (*(volatile uint8_t *)p));
	}
	smp_mb();
}

/* GSTS reaching want under mask, bounded; 0 or -JH_EBUSY. */
static int wait_status(struct vtd_unit *u, uint32_t mask, uint32_t want)
{
	uint64_t start = timer_arch_now_us();
	unsigned long spins;

	for (spins = 0; spins < 100000000UL; spins++) {
		if ((vtd_read32(u, VTD_GSTS) & mask) == want) {
			return 0;
		}
		if (timer_arch_now_us() - start > VTD_TIMEOUT_US) {
			break;
		}
		cpu_relax();
	}
	return -JH_EBUSY;
}

int vtd_gcmd(struct vtd_unit *u, uint32_t bit, bool set)
{
	uint32_t sts = vtd_read32(u, VTD_GSTS) & VTD_GSTS_PERSISTENT;
	/* One-shot commands report completion by setting their bit. */
	bool one_shot = !(bit & VTD_GSTS_PERSISTENT);
	int err;

	vtd_write32(u, VTD_GCMD, set ? (sts | bit) : (sts & ~bit));
	if (bit == VTD_GCMD_WBF) {
		err = wait_status(u, bit, 0);
	} else {
		err = wait_status(u, bit, (set || one_shot) ? bit : 0);
	}
	if (err != 0) {
		printk("VT-d unit at 0x%llx: command 0x%08x (%s) not done within %u ms\n",
		       (unsigned long long)u->base, bit, set ? "set" : "clear",
		       VTD_TIMEOUT_US / 1000);
	}
	return err;
}

void vtd_write_buffer_flush(struct vtd_unit *u)
{
	if ((u->cap & VTD_CAP_RWBF) != 0U) {
		vtd_gcmd(u, VTD_GCMD_WBF, true);
	}
}
