// SPDX-License-Identifier: GPL-2.0
/*
 * AMD-Vi command buffer and event log, one page (256 entries) each per
 * unit.
 *
 * Commands: every caller hands over a batch (less than a ring) that ends
 * with a COMPLETION_WAIT storing a fresh sequence number into hypervisor
 * memory, and returns when the number is there: the unit then has
 * finished every earlier command. Batches are serialised per unit
 * (callers hold the control lock or, for MSI remapping, the PCI lock).
 * Waits for an empty ring and for completion are bounded; an expired one
 * prints which unit and what it waited for, and the caller gets
 * -JH_EBUSY.
 *
 * Events: poll_faults (any root CPU, from the hypercall path) consumes
 * the entries between head and tail, at most one ring's worth per call,
 * and reports I/O page faults through iommu_report_fault(), which names
 * device, cell and address and is rate-limited; everything else the unit
 * logs gets a rate-limited line of its own. An overflowed log is
 * restarted (events were lost; the line says so).
 *
 * QEMU's models (7.2 as Debian 12 ships it, and 10.0.2) log no event at
 * all: their overflow test always sees the overflow bit. What they do
 * leave is "signaled target abort" in the unit's PCI status register,
 * for every translation they refused. A poll that finds that bit but no
 * event reports a blocked DMA without device and address, rather than
 * nothing. Beyond that, 7.2's code (read, not seen running) writes
 * entries without moving the tail register and declares an overflow
 * after 16 events; so consumed entries are zeroed, an entry with an event
 * code at the tail is taken as written too, and a log found so is
 * restarted at offset 0. A unit that follows the specification has zero
 * entries from its tail on, except for the moment between writing an
 * entry and moving the tail.
 */
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/hypervisor.h>
#include <hv/iommu.h>
#include <hv/printk.h>
#include <asm/pci.h>
#include <asm/processor.h>
#include "amd_iommu_cmd.h"

#define RING_BYTES		(AMD_RING_ENTRIES * AMD_CMD_SIZE)
/* A unit finishes a batch in microseconds; 100 ms means it is stuck. */
#define CMD_TIMEOUT_US		100000
#define EVT_BURST		8
/* The MSI address range: a fault there is a blocked interrupt. */
#define MSI_RANGE_START		0xfee00000ULL
#define MSI_RANGE_END		0xfeefffffULL
/* The unit's PCI status register: it signals the aborts it caused. */
#define PCI_STATUS		0x06
#define PCI_STATUS_SIG_TARGET_ABORT	0x0800

/* COMPLETION_WAIT targets, one per unit, in hypervisor memory. */
static volatile uint64_t cw_store[JH_MAX_IOMMUS] __aligned(8);
static struct ratelimit evt_rl;

void amd_cmd_reset(struct amd_unit *u)
{
	u->cmd_tail = 0;
	amd_write(u, AMD_MMIO_CMD_HEAD, 0);
	amd_write(u, AMD_MMIO_CMD_TAIL, 0);
}

static uint32_t next_slot(uint32_t off)
{
	return (off + AMD_CMD_SIZE) % RING_BYTES;
}

/* QEMU 7.2's model shows the end of the ring before it wraps to 0. */
static uint32_t cmd_head(const struct amd_unit *u)
{
	return (amd_read(u, AMD_MMIO_CMD_HEAD) & AMD_PTR_MASK) % RING_BYTES;
}

static bool timed_out(const struct amd_unit *u, uint64_t start,
		      const char *what)
{
	if (timer_arch_now_us() - start <= CMD_TIMEOUT_US) {
		return false;
	}
	printk("AMD-Vi unit %u: %s for %u ms (head 0x%llx, tail 0x%x, status 0x%llx)\n",
	       u->index, what, CMD_TIMEOUT_US / 1000,
	       (unsigned long long)cmd_head(u), u->cmd_tail,
	       (unsigned long long)amd_read(u, AMD_MMIO_STATUS));
	return true;
}

/*
 * Lock held. Every batch ends with its completion, so the ring is empty
 * when the next one starts: wait (bounded) only if an earlier batch gave
 * up, then write the commands and move the tail once.
 */
static int queue(struct amd_unit *u, const struct amd_cmd *cmds,
		 unsigned int num, uint64_t cw)
{
	uint64_t start = timer_arch_now_us();
	volatile uint64_t *slot;
	unsigned int n;

	if (num + 1 >= AMD_RING_ENTRIES) {
		return -JH_EINVAL;
	}
	while (cmd_head(u) != u->cmd_tail) {
		if (timed_out(u, start,
			      "commands of an earlier batch pending")) {
			return -JH_EBUSY;
		}
		cpu_relax();
	}
	for (n = 0; n <= num; n++) {
		slot = (volatile uint64_t *)(u->cmd + u->cmd_tail);
		slot[0] = n < num ? cmds[n].q0 : cw;
		slot[1] = n < num ? cmds[n].q1 : ++u->cw_seq;
		u->cmd_tail = next_slot(u->cmd_tail);
	}
	/* x86 keeps the stores in order: the unit sees the commands first. */
	asm volatile("" : : : "memory");
	amd_write(u, AMD_MMIO_CMD_TAIL, u->cmd_tail);
	return 0;
}

int amd_cmd_run(struct amd_unit *u, const struct amd_cmd *cmds,
		unsigned int num)
{
	volatile uint64_t *store = &cw_store[u->index];
	uint64_t start;
	int err;

	spin_lock(&u->cmd_lock);
	err = queue(u, cmds, num,
		    (hv_virt2phys((const void *)store) & AMD_CW_ADDR_MASK) |
		    AMD_CW_STORE |
		    AMD_CMD_COMPLETION_WAIT << AMD_CMD_OP_SHIFT);
	start = timer_arch_now_us();
	while (!err && READ_ONCE(*store) != u->cw_seq) {
		if (timed_out(u, start, "commands not completed")) {
			err = -JH_EBUSY;
		}
		cpu_relax();
	}
	spin_unlock(&u->cmd_lock);
	return err;
}

int amd_cmd_run_all(const struct amd_cmd *cmds, unsigned int num)
{
	unsigned int n;
	int err = 0, ret;

	for (n = 0; n < amd_num_units; n++) {
		ret = amd_cmd_run(&amd_units[n], cmds, num);
		if (ret != 0) {
			err = ret;
		}
	}
	return err;
}

void amd_evt_reset(struct amd_unit *u)
{
	amd_write(u, AMD_MMIO_EVT_HEAD, 0);
	amd_write(u, AMD_MMIO_EVT_TAIL, 0);
}

static bool in_msi_range(uint64_t addr)
{
	return addr >= MSI_RANGE_START && addr <= MSI_RANGE_END;
}

/*
 * An IO_PAGE_FAULT. The specification flags a write with RW. QEMU 7.2's
 * model sets GN for a read and NX for a write instead; a device without
 * PASIDs never fetches instructions, so NX means a write here too.
 */
static void report_page_fault(const struct amd_unit *u, uint64_t q0,
			      uint64_t addr)
{
	bool write = (q0 & (AMD_EVT_PF_RW | AMD_EVT_PF_NX)) != 0U;
	const char *what;

	if (in_msi_range(addr)) {
		what = "interrupt not remapped for its cell";
	} else if ((q0 & AMD_EVT_PF_PR) != 0U) {
		what = "access not permitted to its cell";
	} else {
		what = "address not mapped for its cell";
	}
	iommu_report_fault(u->index, AMD_EVT_DEVID(q0), addr, write, what);
}

static void report_event(const struct amd_unit *u, uint64_t q0, uint64_t q1)
{
	static const char *const names[AMD_EVT_INVALID_REQ + 1] = {
		[AMD_EVT_ILLEGAL_DTE] = "illegal device table entry",
		[AMD_EVT_DEVTAB_HW_ERR] = "device table hardware error",
		[AMD_EVT_PAGETAB_HW_ERR] = "page table hardware error",
		[AMD_EVT_ILLEGAL_CMD] = "illegal command",
		[AMD_EVT_CMD_HW_ERR] = "command hardware error",
		[AMD_EVT_IOTLB_TIMEOUT] = "IOTLB invalidation timeout",
		[AMD_EVT_INVALID_REQ] = "invalid device request",
	};
	unsigned int code = AMD_EVT_CODE(q0);

	if (code == AMD_EVT_IO_PAGE_FAULT) {
		report_page_fault(u, q0, q1);
		return;
	}
	if (!ratelimit_ok(&evt_rl, EVT_BURST)) {
		return;
	}
	printk("AMD-Vi unit %u: event %u (%s), device %02x:%02x.%x, 0x%016llx 0x%016llx\n",
	       u->index, code,
	       code < ARRAY_SIZE(names) && names[code] ? names[code] :
	       "unknown", AMD_EVT_DEVID(q0) >> 8, (AMD_EVT_DEVID(q0) >> 3) & 0x1f,
	       AMD_EVT_DEVID(q0) & 7, (unsigned long long)q0,
	       (unsigned long long)q1);
}

/*
 * The log overflowed (events were lost), or the unit does not move its
 * tail: start it again, empty.
 */
static void restart_log(struct amd_unit *u, bool overflow)
{
	uint64_t ctrl = amd_read(u, AMD_MMIO_CONTROL);

	amd_write(u, AMD_MMIO_CONTROL, ctrl & ~AMD_CTRL_EVT_LOG_EN);
	amd_write(u, AMD_MMIO_STATUS, AMD_STATUS_EVT_OVERFLOW);
	amd_evt_reset(u);
	amd_write(u, AMD_MMIO_CONTROL, ctrl);
	if (overflow && ratelimit_ok(&evt_rl, EVT_BURST)) {
		printk("AMD-Vi unit %u: event log overflowed, events were lost\n",
		       u->index);
	}
}

static bool entry_written(const struct amd_unit *u, uint32_t off)
{
	return AMD_EVT_CODE(((const volatile uint64_t *)(u->evt + off))[0]) !=
		0;
}

void amd_clear_aborts(const struct amd_unit *u)
{
	pci_hv_write(u->bdf, PCI_STATUS, 2, PCI_STATUS_SIG_TARGET_ABORT);
}

/* Aborts the unit signalled; reported if no event told of them. */
static void poll_aborts(const struct amd_unit *u, unsigned int events)
{
	uint32_t status = pci_hv_read(u->bdf, PCI_STATUS, 2);

	if (status == 0xffff || !(status & PCI_STATUS_SIG_TARGET_ABORT)) {
		return;
	}
	amd_clear_aborts(u);
	if (events == 0 && ratelimit_ok(&evt_rl, EVT_BURST)) {
		printk("IOMMU %u: DMA blocked, but the unit logged no event: device and address unknown\n",
		       u->index);
	}
}

static void poll_unit(struct amd_unit *u)
{
	volatile uint64_t *entry;
	uint32_t head, tail;
	bool stale_tail = false;
	unsigned int n;

	spin_lock(&u->evt_lock);
	head = amd_read(u, AMD_MMIO_EVT_HEAD) & AMD_PTR_MASK;
	tail = amd_read(u, AMD_MMIO_EVT_TAIL) & AMD_PTR_MASK;
	for (n = 0; n < AMD_RING_ENTRIES && head < RING_BYTES; n++) {
		/* Past the tail only what was visibly written. */
		if (head == tail || stale_tail) {
			if (!entry_written(u, head)) {
				break;
			}
			stale_tail = true;
		}
		entry = (volatile uint64_t *)(u->evt + head);
		report_event(u, entry[0], entry[1]);
		/* Consumed entries are zero: see entry_written. */
		entry[0] = 0;
		entry[1] = 0;
		head = (head + AMD_EVT_SIZE) % RING_BYTES;
	}
	amd_write(u, AMD_MMIO_EVT_HEAD, head);
	poll_aborts(u, n);
	if (stale_tail ||
	    (amd_read(u, AMD_MMIO_STATUS) & AMD_STATUS_EVT_OVERFLOW)) {
		restart_log(u, !stale_tail);
	}
	spin_unlock(&u->evt_lock);
}

void amd_poll_faults(void)
{
	unsigned int n;

	for (n = 0; n < amd_num_units; n++) {
		poll_unit(&amd_units[n]);
	}
}
