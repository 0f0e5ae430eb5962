// SPDX-License-Identifier: GPL-2.0
/*
 * Attacks through MSRs: a non-root cell reaches only the MSRs of its own
 * CPU's execution state (hypervisor/arch/x86/cell.c: cell_msr_policy);
 * every write that would change the machine, the memory map, the
 * hypervisor's SVM/VMX state or the root's performance monitoring must
 * raise #GP, and what it reads must not be the root cell's.
 */
#include "insn-attacks.h"

#define MSR_APIC_BASE		0x1b
#define APIC_BASE_ENABLE	(1ULL << 11)
#define MSR_EFER		0xc0000080
#define EFER_SVME		(1ULL << 12)

struct msr_name {
	uint32_t msr;
	const char *name;
};

/* Each write must fault; the names of those that did not go to the verdict. */
static void writes_must_fault(const struct msr_name *msrs, unsigned int num,
			      uint64_t value)
{
	unsigned int n, accepted = 0;
	uint64_t old;
	int v;

	for (n = 0; n < num; n++) {
		if (rdmsr_try(msrs[n].msr, &old) != FAULT_NONE)
			old = 0;
		v = wrmsr_try(msrs[n].msr, old ^ value);
		if (v != VEC_GP) {
			attack_note("write of %s (0x%x): %s", msrs[n].name,
				    msrs[n].msr, fault_name(v));
			accepted++;
		}
	}
	if (accepted)
		attack_breach("%u of %u MSR writes were not refused with #GP (notes name them)",
			      accepted, num);
	else
		attack_contained("all %u MSR writes got #GP", num);
}

#define MSR_WRITE_ATTACK(fn, name, goal, value, ...)			\
	ATTACK(fn, name, ATTACK_REFUSED, goal);				\
	static void fn(void)						\
	{								\
		static const struct msr_name msrs[] = { __VA_ARGS__ };	\
									\
		writes_must_fault(msrs, ARRAY_SIZE(msrs), value);	\
	}

MSR_WRITE_ATTACK(msr_platform, "msr-write-platform",
		 "move the memory map / platform config (SYSCFG, HWCR, TOM)",
		 0x1ULL << 20,
		 { 0xc0010010, "SYSCFG" }, { 0xc0010015, "HWCR" },
		 { 0xc001001a, "TOP_MEM" }, { 0xc001001d, "TOP_MEM2" })
MSR_WRITE_ATTACK(msr_mtrr, "msr-write-mtrr",
		 "change memory types of others' memory (MTRRs)", 0x6,
		 { 0x2ff, "MTRRdefType" }, { 0x200, "MTRRphysBase0" },
		 { 0x201, "MTRRphysMask0" }, { 0x250, "MTRRfix64K_00000" },
		 { 0x268, "MTRRfix4K_C0000" })
MSR_WRITE_ATTACK(msr_pmu, "msr-write-pmu",
		 "program the root's counters or a DS/PEBS buffer into hypervisor memory",
		 0x1000,
		 { 0x600, "DS_AREA" }, { 0x3f1, "PEBS_ENABLE" },
		 { 0x38f, "PERF_GLOBAL_CTRL" }, { 0x186, "PERFEVTSEL0" },
		 { 0xc0010000, "PerfEvtSel0 (AMD)" },
		 { 0xc0010004, "PerfCtr0 (AMD)" }, { 0x1d9, "DEBUGCTL" })
MSR_WRITE_ATTACK(msr_ucode, "msr-write-microcode",
		 "load microcode for every cell's CPU behaviour", 0x100000,
		 { 0x79, "BIOS_UPDT_TRIG" }, { 0xc0010020, "PATCH_LOADER" })
MSR_WRITE_ATTACK(msr_svm, "msr-write-virt",
		 "take SVM/VMX state from the hypervisor", 0x2000,
		 { 0xc0010117, "VM_HSAVE_PA" }, { 0xc0010114, "VM_CR" },
		 { 0x3a, "FEATURE_CONTROL" })

ATTACK(msr_apic_base, "msr-apic-base-move", ATTACK_REFUSED,
       "relocate the APIC page over memory of others");
static void msr_apic_base(void)
{
	uint64_t old, now;
	int v;

	rdmsr_try(MSR_APIC_BASE, &old);
	v = wrmsr_try(MSR_APIC_BASE, (old & 0xfff) + 0x3c000000);
	rdmsr_try(MSR_APIC_BASE, &now);
	if (v == VEC_GP && now == old)
		attack_contained("APIC base write: #GP, still 0x%lx", now);
	else
		attack_breach("APIC base write: %s, 0x%lx -> 0x%lx",
			      fault_name(v), old, now);
}

ATTACK(msr_efer_svme, "msr-efer-svme", ATTACK_REFUSED,
       "clear EFER.SVME under the hypervisor, or use SVM inside the cell");
static void msr_efer_svme(void)
{
	uint32_t a, b, c, d;
	uint64_t efer;
	int v, vmrun;

	rdmsr_try(MSR_EFER, &efer);
	v = wrmsr_try(MSR_EFER, efer & ~EFER_SVME);
	/* An exit and entry: with SVME really clear, VMRUN would fail. */
	cpuid(0, &a, &b, &c, &d);
	wrmsr_try(MSR_EFER, efer | EFER_SVME);
	vmrun = FAULT_TRY("vmrun", : : "a" (0UL) : "memory");
	if ((v == FAULT_NONE || v == VEC_GP) && vmrun == VEC_UD)
		attack_contained("EFER.SVME clear: %s, cell still runs; VMRUN: #UD",
				 fault_name(v));
	else
		attack_breach("EFER.SVME clear: %s; VMRUN: %s (vector %d)",
			      fault_name(v), fault_name(vmrun), vmrun);
}

ATTACK(msr_read_root, "msr-read-root-state", ATTACK_REFUSED,
       "read the root cell's or the platform's state through MSRs");
static void msr_read_root(void)
{
	static const struct msr_name hidden[] = {
		{ 0xc0010010, "SYSCFG" }, { 0xc001001a, "TOP_MEM" },
		{ 0x2ff, "MTRRdefType" }, { 0x600, "DS_AREA" },
		{ 0xc0010004, "PerfCtr0" }, { 0x174, "SYSENTER_CS" },
		{ 0xc0010117, "VM_HSAVE_PA" },
	};
	/* The cell's own, which must start empty, not as root Linux left them. */
	static const struct msr_name fresh[] = {
		{ 0xc0000082, "LSTAR" }, { 0xc0000081, "STAR" },
		{ 0xc0000102, "KERNEL_GS_BASE" }, { 0xc0000084, "SFMASK" },
	};
	unsigned int n, leaks = 0;
	uint64_t val;
	int v;

	for (n = 0; n < ARRAY_SIZE(hidden); n++) {
		v = rdmsr_try(hidden[n].msr, &val);
		if (v != VEC_GP) {
			attack_note("read of %s: %s, 0x%lx", hidden[n].name,
				    fault_name(v), val);
			leaks++;
		}
	}
	for (n = 0; n < ARRAY_SIZE(fresh); n++) {
		v = rdmsr_try(fresh[n].msr, &val);
		if (v == FAULT_NONE && val) {
			attack_note("%s holds 0x%lx at cell start",
				    fresh[n].name, val);
			leaks++;
		}
	}
	if (leaks)
		attack_breach("%u MSRs readable or holding a previous owner's value",
			      leaks);
	else
		attack_contained("%u platform MSRs #GP, %u syscall MSRs start at 0",
				 (unsigned int)ARRAY_SIZE(hidden),
				 (unsigned int)ARRAY_SIZE(fresh));
}
