// SPDX-License-Identifier: GPL-2.0
/*
 * Decoder of the few x86 instructions guests use on MMIO (moves, movzx,
 * movsx, xchg), after the opcode map and ModRM/SIB rules of the Intel SDM
 * vol. 2 and AMD APM vol. 3. It only measures the memory operand: the
 * nested-page fault already gave its guest-physical address.
 */
#include <asm/insn_decode.h>

#define REX_W		0x8
#define REX_R		0x4

enum op_kind { OP_STORE_REG, OP_LOAD_REG, OP_STORE_IMM, OP_XCHG };

/* Reads the instruction strictly inside avail and the 15-byte limit. */
struct cursor {
	const uint8_t *code;
	unsigned int avail;
	unsigned int pos;
};

static int next_byte(struct cursor *c, uint8_t *byte)
{
	/* Checked first: bytes beyond 15 can never make a valid encoding. */
	if (c->pos >= X86_MAX_INSN_LEN) {
		return X86_DECODE_UNSUPPORTED;
	}
	if (c->pos >= c->avail) {
		return X86_DECODE_TRUNCATED;
	}
	*byte = c->code[c->pos++];
	return 0;
}

/* Takes n (<= 8) bytes as a little-endian value. */
static int take(struct cursor *c, unsigned int n, uint64_t *val)
{
	uint64_t v = 0;
	unsigned int i;
	uint8_t byte;
	int err;

	for (i = 0; i < n; i++) {
		err = next_byte(c, &byte);
		if (err != 0) {
			return err;
		}
		v |= (uint64_t)byte << (8 * i);
	}
	*val = v;
	return 0;
}

/* Consumes SIB and displacement of a ModRM memory operand. */
static int skip_mem_operand(struct cursor *c, uint8_t modrm,
			    unsigned int addr_size)
{
	unsigned int mod = modrm >> 6, rm = modrm & 7, disp;
	uint64_t unused;
	uint8_t sib;
	int err;

	if (mod == 3) {
		return X86_DECODE_UNSUPPORTED;	/* register, not memory */
	}

	if (addr_size == 2) {
		/* 16-bit forms: no SIB; mod=0 rm=6 is a bare disp16. */
		if (mod == 1) {
			disp = 1;
		} else if (mod == 2 || rm == 6) {
			disp = 2;
		} else {
			disp = 0;
		}
		return take(c, disp, &unused);
	}

	/* 32/64-bit forms; REX.B does not change these special cases. */
	if (mod == 1) {
		disp = 1;
	} else if (mod == 2) {
		disp = 4;
	} else {
		disp = rm == 5 ? 4 : 0;	/* disp32, RIP-relative in long mode */
	}
	if (rm == 4) {
		err = next_byte(c, &sib);
		if (err != 0) {
			return err;
		}
		if (mod == 0 && (sib & 7) == 5) {
			disp = 4;	/* no base register */
		}
	}
	return take(c, disp, &unused);
}

static uint64_t size_mask(unsigned int size)
{
	return size >= 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
}

int x86_decode_mmio(const uint8_t *code, unsigned int avail,
		    enum x86_cpu_mode mode, struct x86_mmio_insn *insn)
{
	struct cursor c = { .code = code, .avail = avail, .pos = 0 };
	bool opsize_prefix = false, addr_prefix = false, lock = false;
	bool long_mode = mode == X86_MODE_LONG64;
	bool mode16 = mode == X86_MODE_REAL16 || mode == X86_MODE_PROT16;
	unsigned int opsize, addr_size, field, n;
	enum op_kind kind;
	bool byte_reg = false;
	uint8_t op = 0, modrm, rex = 0;
	uint64_t imm;
	int err;

	*insn = (struct x86_mmio_insn){ 0 };

	/* Prefixes. Each one consumes a byte, so next_byte ends the loop. */
	for (n = 0; n <= X86_MAX_INSN_LEN; n++) {
		err = next_byte(&c, &op);
		if (err != 0) {
			return err;
		}
		if (long_mode && (op & 0xf0) == 0x40) {
			rex = op;
			continue;
		}
		if (op == 0x66) {
			opsize_prefix = true;
		} else if (op == 0x67) {
			addr_prefix = true;
		} else if (op == 0xf0) {
			lock = true;
		} else if (op != 0x26 && op != 0x2e && op != 0x36 &&
			 op != 0x3e && op != 0x64 && op != 0x65) {
			break;	/* the opcode */
		}
		/*
		 * Segment overrides do not matter (the address is known).
		 * A REX not right before the opcode is ignored.
		 */
		rex = 0;
	}

	if (long_mode && (rex & REX_W)) {
		opsize = 8;
	} else if (mode16) {
		opsize = opsize_prefix ? 4 : 2;
	} else {
		opsize = opsize_prefix ? 2 : 4;
	}
	if (long_mode) {
		addr_size = addr_prefix ? 4 : 8;
	} else if (mode16) {
		addr_size = addr_prefix ? 4 : 2;
	} else {
		addr_size = addr_prefix ? 2 : 4;
	}

	switch (op) {
	case 0x88:	/* mov r/m8, r8 */
	case 0x89:	/* mov r/m, r */
		kind = OP_STORE_REG;
		break;
	case 0x8a:	/* mov r8, r/m8 */
	case 0x8b:	/* mov r, r/m */
		kind = OP_LOAD_REG;
		break;
	case 0x86:	/* xchg r/m8, r8 */
	case 0x87:	/* xchg r/m, r */
		kind = OP_XCHG;
		break;
	case 0xc6:	/* mov r/m8, imm8 */
	case 0xc7:	/* mov r/m, imm16/32 */
		kind = OP_STORE_IMM;
		break;
	case 0x63:	/* movsxd r64, r/m32 (arpl outside long mode) */
		if (!long_mode || !(rex & REX_W)) {
			return X86_DECODE_UNSUPPORTED;
		}
		kind = OP_LOAD_REG;
		break;
	case 0xa0:	/* mov al, moffs8 */
	case 0xa1:	/* mov rAX, moffs */
	case 0xa2:	/* mov moffs8, al */
	case 0xa3:	/* mov moffs, rAX */
		if (lock) {
			return X86_DECODE_UNSUPPORTED;
		}
		err = take(&c, addr_size, &imm);
		if (err != 0) {
			return err;
		}
		insn->size = (op & 1) ? opsize : 1;
		insn->is_write = op >= 0xa2;
		insn->dest_size = insn->is_write ? 0 : insn->size;
		insn->length = c.pos;
		return 0;
	case 0x0f:
		err = next_byte(&c, &op);
		if (err != 0) {
			return err;
		}
		if (op != 0xb6 && op != 0xb7 && op != 0xbe && op != 0xbf) {
			return X86_DECODE_UNSUPPORTED;
		}
		kind = OP_LOAD_REG;
		break;
	default:
		return X86_DECODE_UNSUPPORTED;
	}

	/* lock is only valid on xchg; elsewhere the CPU raises #UD. */
	if (lock && kind != OP_XCHG) {
		return X86_DECODE_UNSUPPORTED;
	}

	err = next_byte(&c, &modrm);
	if (err != 0) {
		return err;
	}
	err = skip_mem_operand(&c, modrm, addr_size);
	if (err != 0) {
		return err;
	}
	field = (modrm >> 3) & 7;

	if (op == 0xb6 || op == 0xbe) {		/* movzx/movsx from 8 bits */
		insn->size = 1;
		insn->dest_size = opsize;
		insn->sign_extend = op == 0xbe;
	} else if (op == 0xb7 || op == 0xbf) {	/* ... from 16 bits */
		insn->size = 2;
		insn->dest_size = opsize;
		insn->sign_extend = op == 0xbf;
	} else if (op == 0x63) {
		insn->size = 4;
		insn->dest_size = 8;
		insn->sign_extend = true;
	} else {
		/* Even opcodes of 86/88/8a/c6 take byte operands. */
		byte_reg = !(op & 1);
		insn->size = byte_reg ? 1 : opsize;
		insn->dest_size = kind == OP_LOAD_REG || kind == OP_XCHG ?
			insn->size : 0;
	}
	insn->is_write = kind != OP_LOAD_REG;
	insn->is_xchg = kind == OP_XCHG;

	if (kind == OP_STORE_IMM) {
		if (field != 0) {
			return X86_DECODE_UNSUPPORTED;	/* c6/c7 /1../7 */
		}
		/* imm8, imm16 or imm32; 64-bit stores sign-extend imm32. */
		err = take(&c, MIN(insn->size, 4U), &imm);
		if (err != 0) {
			return err;
		}
		if (insn->size == 8 && (imm & BIT64(31))) {
			imm |= ~0ULL << 32;
		}
		insn->has_imm = true;
		insn->imm = imm & size_mask(insn->size);
	} else if (byte_reg && !rex && field >= 4) {
		insn->reg = field - 4;	/* ah, ch, dh, bh */
		insn->high_byte = true;
	} else {
		insn->reg = field | ((rex & REX_R) ? 8 : 0);
	}

	insn->length = c.pos;
	return 0;
}

uint64_t x86_mmio_load_result(uint64_t old_reg,
			      const struct x86_mmio_insn *insn,
			      uint64_t value)
{
	uint64_t mask = size_mask(insn->size), v = value & mask;
	unsigned int dest = insn->dest_size ? insn->dest_size : insn->size;

	if (insn->sign_extend && insn->size && insn->size < 8 &&
	    (v >> (8 * insn->size - 1)) & 1) {
		v |= ~mask;
	}

	switch (dest) {
	case 8:
		return v;
	case 4:
		return v & 0xffffffffULL;
	case 2:
		return (old_reg & ~0xffffULL) | (v & 0xffff);
	default:
		if (insn->high_byte) {
			return (old_reg & ~0xff00ULL) | ((v & 0xff) << 8);
		}
		return (old_reg & ~0xffULL) | (v & 0xff);
	}
}

uint64_t x86_mmio_store_value(uint64_t reg_value,
			      const struct x86_mmio_insn *insn)
{
	if (insn->has_imm) {
		return insn->imm & size_mask(insn->size);
	}
	if (insn->high_byte) {
		return (reg_value >> 8) & 0xff;
	}
	return reg_value & size_mask(insn->size);
}
