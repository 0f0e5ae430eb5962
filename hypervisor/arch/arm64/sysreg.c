// SPDX-License-Identifier: GPL-2.0
/*
 * Trapped system register accesses (EC 0x18, MSR/MRS/SYS):
 *
 * - ICC_SGI1R_EL1/ICC_ASGI1R_EL1: SGIs go through the GIC backend, which
 *   delivers them only to CPUs of the sender's cell.
 * - With direct delivery (the cell owns its physical CPU interface), the
 *   other registers common to both groups and Group 0's (ICH_HCR_EL2 TC,
 *   TALL0): the GIC backend emulates them on the physical interface.
 * - DC ISW/CSW/CISW (HCR_EL2.TSW, non-root cells): done as clean and
 *   invalidate, so that no other cell's dirty line is dropped.
 * - ACTLR_EL1 (HCR_EL2.TACR) and the IMPLEMENTATION DEFINED encodings,
 *   CRn 11 and 15 (HCR_EL2.TIDCP), on every cell: they can change how the
 *   whole core or cluster behaves (coherency, prefetch, errata
 *   workarounds). ACTLR_EL1 reads its real value, IMPLEMENTATION DEFINED
 *   registers read as zero, writes to both are ignored.
 * - Debug and PMU registers of non-root cells (MDCR_EL2.TDA, TDOSA, TDRA,
 *   TPM, TPMCR): read as zero, writes ignored, so that a cell programs no
 *   breakpoint, watchpoint, OS lock or counter the next owner of the CPU
 *   inherits. The root cell keeps them (perf, debuggers).
 */
#include <hv/cell.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/gic.h>
#include <asm/inject.h>
#include <asm/sysreg.h>
#include <asm/sysregs.h>

/* ISS of a trapped MSR/MRS: Op0, Op2, Op1, CRn, Rt, CRm, direction. */
#define ISS_OP0(iss)		(((iss) >> 20) & 3)
#define ISS_OP1(iss)		(((iss) >> 14) & 7)
#define ISS_CRN(iss)		(((iss) >> 10) & 0xf)
#define ISS_CRM(iss)		(((iss) >> 1) & 0xf)
#define SYSREG_READ		1
#define ICC_SGI1R_ID		SYSREG_ID(3, 0, 12, 11, 5)
#define ICC_ASGI1R_ID		SYSREG_ID(3, 0, 12, 11, 6)
#define ICC_SGI0R_ID		SYSREG_ID(3, 0, 12, 11, 7)
#define DC_ISW_ID		SYSREG_ID(1, 0, 7, 6, 2)
#define DC_CSW_ID		SYSREG_ID(1, 0, 7, 10, 2)
#define DC_CISW_ID		SYSREG_ID(1, 0, 7, 14, 2)
#define ACTLR_EL1_ID		SYSREG_ID(3, 0, 1, 0, 1)

static struct ratelimit denied_rl;

/* Op0 1 and 3 with CRn 11 or 15: what HCR_EL2.TIDCP traps. */
static bool impdef(uint64_t iss)
{
	return (ISS_OP0(iss) == 1 || ISS_OP0(iss) == 3) &&
		(ISS_CRN(iss) == 11 || ISS_CRN(iss) == 15);
}

/*
 * What MDCR_EL2 traps for non-root cells: Op0 2 (debug, OS lock, ROM
 * address) and the PMU in Op0 3: PMCR..PMSELR.., PMINTEN/PMUSERENR...
 * (CRn 9, CRm 12-14) and PMEVCNTR/PMEVTYPER (CRn 14, CRm 8-15).
 */
static bool debug_or_pmu(uint64_t iss)
{
	unsigned int crn = (unsigned int)ISS_CRN(iss);
	unsigned int crm = (unsigned int)ISS_CRM(iss);

	if (ISS_OP0(iss) == 2) {
		return true;
	}
	return ISS_OP0(iss) == 3 &&
		((crn == 9 && crm >= 12) || (crn == 14 && crm >= 8));
}

static bool denied(struct per_cpu *pcpu, uint64_t iss)
{
	return impdef(iss) || (iss & SYSREG_ID_MASK) == ACTLR_EL1_ID ||
		(pcpu->cell != &root_cell && debug_or_pmu(iss));
}

/* "CPU 2, cell "x": read of system register S3_0_C1_C0_1 <what>" */
static void print_sysreg(const struct per_cpu *pcpu, uint64_t iss,
			 const char *what)
{
	printk("CPU %u, cell \"%s\": %s of system register S%u_%u_C%u_C%u_%u %s\n",
	       pcpu->cpu_id, pcpu->cell->name,
	       iss & SYSREG_READ ? "read" : "write",
	       (unsigned int)ISS_OP0(iss), (unsigned int)ISS_OP1(iss),
	       (unsigned int)ISS_CRN(iss), (unsigned int)ISS_CRM(iss),
	       (unsigned int)(iss >> 17) & 7, what);
}

static void note_denied(struct per_cpu *pcpu, uint64_t iss)
{
	if (ratelimit_ok(&denied_rl, 8)) {
		print_sysreg(pcpu, iss, iss & SYSREG_READ ?
			     "emulated (reads as zero)" : "emulated (ignored)");
	}
}

/*
 * Said before the caller reports the unhandled trap: the ESR alone
 * leaves the reader to decode the register.
 */
static bool not_emulated(struct per_cpu *pcpu, uint64_t iss)
{
	static struct ratelimit unhandled_rl;

	if (ratelimit_ok(&unhandled_rl, 8)) {
		print_sysreg(pcpu, iss, "is not emulated");
	}
	return false;
}

static bool handle_read(struct per_cpu *pcpu, struct trap_frame *frame,
			uint64_t iss, unsigned int rt)
{
	uint64_t val = 0;

	if (!denied(pcpu, iss)) {
		return false;
	}
	if ((iss & SYSREG_ID_MASK) == ACTLR_EL1_ID) {
		val = read_sysreg(actlr_el1);
	} else {
		note_denied(pcpu, iss);
	}
	if (rt != 31) {
		frame->x[rt] = val;
	}
	return true;
}

bool sysreg_handle(struct per_cpu *pcpu, struct trap_frame *frame,
		   uint64_t esr)
{
	uint64_t iss = ESR_ISS(esr), id = iss & SYSREG_ID_MASK;
	unsigned int rt = (unsigned int)((iss >> 5) & 0x1f);
	uint64_t val = rt == 31 ? 0 : frame->x[rt];

	if (pcpu->arch.direct && id != ICC_SGI1R_ID && id != ICC_ASGI1R_ID &&
	    gic_direct_sysreg(id, iss & SYSREG_READ, &val)) {
		/* The cell's own CPU interface (direct delivery). */
		if ((iss & SYSREG_READ) && rt != 31) {
			frame->x[rt] = val;
		}
	} else if (iss & SYSREG_READ) {
		if (!handle_read(pcpu, frame, iss, rt)) {
			return not_emulated(pcpu, iss);
		}
	} else if (id == DC_ISW_ID || id == DC_CSW_ID || id == DC_CISW_ID) {
		/* Never a bare invalidate: that would lose others' data. */
		asm volatile("dc cisw, %0" : : "r" (val) : "memory");
	} else if ((id == ICC_SGI1R_ID || id == ICC_ASGI1R_ID) &&
		   gic_guest_sgi_sysreg(pcpu, val)) {
		/* Sent to the sender's cell only. */
	} else if (denied(pcpu, iss)) {
		note_denied(pcpu, iss);
	} else if (id != ICC_SGI0R_ID) {	/* group 0 SGIs: ignored */
		return not_emulated(pcpu, iss);
	}
	skip_instruction();
	return true;
}
