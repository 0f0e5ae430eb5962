// SPDX-License-Identifier: GPL-2.0
/*
 * The one config validator (see include/jailhouse/config-check.h).
 *
 * Built into the freestanding hypervisor, #included by the kernel module and
 * linked into host tools, so: no libc, no allocation, no recursion, every
 * loop bounded by a JH_MAX_* limit, every global symbol prefixed jh_, every
 * helper static and prefixed jhc_. Nothing outside [data, data + size) is
 * ever read: fields are looked at only after the bytes holding them are
 * known to exist, and the arrays only after the size matched the counts.
 * All structures are packed, so any alignment of data is fine.
 *
 * Checks, in the order they run (first failure wins; the messages are listed
 * in Documentation/config-validation.md):
 *
 * Header (cell config, and the root cell inside a system config):
 *   size >= header; data not NULL; signature JHCELL (JHSYST for the system
 *   header); revision == JH_CONFIG_REVISION; arch == the expected one;
 *   counts <= JH_MAX_*; no pio regions on arm64; cpu_set_size non-zero,
 *   a multiple of 8 and <= JH_MAX_CPUS / 8; the size matches the counts
 *   exactly ("truncated" / "trailing bytes"); name NUL-terminated,
 *   non-empty, printable ASCII; no unknown cell flags; reserved == 0;
 *   console type known, flags == 0, JH_CON_8250_PIO only on x86 and inside
 *   the port space; at least one CPU.
 * System header: flags == 0; hypervisor memory non-zero, 4 KiB aligned,
 *   no wrap, known flags; debug console as above; arm64 platform: GICv3,
 *   GICD/GICR base and GICR stride non-zero and 64 KiB aligned,
 *   maintenance IRQ a PPI, reserved == 0; x86 platform: reserved == 0,
 *   mmconfig/IOMMU base 4 KiB aligned.
 * Memory regions: size non-zero; phys_start (not for comm regions),
 *   virt_start and size 4 KiB aligned; known flags; neither range wraps
 *   around 2^64; a comm region is exactly one page, not combined with IO,
 *   DMA, LOADABLE or ROOTSHARED, and there is at most one; IO is not
 *   combined with LOADABLE or EXECUTE; no two regions overlap in
 *   guest-physical space. Root cell only: mapped 1:1, clear of the
 *   hypervisor memory and (arm64) of the emulated GICD.
 * Irqchips: pin_base + 128 fits in 32 bits; arm64: pin_base >= 32 (SPIs
 *   only), no pin above 1019; root cell: address == the GICD base.
 * Pio regions (x86): length non-zero, base + length <= 0x10000,
 *   reserved == 0.
 * PCI devices: type DEVICE or BRIDGE, reserved == 0, no duplicates.
 *
 * jh_check_cell_in_system(): same arch; each CPU exists in the root cell and
 *   root keeps at least one; no region (except comm) overlaps the hypervisor
 *   memory or (arm64) the GICD; each region that is neither comm nor
 *   ROOTSHARED lies inside one root cell region; arm64 irqchips sit at the
 *   GICD; each pin is owned by the root cell; each PCI device is listed in
 *   the root cell.
 * jh_check_cells_disjoint(): different names; no shared CPU; no physical
 *   memory overlap unless both regions are ROOTSHARED; no shared pin; no
 *   shared PCI device.
 *
 * Error codes: -JH_E2BIG for counts and cpu_set_size above the limits,
 * -JH_EBUSY for conflicts between two cells, -JH_EINVAL for all else.
 */
#include <jailhouse/config.h>
#include <jailhouse/config-check.h>
#include <jailhouse/hypercall.h>

#define JHC_PAGE_SIZE		0x1000ULL
#define JHC_GIC_ALIGN		0x10000ULL	/* GICv3 frames are 64 KiB */
#define JHC_GICD_SIZE		0x10000ULL
#define JHC_PIO_SPACE		0x10000U
#define JHC_8250_REGS		8
#define JHC_IRQCHIP_PINS	(JH_IRQCHIP_PIN_WORDS * 32)
#define JHC_ARM64_FIRST_SPI	32
#define JHC_ARM64_LAST_SPI	1019
#define JHC_ARM64_FIRST_PPI	16
#define JHC_ARM64_LAST_PPI	31
#define JHC_U64_MAX		(~(uint64_t)0)
#define JHC_U32_MAX		0xffffffffU
#define JHC_MAX_TEXT		160	/* bound for strings we print */

#define JHC_STR_(x)		#x
#define JHC_STR(x)		JHC_STR_(x)

/* Items: the part of the config a finding is about. */
static const char jhc_item_header[] = "header";
static const char jhc_item_root[] = "root cell";
static const char jhc_item_cpus[] = "cpu set";
static const char jhc_item_mem[] = "memory region";
static const char jhc_item_irqchip[] = "irqchip";
static const char jhc_item_pio[] = "pio region";
static const char jhc_item_pci[] = "pci device";
static const char jhc_item_console[] = "console";
static const char jhc_item_dbg_console[] = "debug console";
static const char jhc_item_hv_mem[] = "hypervisor memory";
static const char jhc_item_platform[] = "platform";

/* How a value is shown. */
enum {
	JHC_NONE,
	JHC_HEX,
	JHC_DEC,
	JHC_BDF,	/* domain << 16 | bus << 8 | dev << 3 | fn */
};

/* Where value2 goes: "(<label> <value2>)" after value, or after reason. */
enum {
	JHC_PAREN,
	JHC_TAIL,
};

/*
 * The formatter finds a finding's format by the address of its reason text,
 * so each text is an array of its own (two equal literals may be merged).
 */
#define JHC_REASON_LEN		88

struct jhc_reason {
	char text[JHC_REASON_LEN];
	unsigned char value_fmt;
	unsigned char value2_fmt;
	unsigned char value2_pos;
	const char *value2_label;
};

enum jhc_reason_id {
	JHC_R_NO_DATA,
	JHC_R_CELL_TOO_SMALL,
	JHC_R_SYS_TOO_SMALL,
	JHC_R_NOT_CELL_SIG,
	JHC_R_SYS_SIG_IN_CELL,
	JHC_R_NOT_SYS_SIG,
	JHC_R_CELL_SIG_IN_SYS,
	JHC_R_REVISION,
	JHC_R_ARCH_NOT_ARM64,
	JHC_R_ARCH_NOT_X86,
	JHC_R_ARCH_UNKNOWN,
	JHC_R_ARCH_DIFFERS,
	JHC_R_MAX_MEM,
	JHC_R_MAX_IRQCHIPS,
	JHC_R_MAX_PIO,
	JHC_R_MAX_PCI,
	JHC_R_PIO_ON_ARM64,
	JHC_R_IS_ZERO,
	JHC_R_CPU_SET_SIZE_ALIGN,
	JHC_R_CPU_SET_SIZE_MAX,
	JHC_R_TRUNCATED,
	JHC_R_TRAILING,
	JHC_R_NAME_UNTERMINATED,
	JHC_R_NAME_EMPTY,
	JHC_R_NAME_UNPRINTABLE,
	JHC_R_CELL_FLAGS,
	JHC_R_RESERVED,
	JHC_R_CPU_SET_EMPTY,
	JHC_R_CON_TYPE,
	JHC_R_CON_PIO_ARCH,
	JHC_R_CON_PIO_ADDR,
	JHC_R_PAGE_ALIGN,
	JHC_R_GIC_ALIGN,
	JHC_R_MEM_FLAGS,
	JHC_R_WRAPS,
	JHC_R_COMM_SIZE,
	JHC_R_COMM_FLAGS,
	JHC_R_COMM_TWICE,
	JHC_R_IO_FLAGS,
	JHC_R_VIRT_OVERLAP,
	JHC_R_NOT_1TO1,
	JHC_R_HV_OVERLAP,
	JHC_R_GICD_OVERLAP,
	JHC_R_GIC_VERSION,
	JHC_R_MAINT_IRQ,
	JHC_R_PIN_BASE_WRAPS,
	JHC_R_NOT_SPI,
	JHC_R_PIN_ABOVE_SPI,
	JHC_R_NOT_GICD,
	JHC_R_PIO_END,
	JHC_R_PCI_TYPE,
	JHC_R_PCI_TWICE,
	JHC_R_CPU_NOT_IN_ROOT,
	JHC_R_TAKES_ALL_CPUS,
	JHC_R_NOT_IN_ROOT_MEM,
	JHC_R_PIN_NOT_IN_ROOT,
	JHC_R_PCI_NOT_IN_ROOT,
	JHC_R_SAME_NAME,
	JHC_R_CPU_SHARED,
	JHC_R_MEM_SHARED,
	JHC_R_PIN_SHARED,
	JHC_R_PCI_SHARED,
	JHC_R_RESET_NOT_EXEC,
	JHC_R_RESET_REAL_MODE,
	JHC_R_COUNT
};

#define JHC_R(id, txt, vfmt)	[id] = { txt, vfmt, JHC_NONE, JHC_PAREN, NULL }
#define JHC_R2(id, txt, vfmt, v2fmt, pos, label) \
	[id] = { txt, vfmt, v2fmt, pos, label }

static const struct jhc_reason jhc_reasons[JHC_R_COUNT] = {
	JHC_R(JHC_R_NO_DATA, "is missing (NULL pointer)", JHC_NONE),
	JHC_R(JHC_R_CELL_TOO_SMALL,
	      "is smaller than a cell config header (104 bytes)", JHC_DEC),
	JHC_R(JHC_R_SYS_TOO_SMALL,
	      "is smaller than a system config header (232 bytes)", JHC_DEC),
	JHC_R(JHC_R_NOT_CELL_SIG,
	      "is not " JH_CELL_SIGNATURE " (not a cell config)", JHC_NONE),
	JHC_R(JHC_R_SYS_SIG_IN_CELL,
	      "is " JH_SYSTEM_SIGNATURE " (a system config, not a cell config)",
	      JHC_NONE),
	JHC_R(JHC_R_NOT_SYS_SIG,
	      "is not " JH_SYSTEM_SIGNATURE " (not a system config)", JHC_NONE),
	JHC_R(JHC_R_CELL_SIG_IN_SYS,
	      "is " JH_CELL_SIGNATURE " (a cell config, not a system config)",
	      JHC_NONE),
	JHC_R(JHC_R_REVISION,
	      "is not the supported revision " JHC_STR(JH_CONFIG_REVISION),
	      JHC_DEC),
	JHC_R(JHC_R_ARCH_NOT_ARM64,
	      "is not arm64 (" JHC_STR(JH_ARCH_ARM64) ")", JHC_DEC),
	JHC_R(JHC_R_ARCH_NOT_X86,
	      "is not x86 (" JHC_STR(JH_ARCH_X86) ")", JHC_DEC),
	JHC_R(JHC_R_ARCH_UNKNOWN,
	      "is not an arch the checker knows (caller bug)", JHC_DEC),
	JHC_R2(JHC_R_ARCH_DIFFERS, "differs from the system config's arch",
	       JHC_DEC, JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_MAX_MEM,
	      "is above JH_MAX_MEM_REGIONS (" JHC_STR(JH_MAX_MEM_REGIONS) ")",
	      JHC_DEC),
	JHC_R(JHC_R_MAX_IRQCHIPS,
	      "is above JH_MAX_IRQCHIPS (" JHC_STR(JH_MAX_IRQCHIPS) ")",
	      JHC_DEC),
	JHC_R(JHC_R_MAX_PIO,
	      "is above JH_MAX_PIO_REGIONS (" JHC_STR(JH_MAX_PIO_REGIONS) ")",
	      JHC_DEC),
	JHC_R(JHC_R_MAX_PCI,
	      "is above JH_MAX_PCI_DEVICES (" JHC_STR(JH_MAX_PCI_DEVICES) ")",
	      JHC_DEC),
	JHC_R(JHC_R_PIO_ON_ARM64, "must be 0 on arm64 (there is no port I/O)",
	      JHC_DEC),
	JHC_R(JHC_R_IS_ZERO, "is zero", JHC_NONE),
	JHC_R(JHC_R_CPU_SET_SIZE_ALIGN, "is not a multiple of 8", JHC_DEC),
	JHC_R(JHC_R_CPU_SET_SIZE_MAX,
	      "holds more than JH_MAX_CPUS (" JHC_STR(JH_MAX_CPUS) ") CPUs",
	      JHC_DEC),
	JHC_R2(JHC_R_TRUNCATED, "is truncated", JHC_DEC, JHC_DEC, JHC_PAREN,
	       "expected"),
	JHC_R2(JHC_R_TRAILING, "has trailing bytes", JHC_DEC, JHC_DEC,
	       JHC_PAREN, "expected"),
	JHC_R(JHC_R_NAME_UNTERMINATED,
	      "is not NUL-terminated within " JHC_STR(JH_CELL_NAME_LEN)
	      " bytes", JHC_NONE),
	JHC_R(JHC_R_NAME_EMPTY, "is empty", JHC_NONE),
	JHC_R(JHC_R_NAME_UNPRINTABLE, "contains a non-printable character",
	      JHC_NONE),
	JHC_R(JHC_R_CELL_FLAGS,
	      "has unknown bits (valid: " JHC_STR(JH_CELL_VALID_FLAGS) ")",
	      JHC_HEX),
	JHC_R(JHC_R_RESERVED, "must be zero", JHC_HEX),
	JHC_R(JHC_R_CPU_SET_EMPTY, "contains no CPU", JHC_NONE),
	JHC_R(JHC_R_CON_TYPE,
	      "is not a known JH_CON_* type (0-" JHC_STR(JH_CON_MAX_TYPE) ")",
	      JHC_DEC),
	JHC_R(JHC_R_CON_PIO_ARCH, "(JH_CON_8250_PIO) exists only on x86",
	      JHC_DEC),
	JHC_R(JHC_R_CON_PIO_ADDR,
	      "leaves no room for the 8 UART ports below 0x10000", JHC_HEX),
	JHC_R(JHC_R_PAGE_ALIGN, "is not 4 KiB aligned", JHC_HEX),
	JHC_R(JHC_R_GIC_ALIGN, "is not 64 KiB aligned", JHC_HEX),
	JHC_R(JHC_R_MEM_FLAGS,
	      "has unknown bits (valid: " JHC_STR(JH_MEM_VALID_FLAGS) ")",
	      JHC_HEX),
	JHC_R2(JHC_R_WRAPS, "wraps around the end of the address space",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_COMM_SIZE,
	      "is not one page (0x1000), as a comm region must be", JHC_HEX),
	JHC_R(JHC_R_COMM_FLAGS,
	      "combine JH_MEM_COMM_REGION with IO, DMA, LOADABLE or ROOTSHARED",
	      JHC_HEX),
	JHC_R2(JHC_R_COMM_TWICE,
	       "is a second comm region; the first is memory region",
	       JHC_NONE, JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_IO_FLAGS,
	      "combine JH_MEM_IO with JH_MEM_LOADABLE or JH_MEM_EXECUTE",
	      JHC_HEX),
	JHC_R2(JHC_R_VIRT_OVERLAP,
	       "overlaps the guest-physical range of memory region",
	       JHC_HEX, JHC_DEC, JHC_TAIL, NULL),
	JHC_R2(JHC_R_NOT_1TO1,
	       "must equal phys_start (the root cell is mapped 1:1)",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "phys_start"),
	JHC_R2(JHC_R_HV_OVERLAP, "overlaps the hypervisor memory",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R2(JHC_R_GICD_OVERLAP,
	       "overlaps the GIC distributor (emulated, never mapped)",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_GIC_VERSION, "is not 3 (only GICv3 is supported)",
	      JHC_DEC),
	JHC_R(JHC_R_MAINT_IRQ, "is not a PPI (16-31)", JHC_DEC),
	JHC_R(JHC_R_PIN_BASE_WRAPS, "plus 128 pins overflows 32 bits",
	      JHC_HEX),
	JHC_R(JHC_R_NOT_SPI,
	      "is below 32 (arm64 irqchips hold SPIs only)", JHC_DEC),
	JHC_R(JHC_R_PIN_ABOVE_SPI, "is above 1019, the last SPI", JHC_DEC),
	JHC_R2(JHC_R_NOT_GICD, "is not the GICD base", JHC_HEX, JHC_HEX,
	       JHC_TAIL, NULL),
	JHC_R2(JHC_R_PIO_END, "extends beyond port 0xffff", JHC_HEX, JHC_HEX,
	       JHC_PAREN, "length"),
	JHC_R(JHC_R_PCI_TYPE,
	      "is not JH_PCI_TYPE_DEVICE (1) or JH_PCI_TYPE_BRIDGE (2)",
	      JHC_DEC),
	JHC_R2(JHC_R_PCI_TWICE, "is listed twice, also as pci device",
	       JHC_BDF, JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_CPU_NOT_IN_ROOT, "does not exist in the root cell",
	      JHC_DEC),
	JHC_R(JHC_R_TAKES_ALL_CPUS,
	      "takes every CPU of the root cell, which must keep one",
	      JHC_NONE),
	JHC_R2(JHC_R_NOT_IN_ROOT_MEM,
	       "is not inside any memory region of the root cell",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_PIN_NOT_IN_ROOT, "is not owned by the root cell", JHC_DEC),
	JHC_R(JHC_R_PCI_NOT_IN_ROOT, "is not listed in the root cell",
	      JHC_BDF),
	JHC_R(JHC_R_SAME_NAME, "is the same as that of cell", JHC_NONE),
	JHC_R(JHC_R_CPU_SHARED, "is also in cell", JHC_DEC),
	JHC_R2(JHC_R_MEM_SHARED, "overlaps memory of cell", JHC_HEX, JHC_HEX,
	       JHC_PAREN, "size"),
	JHC_R(JHC_R_PIN_SHARED, "is also owned by cell", JHC_DEC),
	JHC_R(JHC_R_PCI_SHARED, "is also assigned to cell", JHC_BDF),
	JHC_R(JHC_R_RESET_NOT_EXEC,
	      "is not in an executable memory region of the cell", JHC_HEX),
	JHC_R(JHC_R_RESET_REAL_MODE,
	      "is not below 1 MiB (x86 cell CPUs start in real mode)",
	      JHC_HEX),
};

/* Filled in at each failure; err may be NULL if only the code matters. */
static int jhc_fail(struct jh_config_error *err, int code, const char *item,
		    int index, const char *field, uint64_t value,
		    uint64_t value2, enum jhc_reason_id reason)
{
	if (err) {
		err->code = code;
		err->item = item;
		err->index = index;
		err->field = field;
		err->value = value;
		err->value2 = value2;
		err->reason = jhc_reasons[reason].text;
		err->other_cell = NULL;
	}
	return code;
}

#define JHC_FAIL(item, index, field, value, value2, reason) \
	jhc_fail(err, -JH_EINVAL, item, index, field, value, value2, reason)

static void jhc_clear(struct jh_config_error *err)
{
	if (err) {
		err->code = 0;
		err->item = NULL;
		err->index = -1;
		err->field = NULL;
		err->value = 0;
		err->value2 = 0;
		err->reason = NULL;
		err->other_cell = NULL;
	}
}

static bool jhc_sig_is(const char *sig, const char *expected)
{
	unsigned int n;

	for (n = 0; n < JH_SIGNATURE_SIZE; n++)
		if (sig[n] != expected[n])
			return false;
	return true;
}

static bool jhc_aligned(uint64_t value, uint64_t alignment)
{
	return (value & (alignment - 1)) == 0;
}

/* Inclusive end, so a range ending exactly at 2^64 is representable. */
static bool jhc_wraps(uint64_t start, uint64_t size)
{
	return size != 0 && size - 1 > JHC_U64_MAX - start;
}

static uint64_t jhc_last(uint64_t start, uint64_t size)
{
	return start + size - 1;
}

static bool jhc_overlap(uint64_t a, uint64_t a_size, uint64_t b,
			uint64_t b_size)
{
	return a <= jhc_last(b, b_size) && b <= jhc_last(a, a_size);
}

static bool jhc_inside(uint64_t inner, uint64_t inner_size, uint64_t outer,
		       uint64_t outer_size)
{
	return inner >= outer &&
		jhc_last(inner, inner_size) <= jhc_last(outer, outer_size);
}

/* Loop bounds for the cross checks, which trust an already checked config
 * but must stay bounded even if handed a bad one. */
static unsigned int jhc_bound(uint32_t count, unsigned int max)
{
	return count > max ? max : count;
}

#define JHC_NUM_MEM(c)	jhc_bound((c)->num_memory_regions, JH_MAX_MEM_REGIONS)
#define JHC_NUM_IRQ(c)	jhc_bound((c)->num_irqchips, JH_MAX_IRQCHIPS)
#define JHC_NUM_PIO(c)	jhc_bound((c)->num_pio_regions, JH_MAX_PIO_REGIONS)
#define JHC_NUM_PCI(c)	jhc_bound((c)->num_pci_devices, JH_MAX_PCI_DEVICES)

/* The CPU set may sit at any alignment: read it through a packed type. */
struct jhc_u64 {
	uint64_t v;
} JH_PACKED;

static unsigned int jhc_num_cpu_bits(const struct jh_cell_desc *c)
{
	return jhc_bound(c->cpu_set_size, JH_MAX_CPUS / 8) / 8 * 64;
}

static bool jhc_has_cpu(const struct jh_cell_desc *c, unsigned int cpu)
{
	const struct jhc_u64 *set =
		(const struct jhc_u64 *)((const uint8_t *)c + sizeof(*c));

	if (cpu >= jhc_num_cpu_bits(c))
		return false;
	return (set[cpu / 64].v >> (cpu % 64)) & 1;
}

static bool jhc_has_pin(const struct jh_irqchip *chip, uint64_t pin)
{
	uint64_t n;

	if (pin < chip->pin_base || pin - chip->pin_base >= JHC_IRQCHIP_PINS)
		return false;
	n = pin - chip->pin_base;
	return (chip->pin_bitmap[n / 32] >> (n % 32)) & 1;
}

static uint64_t jhc_pci_id(const struct jh_pci_device *dev)
{
	return (uint64_t)dev->domain << 16 | dev->bdf;
}

static bool jhc_is_comm(const struct jh_memory_region *mem)
{
	return mem->flags & JH_MEM_COMM_REGION;
}

static int jhc_check_arch(const char *item, uint32_t arch, uint32_t expected,
			  struct jh_config_error *err)
{
	if (expected != JH_ARCH_ARM64 && expected != JH_ARCH_X86)
		return JHC_FAIL(item, -1, "arch", expected, 0,
				JHC_R_ARCH_UNKNOWN);
	if (arch != expected)
		return JHC_FAIL(item, -1, "arch", arch, 0,
				expected == JH_ARCH_ARM64 ?
				JHC_R_ARCH_NOT_ARM64 : JHC_R_ARCH_NOT_X86);
	return 0;
}

static int jhc_check_console(const char *item, const struct jh_console *con,
			     uint32_t arch, struct jh_config_error *err)
{
	if (con->type > JH_CON_MAX_TYPE)
		return JHC_FAIL(item, -1, "type", con->type, 0,
				JHC_R_CON_TYPE);
	if (con->flags)
		return JHC_FAIL(item, -1, "flags", con->flags, 0,
				JHC_R_RESERVED);
	if (con->type == JH_CON_8250_PIO) {
		if (arch != JH_ARCH_X86)
			return JHC_FAIL(item, -1, "type", con->type, 0,
					JHC_R_CON_PIO_ARCH);
		if (con->address > JHC_PIO_SPACE - JHC_8250_REGS)
			return JHC_FAIL(item, -1, "address", con->address, 0,
					JHC_R_CON_PIO_ADDR);
	}
	return 0;
}

/*
 * Header of a cell descriptor at c, whose config (starting prefix bytes
 * before c) must be exactly size bytes. The caller made sure the
 * descriptor itself is readable.
 */
static int jhc_check_cell_header(const struct jh_cell_desc *c,
				 uint64_t prefix, uint64_t size, uint32_t arch,
				 const char *item, bool is_root,
				 struct jh_config_error *err)
{
	uint64_t expected;
	unsigned int n, len;
	bool any_cpu;
	int ret;

	if (!jhc_sig_is(c->signature, JH_CELL_SIGNATURE))
		return JHC_FAIL(item, -1, "signature", 0, 0,
				!is_root && jhc_sig_is(c->signature,
						       JH_SYSTEM_SIGNATURE) ?
				JHC_R_SYS_SIG_IN_CELL : JHC_R_NOT_CELL_SIG);
	if (c->revision != JH_CONFIG_REVISION)
		return JHC_FAIL(item, -1, "revision", c->revision, 0,
				JHC_R_REVISION);
	ret = jhc_check_arch(item, c->arch, arch, err);
	if (ret)
		return ret;

	if (c->num_memory_regions > JH_MAX_MEM_REGIONS)
		return jhc_fail(err, -JH_E2BIG, item, -1, "num_memory_regions",
				c->num_memory_regions, 0, JHC_R_MAX_MEM);
	if (c->num_irqchips > JH_MAX_IRQCHIPS)
		return jhc_fail(err, -JH_E2BIG, item, -1, "num_irqchips",
				c->num_irqchips, 0, JHC_R_MAX_IRQCHIPS);
	if (c->num_pio_regions > JH_MAX_PIO_REGIONS)
		return jhc_fail(err, -JH_E2BIG, item, -1, "num_pio_regions",
				c->num_pio_regions, 0, JHC_R_MAX_PIO);
	if (c->num_pci_devices > JH_MAX_PCI_DEVICES)
		return jhc_fail(err, -JH_E2BIG, item, -1, "num_pci_devices",
				c->num_pci_devices, 0, JHC_R_MAX_PCI);
	if (arch == JH_ARCH_ARM64 && c->num_pio_regions)
		return JHC_FAIL(item, -1, "num_pio_regions",
				c->num_pio_regions, 0, JHC_R_PIO_ON_ARM64);

	if (c->cpu_set_size == 0)
		return JHC_FAIL(item, -1, "cpu_set_size", 0, 0, JHC_R_IS_ZERO);
	if (c->cpu_set_size % 8)
		return JHC_FAIL(item, -1, "cpu_set_size", c->cpu_set_size, 0,
				JHC_R_CPU_SET_SIZE_ALIGN);
	if (c->cpu_set_size > JH_MAX_CPUS / 8)
		return jhc_fail(err, -JH_E2BIG, item, -1, "cpu_set_size",
				c->cpu_set_size, 0, JHC_R_CPU_SET_SIZE_MAX);

	/* From here on the arrays behind c are known to be readable. */
	expected = prefix + jh_cell_config_size(c);
	if (size < expected)
		return JHC_FAIL(item, -1, "size", size, expected,
				JHC_R_TRUNCATED);
	if (size > expected)
		return JHC_FAIL(item, -1, "size", size, expected,
				JHC_R_TRAILING);

	len = JH_CELL_NAME_LEN;
	for (n = 0; n < JH_CELL_NAME_LEN; n++) {
		if (c->name[n] == '\0') {
			len = n;
			break;
		}
		if (c->name[n] < 0x20 || c->name[n] > 0x7e)
			return JHC_FAIL(item, -1, "name", 0, 0,
					JHC_R_NAME_UNPRINTABLE);
	}
	if (len == JH_CELL_NAME_LEN)
		return JHC_FAIL(item, -1, "name", 0, 0,
				JHC_R_NAME_UNTERMINATED);
	if (len == 0)
		return JHC_FAIL(item, -1, "name", 0, 0, JHC_R_NAME_EMPTY);

	if (c->flags & ~(uint32_t)JH_CELL_VALID_FLAGS)
		return JHC_FAIL(item, -1, "flags", c->flags, 0,
				JHC_R_CELL_FLAGS);
	if (c->reserved)
		return JHC_FAIL(item, -1, "reserved", c->reserved, 0,
				JHC_R_RESERVED);

	ret = jhc_check_console(jhc_item_console, &c->console, arch, err);
	if (ret)
		return ret;

	any_cpu = false;
	for (n = 0; n < jhc_num_cpu_bits(c); n++)
		any_cpu |= jhc_has_cpu(c, n);
	if (!any_cpu)
		return JHC_FAIL(jhc_item_cpus, -1, NULL, 0, 0,
				JHC_R_CPU_SET_EMPTY);
	return 0;
}

static int jhc_check_range(int index, const char *field, uint64_t start,
			   uint64_t size, struct jh_config_error *err)
{
	if (!jhc_aligned(start, JHC_PAGE_SIZE))
		return JHC_FAIL(jhc_item_mem, index, field, start, 0,
				JHC_R_PAGE_ALIGN);
	if (jhc_wraps(start, size))
		return JHC_FAIL(jhc_item_mem, index, field, start, size,
				JHC_R_WRAPS);
	return 0;
}

/* sys is given for the root cell: its regions are checked against the
 * hypervisor memory and the GICD too. */
static int jhc_check_mem_regions(const struct jh_cell_desc *c,
				 const struct jh_system_desc *sys,
				 struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	const struct jh_memory_region *hv;
	unsigned int i, j, num = JHC_NUM_MEM(c);
	int comm_index = -1;
	int ret;

	for (i = 0; i < num; i++) {
		const struct jh_memory_region *m = &mem[i];

		if (m->size == 0)
			return JHC_FAIL(jhc_item_mem, i, "size", 0, 0,
					JHC_R_IS_ZERO);
		if (m->flags & ~(uint64_t)JH_MEM_VALID_FLAGS)
			return JHC_FAIL(jhc_item_mem, i, "flags", m->flags, 0,
					JHC_R_MEM_FLAGS);
		if (!jhc_aligned(m->size, JHC_PAGE_SIZE))
			return JHC_FAIL(jhc_item_mem, i, "size", m->size, 0,
					JHC_R_PAGE_ALIGN);
		/* The hypervisor provides the comm page: phys_start unused. */
		if (!jhc_is_comm(m)) {
			ret = jhc_check_range(i, "phys_start", m->phys_start,
					      m->size, err);
			if (ret)
				return ret;
		}
		ret = jhc_check_range(i, "virt_start", m->virt_start, m->size,
				      err);
		if (ret)
			return ret;

		if (jhc_is_comm(m)) {
			if (m->size != JHC_PAGE_SIZE)
				return JHC_FAIL(jhc_item_mem, i, "size",
						m->size, 0, JHC_R_COMM_SIZE);
			if (m->flags & (JH_MEM_IO | JH_MEM_DMA |
					JH_MEM_LOADABLE | JH_MEM_ROOTSHARED))
				return JHC_FAIL(jhc_item_mem, i, "flags",
						m->flags, 0, JHC_R_COMM_FLAGS);
			if (comm_index >= 0)
				return JHC_FAIL(jhc_item_mem, i, NULL, 0,
						comm_index, JHC_R_COMM_TWICE);
			comm_index = i;
		}
		if ((m->flags & JH_MEM_IO) &&
		    (m->flags & (JH_MEM_LOADABLE | JH_MEM_EXECUTE)))
			return JHC_FAIL(jhc_item_mem, i, "flags", m->flags, 0,
					JHC_R_IO_FLAGS);

		for (j = 0; j < i; j++)
			if (jhc_overlap(m->virt_start, m->size,
					mem[j].virt_start, mem[j].size))
				return JHC_FAIL(jhc_item_mem, i, "virt_start",
						m->virt_start, j,
						JHC_R_VIRT_OVERLAP);

		if (!sys || jhc_is_comm(m))
			continue;
		if (m->virt_start != m->phys_start)
			return JHC_FAIL(jhc_item_mem, i, "virt_start",
					m->virt_start, m->phys_start,
					JHC_R_NOT_1TO1);
		hv = &sys->hypervisor_memory;
		if (jhc_overlap(m->phys_start, m->size, hv->phys_start,
				hv->size))
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_HV_OVERLAP);
		if (sys->arch == JH_ARCH_ARM64 &&
		    jhc_overlap(m->phys_start, m->size,
				sys->platform.arm64.gicd_base, JHC_GICD_SIZE))
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_GICD_OVERLAP);
	}
	return 0;
}

/* gicd_base is given for the root cell on arm64, else 0. */
static int jhc_check_irqchips(const struct jh_cell_desc *c, uint32_t arch,
			      uint64_t gicd_base, struct jh_config_error *err)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(c);
	unsigned int i, pin, num = JHC_NUM_IRQ(c);

	for (i = 0; i < num; i++) {
		const struct jh_irqchip *chip = &chips[i];

		if (chip->pin_base > JHC_U32_MAX - JHC_IRQCHIP_PINS)
			return JHC_FAIL(jhc_item_irqchip, i, "pin_base",
					chip->pin_base, 0,
					JHC_R_PIN_BASE_WRAPS);
		if (arch != JH_ARCH_ARM64)
			continue;
		if (chip->pin_base < JHC_ARM64_FIRST_SPI)
			return JHC_FAIL(jhc_item_irqchip, i, "pin_base",
					chip->pin_base, 0, JHC_R_NOT_SPI);
		for (pin = 0; pin < JHC_IRQCHIP_PINS; pin++)
			if (jhc_has_pin(chip, (uint64_t)chip->pin_base + pin) &&
			    chip->pin_base + pin > JHC_ARM64_LAST_SPI)
				return JHC_FAIL(jhc_item_irqchip, i, "pin",
						chip->pin_base + pin, 0,
						JHC_R_PIN_ABOVE_SPI);
		if (gicd_base && chip->address != gicd_base)
			return JHC_FAIL(jhc_item_irqchip, i, "address",
					chip->address, gicd_base,
					JHC_R_NOT_GICD);
	}
	return 0;
}

static int jhc_check_pio_regions(const struct jh_cell_desc *c,
				 struct jh_config_error *err)
{
	const struct jh_pio_region *pio = jh_cell_pio_regions(c);
	unsigned int i, num = JHC_NUM_PIO(c);

	for (i = 0; i < num; i++) {
		if (pio[i].length == 0)
			return JHC_FAIL(jhc_item_pio, i, "length", 0, 0,
					JHC_R_IS_ZERO);
		if ((uint32_t)pio[i].base + pio[i].length > JHC_PIO_SPACE)
			return JHC_FAIL(jhc_item_pio, i, "base", pio[i].base,
					pio[i].length, JHC_R_PIO_END);
		if (pio[i].reserved)
			return JHC_FAIL(jhc_item_pio, i, "reserved",
					pio[i].reserved, 0, JHC_R_RESERVED);
	}
	return 0;
}

static int jhc_check_pci_devices(const struct jh_cell_desc *c,
				 struct jh_config_error *err)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(c);
	unsigned int i, j, num = JHC_NUM_PCI(c);

	for (i = 0; i < num; i++) {
		if (pci[i].type != JH_PCI_TYPE_DEVICE &&
		    pci[i].type != JH_PCI_TYPE_BRIDGE)
			return JHC_FAIL(jhc_item_pci, i, "type", pci[i].type,
					0, JHC_R_PCI_TYPE);
		if (pci[i].reserved0)
			return JHC_FAIL(jhc_item_pci, i, "reserved0",
					pci[i].reserved0, 0, JHC_R_RESERVED);
		if (pci[i].reserved1)
			return JHC_FAIL(jhc_item_pci, i, "reserved1",
					pci[i].reserved1, 0, JHC_R_RESERVED);
		for (j = 0; j < i; j++)
			if (jhc_pci_id(&pci[i]) == jhc_pci_id(&pci[j]))
				return JHC_FAIL(jhc_item_pci, i, "device",
						jhc_pci_id(&pci[i]), j,
						JHC_R_PCI_TWICE);
	}
	return 0;
}

static int jhc_check_cell_arrays(const struct jh_cell_desc *c, uint32_t arch,
				 const struct jh_system_desc *sys,
				 struct jh_config_error *err)
{
	uint64_t gicd_base = 0;
	int ret;

	if (sys && arch == JH_ARCH_ARM64)
		gicd_base = sys->platform.arm64.gicd_base;

	ret = jhc_check_mem_regions(c, sys, err);
	if (ret)
		return ret;
	ret = jhc_check_irqchips(c, arch, gicd_base, err);
	if (ret)
		return ret;
	ret = jhc_check_pio_regions(c, err);
	if (ret)
		return ret;
	return jhc_check_pci_devices(c, err);
}

static int jhc_check_gic_frame(const char *field, uint64_t value,
			       struct jh_config_error *err)
{
	if (value == 0)
		return JHC_FAIL(jhc_item_platform, -1, field, 0, 0,
				JHC_R_IS_ZERO);
	if (!jhc_aligned(value, JHC_GIC_ALIGN))
		return JHC_FAIL(jhc_item_platform, -1, field, value, 0,
				JHC_R_GIC_ALIGN);
	return 0;
}

static int jhc_check_platform(const struct jh_system_desc *sys,
			      uint32_t arch, struct jh_config_error *err)
{
	const struct jh_arm64_platform *arm = &sys->platform.arm64;
	const struct jh_x86_platform *x86 = &sys->platform.x86;
	unsigned int n;
	int ret;

	if (arch == JH_ARCH_ARM64) {
		if (arm->gic_version != 3)
			return JHC_FAIL(jhc_item_platform, -1, "gic_version",
					arm->gic_version, 0,
					JHC_R_GIC_VERSION);
		ret = jhc_check_gic_frame("gicd_base", arm->gicd_base, err);
		if (ret)
			return ret;
		ret = jhc_check_gic_frame("gicr_base", arm->gicr_base, err);
		if (ret)
			return ret;
		ret = jhc_check_gic_frame("gicr_stride", arm->gicr_stride,
					  err);
		if (ret)
			return ret;
		if (arm->maintenance_irq < JHC_ARM64_FIRST_PPI ||
		    arm->maintenance_irq > JHC_ARM64_LAST_PPI)
			return JHC_FAIL(jhc_item_platform, -1,
					"maintenance_irq",
					arm->maintenance_irq, 0,
					JHC_R_MAINT_IRQ);
		for (n = 0; n < sizeof(arm->reserved) /
			    sizeof(arm->reserved[0]); n++)
			if (arm->reserved[n])
				return JHC_FAIL(jhc_item_platform, -1,
						"reserved", arm->reserved[n],
						0, JHC_R_RESERVED);
		return 0;
	}

	if (x86->reserved0)
		return JHC_FAIL(jhc_item_platform, -1, "reserved0",
				x86->reserved0, 0, JHC_R_RESERVED);
	if (x86->reserved1)
		return JHC_FAIL(jhc_item_platform, -1, "reserved1",
				x86->reserved1, 0, JHC_R_RESERVED);
	for (n = 0; n < sizeof(x86->reserved) / sizeof(x86->reserved[0]); n++)
		if (x86->reserved[n])
			return JHC_FAIL(jhc_item_platform, -1, "reserved",
					x86->reserved[n], 0, JHC_R_RESERVED);
	if (!jhc_aligned(x86->mmconfig_base, JHC_PAGE_SIZE))
		return JHC_FAIL(jhc_item_platform, -1, "mmconfig_base",
				x86->mmconfig_base, 0, JHC_R_PAGE_ALIGN);
	if (!jhc_aligned(x86->iommu_base, JHC_PAGE_SIZE))
		return JHC_FAIL(jhc_item_platform, -1, "iommu_base",
				x86->iommu_base, 0, JHC_R_PAGE_ALIGN);
	return 0;
}

static int jhc_check_hv_memory(const struct jh_memory_region *hv,
			       struct jh_config_error *err)
{
	const char *item = jhc_item_hv_mem;

	if (hv->size == 0)
		return JHC_FAIL(item, -1, "size", 0, 0, JHC_R_IS_ZERO);
	if (!jhc_aligned(hv->phys_start, JHC_PAGE_SIZE))
		return JHC_FAIL(item, -1, "phys_start", hv->phys_start, 0,
				JHC_R_PAGE_ALIGN);
	if (!jhc_aligned(hv->size, JHC_PAGE_SIZE))
		return JHC_FAIL(item, -1, "size", hv->size, 0,
				JHC_R_PAGE_ALIGN);
	if (jhc_wraps(hv->phys_start, hv->size))
		return JHC_FAIL(item, -1, "phys_start", hv->phys_start,
				hv->size, JHC_R_WRAPS);
	if (hv->flags & ~(uint64_t)JH_MEM_VALID_FLAGS)
		return JHC_FAIL(item, -1, "flags", hv->flags, 0,
				JHC_R_MEM_FLAGS);
	return 0;
}

int jh_check_system_config(const void *data, uint64_t size, uint32_t arch,
			   struct jh_config_error *err)
{
	const struct jh_system_desc *sys = data;
	const uint64_t prefix = sizeof(*sys) - sizeof(sys->root_cell);
	int ret;

	jhc_clear(err);
	if (size < sizeof(*sys))
		return JHC_FAIL(jhc_item_header, -1, "size", size, 0,
				JHC_R_SYS_TOO_SMALL);
	if (!data)
		return JHC_FAIL(jhc_item_header, -1, "data", 0, 0,
				JHC_R_NO_DATA);
	if (!jhc_sig_is(sys->signature, JH_SYSTEM_SIGNATURE))
		return JHC_FAIL(jhc_item_header, -1, "signature", 0, 0,
				jhc_sig_is(sys->signature, JH_CELL_SIGNATURE) ?
				JHC_R_CELL_SIG_IN_SYS : JHC_R_NOT_SYS_SIG);
	if (sys->revision != JH_CONFIG_REVISION)
		return JHC_FAIL(jhc_item_header, -1, "revision", sys->revision,
				0, JHC_R_REVISION);
	ret = jhc_check_arch(jhc_item_header, sys->arch, arch, err);
	if (ret)
		return ret;
	if (sys->flags)
		return JHC_FAIL(jhc_item_header, -1, "flags", sys->flags, 0,
				JHC_R_RESERVED);

	ret = jhc_check_cell_header(&sys->root_cell, prefix, size, arch,
				    jhc_item_root, true, err);
	if (ret)
		return ret;

	ret = jhc_check_hv_memory(&sys->hypervisor_memory, err);
	if (ret)
		return ret;
	ret = jhc_check_console(jhc_item_dbg_console, &sys->debug_console,
				arch, err);
	if (ret)
		return ret;
	ret = jhc_check_platform(sys, arch, err);
	if (ret)
		return ret;

	return jhc_check_cell_arrays(&sys->root_cell, arch, sys, err);
}

/*
 * Where a non-root cell's first CPU starts: inside its own executable
 * memory, and on x86 where a real-mode CPU can reach (CS:IP, below
 * 1 MiB). The root cell never starts; its value is not used.
 */
static int jhc_check_reset_address(const struct jh_cell_desc *c, uint32_t arch,
				   struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	uint64_t reset = c->cpu_reset_address;
	unsigned int n;

	if (arch == JH_ARCH_X86 && reset >= 0x100000)
		return JHC_FAIL(jhc_item_header, -1, "cpu_reset_address",
				reset, 0, JHC_R_RESET_REAL_MODE);
	for (n = 0; n < c->num_memory_regions; n++)
		if ((mem[n].flags & JH_MEM_EXECUTE) &&
		    jhc_inside(reset, 1, mem[n].virt_start, mem[n].size))
			return 0;
	return JHC_FAIL(jhc_item_header, -1, "cpu_reset_address", reset, 0,
			JHC_R_RESET_NOT_EXEC);
}

int jh_check_cell_config(const void *data, uint64_t size, uint32_t arch,
			 struct jh_config_error *err)
{
	const struct jh_cell_desc *cell = data;
	int ret;

	jhc_clear(err);
	if (size < sizeof(*cell))
		return JHC_FAIL(jhc_item_header, -1, "size", size, 0,
				JHC_R_CELL_TOO_SMALL);
	if (!data)
		return JHC_FAIL(jhc_item_header, -1, "data", 0, 0,
				JHC_R_NO_DATA);
	ret = jhc_check_cell_header(cell, 0, size, arch, jhc_item_header,
				    false, err);
	if (!ret)
		ret = jhc_check_cell_arrays(cell, arch, NULL, err);
	if (!ret)
		ret = jhc_check_reset_address(cell, arch, err);
	return ret;
}

static bool jhc_root_has_pin(const struct jh_cell_desc *root,
			     uint64_t address, uint64_t pin)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(root);
	unsigned int i, num = JHC_NUM_IRQ(root);

	for (i = 0; i < num; i++)
		if (chips[i].address == address && jhc_has_pin(&chips[i], pin))
			return true;
	return false;
}

static bool jhc_in_root_memory(const struct jh_cell_desc *root,
			       const struct jh_memory_region *m)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(root);
	unsigned int i, num = JHC_NUM_MEM(root);

	for (i = 0; i < num; i++)
		if (!jhc_is_comm(&mem[i]) &&
		    jhc_inside(m->phys_start, m->size, mem[i].phys_start,
			       mem[i].size))
			return true;
	return false;
}

static bool jhc_root_has_pci(const struct jh_cell_desc *root,
			     const struct jh_pci_device *dev)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(root);
	unsigned int i, num = JHC_NUM_PCI(root);

	for (i = 0; i < num; i++)
		if (jhc_pci_id(&pci[i]) == jhc_pci_id(dev))
			return true;
	return false;
}

static int jhc_check_cpus_in_root(const struct jh_cell_desc *root,
				  const struct jh_cell_desc *cell,
				  struct jh_config_error *err)
{
	bool root_keeps_one = false;
	unsigned int cpu;

	for (cpu = 0; cpu < jhc_num_cpu_bits(cell); cpu++)
		if (jhc_has_cpu(cell, cpu) && !jhc_has_cpu(root, cpu))
			return JHC_FAIL(jhc_item_cpus, -1, "CPU", cpu, 0,
					JHC_R_CPU_NOT_IN_ROOT);
	for (cpu = 0; cpu < jhc_num_cpu_bits(root); cpu++)
		if (jhc_has_cpu(root, cpu) && !jhc_has_cpu(cell, cpu))
			root_keeps_one = true;
	if (!root_keeps_one)
		return JHC_FAIL(jhc_item_cpus, -1, NULL, 0, 0,
				JHC_R_TAKES_ALL_CPUS);
	return 0;
}

static int jhc_check_mem_in_root(const struct jh_system_desc *sys,
				 const struct jh_cell_desc *cell,
				 struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell);
	const struct jh_memory_region *hv = &sys->hypervisor_memory;
	unsigned int i, num = JHC_NUM_MEM(cell);

	for (i = 0; i < num; i++) {
		const struct jh_memory_region *m = &mem[i];

		if (jhc_is_comm(m))
			continue;
		if (jhc_overlap(m->phys_start, m->size, hv->phys_start,
				hv->size))
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_HV_OVERLAP);
		if (sys->arch == JH_ARCH_ARM64 &&
		    jhc_overlap(m->phys_start, m->size,
				sys->platform.arm64.gicd_base, JHC_GICD_SIZE))
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_GICD_OVERLAP);
		if (!(m->flags & JH_MEM_ROOTSHARED) &&
		    !jhc_in_root_memory(&sys->root_cell, m))
			return JHC_FAIL(jhc_item_mem, i, "phys_start",
					m->phys_start, m->size,
					JHC_R_NOT_IN_ROOT_MEM);
	}
	return 0;
}

static int jhc_check_irqs_in_root(const struct jh_system_desc *sys,
				  const struct jh_cell_desc *cell,
				  struct jh_config_error *err)
{
	const struct jh_irqchip *chips = jh_cell_irqchips(cell);
	unsigned int i, n, num = JHC_NUM_IRQ(cell);
	uint64_t pin;

	for (i = 0; i < num; i++) {
		const struct jh_irqchip *chip = &chips[i];

		if (sys->arch == JH_ARCH_ARM64 &&
		    chip->address != sys->platform.arm64.gicd_base)
			return JHC_FAIL(jhc_item_irqchip, i, "address",
					chip->address,
					sys->platform.arm64.gicd_base,
					JHC_R_NOT_GICD);
		for (n = 0; n < JHC_IRQCHIP_PINS; n++) {
			pin = (uint64_t)chip->pin_base + n;
			if (jhc_has_pin(chip, pin) &&
			    !jhc_root_has_pin(&sys->root_cell, chip->address,
					      pin))
				return JHC_FAIL(jhc_item_irqchip, i, "pin",
						pin, 0, JHC_R_PIN_NOT_IN_ROOT);
		}
	}
	return 0;
}

int jh_check_cell_in_system(const struct jh_system_desc *sys,
			    const struct jh_cell_desc *cell,
			    struct jh_config_error *err)
{
	const struct jh_pci_device *pci = jh_cell_pci_devices(cell);
	unsigned int i, num = JHC_NUM_PCI(cell);
	int ret;

	jhc_clear(err);
	if (cell->arch != sys->arch)
		return JHC_FAIL(jhc_item_header, -1, "arch", cell->arch,
				sys->arch, JHC_R_ARCH_DIFFERS);
	ret = jhc_check_cpus_in_root(&sys->root_cell, cell, err);
	if (ret)
		return ret;
	ret = jhc_check_mem_in_root(sys, cell, err);
	if (ret)
		return ret;
	ret = jhc_check_irqs_in_root(sys, cell, err);
	if (ret)
		return ret;
	for (i = 0; i < num; i++)
		if (!jhc_root_has_pci(&sys->root_cell, &pci[i]))
			return JHC_FAIL(jhc_item_pci, i, "device",
					jhc_pci_id(&pci[i]), 0,
					JHC_R_PCI_NOT_IN_ROOT);
	return 0;
}

static bool jhc_same_name(const struct jh_cell_desc *a,
			  const struct jh_cell_desc *b)
{
	unsigned int n;

	for (n = 0; n < JH_CELL_NAME_LEN; n++) {
		if (a->name[n] != b->name[n])
			return false;
		if (a->name[n] == '\0')
			return true;
	}
	return true;
}

static int jhc_conflict(struct jh_config_error *err, const char *item,
			int index, const char *field, uint64_t value,
			uint64_t value2, enum jhc_reason_id reason,
			const struct jh_cell_desc *other)
{
	jhc_fail(err, -JH_EBUSY, item, index, field, value, value2, reason);
	if (err)
		err->other_cell = other->name;
	return -JH_EBUSY;
}

static int jhc_check_memory_disjoint(const struct jh_cell_desc *a,
				     const struct jh_cell_desc *b,
				     struct jh_config_error *err)
{
	const struct jh_memory_region *ma = jh_cell_mem_regions(a);
	const struct jh_memory_region *mb = jh_cell_mem_regions(b);
	unsigned int i, j, num_a = JHC_NUM_MEM(a), num_b = JHC_NUM_MEM(b);

	for (i = 0; i < num_a; i++) {
		if (jhc_is_comm(&ma[i]))
			continue;
		for (j = 0; j < num_b; j++) {
			if (jhc_is_comm(&mb[j]))
				continue;
			if ((ma[i].flags & JH_MEM_ROOTSHARED) &&
			    (mb[j].flags & JH_MEM_ROOTSHARED))
				continue;
			if (jhc_overlap(ma[i].phys_start, ma[i].size,
					mb[j].phys_start, mb[j].size))
				return jhc_conflict(err, jhc_item_mem, i,
						    "phys_start",
						    ma[i].phys_start,
						    ma[i].size,
						    JHC_R_MEM_SHARED, b);
		}
	}
	return 0;
}

static int jhc_check_irqs_disjoint(const struct jh_cell_desc *a,
				   const struct jh_cell_desc *b,
				   struct jh_config_error *err)
{
	const struct jh_irqchip *ca = jh_cell_irqchips(a);
	const struct jh_irqchip *cb = jh_cell_irqchips(b);
	unsigned int i, j, n, num_a = JHC_NUM_IRQ(a), num_b = JHC_NUM_IRQ(b);
	uint64_t pin;

	for (i = 0; i < num_a; i++)
		for (j = 0; j < num_b; j++) {
			if (ca[i].address != cb[j].address)
				continue;
			for (n = 0; n < JHC_IRQCHIP_PINS; n++) {
				pin = (uint64_t)ca[i].pin_base + n;
				if (jhc_has_pin(&ca[i], pin) &&
				    jhc_has_pin(&cb[j], pin))
					return jhc_conflict(err,
							    jhc_item_irqchip,
							    i, "pin", pin, 0,
							    JHC_R_PIN_SHARED,
							    b);
			}
		}
	return 0;
}

int jh_check_cells_disjoint(const struct jh_cell_desc *a,
			    const struct jh_cell_desc *b,
			    struct jh_config_error *err)
{
	const struct jh_pci_device *pa = jh_cell_pci_devices(a);
	const struct jh_pci_device *pb = jh_cell_pci_devices(b);
	unsigned int i, j, num_a = JHC_NUM_PCI(a), num_b = JHC_NUM_PCI(b);
	unsigned int cpu;
	int ret;

	jhc_clear(err);
	if (jhc_same_name(a, b))
		return jhc_conflict(err, jhc_item_header, -1, "name", 0, 0,
				    JHC_R_SAME_NAME, b);
	for (cpu = 0; cpu < jhc_num_cpu_bits(a); cpu++)
		if (jhc_has_cpu(a, cpu) && jhc_has_cpu(b, cpu))
			return jhc_conflict(err, jhc_item_cpus, -1, "CPU", cpu,
					    0, JHC_R_CPU_SHARED, b);
	ret = jhc_check_memory_disjoint(a, b, err);
	if (ret)
		return ret;
	ret = jhc_check_irqs_disjoint(a, b, err);
	if (ret)
		return ret;
	for (i = 0; i < num_a; i++)
		for (j = 0; j < num_b; j++)
			if (jhc_pci_id(&pa[i]) == jhc_pci_id(&pb[j]))
				return jhc_conflict(err, jhc_item_pci, i,
						    "device",
						    jhc_pci_id(&pa[i]), 0,
						    JHC_R_PCI_SHARED, b);
	return 0;
}

/* Bounded writer: always leaves room for the terminating NUL. */
struct jhc_out {
	char *buf;
	uint64_t size;
	uint64_t len;
};

static void jhc_put_char(struct jhc_out *out, char c)
{
	/* Keep the message on one printable line whatever a name holds. */
	if (c < 0x20 || c > 0x7e)
		c = '?';
	if (out->len + 1 < out->size)
		out->buf[out->len++] = c;
}

static void jhc_put_str(struct jhc_out *out, const char *s, unsigned int max)
{
	unsigned int n;

	for (n = 0; n < max && s[n]; n++)
		jhc_put_char(out, s[n]);
}

static void jhc_put_digits(struct jhc_out *out, uint64_t value,
			   unsigned int base, unsigned int min_digits)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[20];	/* 2^64 - 1 has 20 decimal digits */
	unsigned int n = 0;

	do {
		tmp[n++] = digits[value % base];
		value /= base;
	} while ((value || n < min_digits) && n < sizeof(tmp));
	while (n)
		jhc_put_char(out, tmp[--n]);
}

static void jhc_put_value(struct jhc_out *out, uint64_t value,
			  unsigned char fmt)
{
	switch (fmt) {
	case JHC_HEX:
		jhc_put_str(out, "0x", 2);
		jhc_put_digits(out, value, 16, 1);
		break;
	case JHC_DEC:
		jhc_put_digits(out, value, 10, 1);
		break;
	case JHC_BDF:
		jhc_put_digits(out, (value >> 16) & 0xffff, 16, 4);
		jhc_put_char(out, ':');
		jhc_put_digits(out, (value >> 8) & 0xff, 16, 2);
		jhc_put_char(out, ':');
		jhc_put_digits(out, (value >> 3) & 0x1f, 16, 2);
		jhc_put_char(out, '.');
		jhc_put_digits(out, value & 0x7, 16, 1);
		break;
	default:
		break;
	}
}

/*
 * "<item> <index>: <field> <value> (<label> <value2>) <reason> <value2>
 * '<other cell>'", leaving out what the finding does not have.
 */
uint64_t jh_format_config_error(char *buf, uint64_t size,
				const struct jh_config_error *err)
{
	/* Errors not made here get hex values and an unlabelled value2. */
	static const struct jhc_reason foreign = {
		"", JHC_HEX, JHC_HEX, JHC_PAREN, NULL
	};
	const struct jhc_reason *fmt = &foreign;
	struct jhc_out out = { buf, size, 0 };
	unsigned int n;

	if (!buf || size == 0)
		return 0;

	if (!err || (err->code == 0 && !err->reason)) {
		jhc_put_str(&out, "no error", JHC_MAX_TEXT);
		buf[out.len] = '\0';
		return out.len;
	}

	for (n = 0; n < JHC_R_COUNT; n++)
		if (err->reason == jhc_reasons[n].text)
			fmt = &jhc_reasons[n];

	if (err->item) {
		jhc_put_str(&out, err->item, JHC_MAX_TEXT);
		if (err->index >= 0) {
			jhc_put_char(&out, ' ');
			jhc_put_digits(&out, err->index, 10, 1);
		}
		jhc_put_str(&out, ": ", 2);
	}
	if (err->field) {
		jhc_put_str(&out, err->field, JHC_MAX_TEXT);
		if (fmt->value_fmt != JHC_NONE) {
			jhc_put_char(&out, ' ');
			jhc_put_value(&out, err->value, fmt->value_fmt);
		}
		if (fmt->value2_fmt != JHC_NONE && fmt->value2_pos == JHC_PAREN &&
		    (fmt != &foreign || err->value2)) {
			jhc_put_str(&out, " (", 2);
			if (fmt->value2_label) {
				jhc_put_str(&out, fmt->value2_label,
					    JHC_MAX_TEXT);
				jhc_put_char(&out, ' ');
			}
			jhc_put_value(&out, err->value2, fmt->value2_fmt);
			jhc_put_char(&out, ')');
		}
		jhc_put_char(&out, ' ');
	}
	if (fmt != &foreign)
		jhc_put_str(&out, fmt->text, sizeof(fmt->text));
	else
		jhc_put_str(&out, err->reason ? err->reason : "is invalid",
			    JHC_MAX_TEXT);
	if (fmt->value2_fmt != JHC_NONE && fmt->value2_pos == JHC_TAIL) {
		jhc_put_char(&out, ' ');
		jhc_put_value(&out, err->value2, fmt->value2_fmt);
	}
	if (err->other_cell) {
		jhc_put_str(&out, " '", 2);
		jhc_put_str(&out, err->other_cell, JH_CELL_NAME_LEN);
		jhc_put_char(&out, '\'');
	}
	buf[out.len] = '\0';
	return out.len;
}
