// SPDX-License-Identifier: GPL-2.0
/*
 * The ivshmem 2.0 device of a link end, as its cell sees it: config space
 * at the config's BDF, BAR0 registers and BAR1 (the MSI-X table where
 * link interrupts are MSI-X, ivshmem_msix.c) at the config's fixed
 * addresses, doorbells
 * (Documentation/ivshmem.md; register layout in hv/ivshmem_regs.h).
 *
 * Every value a guest writes is checked before use: a doorbell's target
 * must be another peer of the same link, a BAR keeps its address, only the
 * writable COMMAND bits change. Doorbells are bounded per end
 * (IVSHMEM_DB_BURST per IVSHMEM_DB_WINDOW_US) and refusals are printed
 * rate-limited.
 */
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/ivshmem.h>
#include <hv/ivshmem_regs.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <asm/processor.h>

DEFINE_SPINLOCK(ivshmem_lock);
struct ivshmem_link ivshmem_links[IVSHMEM_MAX_LINKS];

static bool end_of(const struct cell *cell, struct ivshmem_link *link,
		   unsigned int peer)
{
	return link->users != 0U && link->ends[peer].cell == cell &&
		cell != NULL;
}

/* The cell's end whose config matches (bdf, or BARs holding gpa). */
static struct ivshmem_end *find_end(const struct cell *cell,
				    bool (*match)(const struct jh_link *cfg,
						  uint64_t key),
				    uint64_t key, struct ivshmem_link **link)
{
	unsigned int n, p;

	for (n = 0; n < IVSHMEM_MAX_LINKS; n++) {
		for (p = 0; p < JH_LINK_MAX_PEERS; p++) {
			if (end_of(cell, &ivshmem_links[n], p) &&
			    match(ivshmem_links[n].ends[p].cfg, key)) {
				*link = &ivshmem_links[n];
				return &ivshmem_links[n].ends[p];
			}
		}
	}
	return NULL;
}

/*
 * MSI-X where the arch has it, except for an end with an INTx pin (irq):
 * an x86 root end, whose stock uio_pci_generic wants INTx.
 */
static bool end_msix(const struct ivshmem_end *end)
{
	return ivshmem_arch_msix() && end->cfg->irq == 0U;
}

static bool at_bdf(const struct jh_link *cfg, uint64_t bdf)
{
	return cfg->domain == 0U && cfg->bdf == bdf;
}

static bool at_gpa(const struct jh_link *cfg, uint64_t gpa)
{
	return gpa >= cfg->mmio_base &&
		gpa - cfg->mmio_base < JH_LINK_MMIO_SIZE;
}

struct ivshmem_end *ivshmem_end_at_bdf(const struct cell *cell, uint16_t bdf,
				       struct ivshmem_link **link)
{
	return find_end(cell, at_bdf, bdf, link);
}

struct ivshmem_end *ivshmem_end_at_gpa(const struct cell *cell, uint64_t gpa,
				       struct ivshmem_link **link)
{
	return find_end(cell, at_gpa, gpa, link);
}

/*
 * Lock held. INTx only: vector 0, when enabled. The interrupt status bit
 * (STATUS bit 3) records it; with INTx masked in COMMAND it waits there
 * and goes out when the mask is lifted; setting the mask clears it. That
 * is what Linux's uio_pci_generic needs (it masks in its handler and user
 * space unmasks); the specification leaves the bit clear.
 */
void ivshmem_ring(struct ivshmem_link *link, unsigned int peer)
{
	struct ivshmem_end *end;

	if (peer >= JH_LINK_MAX_PEERS) {
		return;
	}
	end = &link->ends[peer];
	if (end->cell == NULL || end->cell->state != JH_CELL_RUNNING ||
	    !(end->int_ctrl & IVSHMEM_INT_ENABLE)) {
		return;
	}
	if (end_msix(end)) {
		ivshmem_msix_deliver(end);
		return;
	}
	end->int_status = true;
	if (!(end->command & PCI_CMD_INTX_OFF)) {
		ivshmem_arch_inject(end->cell, end->cfg->irq);
	}
}

/* Lock held. */
void ivshmem_set_state(struct ivshmem_link *link, unsigned int peer,
		       uint32_t state)
{
	struct ivshmem_end *end = &link->ends[peer];
	bool changed = link->state_table[peer] != state;
	unsigned int n;

	end->state = state;
	link->state_table[peer] = state;
	/* Guests may read it uncached (an arm64 inmate with its MMU off). */
	cache_arch_flush((const void *)&link->state_table[peer],
			 sizeof(uint32_t));
	if (!changed) {
		return;
	}
	for (n = 0; n < JH_LINK_MAX_PEERS; n++) {
		if (n != peer) {
			ivshmem_ring(link, n);
		}
	}
}

/* The dword at reg of the device's config space. */
static uint32_t cfg_dword(const struct ivshmem_end *end, unsigned int reg)
{
	const struct jh_link *cfg = end->cfg;
	uint64_t addr;
	uint32_t value;

	if (end_msix(end) && ivshmem_msix_cfg_read(end, reg, &value)) {
		return value;
	}
	switch (reg) {
	case IVSHMEM_CFG_ID:
	case IVSHMEM_CFG_SUBSYS:
		return IVSHMEM_VENDOR_ID | IVSHMEM_DEVICE_ID << 16;
	case IVSHMEM_CFG_COMMAND:
		return end->command | (uint32_t)(PCI_STATUS_CAP_LIST |
			(end->int_status ? PCI_STATUS_INTX : 0U)) << 16;
	case IVSHMEM_CFG_CLASS:
		return IVSHMEM_CLASS;
	case IVSHMEM_CFG_BAR0:
	case IVSHMEM_CFG_BAR1:
		/* Sizing: all ones written, the size mask reads back. */
		if (end->sizing & (1U << ((reg - IVSHMEM_CFG_BAR0) / 4))) {
			return ~(uint32_t)(JH_LINK_BAR_SIZE - 1);
		}
		addr = cfg->mmio_base + (reg - IVSHMEM_CFG_BAR0) / 4 *
			JH_LINK_BAR_SIZE;
		return (uint32_t)addr;
	case IVSHMEM_CFG_BAR2:
		/*
		 * Root ends: Linux's PCI core claims the memory as a 32-bit
		 * BAR, and uio_pci_generic offers it for mmap. Cell ends have
		 * no BAR2 (the capability gives the address).
		 */
		if (!end->bar2) {
			return 0;
		}
		if ((end->sizing & (1U << 2)) != 0U) {
			return ~(uint32_t)(jh_link_bar2_size(cfg) - 1U);
		}
		return (uint32_t)cfg->shmem_virt;
	case IVSHMEM_CFG_CAP_PTR:
		return IVSHMEM_CFG_VNDR;
	case IVSHMEM_CFG_INT:
		/* No INTx pin where the interrupt is MSI-X. */
		return end->int_line |
			(end_msix(end) ? 0U : PCI_INT_PIN_A << 8);
	case IVSHMEM_CFG_VNDR:
		return IVSHMEM_CAP_ID | IVSHMEM_CAP_LEN << 16 |
			(end_msix(end) ? IVSHMEM_CFG_MSIX << 8 : 0U);
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_STATE_SIZE:
		return cfg->state_table_size;
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_RW_SIZE:
		return (uint32_t)cfg->rw_size;
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_RW_SIZE + 4:
		return (uint32_t)(cfg->rw_size >> 32);
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_OUT_SIZE:
		return (uint32_t)cfg->out_size;
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_OUT_SIZE + 4:
		return (uint32_t)(cfg->out_size >> 32);
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_ADDR:
		return (uint32_t)cfg->shmem_virt;
	case IVSHMEM_CFG_VNDR + IVSHMEM_CAP_ADDR + 4:
		return (uint32_t)(cfg->shmem_virt >> 32);
	default:
		return 0;
	}
}

/* A write of size bytes at reg (aligned), value in the low bits. */
static void cfg_write(struct ivshmem_end *end, unsigned int reg,
		      unsigned int size, uint32_t value)
{
	unsigned int dw = reg & ~3U, shift = (reg & 3U) * 8;
	uint16_t old = end->command;
	unsigned int bar;

	if (dw == IVSHMEM_CFG_COMMAND && shift == 0) {
		end->command = (uint16_t)(value & IVSHMEM_CMD_WRITABLE);
		if ((end->command & PCI_CMD_INTX_OFF) != 0U) {
			end->int_status = false;
		} else if ((old & PCI_CMD_INTX_OFF) != 0U && end->int_status &&
			   end->cell->state == JH_CELL_RUNNING) {
			ivshmem_arch_inject(end->cell, end->cfg->irq);
		}
	} else if (dw == IVSHMEM_CFG_BAR0 || dw == IVSHMEM_CFG_BAR1 ||
		   (dw == IVSHMEM_CFG_BAR2 && end->bar2)) {
		/* Fixed BARs: sizing reads the mask, anything else is kept. */
		bar = 1U << ((dw - IVSHMEM_CFG_BAR0) / 4);
		if (size == 4 && value == 0xffffffffU) {
			end->sizing |= bar;
		} else {
			end->sizing &= ~bar;
		}
	} else if (dw == IVSHMEM_CFG_INT && shift == 0) {
		end->int_line = (uint8_t)value;
	} else if (dw == IVSHMEM_CFG_MSIX && end_msix(end)) {
		ivshmem_msix_cfg_write(end, reg, size, value);
	}
}

bool ivshmem_cfg_access(struct cell *cell, uint16_t bdf, unsigned int reg,
			unsigned int size, bool is_write, uint32_t *value)
{
	struct ivshmem_link *link;
	struct ivshmem_end *end;
	unsigned int shift = (reg & 3U) * 8;

	spin_lock(&ivshmem_lock);
	end = ivshmem_end_at_bdf(cell, bdf, &link);
	if (end == NULL) {
		spin_unlock(&ivshmem_lock);
		return false;
	}
	if (reg >= IVSHMEM_CFG_SIZE) {
		*value = 0;		/* no extended config space */
	} else if (is_write) {
		cfg_write(end, reg, size, *value);
	} else {
		*value = cfg_dword(end, reg & ~3U) >> shift;
		if (size < 4) {
			*value &= (1U << (size * 8)) - 1;
		}
	}
	spin_unlock(&ivshmem_lock);
	return true;
}

/* Lock held. Within the end's budget for this window? */
static bool doorbell_allowed(struct ivshmem_end *end)
{
	uint64_t now = timer_arch_now_us();

	if (now - end->db_window >= IVSHMEM_DB_WINDOW_US) {
		end->db_window = now;
		end->db_count = 0;
	}
	return end->db_count++ < IVSHMEM_DB_BURST;
}

static void doorbell(struct ivshmem_link *link, struct ivshmem_end *end,
		     uint32_t value)
{
	unsigned int target = value >> IVSHMEM_DB_PEER_SHIFT;
	const char *why = NULL;

	if (target >= end->cfg->num_peers || target == end->cfg->peer_id) {
		why = "no other peer of the link has that id";
	} else if (!doorbell_allowed(end)) {
		why = "over the rate bound (1000 per ms)";
	}
	if (why != NULL) {
		if (ratelimit_ok(&end->refused_rl, 4)) {
			printk("cell \"%s\": link %u doorbell to peer %u refused: %s\n",
			       end->cell->name, link->id, target, why);
		}
		return;
	}
	/* Only vector 0 exists (INTx); others are not enabled: no effect. */
	if ((value & IVSHMEM_DB_VECTOR_MASK) == 0U) {
		ivshmem_ring(link, target);
	}
}

static void register_access(struct ivshmem_link *link,
			    struct ivshmem_end *end, struct mmio_access *acc,
			    uint64_t off)
{
	uint32_t value = (uint32_t)acc->value;
	uint64_t reg;

	if (!acc->is_write) {
		switch (off) {
		case IVSHMEM_REG_ID:
			acc->value = end->cfg->peer_id;
			break;
		case IVSHMEM_REG_MAX_PEERS:
			acc->value = end->cfg->num_peers;
			break;
		case IVSHMEM_REG_INT_CTRL:
			acc->value = end->int_ctrl;
			break;
		case IVSHMEM_REG_STATE:
			acc->value = end->state;
			break;
		default:
			acc->value = 0;
			break;
		}
		return;
	}
	/*
	 * A stopped cell's end is reset; its CPUs still parking are late:
	 * their writes go where read-only registers' go.
	 */
	reg = end->cell->stopping ? (uint64_t)IVSHMEM_REG_ID : off;
	switch (reg) {
	case IVSHMEM_REG_INT_CTRL:
		end->int_ctrl = value & IVSHMEM_INT_ENABLE;
		break;
	case IVSHMEM_REG_DOORBELL:
		doorbell(link, end, value);
		break;
	case IVSHMEM_REG_STATE:
		ivshmem_set_state(link, end->cfg->peer_id, value);
		break;
	default:
		/* ID and MAX_PEERS are read-only. */
		break;
	}
}

enum mmio_result ivshmem_mmio(struct per_cpu *pcpu, struct mmio_access *acc)
{
	struct ivshmem_link *link;
	struct ivshmem_end *end;
	uint64_t off;

	spin_lock(&ivshmem_lock);
	end = ivshmem_end_at_gpa(pcpu->cell, acc->addr, &link);
	if (end == NULL) {
		spin_unlock(&ivshmem_lock);
		return MMIO_UNHANDLED;
	}
	off = acc->addr - end->cfg->mmio_base;
	/*
	 * Undecoded (memory space off), BAR1 where the interrupt is not
	 * MSI-X, and anything but an aligned dword: reads 0, writes ignored.
	 */
	if (!(end->command & PCI_CMD_MEM) || acc->size != 4 ||
	    (off & 3U) != 0U ||
	    (off >= JH_LINK_BAR_SIZE && !end_msix(end))) {
		if (!acc->is_write) {
			acc->value = 0;
		}
	} else if (off >= JH_LINK_BAR_SIZE) {
		ivshmem_msix_table(end, acc, off - JH_LINK_BAR_SIZE);
	} else {
		/* The peer sees what was written before the doorbell. */
		smp_mb();
		register_access(link, end, acc, off);
	}
	spin_unlock(&ivshmem_lock);
	return MMIO_HANDLED;
}
