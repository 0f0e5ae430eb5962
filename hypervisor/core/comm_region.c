// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's comm region as the hypervisor uses it: the state the cell sees,
 * its reset at start, and the shutdown handshake
 * (include/jailhouse/comm-region.h).
 */
#include <jailhouse/console.h>
#include <jailhouse/hypercall.h>
#include <hv/arch.h>
#include <hv/cell.h>
#include <hv/comm_region.h>
#include <hv/control_lock.h>
#include <hv/percpu.h>
#include <hv/printk.h>
#include <hv/string.h>
#include <asm/processor.h>

#define DEFAULT_REPLY_TIMEOUT_MS	1000
/*
 * Hard bound of the handshake, whatever the config says: the root CPU that
 * asks waits in the hypervisor meanwhile, and Linux must not see a stall.
 */
#define MAX_REPLY_TIMEOUT_MS		5000

void comm_write_state(struct cell *cell, uint32_t state)
{
	if (!cell->comm_region) {
		return;
	}
	cell->comm_region->cell_state = state;
	cache_arch_flush(cell->comm_region, PAGE_SIZE);
}

void comm_reset(struct cell *cell)
{
	struct jh_comm_region *comm = cell->comm_region;

	memset(comm, 0, PAGE_SIZE);
	memcpy(comm->signature, JH_COMM_SIGNATURE, JH_SIGNATURE_SIZE);
	comm->revision = JH_COMM_REVISION;
	comm->cell_state = JH_CELL_SHUT_DOWN;
	comm->msg_to_cell = JH_MSG_NONE;
	comm->reply_from_cell = JH_REPLY_NONE;
	comm->flags = cell->config->flags;
	comm->num_cpus = cell->num_cpus;
	comm->timer_frequency = timer_arch_frequency();
	comm->console = cell->config->console;
	comm_arch_fill(comm);
	cache_arch_flush(comm, PAGE_SIZE);
}

static bool has_comm_region(const struct cell *cell)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(cell->config);
	unsigned int n;

	for (n = 0; n < cell->config->num_memory_regions; n++) {
		if (mem[n].flags & JH_MEM_COMM_REGION) {
			return true;
		}
	}
	return false;
}

uint64_t comm_reply_timeout_ms(const struct cell *cell)
{
	uint64_t ms = cell->config->msg_reply_timeout;

	if (ms == 0U) {
		ms = DEFAULT_REPLY_TIMEOUT_MS;
	}
	return ms > MAX_REPLY_TIMEOUT_MS ? MAX_REPLY_TIMEOUT_MS : ms;
}

/*
 * Polls for the cell's reply. Control lock held and dropped meanwhile:
 * the caller has claimed the cell, so nothing else stops or frees it.
 */
static uint32_t wait_reply(struct jh_comm_region *comm, uint64_t timeout_ms)
{
	uint64_t start = timer_arch_now_us();
	uint32_t reply = JH_REPLY_NONE;
	unsigned long spins;

	control_unlock_to_wait(this_cpu());
	for (spins = 0; spins < 1000000000UL; spins++) {
		cache_arch_flush(comm, PAGE_SIZE);
		reply = READ_ONCE(comm->reply_from_cell);
		if (reply != JH_REPLY_NONE ||
		    timer_arch_now_us() - start > timeout_ms * 1000) {
			break;
		}
		cpu_relax();
	}
	control_relock(this_cpu());
	return reply;
}

int comm_ask_shutdown(struct cell *cell, bool force)
{
	struct jh_comm_region *comm = cell->comm_region;
	uint64_t timeout_ms = comm_reply_timeout_ms(cell);
	uint32_t reply;

	if (cell->state != JH_CELL_RUNNING &&
	    cell->state != JH_CELL_RUNNING_LOCKED) {
		return 0;
	}
	if (force) {
		printk("cell \"%s\": stopped by force, not asked\n",
		       cell->name);
		return 0;
	}
	if ((cell->config->flags & JH_CELL_PASSIVE_COMMREG) ||
	    !has_comm_region(cell)) {
		return 0;
	}

	cache_arch_flush(comm, PAGE_SIZE);
	if (READ_ONCE(comm->cell_state) == JH_CELL_RUNNING_LOCKED) {
		hv_error("cell \"%s\" is locked and refuses to shut down (the root can force it)",
			 cell->name);
		return -JH_EPERM;
	}

	comm->reply_from_cell = JH_REPLY_NONE;
	smp_wmb();
	comm->msg_to_cell = JH_MSG_SHUTDOWN_REQUEST;
	cache_arch_flush(comm, PAGE_SIZE);

	reply = wait_reply(comm, timeout_ms);

	comm->msg_to_cell = JH_MSG_NONE;
	cache_arch_flush(comm, PAGE_SIZE);

	if (reply == JH_REPLY_REQUEST_DENIED) {
		hv_error("cell \"%s\" refused to shut down (the root can force it)",
			 cell->name);
		return -JH_EPERM;
	}
	if (reply == JH_REPLY_NONE) {
		printk("cell \"%s\" did not answer the shutdown request within %llu ms: stopping it\n",
		       cell->name, (unsigned long long)timeout_ms);
	}
	return 0;
}
