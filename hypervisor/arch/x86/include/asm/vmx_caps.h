/* SPDX-License-Identifier: GPL-2.0 */
/* VMX capabilities as pure code (vmx_caps.c), built by the host tests. */
#ifndef ASM_VMX_CAPS_H
#define ASM_VMX_CAPS_H

#include <hv/types.h>

/*
 * Control-field adjustment from a capability MSR (vmx_caps.c, pure).
 * The MSR's low half names the bits that must be 1, its high half the
 * bits that may be 1. *out = wanted plus the must-be-1 bits, without the
 * bits that may not be 1. Returns the bits of need that the CPU cannot
 * set (0: all there).
 */
uint32_t vmx_adjust_controls(uint64_t cap, uint32_t wanted, uint32_t need,
			     uint32_t *out);
/* Is val allowed by a FIXED0/FIXED1 pair (bits in ignore exempt)? */
bool vmx_fixed_ok(uint64_t val, uint64_t fixed0, uint64_t fixed1,
		  uint64_t ignore);
/* Name of a basic exit reason, and of a VM-instruction error number. */
const char *vmx_exit_name(unsigned int reason);
const char *vmx_insn_error_name(unsigned int err);
/*
 * The APIC-virtualization controls the allowed-1 halves of the pin-based,
 * primary and secondary control MSRs offer, as "TPR shadow, ..." or
 * "none", NUL-terminated in buf (names that do not fit are left out).
 */
void vmx_apic_virt_text(char *buf, size_t size, uint32_t pin_hi,
			uint32_t proc_hi, uint32_t proc2_hi);

#endif /* ASM_VMX_CAPS_H */
