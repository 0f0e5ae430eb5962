// SPDX-License-Identifier: GPL-2.0
/*
 * SMCCC architecture calls of the guests (Arm DEN0028), passed through to
 * the firmware so that cells keep its Spectre-v2/v4/BHB mitigations:
 * SMCCC_VERSION, SMCCC_ARCH_FEATURES for the three workarounds, and
 * SMCCC_ARCH_WORKAROUND_1/2/3. Only where the firmware itself speaks
 * SMCCC 1.1 or later (found at enable through PSCI_FEATURES); elsewhere
 * every architecture call is NOT_SUPPORTED, as before.
 *
 * WORKAROUND_2 (speculative store bypass) is per-PE state that outlives
 * the cell on its CPU: it is always passed on as "enable", so no cell
 * can switch the mitigation off for whoever gets the CPU next.
 */
#include <hv/printk.h>
#include <asm/smc.h>
#include <asm/smccc.h>

#define PSCI_VERSION		0x84000000U
#define PSCI_FEATURES		0x8400000aU
#define PSCI_1_0		0x10000

#define SMCCC_NOT_SUPPORTED	(-1)
#define SMCCC_1_1		0x10001
#define WORKAROUND_2_ENABLE	1U

/* The firmware's SMCCC version; 0: 1.0 or unknown (no architecture calls). */
static uint32_t fw_smccc_version;

static bool is_workaround(uint32_t fn)
{
	return (fn == SMCCC_ARCH_WORKAROUND_1) ||
	       (fn == SMCCC_ARCH_WORKAROUND_2) ||
	       (fn == SMCCC_ARCH_WORKAROUND_3);
}

static int64_t arch_features(uint32_t fn)
{
	int64_t ret = SMCCC_NOT_SUPPORTED;

	/* Asked on the calling CPU: the answer may differ between PEs. */
	if ((fw_smccc_version != 0U) && is_workaround(fn)) {
		ret = (int32_t)firmware_smc(SMCCC_ARCH_FEATURES, fn, 0, 0, 0, 0);
	}
	return ret;
}

static const char *feature_name(uint32_t fn)
{
	const char *name;

	switch (arch_features(fn)) {
	case 0:
		name = "yes";
		break;
	case 1:
		name = "not needed on this CPU";
		break;
	case -2:
		name = "not required";
		break;
	default:
		name = "no";
		break;
	}
	return name;
}

void smccc_init(void)
{
	int32_t psci = (int32_t)firmware_smc(PSCI_VERSION, 0, 0, 0, 0, 0);
	int32_t ver = SMCCC_NOT_SUPPORTED;

	/* SMCCC_VERSION may only be called where PSCI_FEATURES names it. */
	if ((psci >= PSCI_1_0) &&
	    ((int32_t)firmware_smc(PSCI_FEATURES, SMCCC_VERSION, 0, 0, 0, 0) >=
	     0)) {
		ver = (int32_t)firmware_smc(SMCCC_VERSION, 0, 0, 0, 0, 0);
	}
	if (ver >= SMCCC_1_1) {
		fw_smccc_version = (uint32_t)ver;
		printk("  Firmware: SMCCC %u.%u, passed through: ARCH_WORKAROUND_1 %s, _2 %s, _3 %s\n",
		       fw_smccc_version >> 16, fw_smccc_version & 0xffffU,
		       feature_name(SMCCC_ARCH_WORKAROUND_1),
		       feature_name(SMCCC_ARCH_WORKAROUND_2),
		       feature_name(SMCCC_ARCH_WORKAROUND_3));
	} else {
		printk("  Firmware: SMCCC 1.0, no architecture calls for cells\n");
	}
}

int64_t smccc_version_feature(void)
{
	return (fw_smccc_version != 0U) ? 0 : SMCCC_NOT_SUPPORTED;
}

int64_t smccc_handle(uint32_t fn, uint64_t arg)
{
	int64_t ret = SMCCC_NOT_SUPPORTED;

	if (fw_smccc_version == 0U) {
		/* SMCCC 1.0 firmware: none of these exist. */
	} else if (fn == SMCCC_VERSION) {
		ret = (int64_t)fw_smccc_version;
	} else if (fn == SMCCC_ARCH_FEATURES) {
		ret = arch_features((uint32_t)arg);
	} else if (is_workaround(fn)) {
		/* WORKAROUND_2's argument is always "enable". */
		ret = (int32_t)firmware_smc(fn, WORKAROUND_2_ENABLE, 0, 0, 0, 0);
	} else {
		/* Not an architecture call smccc.c passes on. */
	}
	return ret;
}
