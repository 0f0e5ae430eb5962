// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC backend the system config names, and the calls into it that
 * the rest of the arm64 code makes without naming a version. The lowest
 * layer of the GIC code: it calls nothing above it.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/gic_ops.h>

struct gic_info gic;
const struct gic_ops *gic_ops;

int gic_init(void)
{
	uint32_t version = hv.sysconfig->platform.arm64.gic_version;

	/* The config was checked; anything else cannot get here. */
	if (version == 2U) {
		gic_ops = &gicv2_ops;
	} else if (version == 3U) {
		gic_ops = &gicv3_ops;
	} else {
		hv_error("GIC: version %u is not supported", version);
		return -JH_EINVAL;
	}
	return gic_ops->init();
}

int gic_cpu_init(struct per_cpu *pcpu)
{
	return gic_ops->cpu_init(pcpu);
}

void gic_cpu_exit(struct per_cpu *pcpu)
{
	gic_ops->cpu_exit(pcpu);
}

int gic_cell_map(struct cell *cell)
{
	return gic_ops->cell_map(cell);
}

void gic_take_root_spis_off(const struct cell *cell)
{
	gic_ops->take_root_spis_off(cell);
}

void gic_give_back_root_spis(void)
{
	gic_ops->give_back_root_spis();
}

void gic_send_sgi(const struct per_cpu *target, unsigned int sgi)
{
	gic_ops->send_sgi(target, sgi);
}

void gic_set_pending(struct per_cpu *pcpu, unsigned int intid)
{
	gic_ops->set_pending(pcpu, intid);
}

bool gic_guest_sgi_sysreg(struct per_cpu *pcpu, uint64_t val)
{
	if (gic_ops->guest_sgi_sysreg == NULL) {
		return false;
	}
	gic_ops->guest_sgi_sysreg(pcpu, val);
	return true;
}

bool gic_direct_supported(void)
{
	return gic_ops->direct_enter != NULL;
}

void gic_direct_enter(struct per_cpu *pcpu)
{
	pcpu->arch.direct = true;
	gic_ops->direct_enter(pcpu);
}

void gic_direct_leave(struct per_cpu *pcpu)
{
	gic_ops->direct_leave(pcpu);
	pcpu->arch.direct = false;
}

bool gic_direct_sysreg(uint64_t id, bool read, uint64_t *val)
{
	return gic_ops->direct_sysreg != NULL &&
		gic_ops->direct_sysreg(id, read, val);
}
