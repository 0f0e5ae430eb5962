// SPDX-License-Identifier: GPL-2.0
/*
 * PSCI calls of the guests (SMC conduit, trapped with HCR_EL2.TSC).
 *
 * CPU power management is emulated within the caller's cell: CPU_OFF
 * parks the CPU in the hypervisor, CPU_ON wakes a parked CPU of the same
 * cell at the given entry, AFFINITY_INFO reports the hypervisor's view.
 * Version and feature queries and, for the root cell, SYSTEM_OFF/RESET
 * go on to the firmware (QEMU's PSCI) with an smc from EL2; a non-root
 * cell's SYSTEM_OFF stops that cell, its SYSTEM_RESET restarts it
 * (cpu_handover.c). The SMCCC architecture calls are smccc.c's;
 * everything else is NOT_SUPPORTED.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/control_lock.h>
#include <hv/cpu_handover.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/processor.h>
#include <asm/psci.h>
#include <asm/smc.h>
#include <asm/smccc.h>
#include <asm/sysregs.h>

#define PSCI_VERSION		0x84000000U
#define PSCI_CPU_SUSPEND_32	0x84000001U
#define PSCI_CPU_SUSPEND_64	0xc4000001U
#define PSCI_CPU_OFF		0x84000002U
#define PSCI_CPU_ON_32		0x84000003U
#define PSCI_CPU_ON_64		0xc4000003U
#define PSCI_AFFINITY_INFO_32	0x84000004U
#define PSCI_AFFINITY_INFO_64	0xc4000004U
#define PSCI_MIGRATE_INFO_TYPE	0x84000006U
#define PSCI_SYSTEM_OFF		0x84000008U
#define PSCI_SYSTEM_RESET	0x84000009U
#define PSCI_FEATURES		0x8400000aU

#define PSCI_SUCCESS		0
#define PSCI_NOT_SUPPORTED	(-1)
#define PSCI_INVALID_PARAMS	(-2)
#define PSCI_DENIED		(-3)
#define PSCI_ALREADY_ON		(-4)
#define PSCI_ON_PENDING		(-5)

#define AFFINITY_ON		0
#define AFFINITY_OFF		1
#define AFFINITY_ON_PENDING	2

/* MIGRATE_INFO_TYPE: no Trusted OS that would need migrating. */
#define MIGRATE_NOT_NEEDED	2

/* How long disable waits for a parked CPU to be off in firmware. */
#define POWER_OFF_TIMEOUT_US	500000

static struct ratelimit unknown_rl;

static uint64_t firmware_call(uint64_t fn, uint64_t a1, uint64_t a2,
			      uint64_t a3)
{
	return firmware_smc(fn, a1, a2, a3, 0, 0);
}

static struct per_cpu *cpu_by_mpidr(uint64_t mpidr)
{
	struct per_cpu *pcpu;
	unsigned int cpu;

	mpidr &= MPIDR_AFF_MASK;
	for_each_cpu_id(cpu) {
		pcpu = per_cpu(cpu);
		if (pcpu && pcpu->state != CPU_ABSENT &&
		    pcpu->arch.mpidr == mpidr) {
			return pcpu;
		}
	}
	return NULL;
}

static int64_t cpu_on(struct per_cpu *pcpu, uint64_t mpidr, uint64_t entry,
		      uint64_t context)
{
	struct per_cpu *target;
	int64_t ret = PSCI_SUCCESS;

	control_lock_in_trap(pcpu);
	target = cpu_by_mpidr(mpidr);
	if (!target) {
		/* Not known: never entered, or no such CPU at all. */
		cell_printk(pcpu->cell, "PSCI CPU_ON from cell \"%s\": MPIDR 0x%llx is not a CPU under the hypervisor (offline at enable?)\n",
			    pcpu->cell->name, (unsigned long long)mpidr);
		ret = PSCI_INVALID_PARAMS;
	} else if (pcpu->cell->stopping || hv.disabling) {
		ret = PSCI_DENIED;
	} else if (target->cell != pcpu->cell) {
		cell_printk(pcpu->cell, "PSCI CPU_ON from cell \"%s\": CPU %u belongs to cell \"%s\"\n",
			    pcpu->cell->name, target->cpu_id,
			    target->cell->name);
		ret = PSCI_DENIED;
	} else if (target->state == CPU_RUNNING) {
		ret = PSCI_ALREADY_ON;
	} else if (target->request == CPU_REQ_START) {
		ret = PSCI_ON_PENDING;
	} else if (target->state != CPU_PARKED) {
		ret = PSCI_DENIED;
	} else {
		cpu_request_start(target, pcpu->cell, entry, context);
	}
	spin_unlock(&control_lock);
	return ret;
}

static int64_t affinity_info(struct per_cpu *pcpu, uint64_t mpidr,
			     uint64_t level)
{
	struct per_cpu *target = cpu_by_mpidr(mpidr);

	if (level != 0 || !target || target->cell != pcpu->cell) {
		return PSCI_INVALID_PARAMS;
	}
	if (target->state == CPU_RUNNING) {
		return AFFINITY_ON;
	}
	if (target->request == CPU_REQ_START) {
		return AFFINITY_ON_PENDING;
	}
	return AFFINITY_OFF;
}

static int64_t features(uint64_t fn)
{
	switch (fn) {
	case PSCI_VERSION:
	case PSCI_CPU_OFF:
	case PSCI_CPU_ON_32:
	case PSCI_CPU_ON_64:
	case PSCI_AFFINITY_INFO_32:
	case PSCI_AFFINITY_INFO_64:
	case PSCI_MIGRATE_INFO_TYPE:
	case PSCI_SYSTEM_OFF:
	case PSCI_SYSTEM_RESET:
	case PSCI_FEATURES:
		return (int64_t)firmware_call(PSCI_FEATURES, fn, 0, 0);
	case PSCI_CPU_SUSPEND_32:
	case PSCI_CPU_SUSPEND_64:
		/* Emulated as standby: original power_state format. */
		return 0;
	case SMCCC_VERSION:
		return smccc_version_feature();
	default:
		return PSCI_NOT_SUPPORTED;
	}
}

/* A non-root cell's reset restarts it; its console line is rate-limited. */
static void system_off_reset(struct per_cpu *pcpu, uint32_t fn)
{
	const char *what = fn == PSCI_SYSTEM_OFF ? "off" : "reset";

	if (pcpu->cell == &root_cell) {
		printk("root cell asked for system %s\n", what);
		firmware_call(fn, 0, 0, 0);
	} else if (fn == PSCI_SYSTEM_RESET) {
		control_cell_restart_self(pcpu);
	} else {
		printk("cell \"%s\" asked for system %s: stopping the cell only\n",
		       pcpu->cell->name, what);
		control_cell_stop_self(pcpu);
	}
}

void psci_handle(struct per_cpu *pcpu, struct trap_frame *frame)
{
	uint32_t fn = (uint32_t)frame->x[0];
	int64_t ret;

	pcpu->stats[JH_STAT_PSCI]++;

	/* 32-bit calls take 32-bit arguments. */
	if (!(fn & 0x40000000)) {
		frame->x[1] &= 0xffffffffU;
		frame->x[2] &= 0xffffffffU;
		frame->x[3] &= 0xffffffffU;
	}

	switch (fn) {
	case PSCI_VERSION:
		ret = (int64_t)firmware_call(fn, 0, 0, 0);
		break;
	case PSCI_FEATURES:
		ret = features((uint32_t)frame->x[1]);
		break;
	case PSCI_CPU_SUSPEND_32:
	case PSCI_CPU_SUSPEND_64:
		wfi();
		ret = PSCI_SUCCESS;
		break;
	case PSCI_CPU_OFF:
		pcpu->state = CPU_PARKED;
		/* Returns with the guest state of the next CPU_ON. */
		cpu_park(pcpu);
		return;
	case PSCI_CPU_ON_32:
	case PSCI_CPU_ON_64:
		ret = cpu_on(pcpu, frame->x[1], frame->x[2], frame->x[3]);
		break;
	case PSCI_AFFINITY_INFO_32:
	case PSCI_AFFINITY_INFO_64:
		ret = affinity_info(pcpu, frame->x[1], frame->x[2]);
		break;
	case PSCI_MIGRATE_INFO_TYPE:
		ret = MIGRATE_NOT_NEEDED;
		break;
	case PSCI_SYSTEM_OFF:
	case PSCI_SYSTEM_RESET:
		system_off_reset(pcpu, fn);
		return;
	case SMCCC_VERSION:
	case SMCCC_ARCH_FEATURES:
	case SMCCC_ARCH_WORKAROUND_1:
	case SMCCC_ARCH_WORKAROUND_2:
	case SMCCC_ARCH_WORKAROUND_3:
		ret = smccc_handle(fn, frame->x[1]);
		break;
	default:
		if (ratelimit_ok(&unknown_rl, 8)) {
			printk("CPU %u, cell \"%s\": SMC function 0x%08x not supported\n",
			       pcpu->cpu_id, pcpu->cell->name, fn);
		}
		ret = PSCI_NOT_SUPPORTED;
		break;
	}
	frame->x[0] = (uint64_t)ret;
}

/* AFFINITY_INFO, which disable polls, came with PSCI 0.2. */
bool cpu_arch_can_power_off(void)
{
	return (int32_t)firmware_call(PSCI_VERSION, 0, 0, 0) >= 2;
}

int cpu_arch_wait_off(struct per_cpu *target)
{
	uint64_t start = timer_arch_now_us();
	unsigned long spins;

	for (spins = 0; spins < 100000000UL; spins++) {
		if (firmware_call(PSCI_AFFINITY_INFO_64, target->arch.mpidr, 0,
				  0) == AFFINITY_OFF) {
			return 0;
		}
		if (timer_arch_now_us() - start > POWER_OFF_TIMEOUT_US) {
			break;
		}
		cpu_relax();
	}
	return -JH_EBUSY;
}
