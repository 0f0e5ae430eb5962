/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The communication region the hypervisor maps at COMM_REGION_ADDR.
 *
 * Shutdown handshake: a request is pending while msg_to_cell is
 * JH_MSG_SHUTDOWN_REQUEST and reply_from_cell is still JH_REPLY_NONE;
 * writing the answer ends it. The hypervisor clears reply_from_cell
 * before it sends the next request.
 *
 * Without a comm region (bare-metal tests that put nothing at
 * COMM_REGION_ADDR) every query answers "nothing there", so the demos
 * run on and never see a shutdown request.
 *
 * Fields are read through their offsets as whole naturally aligned words,
 * not through the packed struct: with the MMU off (arm64) every access
 * must be aligned.
 */
#include <inmate.h>
#include <arch-mmio.h>

#define FIELD(name)	offsetof(struct jh_comm_region, name)

uint32_t comm_read32(unsigned long offset)
{
	return mmio_read32(COMM_REGION_ADDR + offset);
}

void comm_write32(unsigned long offset, uint32_t value)
{
	mmio_write32(COMM_REGION_ADDR + offset, value);
}

uint64_t comm_read64(unsigned long offset)
{
	return mmio_read64(COMM_REGION_ADDR + offset);
}

/* The hypervisor fills in the signature when it starts the cell. */
bool comm_region_valid(void)
{
	static const char signature[JH_SIGNATURE_SIZE] = JH_COMM_SIGNATURE;

	for (unsigned int i = 0; i < JH_SIGNATURE_SIZE; i++)
		if (mmio_read8(COMM_REGION_ADDR + i) != (uint8_t)signature[i])
			return false;
	return true;
}

/* Revision 2 on; the revision is the upper half of the word at 4. */
static bool has_platform(void)
{
	JH_STATIC_ASSERT(FIELD(revision) == 6, "revision in the word at 4");
	return comm_region_valid() && (comm_read32(4) >> 16) >= 2;
}

uint64_t comm_platform64(unsigned long offset, uint64_t fallback)
{
	return has_platform() ? comm_read64(offset) : fallback;
}

uint32_t comm_platform32(unsigned long offset, uint32_t fallback)
{
	return has_platform() ? comm_read32(offset) : fallback;
}

void comm_set_cell_state(uint32_t state)
{
	if (comm_region_valid())
		comm_write32(FIELD(cell_state), state);
}

bool comm_shutdown_requested(void)
{
	return comm_region_valid() &&
		comm_read32(FIELD(msg_to_cell)) == JH_MSG_SHUTDOWN_REQUEST &&
		comm_read32(FIELD(reply_from_cell)) == JH_REPLY_NONE;
}

void comm_answer_shutdown(bool approve)
{
	if (!comm_region_valid())
		return;
	comm_write32(FIELD(reply_from_cell), approve ?
		     JH_REPLY_REQUEST_APPROVED : JH_REPLY_REQUEST_DENIED);
	mmio_barrier();
}

bool comm_shutdown_handshake(const char *who, int64_t *denials_left)
{
	if (!comm_shutdown_requested())
		return false;
	if (*denials_left > 0) {
		(*denials_left)--;
		printk("%s: shutdown request denied (%ld more to deny)\n", who,
		       *denials_left);
		comm_answer_shutdown(false);
		return false;
	}
	printk("%s: shutdown request approved\n", who);
	comm_answer_shutdown(true);
	return true;
}
