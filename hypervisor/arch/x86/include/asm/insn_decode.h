/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoding of the guest instruction behind an MMIO nested-page fault.
 * Without decode assists the hypervisor must find the access width, its
 * direction, the register or immediate and the instruction length from
 * the bytes at the guest RIP. The fault supplies the address, so no
 * effective address is computed here. Pure code: no arch state, so the
 * host unit tests build it too.
 */
#ifndef ASM_INSN_DECODE_H
#define ASM_INSN_DECODE_H

#include <hv/types.h>

/* x86 architectural limit of one instruction, prefixes included. */
#define X86_MAX_INSN_LEN	15

/* x86_decode_mmio() results other than 0. */
#define X86_DECODE_UNSUPPORTED	(-1)	/* not an MMIO move we emulate */
#define X86_DECODE_TRUNCATED	(-2)	/* needs more than avail bytes */

enum x86_cpu_mode {
	X86_MODE_REAL16,	/* real or virtual-8086 mode */
	X86_MODE_PROT16,	/* protected mode, CS.D=0 */
	X86_MODE_PROT32,	/* protected mode (or compat. mode), CS.D=1 */
	X86_MODE_LONG64,	/* 64-bit mode (EFER.LMA=1, CS.L=1) */
};

/* GPR numbers: 0=rax 1=rcx 2=rdx 3=rbx 4=rsp 5=rbp 6=rsi 7=rdi 8-15=r8-r15 */
struct x86_mmio_insn {
	unsigned int length;	/* bytes, prefixes included */
	unsigned int size;	/* access width: 1, 2, 4 or 8 */
	bool is_write;		/* the access stores to memory */
	bool has_imm;		/* store of imm (masked to size) */
	uint64_t imm;
	unsigned int reg;	/* GPR read by a store / written by a load */
	bool high_byte;		/* ah/ch/dh/bh (reg is then 0-3) */
	/*
	 * Width of the register write of a load or xchg (differs from size
	 * for movzx/movsx/movsxd); 0 for pure stores.
	 */
	unsigned int dest_size;
	bool sign_extend;	/* movsx/movsxd */
	/*
	 * xchg: is_write is set, the memory gets the register's value
	 * (x86_mmio_store_value) and the register the old memory value
	 * (x86_mmio_load_result). The caller reads before it writes.
	 */
	bool is_xchg;
};

/*
 * Decodes the instruction at code[0..avail) as executed in mode. Handled:
 * mov 88/89/8a/8b, mov imm c6/c7 /0, movzx 0f b6/b7, movsx 0f be/bf,
 * movsxd 63 (64-bit mode, REX.W only), mov moffs a0-a3, xchg 86/87;
 * prefixes 66 67 2e 36 3e 26 64 65, f0 (xchg only: the CPU raises #UD on
 * lock mov) and REX. A ModRM register operand (mod=3) is no memory
 * access and gives X86_DECODE_UNSUPPORTED. Never reads code[avail] or
 * beyond, nor more than X86_MAX_INSN_LEN bytes.
 * 0, X86_DECODE_UNSUPPORTED or X86_DECODE_TRUNCATED; *insn is only valid
 * after 0.
 */
int x86_decode_mmio(const uint8_t *code, unsigned int avail,
		    enum x86_cpu_mode mode, struct x86_mmio_insn *insn);

/*
 * The destination register's new value after a load of value (taken to
 * insn->size bits, then zero or sign extended): 64- and 32-bit writes
 * replace all 64 bits (32-bit ones zero the upper half), 16- and 8-bit
 * writes keep the other bits, high_byte lands in bits 15:8.
 */
uint64_t x86_mmio_load_result(uint64_t old_reg,
			      const struct x86_mmio_insn *insn,
			      uint64_t value);

/*
 * The value a store writes: the immediate, or reg_value (the full GPR
 * insn->reg; bits 15:8 for high_byte), masked to insn->size.
 */
uint64_t x86_mmio_store_value(uint64_t reg_value,
			      const struct x86_mmio_insn *insn);

#endif /* ASM_INSN_DECODE_H */
