// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 hooks. The hypervisor is entered through the kernel's own hyp stub
 * (Documentation/virt/kvm/arm/hyp-abi.rst): HVC_SOFT_RESTART branches to
 * the entry at EL2 with the MMU off, no kernel symbol needed. The
 * hypervisor answers with eret and x0 = 0 or -JH_E*; it may clobber x0-x18.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/linkage.h>
#include <linux/of.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <asm/barrier.h>
#include <asm/cacheflush.h>
#include <asm/sysreg.h>
#include <asm/virt.h>

#include <jailhouse/hypercall.h>

#include "arm64.h"
#include "cause.h"

#ifdef CONFIG_SHADOW_CALL_STACK
#error "the hypervisor entry clobbers x18, the shadow call stack pointer"
#endif

#define JH_STUB_SOFT_RESTART	1	/* HVC_SOFT_RESTART of the hyp stub */
#define JH_STUB_PROBE		0x4a48	/* a function id the stub does not know */
#define JH_STUB_ERR		0xbadca11
#define JH_PFR0_EL2_SHIFT	8	/* ID_AA64PFR0_EL1.EL2, Arm ARM D19 */

/* Registers the hypervisor and the stub may clobber besides x0-x3. */
#define JH_HVC_CLOBBERS "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", \
	"x12", "x13", "x14", "x15", "x16", "x17", "x18", "cc", "memory"

static unsigned long jh_stub_call(unsigned long func, unsigned long a1,
				  unsigned long a2, unsigned long a3)
{
	register unsigned long x0 asm("x0") = func;
	register unsigned long x1 asm("x1") = a1;
	register unsigned long x2 asm("x2") = a2;
	register unsigned long x3 asm("x3") = a3;

	asm volatile("hvc #0"
		     : "+r" (x0), "+r" (x1), "+r" (x2), "+r" (x3)
		     : : JH_HVC_CLOBBERS);
	return x0;
}

long jh_arm64_hypercall(unsigned long code, unsigned long arg1,
			unsigned long arg2)
{
	register unsigned long x0 asm("x0") = code;
	register unsigned long x1 asm("x1") = arg1;
	register unsigned long x2 asm("x2") = arg2;
	register unsigned long x3 asm("x3");

	asm volatile("hvc #" __stringify(JH_HVC_IMM)
		     : "+r" (x0), "+r" (x1), "+r" (x2), "=r" (x3)
		     : : JH_HVC_CLOBBERS);
	return (long)x0;
}

static bool jh_has_el2(void)
{
	u64 pfr0 = read_sysreg(id_aa64pfr0_el1);

	return (pfr0 >> JH_PFR0_EL2_SHIFT) & 0xf;
}

/*
 * The hypervisor parks CPUs and gives them back through PSCI by SMC; on a
 * CPU without firmware behind SMC that instruction is undefined at EL2.
 * Ask the device tree first (an ACPI boot names PSCI in its FADT instead).
 */
static int jh_check_psci(struct jh_cause *cause)
{
	struct device_node *np;
	const char *method = NULL;

	if (!of_have_populated_dt())
		return 0;
	np = of_find_node_by_path("/psci");
	if (np) {
		of_property_read_string(np, "method", &method);
		of_node_put(np);
	}
	if (!method)
		return jh_fail(cause, -ENODEV,
			       "the device tree names no PSCI firmware (/psci); the hypervisor needs PSCI by SMC to take and return CPUs");
	if (strcmp(method, "smc"))
		return jh_fail(cause, -ENODEV,
			       "PSCI method is '%s'; the hypervisor needs PSCI by SMC",
			       method);
	return 0;
}

int jh_arm64_check(struct jh_cause *cause)
{
	unsigned long ret;

	if (is_kernel_in_hyp_mode())
		return jh_fail(cause, -EBUSY,
			       "kernel runs at EL2 (VHE); boot it at EL1 with id_aa64mmfr1.vh=0 kvm-arm.mode=none");
	/* Without EL2, hvc is undefined: ask the ID register first. */
	if (!jh_has_el2())
		return jh_fail(cause, -ENODEV,
			       "CPU implements no EL2 (QEMU: -machine virt,virtualization=on)");

	ret = jh_stub_call(JH_STUB_PROBE, 0, 0, 0);
	if (ret != JH_STUB_ERR)
		return jh_fail(cause, -EBUSY,
			       "EL2 is not owned by the kernel's hyp stub; boot with kvm-arm.mode=none");
	return jh_check_psci(cause);
}

long jh_arm64_cpu_enter(phys_addr_t entry, phys_addr_t header,
			unsigned int cpu)
{
	/* The image and header must be in memory before EL2 reads them. */
	dsb(sy);
	return (long)jh_stub_call(JH_STUB_SOFT_RESTART, entry, header, cpu);
}

/*
 * dc civac by VA acts on the caches whatever the mapping's attributes, so
 * it also reaches lines that another (cacheable) mapping left behind.
 */
void jh_arm64_flush_dcache(const void *addr, size_t size)
{
	u64 ctr = read_sysreg(ctr_el0);
	unsigned long line = 4UL << ((ctr >> 16) & 0xf);	/* DminLine */
	unsigned long p = (unsigned long)addr & ~(line - 1);
	unsigned long end = (unsigned long)addr + size;

	for (; p < end; p += line)
		asm volatile("dc civac, %0" : : "r" (p) : "memory");
	dsb(sy);
}
