// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks through the firmware and hypervisor call interfaces: PSCI on
 * the root's CPUs and on the whole machine, SMC function IDs nobody
 * handles, and the root kernel's hyp stub (the hypervisor's own
 * hypercalls: common/hypercall-attacks.c).
 */
#include "gic-attacks.h"
#include <jailhouse/hypercall.h>

#define PSCI_CPU_ON_32		0x84000003UL
#define PSCI_CPU_ON_64		0xc4000003UL
#define PSCI_AFFINITY_INFO_64	0xc4000004UL
#define PSCI_SYSTEM_OFF		0x84000008UL
#define PSCI_SYSTEM_RESET	0x84000009UL
#define PSCI_INVALID_PARAMS	(-2L)
#define PSCI_DENIED		(-3L)
#define SMC_NOT_SUPPORTED	(-1L)
#define STUB_ERR		0xbadca11L

static long smc(uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 asm("x0") = fn;
	register uint64_t x1 asm("x1") = a1;
	register uint64_t x2 asm("x2") = a2;
	register uint64_t x3 asm("x3") = a3;

	asm volatile("smc #0" : "+r" (x0), "+r" (x1), "+r" (x2), "+r" (x3)
		     : : "memory");
	return (long)x0;
}

long attack_arch_hypercall(uint64_t code, uint64_t a1, uint64_t a2)
{
	register uint64_t x0 asm("x0") = code;
	register uint64_t x1 asm("x1") = a1;
	register uint64_t x2 asm("x2") = a2;

	asm volatile("hvc #" stringify(JH_HVC_IMM)
		     : "+r" (x0), "+r" (x1), "+r" (x2) : : "memory");
	return (long)x0;
}

ATTACK(psci_cpu_on_foreign, "psci-cpu-on-foreign", ATTACK_REFUSED,
       "start the root's CPUs at the cell's code (PSCI CPU_ON, 32 and "
       "64 bits, plain and with junk in the upper MPIDR bits)");
static void psci_cpu_on_foreign(void)
{
	static const uint64_t fns[] = { PSCI_CPU_ON_64, PSCI_CPU_ON_32 };
	uint64_t mpidr;
	unsigned int cpu, n;
	long ret;

	for (cpu = 0; cpu < ROOT_CPUS; cpu++)
		for (n = 0; n < 4; n++) {
			mpidr = cpu | (n >= 2 ? 0xffff000000000000UL : 0);
			ret = smc(fns[n % 2], mpidr, 0, 0);
			if (ret != PSCI_DENIED && ret != PSCI_INVALID_PARAMS) {
				attack_breach("CPU_ON 0x%lx for MPIDR 0x%lx "
					      "returned %ld", fns[n % 2],
					      mpidr, ret);
				return;
			}
		}
	attack_contained("CPU_ON of root CPUs 0-%u: DENIED/INVALID_PARAMS",
			 ROOT_CPUS - 1);
}

ATTACK(psci_affinity_foreign, "psci-affinity-foreign", ATTACK_REFUSED,
       "learn the power state of the root's CPUs (AFFINITY_INFO)");
static void psci_affinity_foreign(void)
{
	unsigned int cpu;
	long ret;

	for (cpu = 0; cpu < ROOT_CPUS; cpu++) {
		ret = smc(PSCI_AFFINITY_INFO_64, cpu, 0, 0);
		if (ret != PSCI_INVALID_PARAMS) {
			attack_breach("AFFINITY_INFO of CPU %u returned %ld",
				      cpu, ret);
			return;
		}
	}
	attack_contained("AFFINITY_INFO of root CPUs: INVALID_PARAMS");
}

/*
 * In .data, loaded once by cell load and not cleared at the inmate's
 * start (only .bss is): the restarted cell finds 2 here. The inmate runs
 * with caches off, so the store is in memory when the call traps.
 */
static volatile unsigned long reset_runs = 1;

ATTACK(psci_system_reset, "psci-system-reset", ATTACK_REFUSED,
       "reset the whole machine (PSCI SYSTEM_RESET)");
static void psci_system_reset(void)
{
	long ret;

	if (reset_runs == 2) {
		attack_contained("SYSTEM_RESET: only the cell restarted");
		return;
	}
	reset_runs = 2;
	asm volatile("dsb sy" : : : "memory");
	ret = smc(PSCI_SYSTEM_RESET, 0, 0, 0);
	attack_breach("SYSTEM_RESET returned %ld: the cell was neither "
		      "restarted nor stopped", ret);
}

ATTACK(psci_system_off, "psci-system-off", ATTACK_STOP,
       "power the whole machine off (PSCI SYSTEM_OFF)");
static void psci_system_off(void)
{
	attack_note("SYSTEM_OFF returned %ld", smc(PSCI_SYSTEM_OFF, 0, 0, 0));
}

ATTACK(smc_unknown, "smc-unknown", ATTACK_REFUSED,
       "reach the firmware with calls the hypervisor does not know: "
       "SMCCC SOC_ID and ARCH_FEATURES of anything but the workarounds, "
       "SiP/OEM/hypervisor services, PSCI SYSTEM_RESET2 and "
       "SYSTEM_SUSPEND");
static void smc_unknown(void)
{
	static const uint64_t fns[] = {
		0x80000001, 0x80000002, 0x82000000, 0xc2000001,
		0x83000000, 0xc3000000, 0x86000000, 0xc6000000, 0xbf000000,
		0x84000012, 0xc4000012, 0x8400000e, 0xc400000e, 0x84000005,
		0xffffffff, 0x0,
	};
	unsigned int n;
	long ret;

	for (n = 0; n < sizeof(fns) / sizeof(fns[0]); n++) {
		ret = smc(fns[n], 1, 0x40000000, 0);
		if (ret != SMC_NOT_SUPPORTED) {
			attack_breach("SMC 0x%lx returned %ld", fns[n], ret);
			return;
		}
	}
	attack_contained("%u unknown SMC function IDs: NOT_SUPPORTED", n);
}

#define SMCCC_VERSION		0x80000000UL
#define SMCCC_ARCH_FEATURES	0x80000001UL
#define SMCCC_ARCH_WORKAROUND_1	0x80008000UL
#define SMCCC_ARCH_WORKAROUND_2	0x80007fffUL
#define SMCCC_ARCH_WORKAROUND_3	0x80003fffUL

ATTACK(smccc_arch, "smccc-arch", ATTACK_REFUSED,
       "switch the firmware's speculative-store-bypass mitigation off for "
       "the CPU's next owner (SMCCC_ARCH_WORKAROUND_2 with 0), or learn of "
       "firmware functions through SMCCC_ARCH_FEATURES");
static void smccc_arch(void)
{
	static const uint64_t hidden[] = {
		SMCCC_VERSION, SMCCC_ARCH_FEATURES, 0x80000002, 0x84000000,
		0x82000000, 0xc4000003,
	};
	long version = smc(SMCCC_VERSION, 0, 0, 0);
	long wa[3];
	unsigned int n;

	for (n = 0; n < sizeof(hidden) / sizeof(hidden[0]); n++) {
		if (version >= 0x10001 &&
		    smc(SMCCC_ARCH_FEATURES, hidden[n], 0, 0) !=
		    SMC_NOT_SUPPORTED) {
			attack_breach("ARCH_FEATURES(0x%lx) answered",
				      hidden[n]);
			return;
		}
	}
	/* The hypervisor passes "enable" whatever the cell asks. */
	smc(SMCCC_ARCH_WORKAROUND_2, 0, 0, 0);
	wa[0] = smc(SMCCC_ARCH_FEATURES, SMCCC_ARCH_WORKAROUND_1, 0, 0);
	wa[1] = smc(SMCCC_ARCH_FEATURES, SMCCC_ARCH_WORKAROUND_2, 0, 0);
	wa[2] = smc(SMCCC_ARCH_FEATURES, SMCCC_ARCH_WORKAROUND_3, 0, 0);
	attack_contained("SMCCC_VERSION 0x%lx; ARCH_FEATURES of other IDs "
			 "NOT_SUPPORTED; WORKAROUND_1/2/3 features %ld/%ld/%ld",
			 version, wa[0], wa[1], wa[2]);
}

ATTACK(hvc_stub_call, "hvc-stub-call", ATTACK_REFUSED,
       "call the root kernel's hyp stub (hvc #0, HVC_SET_VECTORS) from a "
       "cell: replace the EL2 vectors");
static void hvc_stub_call(void)
{
	register uint64_t x0 asm("x0") = 0;	/* HVC_SET_VECTORS */
	register uint64_t x1 asm("x1") = 0x1000;

	asm volatile("hvc #0" : "+r" (x0) : "r" (x1) : "memory");
	if ((long)x0 != STUB_ERR)
		attack_breach("hvc #0 returned 0x%lx", (unsigned long)x0);
	else
		attack_contained("hvc #0 (the stub's HVC_SET_VECTORS) "
				 "answered 0x%lx", STUB_ERR);
}

#define FLOOD_CALLS	100000

ATTACK(smc_flood, "smc-flood", ATTACK_REFUSED,
       "flood the firmware interface with PSCI calls on root CPUs");
static void smc_flood(void)
{
	unsigned int n;
	long ret;

	for (n = 0; n < FLOOD_CALLS; n++) {
		/* CPU_ON (64-bit) of root CPU n % 3 at address 0. */
		ret = smc(0xc4000003, n % 3, 0, 0);
		if (ret == 0) {
			attack_breach("CPU_ON of MPIDR %u succeeded", n % 3);
			return;
		}
	}
	attack_contained("%u CPU_ON calls on root CPUs, each refused (last %ld)",
			 n, ret);
}
