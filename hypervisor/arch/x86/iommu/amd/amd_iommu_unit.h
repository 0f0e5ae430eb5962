/* SPDX-License-Identifier: GPL-2.0 */
/* The AMD-Vi units (amd_iommu_unit.c) and their registers. */
#ifndef AMD_IOMMU_UNIT_H
#define AMD_IOMMU_UNIT_H

#include <jailhouse/config.h>
#include <hv/spinlock.h>
#include <hv/types.h>
#include "amd_iommu_regs.h"

/* Command buffer and event log: one page each, 256 entries. */
#define AMD_RING_ENTRIES	256
#define AMD_RING_LEN_LOG2	8

struct amd_unit {
	unsigned int index;		/* in the system config */
	uint16_t bdf;			/* its own PCI function */
	volatile uint8_t *mmio;
	uint64_t efr;
	uint8_t *cmd;			/* command buffer */
	paddr_t cmd_phys;
	uint32_t cmd_tail;		/* byte offset of the next command */
	uint64_t cw_seq;		/* last COMPLETION_WAIT number */
	spinlock_t cmd_lock;
	uint8_t *evt;			/* event log */
	paddr_t evt_phys;
	/* What Linux left in the registers we change, for shutdown. */
	uint64_t saved_cmd, saved_evt, saved_excl;
	uint64_t saved_control;
	spinlock_t evt_lock;		/* poll_faults runs on any root CPU */
};

extern struct amd_unit amd_units[JH_MAX_IOMMUS];
extern unsigned int amd_num_units;
/* The device table all units share: AMD_NUM_DEVICE_IDS DTEs. */
extern uint64_t *amd_devtab;

/* Maps and checks unit index of the config, allocates its pages. */
int amd_unit_init(unsigned int index, const struct jh_iommu *cfg);

static inline uint64_t amd_read(const struct amd_unit *u, unsigned int reg)
{
	return *(volatile uint64_t *)(u->mmio + reg);
}

static inline void amd_write(const struct amd_unit *u, unsigned int reg,
			     uint64_t val)
{
	*(volatile uint64_t *)(u->mmio + reg) = val;
}

#endif /* AMD_IOMMU_UNIT_H */
