// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 bring-up and tear-down of the hypervisor on a CPU.
 */
#include <jailhouse/config.h>
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/setup.h>
#include <asm/gic.h>
#include <asm/layout.h>
#include <asm/mmu.h>
#include <asm/mmu_off.h>
#include <asm/pci.h>
#include <asm/processor.h>
#include <asm/sdei.h>
#include <asm/smccc.h>
#include <asm/sysregs.h>
#include <asm/traps.h>

JH_STATIC_ASSERT(HV_ARCH_ID == JH_ARCH_ARM64, "arch id");

#define PSCI_FN_CPU_OFF		0x84000002U	/* as in psci.c */

extern uint8_t __entry_start[], __entry_end[];


int setup_arch_early(void)
{
	mmu_init_stage2();
	return 0;
}

/* The MMU-off trampoline needs a 1:1 alias in the final tables too. */
int setup_arch_paging(struct paging *pg)
{
	paddr_t phys = hv_virt2phys(__entry_start);

	return pt_map(pg, phys, phys, (uint64_t)(__entry_end - __entry_start),
		      PT_READ | PT_EXEC);
}

int setup_arch_init(void)
{
	int err;

	printk("  CPU: PA size %u bits, stage 2 %s from level %u\n",
	       mmu_pa_bits(), "4 KiB granule",
	       paging_arch_guest_format()->root_level);
	smccc_init();
	err = gic_init();
	if (!err && !gic_direct_supported()) {
		printk("  direct delivery: off (GICv2: its CPU interface cannot be handed to a cell); cells run trapped\n");
	} else if (!err) {
		sdei_probe();
	}
	return err ? err : pci_init();
}

int setup_arch_cpu_init(struct per_cpu *pcpu)
{
	int err;

	pcpu->arch.stub_vbar = read_sysreg(vbar_el2);
	pcpu->arch.orig_hcr = read_sysreg(hcr_el2);
	pcpu->arch.orig_mdcr = read_sysreg(mdcr_el2);
	pcpu->arch.mpidr = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;

	/* Everything that can fail comes before the first register write. */
	err = gic_cpu_init(pcpu);
	if (!err) {
		err = gic_cell_map(&root_cell);
	}
	if (err != 0) {
		return err;
	}
	sdei_cpu_init(pcpu);

	write_sysreg(mmu_vtcr(), vtcr_el2);
	write_sysreg(root_cell.arch.vttbr, vttbr_el2);
	write_sysreg((uintptr_t)hv_vectors, vbar_el2);
	write_sysreg((pcpu->arch.orig_hcr & HCR_KEEP_MASK) | HCR_GUEST,
		     hcr_el2);
	isb();
	/* Linux's TLB entries were made without stage 2. */
	tlb_flush_guest_local();
	return 0;
}

static void __noreturn leave(struct trap_frame *frame, uint64_t sctlr)
{
	/*
	 * Nothing of this run may stay in the caches: the next enable writes
	 * a new image with the caches off, and the frame is read with the
	 * MMU off.
	 */
	dcache_clean_inval(__image_start, hv.mem_size);
	arch_mmu_off_eret(hv_virt2phys(frame),
			  hv_virt2phys(arch_mmu_off_eret_phys), sctlr);
}

/* EL2 back as the hyp stub had it (the MMU goes off last). */
static void restore_stub_state(struct per_cpu *pcpu)
{
	write_sysreg(pcpu->arch.stub_vbar, vbar_el2);
	write_sysreg(pcpu->arch.orig_hcr, hcr_el2);
	write_sysreg(pcpu->arch.orig_mdcr, mdcr_el2);
	write_sysreg(0, vttbr_el2);
	isb();
	tlb_flush_guest_local();
}

void __noreturn setup_arch_cpu_exit(struct per_cpu *pcpu)
{
	struct trap_frame *frame = pcpu->arch.frame;

	gic_cpu_exit(pcpu);
	sdei_cpu_exit(pcpu);
	restore_stub_state(pcpu);

	frame->x[0] = 0;
	leave(frame, pcpu->arch.orig_sctlr);
}

/*
 * A root CPU that Linux took offline leaves on disable: no guest to go
 * back to, so it turns itself off in firmware (PSCI CPU_OFF from EL2).
 * Linux's later CPU_ON then starts it at EL2 afresh and installs its stub.
 */
void __noreturn cpu_arch_power_off(struct per_cpu *pcpu)
{
	/* Nothing queued for the dead guest is handed back. */
	vgic_cpu_reset(pcpu);
	gic_cpu_exit(pcpu);
	sdei_cpu_exit(pcpu);
	restore_stub_state(pcpu);
	dcache_clean_inval(__image_start, hv.mem_size);
	arch_mmu_off_cpu_off(hv_virt2phys(arch_mmu_off_cpu_off_phys),
			     pcpu->arch.orig_sctlr, PSCI_FN_CPU_OFF);
}

/* Entry failed on this CPU: undo the MMU switch and report err. */
void __noreturn arch_entry_abort(long err)
{
	struct per_cpu *pcpu = this_cpu();
	struct trap_frame *frame = (struct trap_frame *)
		((uint8_t *)pcpu + PERCPU_SIZE - TRAP_FRAME_SIZE);
	unsigned int n;

	for (n = 0; n < 19; n++) {
		frame->x[n] = 0;
	}
	frame->x[0] = (uint64_t)err;
	for (n = 0; n < 12; n++) {
		frame->x[19 + n] = pcpu->arch.linux_regs[n];
	}
	if (!hv.mem_size) {
		hv.mem_size = (uint64_t)(__core_end - __image_start);
	}
	sdei_cpu_exit(pcpu);
	leave(frame, pcpu->arch.orig_sctlr);
}
