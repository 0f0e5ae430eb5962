// SPDX-License-Identifier: GPL-2.0
/*
 * The one config validator (see include/jailhouse/config-check.h): this
 * file holds the words of its findings and formats them; the checks are in
 * config_check_header.c (headers, platform, whole configs),
 * config_check_arrays.c (the arrays of one cell), config_check_cells.c
 * (a cell against the system and against other cells),
 * config_check_addr.c (address width), config_check_devices.c (devices
 * no cell may map) and config_check_links.c (shared-memory links).
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
 *   console type known, flags == 0 (8250 MMIO: register shift and
 *   JH_CON_IO32 only), JH_CON_8250_PIO only on x86 and inside
 *   the port space, an MMIO console below the arch's physical address
 *   size; at least one CPU.
 * System header: flags == 0; hypervisor memory non-zero, 4 KiB aligned,
 *   no wrap, known flags; debug console as above; arm64 platform:
 *   gic_version 3 (GICD/GICR base and GICR stride non-zero and 64 KiB
 *   aligned, GICH/GICV base 0) or 2 (GICD/GICC/GICH/GICV base non-zero
 *   and 4 KiB aligned, GICR stride 0), maintenance IRQ a PPI,
 *   reserved == 0, pci_ecam_base 4 KiB aligned;
 *   x86 platform: reserved == 0, mmconfig/IOMMU base 4 KiB aligned; hypervisor memory and platform
 *   addresses below the arch's physical address size (arm64 48, x86 52
 *   bits).
 * Memory regions: size non-zero; phys_start (not for comm regions),
 *   virt_start and size 4 KiB aligned; known flags; neither range wraps
 *   around 2^64 and both end below the arch's physical address size (not
 *   phys for comm regions); a comm region is exactly one page, not
 *   combined with IO, DMA, LOADABLE or ROOTSHARED, and there is at most
 *   one; IO is never LOADABLE or EXECUTE; no two regions overlap in
 *   guest-physical space. Root cell only: mapped 1:1, clear of the
 *   hypervisor memory and of the devices the hypervisor emulates or owns
 *   (ECAM, IOMMU; arm64 GICD, GICv2 GICC/GICH/GICV; x86 local APIC,
 *   IOAPICs).
 * Irqchips: pin_base + 128 fits in 32 bits; arm64: pin_base >= 32 (SPIs
 *   only), no pin above 1019; root cell: address == the GICD base; x86:
 *   id is 0 or JH_IOAPIC_SID_VALID | a 16-bit requester ID.
 * Pio regions (x86): length non-zero, base + length <= 0x10000,
 *   reserved == 0.
 * PCI devices: type DEVICE or BRIDGE, reserved == 0, no duplicates.
 * Links: flags 0, 2 <= num_peers <= JH_LINK_MAX_PEERS, peer_id below it,
 *   state table a non-zero 4 KiB multiple, sections 4 KiB multiples,
 *   bases 4 KiB aligned, no wrap, below the address size; arm64 irq an
 *   SPI, x86 irq 0; shared memory and BARs off the cell's regions and its
 *   other links; ids and BDFs once per cell, no BDF of a real device.
 * Non-root cells last: reset address in executable memory (x86: below
 *   1 MiB); msg_reply_timeout <= JH_MAX_REPLY_TIMEOUT_MS.
 *
 * jh_check_cell_in_system(): same arch; each CPU exists in the root cell and
 *   root keeps at least one; no region (except comm) overlaps the hypervisor
 *   memory, an emulated device (arm64: a DMA region the GICv3
 *   redistributors too) or a root link end's memory; each region that is
 *   neither comm nor ROOTSHARED lies inside one root cell region; arm64
 *   irqchips sit at the GICD; each pin is owned by the root cell; each PCI
 *   device is listed in the root cell; arm64: PCI devices only with an
 *   ECAM in the platform;
 *   link memory in root RAM (or the memory of the root's end of the same
 *   link, which it must agree with), off the hypervisor and every other
 *   root end's memory, BARs off ECAM and GICD, arm64 link SPIs not owned
 *   by the root cell.
 * Root cell's links (jh_check_system_config): off the hypervisor, BARs off
 *   ECAM and GICD, arm64 irq an SPI the root owns, shmem_virt aligned to
 *   the shared memory's size rounded up to a power of two (BAR2).
 * jh_check_cells_disjoint(): different names; no shared CPU; no physical
 *   memory overlap unless both regions are ROOTSHARED; no shared pin; no
 *   shared port; no shared PCI device; ends of one link agree on memory,
 *   sizes and peers and differ in peer id; no other memory on a link's.
 * jh_check_system_addr_bits(), jh_check_cell_addr_bits(): every address
 *   against the CPU's physical address size (the hypervisor's call).
 *
 * Error codes: -JH_E2BIG for counts and cpu_set_size above the limits,
 * -JH_EBUSY for conflicts between two cells, -JH_EINVAL for all else.
 */
#include "config_check_internal.h"

#define JHC_R(id, txt, vfmt)	[id] = { txt, vfmt, JHC_NONE, JHC_PAREN, NULL }
#define JHC_R2(id, txt, vfmt, v2fmt, pos, label) \
	[id] = { txt, vfmt, v2fmt, pos, label }

const struct jhc_reason jh_cfg_reasons[JHC_R_COUNT] = {
	JHC_R(JHC_R_NO_DATA, "is missing (NULL pointer)", JHC_NONE),
	JHC_R(JHC_R_CELL_TOO_SMALL,
	      "is smaller than a cell config header (104 bytes)", JHC_DEC),
	JHC_R(JHC_R_SYS_TOO_SMALL,
	      "is smaller than a system config header (360 bytes)", JHC_DEC),
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
	JHC_R(JHC_R_ROOT_DIRECT_IRQ,
	      "sets JH_CELL_DIRECT_IRQ, which only non-root cells may set",
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
	JHC_R(JHC_R_PCI_FLAGS,
	      "has unknown bits (valid: " JHC_STR(JH_PCI_VALID_FLAGS) ")",
	      JHC_HEX),
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
	JHC_R(JHC_R_GIC_VERSION, "is neither 2 (GICv2) nor 3 (GICv3)",
	      JHC_DEC),
	JHC_R(JHC_R_GIC_OTHER_VERSION,
	      "belongs to the other gic_version and must be 0", JHC_HEX),
	JHC_R2(JHC_R_GIC_IF_OVERLAP,
	       "overlaps a GICv2 CPU, control or virtual CPU interface "
	       "(never mapped as memory)", JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_MAINT_IRQ, "is not a PPI (16-31)", JHC_DEC),
	JHC_R(JHC_R_PIN_BASE_WRAPS, "plus 128 pins overflows 32 bits",
	      JHC_HEX),
	JHC_R(JHC_R_NOT_SPI,
	      "is below 32 (arm64 irqchips hold SPIs only)", JHC_DEC),
	JHC_R(JHC_R_PIN_ABOVE_SPI, "is above 1019, the last SPI", JHC_DEC),
	JHC_R2(JHC_R_NOT_GICD, "is not the GICD base", JHC_HEX, JHC_HEX,
	       JHC_TAIL, NULL),
	JHC_R(JHC_R_IOAPIC_SID,
	      "is neither 0 nor JH_IOAPIC_SID_VALID | a 16-bit requester ID",
	      JHC_HEX),
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
	JHC_R(JHC_R_PCI_ARM64_CELL,
	      "cannot go to an arm64 cell: no pci_ecam_base, root keeps access",
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
	JHC_R2(JHC_R_ABOVE_PA, "ends above a physical address size of",
	       JHC_HEX, JHC_DEC, JHC_TAIL, "bits"),
	JHC_R2(JHC_R_LAPIC_OVERLAP,
	       "overlaps the local APIC page 0xfee00000 (owned by the "
	       "hypervisor, never mapped)", JHC_HEX, JHC_HEX, JHC_PAREN,
	       "size"),
	JHC_R2(JHC_R_IOAPIC_OVERLAP,
	       "overlaps an IOAPIC of the root cell (emulated, never mapped)",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R2(JHC_R_ECAM_OVERLAP,
	       "overlaps the PCI ECAM (emulated, never mapped)",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R2(JHC_R_IOMMU_OVERLAP,
	       "overlaps an IOMMU (owned by the hypervisor, never mapped)",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_IOMMU_TYPE, "is not an IOMMU type of this arch (x86: "
	      "1 AMD-Vi, 2 VT-d; arm64: 3 SMMUv3)", JHC_DEC),
	JHC_R2(JHC_R_IOMMU_MIXED, "differs from unit 0's type: one IOMMU "
	       "type per system", JHC_DEC, JHC_DEC, JHC_PAREN, "unit 0"),
	JHC_R(JHC_R_IOMMU_GAP, "follows an unused slot: used units come first",
	      JHC_DEC),
	JHC_R(JHC_R_IOMMU_SIZE, "is not a multiple of 4 KiB up to 1 MiB",
	      JHC_HEX),
	JHC_R2(JHC_R_IOMMU_TWICE, "overlaps the registers of unit", JHC_HEX,
	       JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_IOMMU_AMD_ONLY, "is for AMD-Vi units only, must be 0",
	      JHC_HEX),
	JHC_R2(JHC_R_PIO_SHARED, "overlaps ports of cell", JHC_HEX, JHC_HEX,
	       JHC_PAREN, "length"),
	JHC_R(JHC_R_REPLY_TIMEOUT,
	      "is above " JHC_STR(JH_MAX_REPLY_TIMEOUT_MS) " ms, the longest "
	      "the hypervisor waits for a reply", JHC_DEC),
	JHC_R(JHC_R_MAX_LINKS,
	      "is above JH_MAX_LINKS (" JHC_STR(JH_MAX_LINKS) ")", JHC_DEC),
	JHC_R(JHC_R_LINK_PEERS,
	      "is not 2.." JHC_STR(JH_LINK_MAX_PEERS) " (JH_LINK_MAX_PEERS)",
	      JHC_DEC),
	JHC_R2(JHC_R_LINK_PEER_ID, "is not below num_peers", JHC_DEC, JHC_DEC,
	       JHC_TAIL, NULL),
	JHC_R(JHC_R_LINK_STATE_SIZE,
	      "is zero or not a 4 KiB multiple (state table)", JHC_HEX),
	JHC_R2(JHC_R_LINK_MEM_OVERLAP,
	       "overlaps memory region", JHC_HEX, JHC_DEC, JHC_TAIL, NULL),
	JHC_R2(JHC_R_LINK_OVERLAP, "overlaps the shared memory or BARs of link",
	       JHC_HEX, JHC_DEC, JHC_TAIL, NULL),
	JHC_R2(JHC_R_LINK_ID_TWICE, "is used twice, also by link", JHC_DEC,
	       JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_LINK_BDF_PCI,
	      "is a real PCI device of the cell, not free for a link",
	      JHC_BDF),
	JHC_R2(JHC_R_LINK_BDF_TWICE, "is also the device of link", JHC_BDF,
	       JHC_DEC, JHC_TAIL, NULL),
	JHC_R(JHC_R_LINK_IRQ_X86, "must be 0 in an x86 cell (MSI-X only)",
	      JHC_DEC),
	JHC_R(JHC_R_LINK_IRQ_OWNED,
	      "is a physical SPI of the root cell, not free for a link",
	      JHC_DEC),
	JHC_R(JHC_R_LINK_DIFFERS,
	      "differs from that of the same link in cell", JHC_HEX),
	JHC_R(JHC_R_LINK_SAME_PEER,
	      "is the same as that of the same link in cell", JHC_DEC),
	JHC_R2(JHC_R_LINK_SHMEM_USED,
	       "overlaps memory or another link's shared memory of cell",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R(JHC_R_LINK_ROOT_IRQ,
	      "is no SPI of the root cell (a root end's is its slot's INTx)",
	      JHC_DEC),
	JHC_R(JHC_R_LINK_ROOT_PIN,
	      "is no pin of the root cell's first IOAPIC (a root end's is its slot's INTA)",
	      JHC_DEC),
	JHC_R2(JHC_R_LINK_ROOT_BAR2,
	       "is not a 32-bit BAR2 address aligned to its size",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "BAR2 size"),
	JHC_R2(JHC_R_GICR_DMA,
	       "is DMA memory over the GICv3 redistributors",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
	JHC_R2(JHC_R_ROOT_LINK_MEM,
	       "overlaps the shared memory of the root cell's end of a link",
	       JHC_HEX, JHC_HEX, JHC_PAREN, "size"),
};

/* Filled in at each failure; err may be NULL if only the code matters. */
int jh_cfg_fail(struct jh_config_error *err, int code, const char *item,
		int index, const char *field, uint64_t value, uint64_t value2,
		enum jhc_reason_id reason)
{
	if (err != NULL) {
		err->code = code;
		err->item = item;
		err->index = index;
		err->field = field;
		err->value = value;
		err->value2 = value2;
		err->reason = jh_cfg_reasons[reason].text;
		err->other_cell = NULL;
	}
	return code;
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
	if (c < 0x20 || c > 0x7e) {
		c = '?';
	}
	if (out->len + 1 < out->size) {
		out->buf[out->len++] = c;
	}
}

static void jhc_put_str(struct jhc_out *out, const char *s, unsigned int max)
{
	unsigned int n;

	for (n = 0; n < max && s[n]; n++) {
		jhc_put_char(out, s[n]);
	}
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
	while (n != 0U) {
		jhc_put_char(out, tmp[--n]);
	}
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

	if (!buf || size == 0) {
		return 0;
	}

	if (!err || (err->code == 0 && !err->reason)) {
		jhc_put_str(&out, "no error", JHC_MAX_TEXT);
		buf[out.len] = '\0';
		return out.len;
	}

	for (n = 0; n < JHC_R_COUNT; n++) {
		if (err->reason == jh_cfg_reasons[n].text) {
			fmt = &jh_cfg_reasons[n];
		}
	}

	if (err->item != NULL) {
		jhc_put_str(&out, err->item, JHC_MAX_TEXT);
		if (err->index >= 0) {
			jhc_put_char(&out, ' ');
			jhc_put_digits(&out, err->index, 10, 1);
		}
		jhc_put_str(&out, ": ", 2);
	}
	if (err->field != NULL) {
		jhc_put_str(&out, err->field, JHC_MAX_TEXT);
		if (fmt->value_fmt != JHC_NONE) {
			jhc_put_char(&out, ' ');
			jhc_put_value(&out, err->value, fmt->value_fmt);
		}
		if (fmt->value2_fmt != JHC_NONE && fmt->value2_pos == JHC_PAREN &&
		    (fmt != &foreign || err->value2)) {
			jhc_put_str(&out, " (", 2);
			if (fmt->value2_label != NULL) {
				jhc_put_str(&out, fmt->value2_label,
					    JHC_MAX_TEXT);
				jhc_put_char(&out, ' ');
			}
			jhc_put_value(&out, err->value2, fmt->value2_fmt);
			jhc_put_char(&out, ')');
		}
		jhc_put_char(&out, ' ');
	}
	if (fmt != &foreign) {
		jhc_put_str(&out, fmt->text, sizeof(fmt->text));
	} else {
		jhc_put_str(&out, err->reason ? err->reason : "is invalid",
			    JHC_MAX_TEXT);
	}
	if (fmt->value2_fmt != JHC_NONE && fmt->value2_pos == JHC_TAIL) {
		jhc_put_char(&out, ' ');
		jhc_put_value(&out, err->value2, fmt->value2_fmt);
		if (fmt->value2_label != NULL) {
			jhc_put_char(&out, ' ');
			jhc_put_str(&out, fmt->value2_label, JHC_MAX_TEXT);
		}
	}
	if (err->other_cell != NULL) {
		jhc_put_str(&out, " '", 2);
		jhc_put_str(&out, err->other_cell, JH_CELL_NAME_LEN);
		jhc_put_char(&out, '\'');
	}
	buf[out.len] = '\0';
	return out.len;
}
