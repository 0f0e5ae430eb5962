// SPDX-License-Identifier: GPL-2.0
/*
 * MSI-X of a link's device on arches whose link interrupts are MSI-X
 * (x86; Documentation/ivshmem.md): one vector, its table entry at BAR1
 * offset 0, the pending bit array behind it (reads 0: a doorbell that
 * finds the vector masked is dropped, not kept pending).
 *
 * The receiving end programs the entry of its own device, so the message
 * must reach one of its own CPUs: ivshmem_arch_msix_check() decides when
 * the entry is unmasked or changed while unmasked, and a refused entry
 * delivers nothing (one rate-limited console line says why). Checking at
 * write time keeps the doorbell path to a table look-up. Lock held in
 * every function (ivshmem_lock).
 */
#include <hv/cell.h>
#include <hv/ivshmem.h>
#include <hv/ivshmem_regs.h>
#include <hv/printk.h>

bool ivshmem_msix_cfg_read(const struct ivshmem_end *end, unsigned int reg,
			   uint32_t *value)
{
	switch (reg) {
	case IVSHMEM_CFG_MSIX:
		/* One vector: table size field 0; no next capability. */
		*value = PCI_CAP_ID_MSIX | (uint32_t)end->msix_ctrl << 16;
		return true;
	case IVSHMEM_CFG_MSIX + 4:
		*value = MSIX_BIR_BAR1;			/* table at offset 0 */
		return true;
	case IVSHMEM_CFG_MSIX + 8:
		*value = IVSHMEM_MSIX_PBA | MSIX_BIR_BAR1;
		return true;
	default:
		return false;
	}
}

/* The entry as it is now: usable, and by which CPU. */
static void check_entry(struct ivshmem_end *end)
{
	const uint32_t *e = end->msix_entry;
	uint64_t addr = (uint64_t)e[MSIX_ENTRY_ADDR_HI] << 32 |
		e[MSIX_ENTRY_ADDR_LO];
	const char *why;

	end->msix_ok = false;
	if ((e[MSIX_ENTRY_CTRL] & MSIX_ENTRY_MASKED) != 0U) {
		return;
	}
	why = ivshmem_arch_msix_check(end->cell, addr, e[MSIX_ENTRY_DATA],
				      &end->msix_cpu);
	if (why == NULL) {
		end->msix_ok = true;
	} else if (ratelimit_ok(&end->refused_rl, 4)) {
		printk("cell \"%s\": link MSI-X entry (address 0x%llx, data 0x%x) refused: %s\n",
		       end->cell->name, (unsigned long long)addr,
		       e[MSIX_ENTRY_DATA], why);
	}
}

void ivshmem_msix_cfg_write(struct ivshmem_end *end, unsigned int reg,
			    unsigned int size, uint32_t value)
{
	/* Message Control: the upper half of the capability's first dword. */
	if (reg == IVSHMEM_CFG_MSIX + 2 && size == 2) {
		end->msix_ctrl = (uint16_t)(value & MSIX_CTRL_WRITABLE);
	} else if (reg == IVSHMEM_CFG_MSIX && size == 4) {
		end->msix_ctrl = (uint16_t)((value >> 16) &
					    MSIX_CTRL_WRITABLE);
	}
}

void ivshmem_msix_table(struct ivshmem_end *end, struct mmio_access *acc,
			uint64_t off)
{
	unsigned int n = (unsigned int)(off / 4);

	if (off >= sizeof(end->msix_entry)) {
		if (!acc->is_write) {
			acc->value = 0;		/* PBA and the rest */
		}
		return;
	}
	if (!acc->is_write) {
		acc->value = end->msix_entry[n];
		return;
	}
	end->msix_entry[n] = (uint32_t)acc->value &
		(n == MSIX_ENTRY_CTRL ? MSIX_ENTRY_MASKED : ~0U);
	check_entry(end);
}

void ivshmem_msix_deliver(struct ivshmem_end *end)
{
	if ((end->msix_ctrl & MSIX_CTRL_WRITABLE) == MSIX_CTRL_ENABLE &&
	    end->msix_ok) {
		ivshmem_arch_msix_send(end->msix_cpu,
				       end->msix_entry[MSIX_ENTRY_DATA]);
	}
}

void ivshmem_msix_reset(struct ivshmem_end *end)
{
	end->msix_ctrl = 0;
	end->msix_entry[MSIX_ENTRY_ADDR_LO] = 0;
	end->msix_entry[MSIX_ENTRY_ADDR_HI] = 0;
	end->msix_entry[MSIX_ENTRY_DATA] = 0;
	end->msix_entry[MSIX_ENTRY_CTRL] = MSIX_ENTRY_MASKED;
	end->msix_ok = false;
}
