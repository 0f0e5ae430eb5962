// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the IOAPIC mediation (ioapic.c) on a model IOAPIC at
 * 0xfec00000 with 24 pins: a register file by index, read-only delivery
 * status and Remote IRR bits (Remote IRR dropped for edge entries), an
 * EOI log, and a watchdog that counts every moment an unmasked entry
 * points outside the cell the test says owns the pin. CPUs 0-3 have
 * APIC IDs 0-3; logical destinations are flat (bit n: APIC ID n).
 * Also the entries under interrupt remapping (ioapic_ir.c), with the
 * stub IOMMU of iommu_stubs.c.
 */
/* UNIT-SOURCES: hypervisor/arch/x86/ioapic/ioapic.c hypervisor/arch/x86/ioapic/ioapic_chips.c hypervisor/arch/x86/ioapic/ioapic_hw.c hypervisor/arch/x86/ioapic/ioapic_cells.c hypervisor/arch/x86/ioapic/ioapic_ir.c hypervisor/core/mmio.c tests/unit/ivshmem_stubs.c tests/unit/x86_stubs.c tests/unit/iommu_stubs.c tests/unit/config_builder.c */
/* UNIT-CFLAGS: -I$(SRCDIR)/hypervisor/arch/x86/include */
#include "unit.h"

#include <jailhouse/hypercall.h>
#include <hv/iommu.h>
#include <hv/mmio.h>
#include <asm/apic.h>
#include <asm/ioapic.h>
#include "x86_stubs.h"

#define BASE		0xfec00000ULL
#define PINS		24
#define VERSION		0x00170020	/* 24 entries, version 0x20 */

#define LO(pin)		(0x10 + 2 * (pin))
#define HI(pin)		(0x10 + 2 * (pin) + 1)
#define MASKED		0x00010000U
#define LOGICAL		0x00000800U
#define LEVEL		0x00008000U
#define REMOTE_IRR	0x00004000U
#define DEST(apic)	((uint32_t)(apic) << 24)
#define MODE(m)		((uint32_t)(m) << 8)

#define CPU_ROOT	0
#define CPU_DEMO	3	/* tb_demo_cell: CPU 3, pin 3 */
#define CPU_OTHER	2	/* tb_other_cell: CPU 2, pin 4 */
#define PIN_DEMO	3
#define PIN_OTHER	4
#define PIN_ROOT	5

static uint32_t page[1024];	/* what "mapping" the IOAPIC gives */
static struct {
	uint32_t regs[256];
	unsigned int writes;
	unsigned int eois;
	uint32_t last_eoi;
	unsigned int violations;
	const struct cell *owner[PINS];	/* for the watchdog */
} model;

static void watchdog(void)
{
	unsigned int pin;
	uint32_t lo, hi;

	for (pin = 0; pin < PINS; pin++) {
		lo = model.regs[LO(pin)];
		hi = model.regs[HI(pin)];
		if (!model.owner[pin] || (lo & MASKED))
			continue;
		if (!apic_dest_in_cell(model.owner[pin], hi >> 24,
				       lo & LOGICAL))
			model.violations++;
	}
}

static uint32_t model_read(volatile uint32_t *p, unsigned int index)
{
	CHECK(p == page);
	return model.regs[index & 0xff];
}

static void model_write(volatile uint32_t *p, unsigned int index,
			uint32_t value)
{
	uint32_t ro = 0x00005000U;	/* delivery status, Remote IRR */

	CHECK(p == page);
	index &= 0xff;
	model.writes++;
	if (index == 0x01)
		return;			/* version: read only */
	if (index >= 0x10 && !(index & 1)) {
		value = (value & ~ro) | (model.regs[index] & ro);
		if (!(value & LEVEL))
			value &= ~REMOTE_IRR;
	}
	model.regs[index] = value;
	watchdog();
}

static void model_eoi(volatile uint32_t *p, uint32_t vector)
{
	CHECK(p == page);
	model.eois++;
	model.last_eoi = vector;
}

static const struct ioapic_hw_ops model_ops = {
	.read = model_read,
	.write = model_write,
	.eoi = model_eoi,
};

static void model_reset(uint32_t version)
{
	unsigned int pin;

	memset(&model, 0, sizeof(model));
	model.regs[0x00] = 0x0a000000;
	model.regs[0x01] = version;
	model.regs[0x02] = 0x0a000000;
	for (pin = 0; pin < 120; pin++)
		model.regs[LO(pin)] = MASKED;
	/* Linux's timer-ish line on the root's CPU 0, live. */
	model.regs[LO(PIN_ROOT)] = 0x41;
	model.regs[HI(PIN_ROOT)] = DEST(0);
	ioapic_hw = &model_ops;
}

static void setup_with(const struct tb_system *sys, uint32_t version)
{
	unsigned int pin;

	model_reset(version);
	stub_device(BASE, 0x1000, page);
	stub_system(sys);
	CHECK_EQ(ioapic_init(), 0);
	for (pin = 0; pin < PINS; pin++)
		model.owner[pin] = &root_cell;
}

static void setup(void)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	setup_with(&sys, VERSION);
}

static enum mmio_result io(unsigned int cpu, uint64_t off, unsigned int size,
			   bool is_write, uint32_t *value)
{
	struct mmio_access acc = {
		.addr = BASE + off, .size = size, .is_write = is_write,
		.value = is_write ? *value : 0x5a5a5a5a,
	};
	enum mmio_result res = mmio_dispatch(&stub_cpu[cpu], &acc);

	if (!is_write)
		*value = (uint32_t)acc.value;
	return res;
}

static void sel(unsigned int cpu, uint32_t index)
{
	CHECK_EQ(io(cpu, 0x00, 4, true, &index), MMIO_HANDLED);
}

static uint32_t win_read(unsigned int cpu)
{
	uint32_t v;

	CHECK_EQ(io(cpu, 0x10, 4, false, &v), MMIO_HANDLED);
	return v;
}

static void win_write(unsigned int cpu, uint32_t v)
{
	CHECK_EQ(io(cpu, 0x10, 4, true, &v), MMIO_HANDLED);
}

static uint32_t reg_read(unsigned int cpu, uint32_t index)
{
	sel(cpu, index);
	return win_read(cpu);
}

static void reg_write(unsigned int cpu, uint32_t index, uint32_t v)
{
	sel(cpu, index);
	win_write(cpu, v);
}

static void eoi(unsigned int cpu, uint32_t vector)
{
	CHECK_EQ(io(cpu, 0x40, 4, true, &vector), MMIO_HANDLED);
}

static struct cell *demo_cell(void)
{
	struct tb_cell tc;
	struct cell *cell;

	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 1);
	ioapic_cell_assign(cell);
	model.owner[PIN_DEMO] = cell;
	return cell;
}

/* The demo cell's pin, live on its CPU with vector 0x30. */
static struct cell *demo_cell_live(void)
{
	struct cell *cell = demo_cell();

	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30);
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(3));
	return cell;
}

TEST(init_counts_pins_and_gives_the_root_its_pins)
{
	unsigned int pin;

	setup();
	CHECK(strstr(stub_console(), "IOAPIC 0xfec00000: 24 pins") != NULL);
	for (pin = 0; pin < PINS; pin++)
		CHECK(ioapic_cell_owns(&root_cell, BASE, pin));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, PINS));
	CHECK(!ioapic_cell_owns(&root_cell, BASE + 0x1000, 0));
	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_ROOT)), 0x41);
	CHECK_EQ(reg_read(CPU_ROOT, 0x01), VERSION);
}

TEST(the_root_irqchip_id_gives_the_ioapic_requester_id)
{
	struct tb_system sys;

	setup();
	CHECK_EQ(ioapic_source_id(0), -1);
	CHECK(!ioapic_sources_known());
	tb_demo_system(&sys, JH_ARCH_X86);
	sys.root.irqchips[0].id = JH_IOAPIC_SID(0x00a0);
	setup_with(&sys, VERSION);
	CHECK_EQ(ioapic_source_id(0), 0x00a0);
	CHECK_EQ(ioapic_source_id(1), -1);
	CHECK(ioapic_sources_known());
	CHECK(ioapic_is_source(0x00a0));
	CHECK(!ioapic_is_source(0x00a1));
	ioapic_ir_report_source(0, BASE);
	CHECK(strstr(stub_console(), "IOAPIC 0xfec00000: remapped entries accept requester 00:14.0 only") != NULL);
	/* A new init forgets it. */
	setup();
	CHECK_EQ(ioapic_source_id(0), -1);
}

TEST(pins_outside_the_root_config_are_nobodys)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	sys.root.irqchips[0].pin_bitmap[0] = 0x0000ff;	/* pins 0-7 */
	setup_with(&sys, VERSION);
	CHECK(ioapic_cell_owns(&root_cell, BASE, 7));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, 8));
	model.regs[LO(9)] = 0x51;
	CHECK_EQ(reg_read(CPU_ROOT, LO(9)), MASKED);
	reg_write(CPU_ROOT, LO(9), MASKED);
	CHECK_EQ(model.regs[LO(9)], 0x51);
}

TEST(pin_base_offsets_the_bitmap)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	sys.root.irqchips[0].pin_base = 16;
	sys.root.irqchips[0].pin_bitmap[0] = 0x3;	/* pins 16, 17 */
	setup_with(&sys, VERSION);
	CHECK(!ioapic_cell_owns(&root_cell, BASE, 0));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, 15));
	CHECK(ioapic_cell_owns(&root_cell, BASE, 16));
	CHECK(ioapic_cell_owns(&root_cell, BASE, 17));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, 18));
}

TEST(pin_count_is_capped_at_what_ioregsel_reaches)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	memset(sys.root.irqchips[0].pin_bitmap, 0xff,
	       sizeof(sys.root.irqchips[0].pin_bitmap));
	setup_with(&sys, 0x00ff0020);		/* claims 256 entries */
	CHECK(strstr(stub_console(), "only the first 120") != NULL);
	CHECK(ioapic_cell_owns(&root_cell, BASE, 119));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, 120));
	CHECK_EQ(reg_read(CPU_ROOT, HI(119)), 0);
	model.regs[LO(119)] = 0x60;
	CHECK_EQ(reg_read(CPU_ROOT, LO(119)), 0x60);
}

TEST(init_fails_without_an_ioapic_or_its_mapping)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	model_reset(0xffffffff);
	stub_device(BASE, 0x1000, page);
	stub_system(&sys);
	CHECK(ioapic_init() < 0);
	CHECK(strstr(stub_console(), "no IOAPIC answers") != NULL);
}

TEST(init_fails_if_the_page_cannot_be_mapped)
{
	struct tb_system sys;

	tb_demo_system(&sys, JH_ARCH_X86);
	model_reset(VERSION);
	stub_system(&sys);
	CHECK(ioapic_init() < 0);
	CHECK(strstr(stub_console(), "cannot map the IOAPIC") != NULL);
}

TEST(root_loses_a_pin_on_assign_and_regains_it_on_release)
{
	struct cell *cell;
	struct tb_cell tc;

	setup();
	/* Root left pin 3 live and level with Remote IRR set. */
	model.regs[LO(PIN_DEMO)] = 0x33 | LEVEL | REMOTE_IRR;
	tb_demo_cell(&tc, JH_ARCH_X86);
	cell = stub_cell_create(&tc, 1);
	ioapic_cell_assign(cell);

	CHECK(ioapic_cell_owns(cell, BASE, PIN_DEMO));
	CHECK(!ioapic_cell_owns(&root_cell, BASE, PIN_DEMO));
	CHECK(!ioapic_cell_owns(cell, BASE, PIN_OTHER));
	CHECK(ioapic_cell_owns(&root_cell, BASE, PIN_OTHER));
	/* Masked, edge, Remote IRR gone; the vector stays. */
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x33 | MASKED);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);

	model.owner[PIN_DEMO] = cell;
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30);

	stub_cell_destroy(cell);
	ioapic_cell_release(cell);
	model.owner[PIN_DEMO] = &root_cell;
	CHECK(ioapic_cell_owns(&root_cell, BASE, PIN_DEMO));
	CHECK(!ioapic_cell_owns(cell, BASE, PIN_DEMO));
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MASKED);
	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_DEMO)), 0x30 | MASKED);
	CHECK_EQ(model.violations, 0);
}

TEST(unowned_pins_read_masked_and_ignore_writes)
{
	unsigned int writes;

	setup();
	demo_cell_live();
	writes = model.writes;

	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_DEMO)), MASKED);
	CHECK_EQ(reg_read(CPU_ROOT, HI(PIN_DEMO)), 0);
	reg_write(CPU_ROOT, LO(PIN_DEMO), MASKED);
	reg_write(CPU_ROOT, HI(PIN_DEMO), DEST(0));

	CHECK_EQ(reg_read(CPU_DEMO, LO(PIN_ROOT)), MASKED);
	CHECK_EQ(reg_read(CPU_DEMO, HI(PIN_ROOT)), 0);
	reg_write(CPU_DEMO, LO(PIN_ROOT), MASKED);
	reg_write(CPU_DEMO, HI(PIN_ROOT), DEST(3));

	CHECK_EQ(model.writes, writes);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);
	CHECK_EQ(model.regs[HI(PIN_ROOT)], DEST(0));
}

TEST(ioregsel_is_shadowed_per_cpu)
{
	uint32_t v;

	setup();
	sel(0, LO(PIN_ROOT));
	sel(1, 0x01);
	CHECK_EQ(win_read(0), 0x41);
	CHECK_EQ(win_read(1), VERSION);
	CHECK_EQ(io(0, 0x00, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, LO(PIN_ROOT));
	CHECK_EQ(io(1, 0x00, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, 0x01);
}

TEST(ioregsel_reset_when_a_cpu_changes_cells)
{
	struct cell *cell;
	uint32_t v;

	setup();
	sel(CPU_DEMO, LO(PIN_ROOT));
	sel(CPU_ROOT, LO(PIN_ROOT));
	cell = demo_cell();
	CHECK_EQ(io(CPU_DEMO, 0x00, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, 0);
	CHECK_EQ(io(CPU_ROOT, 0x00, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, LO(PIN_ROOT));
	sel(CPU_DEMO, HI(PIN_DEMO));
	stub_cell_destroy(cell);
	ioapic_cell_release(cell);
	CHECK_EQ(io(CPU_DEMO, 0x00, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, 0);
}

TEST(cell_routes_its_pin_to_its_cpu)
{
	setup();
	demo_cell_live();
	CHECK_EQ(reg_read(CPU_DEMO, LO(PIN_DEMO)), 0x30);
	CHECK_EQ(reg_read(CPU_DEMO, HI(PIN_DEMO)), DEST(3));
	/* Logical: bit 3 is CPU 3. */
	reg_write(CPU_DEMO, LO(PIN_DEMO), MASKED);
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0x08));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x31 | LOGICAL);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x31 | LOGICAL);
	CHECK_EQ(model.violations, 0);
	CHECK(strstr(stub_console(), "refused") == NULL);
}

TEST(unmasking_towards_another_cells_cpu_is_refused_and_reported)
{
	setup();
	demo_cell();
	/* Masked: the high dword lands, whatever it names. */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0));
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(0));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	CHECK(strstr(stub_console(),
		     "cell \"demo\": IOAPIC 0xfec00000 pin 3: entry with physical destination 0x0") != NULL);

	/* Logical destinations that include a root CPU: refused too. */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0x09));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | LOGICAL);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	/* A destination nobody has: refused (no CPU of the cell). */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(7));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);

	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30);
	CHECK_EQ(model.violations, 0);
}

TEST(live_high_write_outside_the_cell_masks_and_stays_pending)
{
	setup();
	demo_cell_live();
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(1));
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(3));
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MASKED);
	CHECK(strstr(stub_console(), "pin 3") != NULL);

	/* The pending destination is what an unmask is checked against. */
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MASKED);
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(3));

	/* Masked now: a good high dword lands, and the unmask works. */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x32);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x32);
	CHECK_EQ(model.violations, 0);
}

TEST(pending_high_lands_only_with_a_matching_low_and_masked_first)
{
	unsigned int writes;

	setup();
	demo_cell_live();
	/* Physical 8 is nobody; as a logical mask it is CPU 3. */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0x08));
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(3));
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	writes = model.writes;
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x34 | LOGICAL);
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(0x08));
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x34 | LOGICAL);
	CHECK_EQ(model.writes, writes + 2);
	CHECK_EQ(model.violations, 0);
}

TEST(masked_low_write_flushes_a_pending_high)
{
	setup();
	demo_cell_live();
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0));	/* refused, pending */
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MASKED);
	CHECK_EQ(model.regs[HI(PIN_DEMO)], DEST(0));
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MASKED);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	CHECK_EQ(model.violations, 0);
}

TEST(delivery_modes_that_bypass_the_hypervisor_are_refused)
{
	setup();
	demo_cell();
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(2));	/* SMI */
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(5));	/* INIT */
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(7));	/* ExtINT */
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(3));	/* reserved */
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	CHECK(strstr(stub_console(), "delivery mode 2 refused") != NULL);

	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(4));	/* NMI */
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MODE(4));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MODE(1));	/* lowest */
	CHECK_EQ(model.regs[LO(PIN_DEMO)], 0x30 | MODE(1));

	/* The root cell owns the 8259: ExtINT is fine there, SMI is not. */
	reg_write(CPU_ROOT, LO(0), MODE(7));
	CHECK_EQ(model.regs[LO(0)], MODE(7));
	reg_write(CPU_ROOT, LO(1), 0x40 | MODE(2));
	CHECK(model.regs[LO(1)] & MASKED);
}

TEST(root_cannot_route_its_pins_to_a_cell_cpu)
{
	setup();
	demo_cell();
	reg_write(CPU_ROOT, HI(PIN_ROOT), DEST(3));
	CHECK_EQ(model.regs[HI(PIN_ROOT)], DEST(0));
	CHECK(model.regs[LO(PIN_ROOT)] & MASKED);
	CHECK(strstr(stub_console(), "cell \"root\": IOAPIC 0xfec00000 pin 5") != NULL);
	/* Broadcast would reach CPU 3 too. */
	reg_write(CPU_ROOT, HI(PIN_ROOT), DEST(0xff));
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41);
	CHECK(model.regs[LO(PIN_ROOT)] & MASKED);
	reg_write(CPU_ROOT, HI(PIN_ROOT), DEST(1));
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);
	CHECK_EQ(model.violations, 0);
}

TEST(eoi_passes_only_for_vectors_of_own_pins)
{
	uint32_t v;

	setup();
	demo_cell_live();
	eoi(CPU_DEMO, 0x30);
	CHECK_EQ(model.eois, 1);
	CHECK_EQ(model.last_eoi, 0x30);
	eoi(CPU_DEMO, 0x41);
	CHECK_EQ(model.eois, 1);
	eoi(CPU_ROOT, 0x30);
	CHECK_EQ(model.eois, 1);
	eoi(CPU_ROOT, 0x141);		/* only the vector byte counts */
	CHECK_EQ(model.eois, 2);
	CHECK_EQ(model.last_eoi, 0x41);
	CHECK_EQ(io(CPU_ROOT, 0x40, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, 0);
}

TEST(id_version_arbitration_read_through_written_by_root_only)
{
	setup();
	demo_cell();
	CHECK_EQ(reg_read(CPU_DEMO, 0x00), 0x0a000000);
	CHECK_EQ(reg_read(CPU_DEMO, 0x01), VERSION);
	CHECK_EQ(reg_read(CPU_DEMO, 0x02), 0x0a000000);
	reg_write(CPU_DEMO, 0x00, 0x05000000);
	CHECK_EQ(model.regs[0x00], 0x0a000000);
	reg_write(CPU_ROOT, 0x00, 0x05000000);
	CHECK_EQ(model.regs[0x00], 0x05000000);
}

TEST(reserved_indices_and_offsets_read_zero)
{
	unsigned int writes;
	uint32_t v = 0x1234;

	setup();
	model.regs[0x03] = 0x77;
	model.regs[LO(PINS)] = 0x88;
	CHECK_EQ(reg_read(CPU_ROOT, 0x03), 0);
	CHECK_EQ(reg_read(CPU_ROOT, 0x0f), 0);
	CHECK_EQ(reg_read(CPU_ROOT, LO(PINS)), 0);
	CHECK_EQ(reg_read(CPU_ROOT, 0xff), 0);
	writes = model.writes;
	reg_write(CPU_ROOT, LO(PINS), 0);
	reg_write(CPU_ROOT, 0x03, 0);
	CHECK_EQ(io(CPU_ROOT, 0x20, 4, true, &v), MMIO_HANDLED);
	CHECK_EQ(model.writes, writes);
	CHECK_EQ(io(CPU_ROOT, 0x20, 4, false, &v), MMIO_HANDLED);
	CHECK_EQ(v, 0);
}

TEST(only_aligned_dword_accesses)
{
	uint32_t v = 0;

	setup();
	CHECK_EQ(io(CPU_ROOT, 0x00, 1, true, &v), MMIO_ERROR);
	CHECK_EQ(io(CPU_ROOT, 0x10, 2, false, &v), MMIO_ERROR);
	CHECK_EQ(io(CPU_ROOT, 0x10, 8, false, &v), MMIO_ERROR);
	CHECK_EQ(io(CPU_ROOT, 0x12, 4, false, &v), MMIO_ERROR);
}

TEST(two_cells_each_own_their_pin)
{
	struct cell *demo, *other;
	struct tb_cell tc;

	setup();
	demo = demo_cell();
	tb_other_cell(&tc, JH_ARCH_X86);
	other = stub_cell_create(&tc, 2);
	ioapic_cell_assign(other);
	model.owner[PIN_OTHER] = other;

	CHECK(ioapic_cell_owns(demo, BASE, PIN_DEMO));
	CHECK(ioapic_cell_owns(other, BASE, PIN_OTHER));
	CHECK(!ioapic_cell_owns(demo, BASE, PIN_OTHER));
	CHECK(!ioapic_cell_owns(other, BASE, PIN_DEMO));

	reg_write(CPU_OTHER, HI(PIN_OTHER), DEST(2));
	reg_write(CPU_OTHER, LO(PIN_OTHER), 0x50);
	CHECK_EQ(model.regs[LO(PIN_OTHER)], 0x50);
	/* The demo cell cannot aim its pin at the other cell's CPU. */
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(2));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);

	stub_cell_destroy(demo);
	ioapic_cell_release(demo);
	CHECK(ioapic_cell_owns(&root_cell, BASE, PIN_DEMO));
	CHECK(ioapic_cell_owns(other, BASE, PIN_OTHER));
	CHECK_EQ(model.regs[LO(PIN_OTHER)], 0x50);
	CHECK_EQ(model.violations, 0);
}

TEST(irqchip_of_an_unknown_ioapic_is_ignored)
{
	struct cell *cell;
	struct tb_cell tc;

	setup();
	tb_demo_cell(&tc, JH_ARCH_X86);
	tc.irqchips[0].address = BASE + 0x1000;
	cell = stub_cell_create(&tc, 1);
	ioapic_cell_assign(cell);
	CHECK(!ioapic_cell_owns(cell, BASE, PIN_DEMO));
	CHECK(ioapic_cell_owns(&root_cell, BASE, PIN_DEMO));
	CHECK(strstr(stub_console(), "is no IOAPIC of the root cell") != NULL);
}

TEST(root_lines_aimed_at_cpus_that_leave_are_masked)
{
	setup();
	/* Pin 6 live on CPU 3 (physical), pin 7 on CPUs 0 and 3 (logical). */
	model.regs[LO(6)] = 0x46;
	model.regs[HI(6)] = DEST(3);
	model.regs[LO(7)] = 0x47 | LOGICAL;
	model.regs[HI(7)] = DEST(0x09);
	model.regs[LO(8)] = 0x48 | LOGICAL;
	model.regs[HI(8)] = DEST(0x06);
	model.owner[6] = model.owner[7] = NULL;	/* live across the move */
	demo_cell();
	CHECK_EQ(model.regs[LO(6)], 0x46 | MASKED);
	CHECK_EQ(model.regs[LO(7)], 0x47 | LOGICAL | MASKED);
	CHECK_EQ(model.regs[LO(8)], 0x48 | LOGICAL);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);
	CHECK(strstr(stub_console(), "cell \"root\": IOAPIC 0xfec00000 pin 6") != NULL);
	CHECK(strstr(stub_console(), "left the root cell") != NULL);
	CHECK_EQ(model.violations, 0);
}

/* tests/unit/iommu_stubs.c: IOAPIC entry n becomes vector n. */
extern bool stub_iommu;
extern struct iommu_msi_msg stub_ioapic_msg;
extern unsigned int stub_ioapic_remaps;

TEST(remapped_entries_hold_the_units_form_and_read_back_the_owners)
{
	struct cell *cell;

	setup();
	stub_iommu = true;
	model.owner[PIN_ROOT] = NULL;	/* the hardware says index, not CPU */
	model.owner[PIN_DEMO] = NULL;
	/* The live root entry moves to the unit at start. */
	ioapic_ir_start();
	CHECK_EQ(model.regs[LO(PIN_ROOT)], PIN_ROOT);
	CHECK_EQ(model.regs[HI(PIN_ROOT)], 0);
	CHECK_EQ(stub_ioapic_msg.address, 0xfee00000ULL);
	CHECK_EQ(stub_ioapic_msg.data, 0x41);
	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_ROOT)), 0x41);
	CHECK_EQ(reg_read(CPU_ROOT, HI(PIN_ROOT)), DEST(0));

	/* A new logical, lowest-priority, level entry: mask and trigger
	 * mode are the owner's, the routing the unit's. */
	reg_write(CPU_ROOT, HI(PIN_ROOT), DEST(3) >> 1 & 0xff000000U);
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x152 | LOGICAL | LEVEL);
	CHECK_EQ(stub_ioapic_msg.address, 0xfee01004ULL);
	CHECK_EQ(stub_ioapic_msg.data, 0x152 | LEVEL);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], PIN_ROOT | LEVEL);
	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_ROOT)), 0x152 | LOGICAL | LEVEL);

	/* The APIC's broadcast misses it: apic.c's EOI reaches the pin as
	 * the hardware vector, for the owner's CPUs only. */
	CHECK(ioapic_ir_eoi_wanted());
	model.eois = 0;
	ioapic_lapic_eoi(&root_cell, 0x52);
	CHECK_EQ(model.eois, 1);
	CHECK_EQ(model.last_eoi, PIN_ROOT);
	ioapic_lapic_eoi(&root_cell, 0x53);
	CHECK_EQ(model.eois, 1);
	/* So does the EOI register, which the owner writes with its own. */
	eoi(CPU_ROOT, 0x52);
	CHECK_EQ(model.eois, 2);
	CHECK_EQ(model.last_eoi, PIN_ROOT);

	/* Masking keeps the routing; the checks still apply to a cell. */
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x152 | LOGICAL | LEVEL | MASKED);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], PIN_ROOT | LEVEL | MASKED);
	cell = demo_cell();
	model.owner[PIN_DEMO] = NULL;
	stub_ioapic_remaps = 0;
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(0));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(stub_ioapic_remaps, 0);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	reg_write(CPU_DEMO, HI(PIN_DEMO), DEST(3));
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK_EQ(stub_ioapic_remaps, 1);
	CHECK_EQ(model.regs[LO(PIN_DEMO)], PIN_DEMO);
	CHECK_EQ(stub_ioapic_msg.address, 0xfee03000ULL);
	ioapic_cell_release(cell);
	stub_cell_destroy(cell);

	/* Stop: the owners' entries are back in the hardware. */
	ioapic_ir_stop();
	CHECK(!ioapic_ir_eoi_wanted());
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x152 | LOGICAL | LEVEL | MASKED);
	CHECK_EQ(model.regs[HI(PIN_ROOT)], DEST(3) >> 1 & 0xff000000U);
	stub_iommu = false;
}

TEST(an_entry_the_unit_refuses_stays_masked)
{
	setup();
	ioapic_ir_start();		/* no unit: iommu_ioapic_remap fails */
	CHECK(model.regs[LO(PIN_ROOT)] & MASKED);
	CHECK_EQ(reg_read(CPU_ROOT, LO(PIN_ROOT)), 0x41);
	ioapic_ir_stop();
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);
}

/*
 * ioapic_owned_entry() (an x86 root link end's INTx): the entry of a pin
 * the cell owns, as the owner wrote it, also while the unit remaps it.
 */
TEST(owned_entry_is_the_owners_view)
{
	uint32_t lo = 0, hi = 0;
	struct cell *cell;

	setup();
	CHECK(ioapic_owned_entry(&root_cell, PIN_ROOT, &lo, &hi));
	CHECK_EQ(lo, 0x41);
	CHECK_EQ(hi, DEST(0));
	CHECK(!ioapic_owned_entry(&root_cell, PINS, &lo, &hi));
	cell = demo_cell_live();
	CHECK(!ioapic_owned_entry(&root_cell, PIN_DEMO, &lo, &hi));
	CHECK(ioapic_owned_entry(cell, PIN_DEMO, &lo, &hi));
	CHECK_EQ(lo, 0x30);
	CHECK(!ioapic_owned_entry(cell, PIN_ROOT, &lo, &hi));
	ioapic_cell_release(cell);
	stub_cell_destroy(cell);

	stub_iommu = true;
	model.owner[PIN_ROOT] = NULL;	/* the hardware says index, not CPU */
	ioapic_ir_start();
	CHECK_EQ(model.regs[LO(PIN_ROOT)], PIN_ROOT);
	CHECK(ioapic_owned_entry(&root_cell, PIN_ROOT, &lo, &hi));
	CHECK_EQ(lo, 0x41);
	CHECK_EQ(hi, DEST(0));
	ioapic_ir_stop();
	stub_iommu = false;
}

/*
 * Remappable format (bit 48): the destination is in Linux's remapping
 * table, so only a root cell in x2APIC mode (Linux drives the IOMMU) may
 * use it; in xAPIC mode and for other cells it is refused.
 */
TEST(remappable_entries_only_for_an_x2apic_root)
{
	setup();
	demo_cell_live();
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41 | MASKED);
	reg_write(CPU_ROOT, HI(PIN_ROOT), 0x10000);
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41);
	CHECK(model.regs[LO(PIN_ROOT)] & MASKED);
	stub_apic_x2apic = true;
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41 | MASKED);
	reg_write(CPU_ROOT, HI(PIN_ROOT), 0x10000);
	reg_write(CPU_ROOT, LO(PIN_ROOT), 0x41);
	CHECK_EQ(model.regs[LO(PIN_ROOT)], 0x41);
	CHECK_EQ(model.regs[HI(PIN_ROOT)], 0x10000);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30 | MASKED);
	reg_write(CPU_DEMO, HI(PIN_DEMO), 0x10000);
	reg_write(CPU_DEMO, LO(PIN_DEMO), 0x30);
	CHECK(model.regs[LO(PIN_DEMO)] & MASKED);
	stub_apic_x2apic = false;
	CHECK_EQ(model.violations, 0);
}
