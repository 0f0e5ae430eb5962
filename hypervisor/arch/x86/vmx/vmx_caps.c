// SPDX-License-Identifier: GPL-2.0
/*
 * Pure helpers of the VMX backend, built by the host unit tests too: the
 * allowed-0/allowed-1 rule of the VMX capability MSRs (Intel SDM vol. 3
 * appendix A.3-A.5, A.7-A.8) and the names of exit reasons and
 * VM-instruction errors (appendix C, section 31.4), and the list of the
 * APIC-virtualization controls a CPU offers.
 */
#include <hv/string.h>
#include <asm/vmcs.h>
#include <asm/vmx_caps.h>

uint32_t vmx_adjust_controls(uint64_t cap, uint32_t wanted, uint32_t need,
			     uint32_t *out)
{
	uint32_t must_be_1 = (uint32_t)cap;
	uint32_t may_be_1 = (uint32_t)(cap >> 32);

	*out = (wanted | need | must_be_1) & may_be_1;
	/* A must-be-1 bit the CPU also says may not be 1 cannot be met. */
	return (need | must_be_1) & ~may_be_1;
}

/*
 * A bit set in FIXED0 must be 1, a bit clear in FIXED1 must be 0 (bits
 * beyond the MSRs' 64 do not exist: CR0 and CR4 have no more).
 */
bool vmx_fixed_ok(uint64_t val, uint64_t fixed0, uint64_t fixed1,
		  uint64_t ignore)
{
	return !(((fixed0 & ~val) | (val & ~fixed1)) & ~ignore);
}

static const char *const exit_names[] = {
	[0] = "exception or NMI",
	[1] = "external interrupt",
	[2] = "triple fault",
	[3] = "INIT signal",
	[4] = "SIPI",
	[5] = "I/O SMI",
	[6] = "other SMI",
	[7] = "interrupt window",
	[8] = "NMI window",
	[9] = "task switch",
	[10] = "CPUID",
	[11] = "GETSEC",
	[12] = "HLT",
	[13] = "INVD",
	[14] = "INVLPG",
	[15] = "RDPMC",
	[16] = "RDTSC",
	[17] = "RSM",
	[18] = "VMCALL",
	[19] = "VMCLEAR",
	[20] = "VMLAUNCH",
	[21] = "VMPTRLD",
	[22] = "VMPTRST",
	[23] = "VMREAD",
	[24] = "VMRESUME",
	[25] = "VMWRITE",
	[26] = "VMXOFF",
	[27] = "VMXON",
	[28] = "control-register access",
	[29] = "MOV DR",
	[30] = "I/O instruction",
	[31] = "RDMSR",
	[32] = "WRMSR",
	[33] = "VM-entry failure: invalid guest state",
	[34] = "VM-entry failure: MSR loading",
	[36] = "MWAIT",
	[37] = "monitor trap flag",
	[39] = "MONITOR",
	[40] = "PAUSE",
	[41] = "VM-entry failure: machine check",
	[43] = "TPR below threshold",
	[44] = "APIC access",
	[45] = "virtualized EOI",
	[46] = "GDTR/IDTR access",
	[47] = "LDTR/TR access",
	[48] = "EPT violation",
	[49] = "EPT misconfiguration",
	[50] = "INVEPT",
	[51] = "RDTSCP",
	[52] = "VMX-preemption timer",
	[53] = "INVVPID",
	[54] = "WBINVD",
	[55] = "XSETBV",
	[56] = "APIC write",
	[57] = "RDRAND",
	[58] = "INVPCID",
	[59] = "VMFUNC",
	[60] = "ENCLS",
	[61] = "RDSEED",
	[62] = "page-modification log full",
	[63] = "XSAVES",
	[64] = "XRSTORS",
	[66] = "SPP-related event",
	[67] = "UMWAIT",
	[68] = "TPAUSE",
	[69] = "LOADIWKEY",
};

const char *vmx_exit_name(unsigned int reason)
{
	if (reason < ARRAY_SIZE(exit_names) && exit_names[reason]) {
		return exit_names[reason];
	}
	return "unknown exit reason";
}

static const char *const insn_errors[] = {
	[1] = "VMCALL in VMX root operation",
	[2] = "VMCLEAR with invalid address",
	[3] = "VMCLEAR with VMXON pointer",
	[4] = "VMLAUNCH with non-clear VMCS",
	[5] = "VMRESUME with non-launched VMCS",
	[6] = "VMRESUME after VMXOFF",
	[7] = "VM entry with invalid control fields",
	[8] = "VM entry with invalid host-state fields",
	[9] = "VMPTRLD with invalid address",
	[10] = "VMPTRLD with VMXON pointer",
	[11] = "VMPTRLD with incorrect VMCS revision",
	[12] = "VMREAD/VMWRITE of an unsupported VMCS field",
	[13] = "VMWRITE to a read-only VMCS field",
	[15] = "VMXON in VMX root operation",
	[16] = "VM entry with invalid executive-VMCS pointer",
	[17] = "VM entry with non-launched executive VMCS",
	[18] = "VM entry with executive-VMCS pointer not VMXON pointer",
	[26] = "VM entry with events blocked by MOV SS",
	[28] = "invalid operand to INVEPT/INVVPID",
};

const char *vmx_insn_error_name(unsigned int err)
{
	if (err < ARRAY_SIZE(insn_errors) && insn_errors[err]) {
		return insn_errors[err];
	}
	return "unknown VM-instruction error";
}

static void append(char *buf, size_t size, size_t *len, const char *name,
		   uint32_t bit)
{
	size_t n = strlen(name);

	if (bit == 0U || *len + n + 3 > size) {
		return;
	}
	if (*len != 0U) {
		memcpy(&buf[*len], ", ", 2);
		*len += 2;
	}
	memcpy(&buf[*len], name, n + 1);
	*len += n;
}

void vmx_apic_virt_text(char *buf, size_t size, uint32_t pin_hi,
			uint32_t proc_hi, uint32_t proc2_hi)
{
	size_t len = 0;

	append(buf, size, &len, "TPR shadow", proc_hi & PROC_TPR_SHADOW);
	append(buf, size, &len, "APIC-access page",
	       proc2_hi & PROC2_VIRT_APIC_ACCESS);
	append(buf, size, &len, "virtual x2APIC mode",
	       proc2_hi & PROC2_VIRT_X2APIC);
	append(buf, size, &len, "APIC-register virtualization",
	       proc2_hi & PROC2_APIC_REG_VIRT);
	append(buf, size, &len, "virtual-interrupt delivery",
	       proc2_hi & PROC2_VIRT_INTR_DELIVERY);
	append(buf, size, &len, "posted interrupts", pin_hi & PIN_POSTED_INTR);
	if (len == 0U && size >= sizeof("none")) {
		memcpy(buf, "none", sizeof("none"));
	}
}
