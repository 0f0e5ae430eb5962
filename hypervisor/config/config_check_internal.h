/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the config validator share: limits, the items and
 * reasons a finding names, and small helpers. Private to
 * hypervisor/config/config_check*.c; callers use <jailhouse/config-check.h>.
 *
 * The driver compiles all parts as one translation unit
 * (driver/config_check.c), so static names must differ between the parts.
 */
#ifndef JH_CONFIG_CHECK_INTERNAL_H
#define JH_CONFIG_CHECK_INTERNAL_H

#include <jailhouse/config.h>
#include <jailhouse/config-check.h>
#include <jailhouse/hypercall.h>

#define JHC_PAGE_SIZE		0x1000ULL
#define JHC_GIC_ALIGN		0x10000ULL	/* GICv3 frames are 64 KiB */
#define JHC_GICD_SIZE		0x10000ULL
/* GICv2 (GIC-400) frames: distributor, CPU, control, virtual CPU. */
#define JHC_GICV2_GICD_SIZE	0x1000ULL
#define JHC_GICV2_GICC_SIZE	0x2000ULL
#define JHC_GICV2_GICH_SIZE	0x1000ULL
#define JHC_GICV2_GICV_SIZE	0x2000ULL
#define JHC_X86_LAPIC_BASE	0xfee00000ULL
#define JHC_X86_LAPIC_SIZE	0x1000ULL
#define JHC_X86_IOAPIC_SIZE	0x1000ULL
#define JHC_ECAM_BUS_SIZE	0x100000ULL	/* 32 devices, 8 functions, 4 KiB */
#define JHC_ARM64_PA_BITS	48
#define JHC_X86_PA_BITS		52
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
static const char jhc_item_iommu[] = "iommu";
static const char jhc_item_link[] = "link";

/* How a value is shown. */
enum {
	JHC_NONE,
	JHC_HEX,
	JHC_DEC,
	JHC_BDF,	/* domain << 16 | bus << 8 | dev << 3 | fn */
};

/*
 * Where value2 goes: "(<label> <value2>)" after value, or
 * "<value2> <label>" after reason.
 */
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
	JHC_R_ROOT_DIRECT_IRQ,
	JHC_R_RESERVED,
	JHC_R_CPU_SET_EMPTY,
	JHC_R_CON_TYPE,
	JHC_R_CON_PIO_ARCH,
	JHC_R_CON_PIO_ADDR,
	JHC_R_PAGE_ALIGN,
	JHC_R_GIC_ALIGN,
	JHC_R_MEM_FLAGS,
	JHC_R_PCI_FLAGS,
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
	JHC_R_GIC_OTHER_VERSION,
	JHC_R_GIC_IF_OVERLAP,
	JHC_R_MAINT_IRQ,
	JHC_R_PIN_BASE_WRAPS,
	JHC_R_NOT_SPI,
	JHC_R_PIN_ABOVE_SPI,
	JHC_R_NOT_GICD,
	JHC_R_IOAPIC_SID,
	JHC_R_PIO_END,
	JHC_R_PCI_TYPE,
	JHC_R_PCI_TWICE,
	JHC_R_CPU_NOT_IN_ROOT,
	JHC_R_TAKES_ALL_CPUS,
	JHC_R_NOT_IN_ROOT_MEM,
	JHC_R_PIN_NOT_IN_ROOT,
	JHC_R_PCI_NOT_IN_ROOT,
	JHC_R_PCI_ARM64_CELL,
	JHC_R_SAME_NAME,
	JHC_R_CPU_SHARED,
	JHC_R_MEM_SHARED,
	JHC_R_PIN_SHARED,
	JHC_R_PCI_SHARED,
	JHC_R_RESET_NOT_EXEC,
	JHC_R_RESET_REAL_MODE,
	JHC_R_ABOVE_PA,
	JHC_R_LAPIC_OVERLAP,
	JHC_R_IOAPIC_OVERLAP,
	JHC_R_ECAM_OVERLAP,
	JHC_R_IOMMU_OVERLAP,
	JHC_R_IOMMU_TYPE,
	JHC_R_IOMMU_MIXED,
	JHC_R_IOMMU_GAP,
	JHC_R_IOMMU_SIZE,
	JHC_R_IOMMU_TWICE,
	JHC_R_IOMMU_AMD_ONLY,
	JHC_R_PIO_SHARED,
	JHC_R_REPLY_TIMEOUT,
	JHC_R_MAX_LINKS,
	JHC_R_LINK_PEERS,
	JHC_R_LINK_PEER_ID,
	JHC_R_LINK_STATE_SIZE,
	JHC_R_LINK_MEM_OVERLAP,
	JHC_R_LINK_OVERLAP,
	JHC_R_LINK_ID_TWICE,
	JHC_R_LINK_BDF_PCI,
	JHC_R_LINK_BDF_TWICE,
	JHC_R_LINK_IRQ_X86,
	JHC_R_LINK_IRQ_OWNED,
	JHC_R_LINK_DIFFERS,
	JHC_R_LINK_SAME_PEER,
	JHC_R_LINK_SHMEM_USED,
	JHC_R_LINK_ROOT_IRQ,
	JHC_R_LINK_ROOT_PIN,
	JHC_R_LINK_ROOT_BAR2,
	JHC_R_GICR_DMA,
	JHC_R_ROOT_LINK_MEM,
	JHC_R_COUNT
};

/* Indexed by enum jhc_reason_id (config_check.c). */
extern const struct jhc_reason jh_cfg_reasons[JHC_R_COUNT];

/* Fills in err (if not NULL) and returns code. */
int jh_cfg_fail(struct jh_config_error *err, int code, const char *item,
		int index, const char *field, uint64_t value, uint64_t value2,
		enum jhc_reason_id reason);

#define JHC_FAIL(item, index, field, value, value2, reason) \
	jh_cfg_fail(err, -JH_EINVAL, item, index, field, value, value2, reason)

static inline void jhc_clear(struct jh_config_error *err)
{
	if (err != NULL) {
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

static inline bool jhc_sig_is(const char *sig, const char *expected)
{
	unsigned int n;

	for (n = 0; n < JH_SIGNATURE_SIZE; n++) {
		if (sig[n] != expected[n]) {
			return false;
		}
	}
	return true;
}

static inline bool jhc_aligned(uint64_t value, uint64_t alignment)
{
	return (value & (alignment - 1)) == 0;
}

/* Inclusive end, so a range ending exactly at 2^64 is representable. */
static inline bool jhc_wraps(uint64_t start, uint64_t size)
{
	return size != 0 && size - 1 > JHC_U64_MAX - start;
}

static inline uint64_t jhc_last(uint64_t start, uint64_t size)
{
	return start + size - 1;
}

static inline bool jhc_overlap(uint64_t a, uint64_t a_size, uint64_t b,
			       uint64_t b_size)
{
	return a <= jhc_last(b, b_size) && b <= jhc_last(a, a_size);
}

static inline bool jhc_inside(uint64_t inner, uint64_t inner_size,
			      uint64_t outer, uint64_t outer_size)
{
	return inner >= outer &&
		jhc_last(inner, inner_size) <= jhc_last(outer, outer_size);
}

/* A conflict between two cells: -JH_EBUSY, naming the other cell. */
static inline int jhc_conflict(struct jh_config_error *err,
			       const char *item, int index, const char *field,
			       uint64_t value, uint64_t value2,
			       enum jhc_reason_id reason,
			       const struct jh_cell_desc *other)
{
	jh_cfg_fail(err, -JH_EBUSY, item, index, field, value, value2, reason);
	if (err != NULL) {
		err->other_cell = other->name;
	}
	return -JH_EBUSY;
}

/* Loop bounds for the cross checks, which trust an already checked config
 * but must stay bounded even if handed a bad one. */
static inline unsigned int jhc_bound(uint32_t count, unsigned int max)
{
	return count > max ? max : count;
}

#define JHC_NUM_MEM(c)	jhc_bound((c)->num_memory_regions, JH_MAX_MEM_REGIONS)
#define JHC_NUM_IRQ(c)	jhc_bound((c)->num_irqchips, JH_MAX_IRQCHIPS)
#define JHC_NUM_PIO(c)	jhc_bound((c)->num_pio_regions, JH_MAX_PIO_REGIONS)
#define JHC_NUM_PCI(c)	jhc_bound((c)->num_pci_devices, JH_MAX_PCI_DEVICES)
#define JHC_NUM_LINK(c)	jhc_bound((c)->num_links, JH_MAX_LINKS)

/* The CPU set may sit at any alignment: read it through a packed type. */
struct jhc_u64 {
	uint64_t v;
} JH_PACKED;

static inline unsigned int jhc_num_cpu_bits(const struct jh_cell_desc *c)
{
	return jhc_bound(c->cpu_set_size, JH_MAX_CPUS / 8) / 8 * 64;
}

static inline bool jhc_has_cpu(const struct jh_cell_desc *c, unsigned int cpu)
{
	const struct jhc_u64 *set =
		(const struct jhc_u64 *)((const uint8_t *)c + sizeof(*c));

	if (cpu >= jhc_num_cpu_bits(c)) {
		return false;
	}
	return (set[cpu / 64].v >> (cpu % 64)) & 1;
}

static inline bool jhc_has_pin(const struct jh_irqchip *chip, uint64_t pin)
{
	uint64_t n;

	if (pin < chip->pin_base || pin - chip->pin_base >= JHC_IRQCHIP_PINS) {
		return false;
	}
	n = pin - chip->pin_base;
	return (chip->pin_bitmap[n / 32] >> (n % 32)) & 1;
}

static inline uint64_t jhc_pci_id(const struct jh_pci_device *dev)
{
	return (uint64_t)dev->domain << 16 | dev->bdf;
}

/* Bytes of the ECAM the x86 platform data describes (base non-zero). */
/* The PCI ECAM of either arch: base (0: none) and size. */
static inline uint64_t jhc_ecam_base(const struct jh_system_desc *sys)
{
	return sys->arch == JH_ARCH_ARM64 ? sys->platform.arm64.pci_ecam_base :
		sys->platform.x86.mmconfig_base;
}

static inline uint64_t jhc_ecam_size(const struct jh_system_desc *sys)
{
	uint8_t end = sys->arch == JH_ARCH_ARM64 ?
		sys->platform.arm64.pci_ecam_end_bus :
		sys->platform.x86.mmconfig_end_bus;

	return ((uint64_t)end + 1) * JHC_ECAM_BUS_SIZE;
}

static inline bool jhc_is_comm(const struct jh_memory_region *mem)
{
	return mem->flags & JH_MEM_COMM_REGION;
}

/*
 * Memory regions, irqchips, pio regions and PCI devices of c
 * (config_check_arrays.c). sys is given for the root cell.
 */
int jh_cfg_check_cell_arrays(const struct jh_cell_desc *c, uint32_t arch,
			     const struct jh_system_desc *sys,
			     struct jh_config_error *err);

/*
 * The largest physical address size of arch. Here, not in
 * config_check_addr.c: the link checks need it, and that file calls them.
 */
static inline unsigned int jh_cfg_arch_phys_bits(uint32_t arch)
{
	return arch == JH_ARCH_ARM64 ? JHC_ARM64_PA_BITS : JHC_X86_PA_BITS;
}

/*
 * Address width (config_check_addr.c): checks of one region, one console
 * and the system header's addresses against bits.
 */
int jh_cfg_check_mem_width(const struct jh_memory_region *m, int index,
			   unsigned int bits, struct jh_config_error *err);
int jh_cfg_check_console_width(const char *item, const struct jh_console *con,
			       unsigned int bits,
			       struct jh_config_error *err);
int jh_cfg_check_platform_width(const struct jh_system_desc *sys,
				unsigned int bits,
				struct jh_config_error *err);

/*
 * Region m (index in its cell) against the devices of sys that the
 * hypervisor emulates or owns (config_check_devices.c).
 */
int jh_cfg_check_device_overlap(const struct jh_system_desc *sys, int index,
				const struct jh_memory_region *m,
				struct jh_config_error *err);

/*
 * Links (config_check_links.c): those of one cell on their own (gicd_base
 * of the system on arm64 for the root cell, else 0), against the system
 * (memory from the root cell, SPIs no cell owns) and between two cells
 * (same id: same memory, sizes and peers; different ids or other memory:
 * no overlap).
 */
int jh_cfg_check_links(const struct jh_cell_desc *c, uint32_t arch,
		       bool is_root, struct jh_config_error *err);
int jh_cfg_check_link_width(const struct jh_cell_desc *c, unsigned int bits,
			    struct jh_config_error *err);
/* The root cell's own link ends, against the system. */
int jh_cfg_root_links(const struct jh_system_desc *sys,
		      struct jh_config_error *err);
int jh_cfg_links_in_system(const struct jh_system_desc *sys,
			   const struct jh_cell_desc *cell,
			   struct jh_config_error *err);
int jh_cfg_links_between(const struct jh_cell_desc *a,
			 const struct jh_cell_desc *b,
			 struct jh_config_error *err);

/* The IOMMU units of sys (config_check_iommu.c), and region m against them. */
int jh_cfg_check_iommus(const struct jh_system_desc *sys,
			struct jh_config_error *err);
int jh_cfg_iommu_overlap(const struct jh_system_desc *sys, int index,
			 const struct jh_memory_region *m,
			 struct jh_config_error *err);

#endif /* JH_CONFIG_CHECK_INTERNAL_H */
