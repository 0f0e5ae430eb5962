/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The binary configuration format: system config (.cell given to
 * "jailhouse enable") and cell config (.cell given to "jailhouse cell
 * create").
 *
 * Both are flat, packed, little-endian byte streams produced by compiling a
 * C file under configs/ and extracting its data section. Every field is
 * documented in Documentation/config-format.md; keep the two in step.
 *
 * Layout of a cell config:
 *
 *   struct jh_cell_desc
 *   uint64_t                cpu_set[cpu_set_size / 8]
 *   struct jh_memory_region mem_regions[num_memory_regions]
 *   struct jh_irqchip       irqchips[num_irqchips]
 *   struct jh_pio_region    pio_regions[num_pio_regions]
 *   struct jh_pci_device    pci_devices[num_pci_devices]
 *   struct jh_link          links[num_links]
 *
 * A system config is struct jh_system_desc, whose last member is the root
 * cell's jh_cell_desc, followed by that cell's arrays as above.
 *
 * Every structure is a multiple of 8 bytes so the arrays stay naturally
 * aligned after the headers.
 */
#ifndef JAILHOUSE_CONFIG_H
#define JAILHOUSE_CONFIG_H

#include <jailhouse/types.h>

#define JH_SIGNATURE_SIZE	6
#define JH_SYSTEM_SIGNATURE	"JHSYST"
#define JH_CELL_SIGNATURE	"JHCELL"

/* Bumped on every incompatible change of this file. */
#define JH_CONFIG_REVISION	4

#define JH_ARCH_ARM64		1
#define JH_ARCH_X86		2

#define JH_CELL_NAME_LEN	32

/* Upper bounds that keep every loop over a config bounded. */
#define JH_MAX_CPUS		256
#define JH_MAX_MEM_REGIONS	256
#define JH_MAX_IRQCHIPS		16
#define JH_MAX_PIO_REGIONS	64
#define JH_MAX_PCI_DEVICES	64
#define JH_MAX_IOMMUS		4
#define JH_MAX_LINKS		8
/*
 * Longest msg_reply_timeout: the hypervisor waits for the reply with the
 * cell lifecycle lock held.
 */
#define JH_MAX_REPLY_TIMEOUT_MS	1000

/* struct jh_memory_region.flags */
#define JH_MEM_READ		0x0001
#define JH_MEM_WRITE		0x0002
#define JH_MEM_EXECUTE		0x0004
#define JH_MEM_DMA		0x0008
/* Device memory: mapped uncached/device-nGnRE, never loadable. */
#define JH_MEM_IO		0x0010
/*
 * The cell's communication page. phys_start is ignored (the hypervisor
 * provides the page), virt_start is where the cell sees it, size is one
 * page.
 */
#define JH_MEM_COMM_REGION	0x0020
/* Root cell may map it temporarily to copy an image in (cell load). */
#define JH_MEM_LOADABLE		0x0040
/* Stays mapped in the root cell as well: explicit shared memory. */
#define JH_MEM_ROOTSHARED	0x0080
#define JH_MEM_VALID_FLAGS	0x00ff

/* struct jh_cell_desc.flags */
/* The cell is not asked before shutdown/destroy; it is simply stopped. */
#define JH_CELL_PASSIVE_COMMREG	0x0001
/* The cell may print through the console hypercall. */
#define JH_CELL_CONSOLE_ALLOWED	0x0002
/*
 * Non-root cells: the cell's CPUs take their interrupts and drive their
 * interrupt controller interface without exits, where the hypervisor can
 * take such a CPU back without its own interrupt (arm64: SDEI firmware;
 * x86: an x2APIC in x2APIC mode). Elsewhere the cell runs trapped, as
 * without the flag, and enable/cell create say which path it got.
 */
#define JH_CELL_DIRECT_IRQ	0x0004
#define JH_CELL_VALID_FLAGS	0x0007

/* struct jh_console.type */
#define JH_CON_NONE		0
#define JH_CON_PL011		1	/* ARM PrimeCell UART, MMIO */
#define JH_CON_8250_PIO		2	/* 16550 in x86 I/O space */
#define JH_CON_8250_MMIO	3	/* 16550, 8-bit registers, MMIO */
#define JH_CON_CADENCE		4	/* Cadence UART (Xilinx Zynq/ZynqMP), MMIO */
#define JH_CON_IMX		5	/* i.MX 6/7/8M UART, MMIO */
#define JH_CON_LPUART		6	/* i.MX 7ULP/8/8X/9 LPUART, MMIO */
#define JH_CON_MAX_TYPE		JH_CON_LPUART

struct jh_memory_region {
	uint64_t phys_start;
	uint64_t virt_start;	/* guest-physical address inside the cell */
	uint64_t size;
	uint64_t flags;
} JH_PACKED;

#define JH_IRQCHIP_PIN_WORDS	4	/* 128 interrupt lines per entry */

/*
 * Interrupt lines a cell owns. On arm64 address is the GICD base and
 * pin_base an INTID (>= 32, SPIs only); on x86 address is an IOAPIC base and
 * pin_base its first pin.
 *
 * x86: id is JH_IOAPIC_SID_VALID | the IOAPIC's PCI requester ID (bus << 8
 * | device << 3 | function: the source ID its messages carry, from the
 * IOAPIC device scope of ACPI DMAR or the IOAPIC special device of IVRS),
 * or 0 when unknown. The IOMMU then accepts that IOAPIC's interrupt
 * entries from this requester only. The root cell's entry counts.
 */
struct jh_irqchip {
	uint64_t address;
	uint32_t id;
	uint32_t pin_base;
	uint32_t pin_bitmap[JH_IRQCHIP_PIN_WORDS];
} JH_PACKED;

#define JH_IOAPIC_SID_VALID	0x80000000U
#define JH_IOAPIC_SID(bdf)	(JH_IOAPIC_SID_VALID | (uint16_t)(bdf))

/* x86 port I/O range the cell may access directly. */
struct jh_pio_region {
	uint16_t base;
	uint16_t length;
	uint32_t reserved;
} JH_PACKED;

#define JH_PCI_TYPE_DEVICE	1
#define JH_PCI_TYPE_BRIDGE	2

/*
 * jh_pci_device.flags. JH_PCI_DMA_UNCONFINED: the config's author accepts
 * that the device's DMA (and so its MSIs) reaches all of memory, as no
 * IOMMU confines it yet. Without it, the hypervisor keeps the device's
 * bus mastering off while a non-root cell owns it. `config check` warns
 * about every device that has it.
 */
#define JH_PCI_DMA_UNCONFINED	0x01
#define JH_PCI_VALID_FLAGS	0x01

struct jh_pci_device {
	uint8_t type;
	union {
		uint8_t flags;		/* JH_PCI_* */
		uint8_t reserved0;	/* its old name */
	};
	uint16_t domain;
	uint16_t bdf;		/* bus << 8 | device << 3 | function */
	uint16_t reserved1;
} JH_PACKED;

/*
 * jh_console.flags, for JH_CON_8250_MMIO only (0 for the other types): the
 * register stride as the device tree's reg-shift gives it (0: registers
 * one byte apart, 2: four bytes apart) and JH_CON_IO32 for registers that
 * take 32-bit accesses only (reg-io-width 4).
 */
#define JH_CON_REG_SHIFT(n)	((uint16_t)((n) & 3U))
#define JH_CON_REG_SHIFT_OF(f)	((unsigned int)(f) & 3U)
#define JH_CON_IO32		0x0004U
#define JH_CON_8250_FLAGS	0x0007U

/*
 * One end of a shared-memory link between cells (an ivshmem 2.0 device;
 * Documentation/ivshmem.md). Every peer's config holds an end with the
 * same id, shmem_phys, sizes and num_peers, and its own peer_id. The
 * shared memory, state table first, then the R/W section, then one
 * output section per peer, is not listed among the memory regions: the
 * hypervisor maps it from here, the state table read-only, the R/W
 * section read-write, output section n writable by peer n only.
 *
 * The cell sees a PCI device (vendor 0x110a, device 0x4106) at bdf on its
 * config space, with BAR0 (registers, 4 KiB) at mmio_base and BAR1
 * (MSI-X table, 4 KiB) right after it; neither is memory of the cell, so
 * every access traps. arm64: irq is the SPI (INTID) the hypervisor
 * injects for doorbells and peer state changes to this end: a virtual
 * interrupt no cell owns. x86: irq must be 0 (reserved for MSI-X).
 *
 * The root cell's ends (in the system config) sit on the root's own PCI
 * bus: bdf a free slot of it, the BARs inside its host bridge's window,
 * arm64 irq the INTx SPI the host bridge's interrupt-map gives that slot
 * (a line the root owns and no real device drives); their memory is no
 * root memory region, and the device shows it as BAR2 at shmem_virt
 * (32 bit, aligned to jh_link_bar2_size()).
 */
#define JH_LINK_MAX_PEERS	2
#define JH_LINK_BAR_SIZE	0x1000
#define JH_LINK_MMIO_SIZE	(2 * JH_LINK_BAR_SIZE)

struct jh_link {
	uint32_t id;		/* the same in every peer's config */
	uint16_t peer_id;	/* this end, < num_peers */
	uint16_t num_peers;	/* 2..JH_LINK_MAX_PEERS */
	uint16_t domain;	/* PCI segment of the virtual device */
	uint16_t bdf;		/* bus << 8 | device << 3 | function */
	uint32_t irq;		/* arm64: SPI INTID; x86: 0 */
	uint64_t shmem_phys;	/* physical base: the state table */
	uint64_t shmem_virt;	/* guest-physical base in this cell */
	uint32_t state_table_size;	/* non-zero, 4 KiB multiple */
	uint32_t flags;		/* reserved, must be 0 */
	uint64_t rw_size;	/* 4 KiB multiple, may be 0 */
	uint64_t out_size;	/* per peer, 4 KiB multiple, may be 0 */
	uint64_t mmio_base;	/* BAR0, BAR1 = mmio_base + 4 KiB */
} JH_PACKED;

/* Bytes of a link's shared memory: state table, R/W, output sections. */
static inline uint64_t jh_link_shmem_size(const struct jh_link *l)
{
	return (uint64_t)l->state_table_size + l->rw_size +
		(uint64_t)l->num_peers * l->out_size;
}

/*
 * BAR2 of a root cell's end (its shared memory, as Linux maps it): the
 * shared memory's size rounded up to a power of two, at least 4 KiB.
 */
static inline uint64_t jh_link_bar2_size(const struct jh_link *l)
{
	uint64_t size = 0x1000, need = jh_link_shmem_size(l);
	unsigned int n;

	for (n = 0; n < 52U && size < need; n++) {
		size <<= 1;
	}
	return size;
}

struct jh_console {
	uint64_t address;	/* MMIO base, or I/O port for 8250_PIO */
	uint32_t size;
	uint16_t type;		/* JH_CON_* */
	uint16_t flags;		/* JH_CON_REG_SHIFT(), JH_CON_IO32 */
} JH_PACKED;

struct jh_cell_desc {
	char signature[JH_SIGNATURE_SIZE];
	uint16_t revision;
	uint32_t arch;		/* JH_ARCH_* */
	char name[JH_CELL_NAME_LEN];	/* NUL-terminated */
	uint32_t flags;		/* JH_CELL_* */
	uint32_t cpu_set_size;	/* bytes, a non-zero multiple of 8 */
	uint32_t num_memory_regions;
	uint32_t num_irqchips;
	uint32_t num_pio_regions;
	uint32_t num_pci_devices;
	uint32_t num_links;	/* struct jh_link entries, the last array */
	uint64_t cpu_reset_address;	/* guest-physical entry of the first CPU */
	/* Comm-region handshake, in ms; 0: default, at most
	 * JH_MAX_REPLY_TIMEOUT_MS. */
	uint64_t msg_reply_timeout;
	struct jh_console console;	/* the UART this cell's inmate may use */
} JH_PACKED;

/*
 * gic_version 3: gicd_base, gicr_base and gicr_stride; gich_base and
 * gicv_base are 0. gic_version 2 (GIC-400): gicd_base, gicc_base (where
 * cells find their CPU interface: the hypervisor maps the GICV frame
 * there), gich_base and gicv_base; gicr_stride is 0. All 4 KiB aligned
 * on GICv2, 64 KiB on GICv3.
 */
struct jh_arm64_platform {
	uint64_t gicd_base;
	union {
		uint64_t gicr_base;	/* GICv3: first redistributor */
		uint64_t gicc_base;	/* GICv2: CPU interface */
	};
	uint64_t gicr_stride;	/* bytes between two CPUs' redistributors */
	uint32_t gic_version;	/* 2 or 3 */
	uint32_t maintenance_irq;	/* PPI INTID, 25 on QEMU virt */
	uint64_t pci_ecam_base;	/* PCI ECAM base, 0 if none */
	uint8_t pci_ecam_end_bus;	/* last bus the ECAM covers */
	uint8_t reserved0[7];
	uint64_t gich_base;	/* GICv2: virtual interface control */
	uint64_t gicv_base;	/* GICv2: virtual CPU interface */
} JH_PACKED;

struct jh_x86_platform {
	uint64_t mmconfig_base;	/* PCI ECAM base, 0 if none */
	uint8_t mmconfig_end_bus;
	uint8_t reserved0;
	uint16_t pm_timer_address;	/* ACPI PM timer port */
	uint32_t reserved1;
	uint64_t reserved[6];
} JH_PACKED;

#define JH_PLATFORM_SIZE	64

/* struct jh_iommu.type */
#define JH_IOMMU_NONE		0	/* unused slot */
#define JH_IOMMU_AMD		1	/* AMD-Vi (ACPI IVRS), x86 */
#define JH_IOMMU_VTD		2	/* Intel VT-d (ACPI DMAR), x86 */
#define JH_IOMMU_SMMUV3		3	/* Arm SMMUv3 (ACPI IORT / DT), arm64 */
#define JH_IOMMU_MAX_TYPE	JH_IOMMU_SMMUV3

/*
 * A DMA and interrupt remapping unit, owned by the hypervisor: no cell
 * maps its registers. Used slots come first; all of one type. Every PCI
 * device behind it is confined to the memory of the cell that owns it
 * (the root cell by default): its JH_MEM_DMA regions.
 */
struct jh_iommu {
	uint64_t base;		/* register base, 4 KiB aligned */
	uint32_t size;		/* bytes of registers */
	uint16_t type;		/* JH_IOMMU_* */
	uint16_t flags;		/* reserved, must be 0 */
	/* AMD-Vi: the unit's own PCI function, hidden from every cell. */
	uint16_t amd_bdf;
	uint8_t amd_cap;	/* AMD-Vi: offset of its capability block */
	uint8_t reserved0;
	uint32_t reserved1;
	uint64_t reserved2;
} JH_PACKED;

struct jh_system_desc {
	char signature[JH_SIGNATURE_SIZE];
	uint16_t revision;
	uint32_t arch;
	uint32_t flags;		/* reserved, must be 0 */
	/* Reserved RAM holding the hypervisor and its memory pool. */
	struct jh_memory_region hypervisor_memory;
	/* Where the hypervisor itself prints. */
	struct jh_console debug_console;
	union {
		struct jh_arm64_platform arm64;
		struct jh_x86_platform x86;
		uint8_t raw[JH_PLATFORM_SIZE];
	} platform;
	struct jh_iommu iommus[JH_MAX_IOMMUS];
	struct jh_cell_desc root_cell;
} JH_PACKED;

JH_STATIC_ASSERT(sizeof(struct jh_memory_region) == 32, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_irqchip) == 32, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_pio_region) == 8, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_pci_device) == 8, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_console) == 16, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_cell_desc) == 104, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_link) == 64, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_arm64_platform) == JH_PLATFORM_SIZE,
		 "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_x86_platform) == JH_PLATFORM_SIZE,
		 "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_iommu) == 32, "ABI size");
JH_STATIC_ASSERT(sizeof(struct jh_system_desc) == 360, "ABI size");

/*
 * Accessors for the arrays behind a cell descriptor. No bounds checks:
 * call them only on a descriptor that passed jh_check_cell_config() or
 * jh_check_system_config(). The returned array pointers are naturally
 * aligned only if the descriptor is 8-byte aligned, which every consumer
 * (driver, hypervisor) guarantees by copying configs into fresh buffers.
 */
static inline const uint64_t *jh_cell_cpu_set(const struct jh_cell_desc *c)
{
	return (const uint64_t *)((const uint8_t *)c + sizeof(*c));
}

static inline const struct jh_memory_region *
jh_cell_mem_regions(const struct jh_cell_desc *c)
{
	return (const struct jh_memory_region *)
		((const uint8_t *)jh_cell_cpu_set(c) + c->cpu_set_size);
}

static inline const struct jh_irqchip *
jh_cell_irqchips(const struct jh_cell_desc *c)
{
	return (const struct jh_irqchip *)
		(jh_cell_mem_regions(c) + c->num_memory_regions);
}

static inline const struct jh_pio_region *
jh_cell_pio_regions(const struct jh_cell_desc *c)
{
	return (const struct jh_pio_region *)
		(jh_cell_irqchips(c) + c->num_irqchips);
}

static inline const struct jh_pci_device *
jh_cell_pci_devices(const struct jh_cell_desc *c)
{
	return (const struct jh_pci_device *)
		(jh_cell_pio_regions(c) + c->num_pio_regions);
}

static inline const struct jh_link *jh_cell_links(const struct jh_cell_desc *c)
{
	return (const struct jh_link *)
		(jh_cell_pci_devices(c) + c->num_pci_devices);
}

/* Total size of a cell descriptor with its arrays, in bytes. */
static inline uint64_t jh_cell_config_size(const struct jh_cell_desc *c)
{
	return sizeof(*c) + (uint64_t)c->cpu_set_size +
		(uint64_t)c->num_memory_regions *
			sizeof(struct jh_memory_region) +
		(uint64_t)c->num_irqchips * sizeof(struct jh_irqchip) +
		(uint64_t)c->num_pio_regions * sizeof(struct jh_pio_region) +
		(uint64_t)c->num_pci_devices * sizeof(struct jh_pci_device) +
		(uint64_t)c->num_links * sizeof(struct jh_link);
}

static inline bool jh_cpu_in_set(const struct jh_cell_desc *c,
				 unsigned int cpu)
{
	/* Byte-wise: bit n of the little-endian u64 array is bit n % 8 of
	 * byte n / 8, and bytes need no alignment. */
	if ((uint64_t)cpu >= (uint64_t)c->cpu_set_size * 8) {
		return false;
	}
	return (((const uint8_t *)jh_cell_cpu_set(c))[cpu / 8] >> (cpu % 8)) & 1;
}

#endif /* JAILHOUSE_CONFIG_H */
