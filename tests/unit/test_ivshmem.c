// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the link device model (hypervisor/links/ivshmem_dev.c): config
 * space, fixed BARs, BAR0 registers, doorbells (targets, enable bits,
 * rate bound) and state changes, on one link of two cells. The arch's
 * injection and the clock are stand-ins that record and step.
 */
/* UNIT-SOURCES: hypervisor/links/ivshmem_dev.c hypervisor/links/ivshmem_msix.c tests/unit/x86_stubs.c tests/unit/iommu_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include <string.h>

#include "unit.h"
#include "x86_stubs.h"

#include <hv/arch.h>
#include <hv/ivshmem.h>
#include <hv/ivshmem_regs.h>
#include <hv/percpu.h>

#define BARS	0x41000000ULL
#define SHMEM	0x40000000ULL
#define BDF	0x0078

static struct cell cell_a, cell_b;
static struct jh_link cfg[2];
static uint32_t table[1024];
static unsigned int injected, injected_irq;
static struct cell *injected_cell;
static uint64_t now_us;

void ivshmem_arch_inject(struct cell *cell, uint32_t irq)
{
	injected++;
	injected_cell = cell;
	injected_irq = irq;
}

bool ivshmem_arch_supported(void)
{
	return true;
}

/* INTx here; MSI-X is test_ivshmem_msix.c's. */
bool ivshmem_arch_msix(void)
{
	return false;
}

const char *ivshmem_arch_msix_check(const struct cell *cell, uint64_t addr,
				    uint32_t data, unsigned int *cpu)
{
	(void)cell;
	(void)addr;
	(void)data;
	(void)cpu;
	return "not here";
}

void ivshmem_arch_msix_send(unsigned int cpu, uint32_t data)
{
	(void)cpu;
	(void)data;
}

uint64_t timer_arch_now_us(void)
{
	return now_us;
}

void cache_arch_flush(const void *start, uint64_t size)
{
	(void)start;
	(void)size;
}

static struct ivshmem_link *setup(void)
{
	struct ivshmem_link *link = &ivshmem_links[0];
	unsigned int n;

	memset(ivshmem_links, 0, sizeof(ivshmem_links));
	memset(table, 0, sizeof(table));
	injected = 0;
	injected_cell = NULL;
	now_us = 1000000;
	strcpy(cell_a.name, "a");
	strcpy(cell_b.name, "b");
	cell_a.state = JH_CELL_RUNNING;
	cell_b.state = JH_CELL_RUNNING;
	for (n = 0; n < 2; n++) {
		memset(&cfg[n], 0, sizeof(cfg[n]));
		cfg[n].id = 1;
		cfg[n].peer_id = (uint16_t)n;
		cfg[n].num_peers = 2;
		cfg[n].bdf = BDF;
		cfg[n].irq = 300 + n;
		cfg[n].shmem_virt = SHMEM;
		cfg[n].state_table_size = 0x1000;
		cfg[n].rw_size = 0x1000;
		cfg[n].out_size = 0x2000;
		cfg[n].mmio_base = BARS;
	}
	link->users = 2;
	link->id = 1;
	link->state_size = 0x1000;
	link->state_table = table;
	link->ends[0].cell = &cell_a;
	link->ends[0].cfg = &cfg[0];
	link->ends[1].cell = &cell_b;
	link->ends[1].cfg = &cfg[1];
	return link;
}

static uint32_t cfg_read(struct cell *cell, unsigned int reg,
			 unsigned int size)
{
	uint32_t value = 0x5a5a5a5a;

	CHECK(ivshmem_cfg_access(cell, BDF, reg, size, false, &value));
	return value;
}

static void cfg_write(struct cell *cell, unsigned int reg, uint32_t value)
{
	CHECK(ivshmem_cfg_access(cell, BDF, reg, 4, true, &value));
}

static uint64_t reg_access(struct cell *cell, unsigned int off, bool write,
			   uint32_t value, unsigned int size)
{
	struct per_cpu pcpu = { .cell = cell };
	struct mmio_access acc = {
		.addr = BARS + off, .size = size, .is_write = write,
		.value = value,
	};

	CHECK_EQ(ivshmem_mmio(&pcpu, &acc), MMIO_HANDLED);
	return acc.value;
}

TEST(ivshmem_config_space)
{
	struct cell other = { .state = JH_CELL_RUNNING };
	uint32_t value;

	setup();
	CHECK_EQ(cfg_read(&cell_a, 0x00, 4), 0x4106110a);
	CHECK_EQ(cfg_read(&cell_a, 0x02, 2), 0x4106);
	CHECK_EQ(cfg_read(&cell_a, 0x0b, 1), 0xff);	/* base class */
	CHECK_EQ(cfg_read(&cell_a, 0x06, 2), 0x0010);	/* capability list */
	CHECK_EQ(cfg_read(&cell_a, 0x2c, 4), 0x4106110a);
	CHECK_EQ(cfg_read(&cell_a, 0x3d, 1), 1);	/* INTA */
	CHECK_EQ(cfg_read(&cell_a, 0x34, 1), 0x40);
	CHECK_EQ(cfg_read(&cell_a, 0x40, 4), 0x00200009);
	CHECK_EQ(cfg_read(&cell_a, 0x44, 4), 0x1000);
	CHECK_EQ(cfg_read(&cell_a, 0x48, 4), 0x1000);
	CHECK_EQ(cfg_read(&cell_a, 0x50, 4), 0x2000);
	CHECK_EQ(cfg_read(&cell_a, 0x58, 4), (uint32_t)SHMEM);
	CHECK_EQ(cfg_read(&cell_a, 0x5c, 4), 0);
	CHECK_EQ(cfg_read(&cell_a, 0x100, 4), 0);
	/* Fixed BARs: sizing reads the mask, other writes change nothing. */
	CHECK_EQ(cfg_read(&cell_a, 0x10, 4), (uint32_t)BARS);
	CHECK_EQ(cfg_read(&cell_a, 0x14, 4), (uint32_t)BARS + 0x1000);
	cfg_write(&cell_a, 0x10, 0xffffffff);
	CHECK_EQ(cfg_read(&cell_a, 0x10, 4), 0xfffff000);
	CHECK_EQ(cfg_read(&cell_a, 0x14, 4), (uint32_t)BARS + 0x1000);
	cfg_write(&cell_a, 0x10, 0x12345000);
	CHECK_EQ(cfg_read(&cell_a, 0x10, 4), (uint32_t)BARS);
	/* COMMAND: the writable bits only. */
	cfg_write(&cell_a, 0x04, 0xffff);
	CHECK_EQ(cfg_read(&cell_a, 0x04, 2), 0x0406);
	/* Not the cell's link device, or not a link cell at all. */
	CHECK(!ivshmem_cfg_access(&cell_a, BDF + 8, 0, 4, false, &value));
	CHECK(!ivshmem_cfg_access(&other, BDF, 0, 4, false, &value));
}

TEST(ivshmem_registers)
{
	struct per_cpu pcpu = { .cell = &cell_a };
	struct mmio_access acc = { .addr = BARS + 0x2000, .size = 4 };

	setup();
	/* Memory decoding off: reads 0. */
	CHECK_EQ(reg_access(&cell_b, IVSHMEM_REG_ID, false, 0, 4), 0);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	CHECK_EQ(reg_access(&cell_b, IVSHMEM_REG_ID, false, 0, 4), 1);
	CHECK_EQ(reg_access(&cell_b, IVSHMEM_REG_MAX_PEERS, false, 0, 4), 2);
	reg_access(&cell_b, IVSHMEM_REG_INT_CTRL, true, 0xffffffff, 4);
	CHECK_EQ(reg_access(&cell_b, IVSHMEM_REG_INT_CTRL, false, 0, 4), 1);
	/* Unbacked offsets, BAR1, byte accesses: 0, ignored. */
	CHECK_EQ(reg_access(&cell_b, 0x20, false, 0, 4), 0);
	CHECK_EQ(reg_access(&cell_b, 0x1000, false, 0, 4), 0);
	CHECK_EQ(reg_access(&cell_b, IVSHMEM_REG_ID, false, 0, 1), 0);
	/* Past the BARs: not a link access. */
	CHECK_EQ(ivshmem_mmio(&pcpu, &acc), MMIO_UNHANDLED);
}

TEST(ivshmem_doorbell)
{
	unsigned int n;

	setup();
	cfg_write(&cell_a, 0x04, PCI_CMD_MEM);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	/* The target has not enabled interrupts: no effect. */
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 0);
	reg_access(&cell_b, IVSHMEM_REG_INT_CTRL, true, 1, 4);
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 1);
	CHECK(injected_cell == &cell_b);
	CHECK_EQ(injected_irq, 301);
	/* Vector 1 is not enabled (INTx has one): no effect. */
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16 | 1, 4);
	CHECK_EQ(injected, 1);
	/* INTx masked in COMMAND: not now (ivshmem_intx_status: later). */
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM | PCI_CMD_INTX_OFF);
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 1);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM | PCI_CMD_INTX_OFF);
	/* The target not running: none, not even when it unmasks. */
	cell_b.state = JH_CELL_SHUT_DOWN;
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	CHECK_EQ(injected, 1);
	cell_b.state = JH_CELL_RUNNING;
	/* No such peer, or itself: refused, said. */
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 5 << 16, 4);
	reg_access(&cell_b, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 1);
	CHECK(strstr(stub_console(), "cell \"a\": link 1 doorbell to peer 5 "
		     "refused: no other peer of the link has that id") != NULL);
	/* Rate bound: the window's budget, then refusals until it ends. */
	now_us += IVSHMEM_DB_WINDOW_US;
	injected = 0;
	for (n = 0; n < IVSHMEM_DB_BURST + 10; n++) {
		reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	}
	CHECK_EQ(injected, IVSHMEM_DB_BURST);
	CHECK(strstr(stub_console(), "over the rate bound") != NULL);
	now_us += IVSHMEM_DB_WINDOW_US;
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, IVSHMEM_DB_BURST + 1);
}

TEST(ivshmem_state)
{
	struct ivshmem_link *link = setup();

	cfg_write(&cell_a, 0x04, PCI_CMD_MEM);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	reg_access(&cell_b, IVSHMEM_REG_INT_CTRL, true, 1, 4);
	reg_access(&cell_a, IVSHMEM_REG_STATE, true, 7, 4);
	CHECK_EQ(table[0], 7);
	CHECK_EQ(reg_access(&cell_a, IVSHMEM_REG_STATE, false, 0, 4), 7);
	CHECK_EQ(injected, 1);
	CHECK(injected_cell == &cell_b);
	/* The same value again is no change: no interrupt. */
	reg_access(&cell_a, IVSHMEM_REG_STATE, true, 7, 4);
	CHECK_EQ(injected, 1);
	/* What the lifecycle does when a peer goes: 0, and a ring. */
	ivshmem_set_state(link, 0, 0);
	CHECK_EQ(table[0], 0);
	CHECK_EQ(injected, 2);
}

TEST(ivshmem_intx_status)
{
	setup();
	cfg_write(&cell_a, 0x04, PCI_CMD_MEM);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	reg_access(&cell_b, IVSHMEM_REG_INT_CTRL, true, 1, 4);
	CHECK_EQ(cfg_read(&cell_b, 0x06, 2), 0x0010);
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 1);
	CHECK_EQ(cfg_read(&cell_b, 0x06, 2), 0x0018);	/* status set */
	/* Masking acknowledges it (uio_pci_generic's handler). */
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM | PCI_CMD_INTX_OFF);
	CHECK_EQ(cfg_read(&cell_b, 0x06, 2), 0x0010);
	/* A doorbell while masked waits, and goes out on unmasking. */
	reg_access(&cell_a, IVSHMEM_REG_DOORBELL, true, 1 << 16, 4);
	CHECK_EQ(injected, 1);
	CHECK_EQ(cfg_read(&cell_b, 0x06, 2), 0x0018);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	CHECK_EQ(injected, 2);
	/* Unmasking with nothing pending injects nothing. */
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM | PCI_CMD_INTX_OFF);
	cfg_write(&cell_b, 0x04, PCI_CMD_MEM);
	CHECK_EQ(injected, 2);
}

/*
 * A root cell's end shows its shared memory as BAR2 (what
 * uio_pci_generic maps): fixed at shmem_virt, sized to the memory rounded
 * up to a power of two (24 KiB here: 32 KiB). Cell ends have no BAR2.
 */
TEST(ivshmem_root_bar2)
{
	struct ivshmem_link *link = setup();

	link->ends[0].bar2 = true;
	CHECK_EQ(jh_link_bar2_size(&cfg[0]), 0x8000);
	CHECK_EQ(cfg_read(&cell_a, 0x18, 4), (uint32_t)SHMEM);
	cfg_write(&cell_a, 0x18, 0xffffffff);
	CHECK_EQ(cfg_read(&cell_a, 0x18, 4), 0xffff8000);
	CHECK_EQ(cfg_read(&cell_a, 0x10, 4), (uint32_t)BARS);
	cfg_write(&cell_a, 0x18, 0x12340000);
	CHECK_EQ(cfg_read(&cell_a, 0x18, 4), (uint32_t)SHMEM);
	CHECK_EQ(cfg_read(&cell_b, 0x18, 4), 0);
	cfg_write(&cell_b, 0x18, 0xffffffff);
	CHECK_EQ(cfg_read(&cell_b, 0x18, 4), 0);
}
