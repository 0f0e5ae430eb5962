// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of link interrupts as MSI-X (hypervisor/links/ivshmem_msix.c with
 * the x86 checks of hypervisor/arch/x86/ivshmem.c): the capability, the
 * table in BAR1, which messages a cell may program into its own device
 * (its own CPUs, vectors from 32, fixed and edge, physical destination)
 * and the fixed IPI a doorbell from the other peer sends. CPUs 0-3 have
 * APIC IDs 0-3; cell a has CPU 2, cell b CPU 3. An end with an INTx pin
 * (an x86 root end) goes where the owner's IOAPIC entry points instead.
 */
/* UNIT-SOURCES: hypervisor/links/ivshmem_dev.c hypervisor/links/ivshmem_msix.c hypervisor/arch/x86/ivshmem.c hypervisor/arch/x86/apic/apic_dest.c hypervisor/lib/bitmap.c tests/unit/x86_stubs.c tests/unit/iommu_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include <string.h>

#include "unit.h"
#include "x86_stubs.h"

#include <hv/arch.h>
#include <hv/bitmap.h>
#include <hv/ivshmem.h>
#include <hv/ivshmem_regs.h>
#include <asm/apic.h>
#include <asm/ioapic.h>

#define BARS	0x41000000ULL
#define TABLE	(BARS + 0x1000)
#define BDF	0x0078

static struct cell cell_a, cell_b;
static struct jh_link cfg[2];
static uint32_t table[1024];
static unsigned int sent, sent_cpu, sent_vector;

struct per_cpu *per_cpu(unsigned int cpu)
{
	return cpu < STUB_CPUS ? &stub_cpu[cpu] : NULL;
}

void apic_send_fixed(unsigned int cpu, uint8_t vector)
{
	sent++;
	sent_cpu = cpu;
	sent_vector = vector;
}

/* The IOAPIC entry of pin_owned, cell b's. */
static unsigned int pin_owned;
static uint32_t entry_low, entry_high;

bool ioapic_owned_entry(const struct cell *cell, unsigned int pin,
			uint32_t *low, uint32_t *high)
{
	if (cell != &cell_b || pin != pin_owned) {
		return false;
	}
	*low = entry_low;
	*high = entry_high;
	return true;
}

uint64_t timer_arch_now_us(void)
{
	return 0;
}

void cache_arch_flush(const void *start, uint64_t size)
{
	(void)start;
	(void)size;
}

static struct cell *const cells_ab[2] = { &cell_a, &cell_b };

static void setup(void)
{
	struct ivshmem_link *link = &ivshmem_links[0];
	unsigned int n;

	memset(ivshmem_links, 0, sizeof(ivshmem_links));
	sent = 0;
	for (n = 0; n < STUB_CPUS; n++) {
		stub_cpu[n].cpu_id = n;
		stub_cpu[n].arch.apic_id = n;
	}
	for (n = 0; n < 2; n++) {
		memset(cells_ab[n], 0, sizeof(struct cell));
		strcpy(cells_ab[n]->name, n ? "b" : "a");
		cells_ab[n]->state = JH_CELL_RUNNING;
		bitmap_set(cells_ab[n]->cpu_set, 2 + n);
		memset(&cfg[n], 0, sizeof(cfg[n]));
		cfg[n].peer_id = (uint16_t)n;
		cfg[n].num_peers = 2;
		cfg[n].bdf = BDF;
		cfg[n].mmio_base = BARS;
		link->ends[n].cell = cells_ab[n];
		link->ends[n].cfg = &cfg[n];
		ivshmem_msix_reset(&link->ends[n]);
	}
	link->users = 2;
	link->state_table = table;
}

static uint32_t cfg_access(struct cell *cell, unsigned int reg,
			   unsigned int size, bool write, uint32_t value)
{
	CHECK(ivshmem_cfg_access(cell, BDF, reg, size, write, &value));
	return value;
}

static uint32_t mmio(struct cell *cell, uint64_t addr, bool write,
		     uint32_t value)
{
	struct per_cpu pcpu = { .cell = cell };
	struct mmio_access acc = {
		.addr = addr, .size = 4, .is_write = write, .value = value,
	};

	CHECK_EQ(ivshmem_mmio(&pcpu, &acc), MMIO_HANDLED);
	return (uint32_t)acc.value;
}

/* Cell b programs its entry, enables MSI-X and interrupts. */
static void program_b(uint32_t addr, uint32_t data)
{
	cfg_access(&cell_b, 0x04, 4, true, PCI_CMD_MEM);
	mmio(&cell_b, TABLE + 0, true, addr);
	mmio(&cell_b, TABLE + 4, true, 0);
	mmio(&cell_b, TABLE + 8, true, data);
	mmio(&cell_b, TABLE + 12, true, 0);		/* unmask */
	cfg_access(&cell_b, IVSHMEM_CFG_MSIX + 2, 2, true, MSIX_CTRL_ENABLE);
	mmio(&cell_b, BARS + IVSHMEM_REG_INT_CTRL, true, 1);
}

static void ring_b(void)
{
	cfg_access(&cell_a, 0x04, 4, true, PCI_CMD_MEM);
	mmio(&cell_a, BARS + IVSHMEM_REG_DOORBELL, true, 1 << 16);
}

TEST(ivshmem_msix_capability)
{
	setup();
	CHECK_EQ(cfg_access(&cell_a, 0x3d, 1, false, 0), 0);	/* no pin */
	CHECK_EQ(cfg_access(&cell_a, IVSHMEM_CFG_VNDR + 1, 1, false, 0),
		 IVSHMEM_CFG_MSIX);
	CHECK_EQ(cfg_access(&cell_a, IVSHMEM_CFG_MSIX, 4, false, 0), 0x11);
	CHECK_EQ(cfg_access(&cell_a, IVSHMEM_CFG_MSIX + 4, 4, false, 0), 1);
	CHECK_EQ(cfg_access(&cell_a, IVSHMEM_CFG_MSIX + 8, 4, false, 0),
		 0x801);
	/* Only enable and function mask are writable. */
	cfg_access(&cell_a, IVSHMEM_CFG_MSIX, 4, true, 0xffff0000);
	CHECK_EQ(cfg_access(&cell_a, IVSHMEM_CFG_MSIX + 2, 2, false, 0),
		 0xc000);
	/* The entry starts masked; the table reads back what was written. */
	cfg_access(&cell_a, 0x04, 4, true, PCI_CMD_MEM);
	CHECK_EQ(mmio(&cell_a, TABLE + 12, false, 0), 1);
	mmio(&cell_a, TABLE + 8, true, 0x41);
	CHECK_EQ(mmio(&cell_a, TABLE + 8, false, 0), 0x41);
	CHECK_EQ(mmio(&cell_a, BARS + 0x1800, false, 0), 0);	/* PBA */
}

TEST(ivshmem_msix_doorbell_sends_fixed_ipi)
{
	setup();
	program_b(0xfee03000, 0x41);
	ring_b();
	CHECK_EQ(sent, 1);
	CHECK_EQ(sent_cpu, 3);
	CHECK_EQ(sent_vector, 0x41);
	/* Masked entry, masked function, MSI-X off: nothing. */
	mmio(&cell_b, TABLE + 12, true, 1);
	ring_b();
	mmio(&cell_b, TABLE + 12, true, 0);
	cfg_access(&cell_b, IVSHMEM_CFG_MSIX + 2, 2, true,
		   MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL);
	ring_b();
	cfg_access(&cell_b, IVSHMEM_CFG_MSIX + 2, 2, true, 0);
	ring_b();
	CHECK_EQ(sent, 1);
	/* A device reset forgets the entry. */
	cfg_access(&cell_b, IVSHMEM_CFG_MSIX + 2, 2, true, MSIX_CTRL_ENABLE);
	ivshmem_msix_reset(&ivshmem_links[0].ends[1]);
	ring_b();
	CHECK_EQ(sent, 1);
}

TEST(ivshmem_msix_refuses_foreign_messages)
{
	static const struct {
		uint32_t addr, data;
		const char *why;
	} bad[] = {
		{ 0xfee02000, 0x41, "not a CPU of this cell" },	/* a's CPU */
		{ 0xfee00000, 0x41, "not a CPU of this cell" },	/* root's */
		{ 0xfee03000, 0x1f, "below 32" },
		{ 0xfee03000, 0x141, "not fixed" },		/* lowest */
		{ 0xfee03000, 0x8041, "not fixed" },		/* level */
		{ 0xfee03004, 0x41, "not a physical" },		/* logical */
		{ 0xfee03010, 0x41, "not a physical" },		/* remappable */
		{ 0xfec03000, 0x41, "not a physical" },
	};
	unsigned int n;

	for (n = 0; n < sizeof(bad) / sizeof(bad[0]); n++) {
		setup();
		program_b(bad[n].addr, bad[n].data);
		ring_b();
		CHECK_EQ(sent, 0);
		CHECK(strstr(stub_console(), bad[n].why) != NULL);
	}
	/* A high address dword makes it no APIC message either. */
	setup();
	program_b(0xfee03000, 0x41);
	mmio(&cell_b, TABLE + 4, true, 1);
	ring_b();
	CHECK_EQ(sent, 0);
}

/* Cell b's end with INTx pin 23 (as an x86 root end has). */
static void setup_intx(uint32_t low, uint32_t high)
{
	setup();
	cfg[1].irq = 23;
	pin_owned = 23;
	entry_low = low;
	entry_high = high;
	cfg_access(&cell_b, 0x04, 4, true, PCI_CMD_MEM);
	mmio(&cell_b, BARS + IVSHMEM_REG_INT_CTRL, true, 1);
}

TEST(ivshmem_x86_root_intx)
{
	/* Physical destination APIC ID 3, vector 0x31, level, active low. */
	setup_intx(0xa031, 3U << 24);
	CHECK_EQ(cfg_access(&cell_b, 0x3d, 1, false, 0), 1);	/* INTA */
	CHECK_EQ(cfg_access(&cell_b, IVSHMEM_CFG_VNDR + 1, 1, false, 0), 0);
	CHECK_EQ(mmio(&cell_b, TABLE + 12, false, 0), 0);	/* no table */
	CHECK_EQ(cfg_access(&cell_a, 0x3d, 1, false, 0), 0);	/* MSI-X */
	ring_b();
	CHECK_EQ(sent, 1);
	CHECK_EQ(sent_cpu, 3);
	CHECK_EQ(sent_vector, 0x31);
	CHECK(cfg_access(&cell_b, 0x06, 2, false, 0) & PCI_STATUS_INTX);
	/* INTx disabled: held in the status bit until enabled again. */
	cfg_access(&cell_b, 0x04, 4, true, PCI_CMD_MEM | PCI_CMD_INTX_OFF);
	ring_b();
	CHECK_EQ(sent, 1);
	cfg_access(&cell_b, 0x04, 4, true, PCI_CMD_MEM);
	CHECK_EQ(sent, 2);
	CHECK_EQ(sent_vector, 0x31);
	/* A masked entry, a pin b does not own: nothing. */
	entry_low |= 1U << 16;
	ring_b();
	pin_owned = 22;
	entry_low &= ~(1U << 16);
	ring_b();
	CHECK_EQ(sent, 2);
	/* Vectors below 32, NMI delivery: nothing. */
	setup_intx(0x1f, 3U << 24);
	ring_b();
	setup_intx(0x431, 3U << 24);
	ring_b();
	CHECK_EQ(sent, 0);
	/* Destination outside the cell: nothing. */
	setup_intx(0x31, 2U << 24);
	ring_b();
	CHECK_EQ(sent, 0);
}

TEST(ivshmem_x86_root_intx_logical)
{
	unsigned int n;

	/* Flat logical: CPU n has bit n. */
	setup_intx(0x831, 0x08U << 24);
	for (n = 0; n < STUB_CPUS; n++) {
		stub_cpu[n].arch.apic_dfr = 0xffffffffU;
		stub_cpu[n].arch.apic_ldr = (1U << n) << 24;
	}
	ring_b();
	CHECK_EQ(sent, 1);
	CHECK_EQ(sent_cpu, 3);
	/* Cluster: CPU 3 is cluster 1, member bit 1. */
	setup_intx(0x831, 0x12U << 24);
	for (n = 0; n < STUB_CPUS; n++) {
		stub_cpu[n].arch.apic_dfr = 0x0fffffffU;
		stub_cpu[n].arch.apic_ldr = (n == 3 ? 0x12U : 0x01U) << 24;
	}
	ring_b();
	CHECK_EQ(sent, 1);
	CHECK_EQ(sent_cpu, 3);
	setup_intx(0x831, 0x22U << 24);
	ring_b();
	CHECK_EQ(sent, 0);
}
