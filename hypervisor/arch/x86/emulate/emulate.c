// SPDX-License-Identifier: GPL-2.0
/*
 * Trapped MMIO and port I/O, for every vendor backend.
 *
 * MMIO: the faulting guest-physical address comes with the exit; the
 * instruction at RIP is decoded from the bytes the CPU saved (SVM decode
 * assists) or else fetched and decoded, or found again (insn_cache.c),
 * the access goes to the handler registered for the address (APIC,
 * IOAPIC, PCI ECAM), and the register or RIP is updated.
 *
 * Ports: 0xcf8-0xcff go to the PCI mediation. Any other trapped port is
 * one the cell does not own: a non-root cell is stopped; the root cell
 * (whose ports were given to another cell) reads all-ones and its writes
 * are dropped, with a rate-limited report, since stopping a root CPU
 * would take Linux down for a stray probe.
 */
#include <hv/cell.h>
#include <hv/mmio.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/apic.h>
#include <asm/pci.h>
#include <asm/vcpu.h>
#include "insn_cache.h"

#define INSN_MAX	15

/*
 * The APIC page takes almost every MMIO exit: straight to its handler,
 * as the dispatcher would send it (no other region overlaps the page,
 * and the handler refuses what is not one aligned 32-bit register).
 */
static enum mmio_result dispatch(struct per_cpu *pcpu, struct mmio_access *acc)
{
	if (acc->addr - XAPIC_BASE < XAPIC_SIZE &&
	    acc->size <= XAPIC_SIZE - (acc->addr - XAPIC_BASE)) {
		return apic_access(pcpu, acc);
	}
	return mmio_dispatch(pcpu, acc);
}

bool x86_handle_mmio(struct per_cpu *pcpu, uint64_t gpa,
		     const uint8_t *hw_bytes, unsigned int hw_len,
		     const char **why)
{
	struct x86_mmio_insn insn;
	struct mmio_access acc;
	enum mmio_result res;
	uint64_t old, loaded = 0;
	int err;

	err = x86_mmio_insn_at_rip(pcpu, hw_bytes, hw_len, &insn);
	if (err == -JH_EFAULT) {
		*why = "cannot read the instruction at RIP";
		return false;
	}
	if (err != 0) {
		*why = "MMIO instruction not supported (only plain mov forms)";
		return false;
	}
	acc.addr = gpa;
	acc.size = insn.size;
	acc.is_write = false;
	res = MMIO_HANDLED;
	/* xchg reads the old value first, then stores the register. */
	if (!insn.is_write || insn.is_xchg) {
		res = dispatch(pcpu, &acc);
		loaded = acc.value;
	}
	if (res == MMIO_HANDLED && insn.is_write) {
		acc.is_write = true;
		acc.value = x86_mmio_store_value(insn.has_imm ? 0 :
				vcpu_gpr_read(pcpu, insn.reg), &insn);
		res = dispatch(pcpu, &acc);
	}
	if (res == MMIO_UNHANDLED) {
		*why = "no memory and no emulated device at this address";
		return false;
	}
	if (res == MMIO_ERROR) {
		*why = "access of this size or offset refused by the emulated device";
		return false;
	}
	if (!insn.is_write || insn.is_xchg) {
		old = vcpu_gpr_read(pcpu, insn.reg);
		vcpu_gpr_write(pcpu, insn.reg,
			       x86_mmio_load_result(old, &insn, loaded));
	}
	vcpu_skip_insn(pcpu, insn.length);
	pcpu->stats[JH_STAT_MMIO]++;
	return true;
}

/* Length of an in/out instruction: prefixes, then e4-e7 imm8 or ec-ef. */
static int pio_insn_length(const uint8_t *code, unsigned int avail)
{
	unsigned int n;

	for (n = 0; n < avail; n++) {
		switch (code[n]) {
		case 0x66: case 0x67: case 0xf2: case 0xf3:
		case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
			continue;
		case 0xe4: case 0xe5: case 0xe6: case 0xe7:
			return n + 2;
		case 0xec: case 0xed: case 0xee: case 0xef:
			return n + 1;
		default:
			return -1;
		}
	}
	return -1;
}

static uint32_t size_mask(unsigned int size)
{
	return size == 4 ? 0xffffffffU : (1U << (size * 8)) - 1;
}

bool x86_handle_pio(struct per_cpu *pcpu, uint16_t port, unsigned int size,
		    bool is_in, bool is_string, const char **why)
{
	uint8_t code[INSN_MAX];
	uint64_t rax;
	uint32_t val;
	int got, len;

	pcpu->stats[JH_STAT_PIO]++;
	if (is_string) {
		*why = "string port I/O (ins/outs) to a trapped port";
		return false;
	}
	/* VMX reports the length; without it, decode the instruction. */
	len = vcpu_exit_insn_len(pcpu);
	if (!len) {
		got = vcpu_fetch_insn(pcpu, code, sizeof(code));
		len = got > 0 ? pio_insn_length(code, got) : -1;
	}
	if (len < 0) {
		*why = "cannot decode the port I/O instruction";
		return false;
	}
	rax = vcpu_gpr_read(pcpu, 0);
	val = rax & size_mask(size);
	if (!pci_pio_access(pcpu, port, size, !is_in, &val)) {
		if (pcpu->cell != &root_cell) {
			*why = is_in ? "read of a port the cell does not own" :
				"write of a port the cell does not own";
			return false;
		}
		if (ratelimit_ok(&pcpu->arch.pio_refusals, 8)) {
			printk("cell \"%s\" CPU %u: %s of port 0x%x (%u bytes) at rip 0x%llx: not the root cell's, %s\n",
			       pcpu->cell->name, pcpu->cpu_id,
			       is_in ? "read" : "write", port, size,
			       (unsigned long long)vcpu_rip(pcpu),
			       is_in ? "all-ones returned" : "dropped");
		}
		val = ~0U;
	}
	if (is_in) {
		val &= size_mask(size);
		/* 32-bit results zero the upper half, narrower ones keep it. */
		rax = size == 4 ? val : (rax & ~(uint64_t)size_mask(size)) | val;
		vcpu_gpr_write(pcpu, 0, rax);
	}
	vcpu_skip_insn(pcpu, len);
	return true;
}
