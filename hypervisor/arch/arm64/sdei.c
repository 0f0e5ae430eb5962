// SPDX-License-Identifier: GPL-2.0
/*
 * SDEI client at EL2 (Arm DEN0054): probe, the management event on every
 * CPU, and signalling it. The event is the firmware's software-signalled
 * private event 0, which EL3 delivers through a Secure Group 0 SGI: a cell
 * that owns its physical CPU interface (direct interrupt delivery) cannot
 * mask it with PSTATE, ICC_PMR_EL1, the group enables or its active
 * priorities. Without an answer to SDEI_VERSION, nothing here touches the
 * firmware again and every cell runs trapped.
 */
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/processor.h>
#include <asm/sdei.h>
#include <asm/smc.h>

#define SDEI_FN_VERSION		0xc4000020U
#define SDEI_FN_EVENT_REGISTER	0xc4000021U
#define SDEI_FN_EVENT_ENABLE	0xc4000022U
#define SDEI_FN_EVENT_DISABLE	0xc4000023U
#define SDEI_FN_EVENT_UNREGISTER 0xc4000027U
#define SDEI_FN_PE_MASK		0xc400002bU
#define SDEI_FN_PE_UNMASK	0xc400002cU
#define SDEI_FN_EVENT_SIGNAL	0xc400002fU

/* Event 0: private, signalled by software; always exists (DEN0054 4.3). */
#define SDEI_EVENT_SOFTWARE	0
#define SDEI_REGISTER_RM_ANY	0
#define SDEI_VERSION_MAJOR(v)	(((v) >> 48) & 0x7fff)
#define SDEI_VERSION_MINOR(v)	(((v) >> 32) & 0xffff)

struct sdei_info sdei;

static int64_t sdei_call(uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3,
			 uint64_t a4, uint64_t a5)
{
	return (int64_t)firmware_smc(fn, a1, a2, a3, a4, a5);
}

void sdei_probe(void)
{
	int64_t ver = sdei_call(SDEI_FN_VERSION, 0, 0, 0, 0, 0);
	uint64_t v = (uint64_t)ver;

	/* Bit 63 set: an error code (NOT_SUPPORTED is -1). */
	sdei.present = ver >= 0 && SDEI_VERSION_MAJOR(v) >= 1U;
	if (sdei.present) {
		printk("  direct delivery: SDEI %u.%u event %u (vendor 0x%x)\n",
		       (unsigned int)SDEI_VERSION_MAJOR(v),
		       (unsigned int)SDEI_VERSION_MINOR(v),
		       SDEI_EVENT_SOFTWARE, (unsigned int)(v & 0xffffffffU));
	} else {
		printk("  direct delivery: off (no SDEI firmware: SDEI_VERSION returned %lld); cells run trapped\n",
		       (long long)ver);
	}
}

/*
 * The handler runs at EL2 with the hypervisor's own translation, so its
 * entry is the virtual address. Private event: registered, enabled and
 * unmasked on each CPU for itself.
 */
void sdei_cpu_init(struct per_cpu *pcpu)
{
	int64_t ret;

	if (!sdei.present) {
		return;
	}
	ret = sdei_call(SDEI_FN_EVENT_REGISTER, SDEI_EVENT_SOFTWARE,
			(uintptr_t)sdei_handler, (uintptr_t)pcpu,
			SDEI_REGISTER_RM_ANY, 0);
	if (ret == 0) {
		ret = sdei_call(SDEI_FN_EVENT_ENABLE, SDEI_EVENT_SOFTWARE,
				0, 0, 0, 0);
	}
	if (ret == 0) {
		ret = sdei_call(SDEI_FN_PE_UNMASK, 0, 0, 0, 0, 0);
	}
	if (ret != 0) {
		/* Not fatal: every cell runs trapped then (sdei.failed). */
		printk("  CPU %u: SDEI event %u refused (error %lld): direct delivery off\n",
		       pcpu->cpu_id, SDEI_EVENT_SOFTWARE, (long long)ret);
		(void)sdei_call(SDEI_FN_EVENT_UNREGISTER, SDEI_EVENT_SOFTWARE,
				0, 0, 0, 0);
		WRITE_ONCE(sdei.failed, true);
		return;
	}
	pcpu->arch.sdei_registered = true;
}

/*
 * Firmware as found: Linux does not use SDEI when it runs below a
 * hypervisor at EL2, and PEs start masked (DEN0054 4.5).
 */
void sdei_cpu_exit(struct per_cpu *pcpu)
{
	if (!pcpu->arch.sdei_registered) {
		return;
	}
	pcpu->arch.sdei_registered = false;
	/* Nothing to do about a refusal on the way out. */
	(void)sdei_call(SDEI_FN_PE_MASK, 0, 0, 0, 0, 0);
	(void)sdei_call(SDEI_FN_EVENT_DISABLE, SDEI_EVENT_SOFTWARE, 0, 0, 0,
			0);
	(void)sdei_call(SDEI_FN_EVENT_UNREGISTER, SDEI_EVENT_SOFTWARE, 0, 0,
			0, 0);
}

void sdei_signal(const struct per_cpu *target)
{
	static struct ratelimit signal_rl;
	int64_t ret = sdei_call(SDEI_FN_EVENT_SIGNAL, SDEI_EVENT_SOFTWARE,
				target->arch.mpidr, 0, 0, 0);

	if (ret != 0 && ratelimit_ok(&signal_rl, 8)) {
		printk("SDEI_EVENT_SIGNAL to CPU %u failed (%lld)\n",
		       target->cpu_id, (long long)ret);
	}
}
