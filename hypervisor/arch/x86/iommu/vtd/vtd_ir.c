// SPDX-License-Identifier: GPL-2.0
/*
 * VT-d interrupt remapping, xAPIC destination format (the hypervisor
 * runs the local APICs in xAPIC mode only, so EIME stays off).
 *
 * One interrupt remapping table, shared by the units, holds a block of
 * VTD_IR_PER_DEVICE entries for each PCI device the root cell's config
 * lists (the only ones a cell can take) and for each root function with
 * MSI (pci_root_msi_scan), then one entry per IOAPIC pin
 * (IOAPIC_MAX * IOMMU_IOAPIC_PINS): no allocation after enable.
 *
 * Compatibility-format interrupts are blocked (GCMD.CFI clear, EIME off):
 * a DMA write of a plain message to 0xfee00000 raises nothing, an NMI
 * neither. That needs every interrupt the root sends in remappable
 * format: its MSI functions' messages (pci_root.c) and the IOAPIC's
 * entries (ioapic_ir.c: the hardware entry holds the index, format bit
 * and the owner's vector, which keeps the EOI broadcast matching), and
 * its MSI-X functions' entries once their tables are trapped (pci_msix.c).
 * A root MSI-X function whose table cannot be trapped would lose its
 * interrupts: with one present, the format stays allowed, as the console
 * says at enable. The IOAPIC's entries (written by ioapic_remap) name the
 * IOAPIC's source ID as their only requester when the root cell's irqchip
 * gives it (JH_IOAPIC_SID); without, they verify none, and a device can
 * replay what a pin is programmed to send, nothing else.
 *
 * A device entry is written only by msi_remap, with
 * the message the caller checked against the owning cell, and names its
 * device as the only requester allowed to use it (source-id
 * verification), so a device cannot raise another device's interrupts by
 * choosing a handle. A device's entries are cleared whenever it changes
 * cells. The device itself is given a remappable-format message: handle
 * = first entry of its block, SHV set, data = message number, so the
 * unit picks entry handle + data, which also fits multi-message MSI
 * (the device ORs the message number into the data).
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/ioapic.h>
#include <asm/pci.h>
#include <asm/vtd_ir.h>
#include <asm/vtd_qi.h>
#include <asm/vtd_regs.h>
#include <asm/vtd_unit.h>

#define VTD_IR_PER_DEVICE	32	/* MSI's maximum; MSI-X beyond: refused */
#define VTD_IR_MIN_ENTRIES	256	/* one page */
#define VTD_IR_BLOCK_MASK	5	/* log2(VTD_IR_PER_DEVICE) */

#define MSI_ADDR_DEST(a)	(((a) >> 12) & 0xff)
#define MSI_ADDR_RH		BIT64(3)
#define MSI_ADDR_DM		BIT64(2)
#define MSI_ADDR_FIXED_MASK	0xfff00000ULL
#define MSI_DATA_VECTOR(d)	((d) & 0xff)
#define MSI_DATA_MODE(d)	(((d) >> 8) & 7)
#define MSI_DATA_LEVEL_TRIG	BIT(15)
#define MODE_FIXED		0
#define MODE_LOWEST		1

#define VTD_IR_IOAPIC_ENTRIES	(IOAPIC_MAX * IOMMU_IOAPIC_PINS)

static uint64_t *irt;
static unsigned int irt_entries;
static unsigned int ioapic_first;	/* entry of IOAPIC index 0 */
static uint16_t slot_bdf[JH_MAX_PCI_DEVICES];
static unsigned int slots;
static bool compat_blocked;
static DEFINE_SPINLOCK(ir_lock);

static int slot_of(uint16_t bdf)
{
	unsigned int n;

	for (n = 0; n < slots; n++) {
		if (slot_bdf[n] == bdf) {
			return (int)n;
		}
	}
	return -1;
}

static void add_slot(uint16_t bdf)
{
	if (slot_of(bdf) < 0 && slots < JH_MAX_PCI_DEVICES) {
		slot_bdf[slots++] = bdf;
	} else if (slot_of(bdf) < 0) {
		printk("  VT-d: PCI %02x:%02x.%x: no interrupt remapping entries left\n",
		       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
	}
}

int vtd_ir_init(void)
{
	const struct jh_cell_desc *root = root_cell.config;
	const struct jh_pci_device *dev = jh_cell_pci_devices(root);
	uint16_t msi[PCI_ROOT_MSI_MAX];
	const uint16_t *msix;
	unsigned int n, num;

	if (!vtd.ir) {
		return 0;
	}
	slots = 0;
	for (n = 0; n < root->num_pci_devices; n++) {
		if (dev[n].domain == 0) {
			add_slot(dev[n].bdf);
		}
	}
	num = pci_root_msi_scan(msi, PCI_ROOT_MSI_MAX);
	for (n = 0; n < num; n++) {
		add_slot(msi[n]);
	}
	compat_blocked = pci_root_msix(&msix) == 0;
	ioapic_first = slots * VTD_IR_PER_DEVICE;
	irt_entries = VTD_IR_MIN_ENTRIES;
	while (irt_entries < ioapic_first + VTD_IR_IOAPIC_ENTRIES) {
		irt_entries *= 2;
	}
	irt = page_alloc(&hv.pool, irt_entries * 16 / PAGE_SIZE);
	return irt ? 0 : -JH_ENOMEM;
}

bool vtd_ir_compat_blocked(void)
{
	return irt && compat_blocked;
}

/* Every unit forgets cached copies of entries [first, first + 2^mask). */
static int invalidate_entries(unsigned int first, unsigned int mask)
{
	const uint64_t desc[1][2] = {
		{ VTD_INV_IEC | VTD_INV_IEC_INDEX | ((uint64_t)mask << 27) |
		  VTD_INV_IEC_IIDX(first), 0 },
	};
	unsigned int n;
	int err = 0;

	for (n = 0; n < vtd.units; n++) {
		if (vtd_qi_submit(&vtd_units[n], desc, 1) != 0) {
			err = -JH_EBUSY;
		}
	}
	return err;
}

/*
 * GSTS.CFI to allow, bounded. A unit that never reports it (QEMU's has
 * no CFI and passes the format always) is said on the console.
 */
static void set_compat_format(struct vtd_unit *u, bool allow)
{
	uint32_t sts = vtd_read32(u, VTD_GSTS) & VTD_GSTS_PERSISTENT;
	unsigned int n;

	if (!!(sts & VTD_GCMD_CFI) == allow) {
		return;
	}
	vtd_write32(u, VTD_GCMD, allow ? sts | VTD_GCMD_CFI :
		    sts & ~VTD_GCMD_CFI);
	for (n = 0; n < 1000; n++) {
		if (!!(vtd_read32(u, VTD_GSTS) & VTD_GCMD_CFI) == allow) {
			return;
		}
	}
	printk("  VT-d unit at 0x%llx: compatibility format not reported as %s (the unit ignores the command)\n",
	       (unsigned long long)u->base, allow ? "allowed" : "blocked");
}

int vtd_ir_enable(struct vtd_unit *u)
{
	const uint64_t global[1][2] = { { VTD_INV_IEC, 0 } };
	int err;

	vtd_clflush(irt, irt_entries * 16);
	vtd_write64(u, VTD_IRTA, page_pool_virt2phys(&hv.pool, irt) |
		    VTD_IRTA_S(irt_entries));
	err = vtd_gcmd(u, VTD_GCMD_SIRTP, true);
	if (!err) {
		err = vtd_qi_submit(u, global, 1);
	}
	/*
	 * CFI is set or cleared while remapping is off, so the unit never
	 * runs with the other state. The root's MSIs and IOAPIC entries move
	 * to remappable format right after enable (vtd.c): one sent in
	 * between is blocked, never misrouted.
	 */
	if (!err) {
		set_compat_format(u, !compat_blocked);
	}
	if (!err) {
		err = vtd_gcmd(u, VTD_GCMD_IRE, true);
	}
	return err;
}

/* Entry index: not present (P clear) first, then the new content. */
static void write_irte(unsigned int index, uint64_t lo, uint64_t hi)
{
	uint64_t *e = &irt[index * 2];

	/* The cell's MSI programming repeats itself: nothing to do then. */
	if (e[0] == lo && e[1] == hi) {
		return;
	}
	if ((e[0] & VTD_IRTE_P) != 0U) {
		WRITE_ONCE(e[0], 0);
		vtd_clflush(e, 16);
		invalidate_entries(index, 0);
	}
	WRITE_ONCE(e[1], hi);
	WRITE_ONCE(e[0], lo);
	vtd_clflush(e, 16);
	invalidate_entries(index, 0);
}

void vtd_ir_release(uint16_t bdf)
{
	int slot = slot_of(bdf);
	unsigned int first, n;

	if (!irt || slot < 0) {
		return;
	}
	first = (unsigned int)slot * VTD_IR_PER_DEVICE;
	spin_lock(&ir_lock);
	for (n = 0; n < VTD_IR_PER_DEVICE; n++) {
		irt[(first + n) * 2] = 0;
		irt[(first + n) * 2 + 1] = 0;
	}
	vtd_clflush(&irt[first * 2], VTD_IR_PER_DEVICE * 16);
	invalidate_entries(first, VTD_IR_BLOCK_MASK);
	spin_unlock(&ir_lock);
}

/*
 * The low qword of the entry that delivers msg, a compatibility-format
 * message with fixed or lowest-priority delivery; 0 if it is none.
 */
static uint64_t irte_low(const struct iommu_msi_msg *msg)
{
	uint64_t addr = msg->address, lo;
	unsigned int mode = MSI_DATA_MODE(msg->data);

	if ((addr & ~0xffffffffULL) ||
	    (addr & MSI_ADDR_FIXED_MASK) != VTD_MSI_BASE ||
	    (addr & VTD_MSI_REMAPPABLE) || (msg->data & ~0xffffU) ||
	    (mode != MODE_FIXED && mode != MODE_LOWEST)) {
		return 0;
	}
	lo = VTD_IRTE_P | VTD_IRTE_DLM(mode) |
		VTD_IRTE_VECTOR(MSI_DATA_VECTOR(msg->data)) |
		VTD_IRTE_DST_XAPIC(MSI_ADDR_DEST(addr));
	if ((addr & MSI_ADDR_DM) != 0U) {
		lo |= VTD_IRTE_DM_LOGICAL;
	}
	if ((addr & MSI_ADDR_RH) != 0U) {
		lo |= VTD_IRTE_RH;
	}
	if ((msg->data & MSI_DATA_LEVEL_TRIG) != 0U) {
		lo |= VTD_IRTE_TM_LEVEL;
	}
	return lo;
}

int vtd_ioapic_remap(unsigned int index, const struct iommu_msi_msg *msg,
		     uint64_t *rte)
{
	uint64_t lo = irte_low(msg), hi = 0;
	unsigned int entry = ioapic_first + index;
	int sid;

	if (!irt) {
		return -JH_ENOSYS;
	}
	if (index >= VTD_IR_IOAPIC_ENTRIES || !lo) {
		return -JH_EINVAL;
	}
	sid = ioapic_source_id(index / IOMMU_IOAPIC_PINS);
	if (sid >= 0) {
		hi = VTD_IRTE_SID((uint16_t)sid) | VTD_IRTE_SVT_SID;
	}
	spin_lock(&ir_lock);
	write_irte(entry, lo, hi);
	spin_unlock(&ir_lock);
	/* Remappable format; the vector stays for the EOI broadcast. */
	*rte = VTD_RTE_REMAPPABLE | VTD_RTE_INDEX(entry) |
		MSI_DATA_VECTOR(msg->data);
	return 0;
}

int vtd_msi_remap(struct cell *cell, uint16_t bdf, unsigned int n,
		  const struct iommu_msi_msg *msg, struct iommu_msi_msg *hw)
{
	uint64_t lo = irte_low(msg);
	unsigned int index;
	int slot = slot_of(bdf);

	(void)cell;
	if (!irt) {
		return -JH_ENOSYS;
	}
	if (slot < 0) {
		return -JH_ENODEV;
	}
	if (n >= VTD_IR_PER_DEVICE) {
		return -JH_E2BIG;
	}
	/* Compatibility format, fixed or lowest-priority delivery only. */
	if (!lo) {
		return -JH_EINVAL;
	}
	index = (unsigned int)slot * VTD_IR_PER_DEVICE;

	spin_lock(&ir_lock);
	write_irte(index + n, lo, VTD_IRTE_SID(bdf) | VTD_IRTE_SVT_SID);
	spin_unlock(&ir_lock);

	hw->address = VTD_MSI_BASE | VTD_MSI_HANDLE(index) |
		VTD_MSI_REMAPPABLE | VTD_MSI_SHV;
	hw->data = n;
	return 0;
}
