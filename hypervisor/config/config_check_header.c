// SPDX-License-Identifier: GPL-2.0
/*
 * Config validator, part 1: the headers of system and cell configs, the
 * consoles, the hypervisor memory and the platform data, and the two entry
 * points that check a whole config.
 */
#include "config_check_internal.h"

static int jhc_check_arch(const char *item, uint32_t arch, uint32_t expected,
			  struct jh_config_error *err)
{
	if (expected != JH_ARCH_ARM64 && expected != JH_ARCH_X86) {
		return JHC_FAIL(item, -1, "arch", expected, 0,
				JHC_R_ARCH_UNKNOWN);
	}
	if (arch != expected) {
		return JHC_FAIL(item, -1, "arch", arch, 0,
				expected == JH_ARCH_ARM64 ?
				JHC_R_ARCH_NOT_ARM64 : JHC_R_ARCH_NOT_X86);
	}
	return 0;
}

static int jhc_check_console(const char *item, const struct jh_console *con,
			     uint32_t arch, struct jh_config_error *err)
{
	if (con->type > JH_CON_MAX_TYPE) {
		return JHC_FAIL(item, -1, "type", con->type, 0,
				JHC_R_CON_TYPE);
	}
	if ((con->flags & ~(con->type == JH_CON_8250_MMIO ?
			    JH_CON_8250_FLAGS : 0U)) != 0U) {
		return JHC_FAIL(item, -1, "flags", con->flags, 0,
				JHC_R_RESERVED);
	}
	if (con->type == JH_CON_8250_PIO) {
		if (arch != JH_ARCH_X86) {
			return JHC_FAIL(item, -1, "type", con->type, 0,
					JHC_R_CON_PIO_ARCH);
		}
		if (con->address > JHC_PIO_SPACE - JHC_8250_REGS) {
			return JHC_FAIL(item, -1, "address", con->address, 0,
					JHC_R_CON_PIO_ADDR);
		}
	}
	return jh_cfg_check_console_width(item, con,
					  jh_cfg_arch_phys_bits(arch), err);
}

/*
 * Header of a cell descriptor at c, whose config (starting prefix bytes
 * before c) must be exactly size bytes. The caller made sure the
 * descriptor itself is readable.
 */
static int jhc_check_cell_header(const struct jh_cell_desc *c,
				 uint64_t prefix, uint64_t size, uint32_t arch,
				 const char *item, bool is_root,
				 struct jh_config_error *err)
{
	uint64_t expected;
	unsigned int n, len;
	bool any_cpu;
	int ret;

	if (!jhc_sig_is(c->signature, JH_CELL_SIGNATURE)) {
		return JHC_FAIL(item, -1, "signature", 0, 0,
				!is_root && jhc_sig_is(c->signature,
						       JH_SYSTEM_SIGNATURE) ?
				JHC_R_SYS_SIG_IN_CELL : JHC_R_NOT_CELL_SIG);
	}
	if (c->revision != JH_CONFIG_REVISION) {
		return JHC_FAIL(item, -1, "revision", c->revision, 0,
				JHC_R_REVISION);
	}
	ret = jhc_check_arch(item, c->arch, arch, err);
	if (ret != 0) {
		return ret;
	}

	if (c->num_memory_regions > JH_MAX_MEM_REGIONS) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "num_memory_regions",
				c->num_memory_regions, 0, JHC_R_MAX_MEM);
	}
	if (c->num_irqchips > JH_MAX_IRQCHIPS) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "num_irqchips",
				c->num_irqchips, 0, JHC_R_MAX_IRQCHIPS);
	}
	if (c->num_pio_regions > JH_MAX_PIO_REGIONS) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "num_pio_regions",
				c->num_pio_regions, 0, JHC_R_MAX_PIO);
	}
	if (c->num_pci_devices > JH_MAX_PCI_DEVICES) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "num_pci_devices",
				c->num_pci_devices, 0, JHC_R_MAX_PCI);
	}
	if (c->num_links > JH_MAX_LINKS) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "num_links",
				c->num_links, 0, JHC_R_MAX_LINKS);
	}
	if (arch == JH_ARCH_ARM64 && c->num_pio_regions) {
		return JHC_FAIL(item, -1, "num_pio_regions",
				c->num_pio_regions, 0, JHC_R_PIO_ON_ARM64);
	}

	if (c->cpu_set_size == 0) {
		return JHC_FAIL(item, -1, "cpu_set_size", 0, 0, JHC_R_IS_ZERO);
	}
	if (c->cpu_set_size % 8) {
		return JHC_FAIL(item, -1, "cpu_set_size", c->cpu_set_size, 0,
				JHC_R_CPU_SET_SIZE_ALIGN);
	}
	if (c->cpu_set_size > JH_MAX_CPUS / 8) {
		return jh_cfg_fail(err, -JH_E2BIG, item, -1, "cpu_set_size",
				c->cpu_set_size, 0, JHC_R_CPU_SET_SIZE_MAX);
	}

	/* From here on the arrays behind c are known to be readable. */
	expected = prefix + jh_cell_config_size(c);
	if (size < expected) {
		return JHC_FAIL(item, -1, "size", size, expected,
				JHC_R_TRUNCATED);
	}
	if (size > expected) {
		return JHC_FAIL(item, -1, "size", size, expected,
				JHC_R_TRAILING);
	}

	len = JH_CELL_NAME_LEN;
	for (n = 0; n < JH_CELL_NAME_LEN; n++) {
		if (c->name[n] == '\0') {
			len = n;
			break;
		}
		if (c->name[n] < 0x20 || c->name[n] > 0x7e) {
			return JHC_FAIL(item, -1, "name", 0, 0,
					JHC_R_NAME_UNPRINTABLE);
		}
	}
	if (len == JH_CELL_NAME_LEN) {
		return JHC_FAIL(item, -1, "name", 0, 0,
				JHC_R_NAME_UNTERMINATED);
	}
	if (len == 0) {
		return JHC_FAIL(item, -1, "name", 0, 0, JHC_R_NAME_EMPTY);
	}

	if ((c->flags & ~(uint32_t)JH_CELL_VALID_FLAGS) != 0U) {
		return JHC_FAIL(item, -1, "flags", c->flags, 0,
				JHC_R_CELL_FLAGS);
	}
	/* The root's CPUs keep their trapped interface: they run the driver. */
	if (is_root && (c->flags & JH_CELL_DIRECT_IRQ) != 0U) {
		return JHC_FAIL(item, -1, "flags", c->flags, 0,
				JHC_R_ROOT_DIRECT_IRQ);
	}
	ret = jhc_check_console(jhc_item_console, &c->console, arch, err);
	if (ret != 0) {
		return ret;
	}

	any_cpu = false;
	for (n = 0; n < jhc_num_cpu_bits(c); n++) {
		any_cpu |= jhc_has_cpu(c, n);
	}
	if (!any_cpu) {
		return JHC_FAIL(jhc_item_cpus, -1, NULL, 0, 0,
				JHC_R_CPU_SET_EMPTY);
	}
	return 0;
}

static int jhc_check_gic_frame(const char *field, uint64_t value,
			       uint64_t align, struct jh_config_error *err)
{
	if (value == 0) {
		return JHC_FAIL(jhc_item_platform, -1, field, 0, 0,
				JHC_R_IS_ZERO);
	}
	if (!jhc_aligned(value, align)) {
		return JHC_FAIL(jhc_item_platform, -1, field, value, 0,
				align == JHC_PAGE_SIZE ? JHC_R_PAGE_ALIGN :
				JHC_R_GIC_ALIGN);
	}
	return 0;
}

static int jhc_check_gic_unused(const char *field, uint64_t value,
				struct jh_config_error *err)
{
	if (value != 0U) {
		return JHC_FAIL(jhc_item_platform, -1, field, value, 0,
				JHC_R_GIC_OTHER_VERSION);
	}
	return 0;
}

/* GICv3: distributor and redistributors; GICv2: four 4 KiB frames. */
static int jhc_check_gic(const struct jh_arm64_platform *arm,
			 struct jh_config_error *err)
{
	int ret;

	if (arm->gic_version == 2U) {
		ret = jhc_check_gic_frame("gicd_base", arm->gicd_base,
					  JHC_PAGE_SIZE, err);
		if (!ret) {
			ret = jhc_check_gic_frame("gicc_base", arm->gicc_base,
						  JHC_PAGE_SIZE, err);
		}
		if (!ret) {
			ret = jhc_check_gic_frame("gich_base", arm->gich_base,
						  JHC_PAGE_SIZE, err);
		}
		if (!ret) {
			ret = jhc_check_gic_frame("gicv_base", arm->gicv_base,
						  JHC_PAGE_SIZE, err);
		}
		return ret ? ret : jhc_check_gic_unused("gicr_stride",
							 arm->gicr_stride, err);
	}
	if (arm->gic_version != 3U) {
		return JHC_FAIL(jhc_item_platform, -1, "gic_version",
				arm->gic_version, 0, JHC_R_GIC_VERSION);
	}
	ret = jhc_check_gic_frame("gicd_base", arm->gicd_base, JHC_GIC_ALIGN,
				  err);
	if (!ret) {
		ret = jhc_check_gic_frame("gicr_base", arm->gicr_base,
					  JHC_GIC_ALIGN, err);
	}
	if (!ret) {
		ret = jhc_check_gic_frame("gicr_stride", arm->gicr_stride,
					  JHC_GIC_ALIGN, err);
	}
	if (!ret) {
		ret = jhc_check_gic_unused("gich_base", arm->gich_base, err);
	}
	return ret ? ret : jhc_check_gic_unused("gicv_base", arm->gicv_base,
						 err);
}

static int jhc_check_platform(const struct jh_system_desc *sys,
			      uint32_t arch, struct jh_config_error *err)
{
	const struct jh_arm64_platform *arm = &sys->platform.arm64;
	const struct jh_x86_platform *x86 = &sys->platform.x86;
	unsigned int n;
	int ret;

	if (arch == JH_ARCH_ARM64) {
		ret = jhc_check_gic(arm, err);
		if (ret != 0) {
			return ret;
		}
		if (arm->maintenance_irq < JHC_ARM64_FIRST_PPI ||
		    arm->maintenance_irq > JHC_ARM64_LAST_PPI) {
			return JHC_FAIL(jhc_item_platform, -1,
					"maintenance_irq",
					arm->maintenance_irq, 0,
					JHC_R_MAINT_IRQ);
		}
		for (n = 0; n < sizeof(arm->reserved0); n++) {
			if (arm->reserved0[n] != 0U) {
				return JHC_FAIL(jhc_item_platform, -1,
						"reserved0", arm->reserved0[n],
						0, JHC_R_RESERVED);
			}
		}
		if (!jhc_aligned(arm->pci_ecam_base, JHC_PAGE_SIZE)) {
			return JHC_FAIL(jhc_item_platform, -1,
					"pci_ecam_base", arm->pci_ecam_base,
					0, JHC_R_PAGE_ALIGN);
		}
		return 0;
	}

	if (x86->reserved0 != 0U) {
		return JHC_FAIL(jhc_item_platform, -1, "reserved0",
				x86->reserved0, 0, JHC_R_RESERVED);
	}
	if (x86->reserved1 != 0U) {
		return JHC_FAIL(jhc_item_platform, -1, "reserved1",
				x86->reserved1, 0, JHC_R_RESERVED);
	}
	for (n = 0; n < sizeof(x86->reserved) / sizeof(x86->reserved[0]); n++) {
		if (x86->reserved[n] != 0U) {
			return JHC_FAIL(jhc_item_platform, -1, "reserved",
					x86->reserved[n], 0, JHC_R_RESERVED);
		}
	}
	if (!jhc_aligned(x86->mmconfig_base, JHC_PAGE_SIZE)) {
		return JHC_FAIL(jhc_item_platform, -1, "mmconfig_base",
				x86->mmconfig_base, 0, JHC_R_PAGE_ALIGN);
	}
	return 0;
}

static int jhc_check_hv_memory(const struct jh_memory_region *hv_mem,
			       struct jh_config_error *err)
{
	const char *item = jhc_item_hv_mem;

	if (hv_mem->size == 0) {
		return JHC_FAIL(item, -1, "size", 0, 0, JHC_R_IS_ZERO);
	}
	if (!jhc_aligned(hv_mem->phys_start, JHC_PAGE_SIZE)) {
		return JHC_FAIL(item, -1, "phys_start", hv_mem->phys_start, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (!jhc_aligned(hv_mem->size, JHC_PAGE_SIZE)) {
		return JHC_FAIL(item, -1, "size", hv_mem->size, 0,
				JHC_R_PAGE_ALIGN);
	}
	if (jhc_wraps(hv_mem->phys_start, hv_mem->size)) {
		return JHC_FAIL(item, -1, "phys_start", hv_mem->phys_start,
				hv_mem->size, JHC_R_WRAPS);
	}
	if ((hv_mem->flags & ~(uint64_t)JH_MEM_VALID_FLAGS) != 0U) {
		return JHC_FAIL(item, -1, "flags", hv_mem->flags, 0,
				JHC_R_MEM_FLAGS);
	}
	return 0;
}

int jh_check_system_config(const void *data, uint64_t size, uint32_t arch,
			   struct jh_config_error *err)
{
	const struct jh_system_desc *sys = data;
	const uint64_t prefix = sizeof(*sys) - sizeof(sys->root_cell);
	int ret;

	jhc_clear(err);
	if (size < sizeof(*sys)) {
		return JHC_FAIL(jhc_item_header, -1, "size", size, 0,
				JHC_R_SYS_TOO_SMALL);
	}
	if (!data) {
		return JHC_FAIL(jhc_item_header, -1, "data", 0, 0,
				JHC_R_NO_DATA);
	}
	if (!jhc_sig_is(sys->signature, JH_SYSTEM_SIGNATURE)) {
		return JHC_FAIL(jhc_item_header, -1, "signature", 0, 0,
				jhc_sig_is(sys->signature, JH_CELL_SIGNATURE) ?
				JHC_R_CELL_SIG_IN_SYS : JHC_R_NOT_SYS_SIG);
	}
	if (sys->revision != JH_CONFIG_REVISION) {
		return JHC_FAIL(jhc_item_header, -1, "revision", sys->revision,
				0, JHC_R_REVISION);
	}
	ret = jhc_check_arch(jhc_item_header, sys->arch, arch, err);
	if (ret != 0) {
		return ret;
	}
	if (sys->flags != 0U) {
		return JHC_FAIL(jhc_item_header, -1, "flags", sys->flags, 0,
				JHC_R_RESERVED);
	}

	ret = jhc_check_cell_header(&sys->root_cell, prefix, size, arch,
				    jhc_item_root, true, err);
	if (ret != 0) {
		return ret;
	}

	ret = jhc_check_hv_memory(&sys->hypervisor_memory, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_console(jhc_item_dbg_console, &sys->debug_console,
				arch, err);
	if (ret != 0) {
		return ret;
	}
	ret = jhc_check_platform(sys, arch, err);
	if (!ret) {
		ret = jh_cfg_check_iommus(sys, err);
	}
	if (!ret) {
		ret = jh_cfg_check_platform_width(sys,
						  jh_cfg_arch_phys_bits(arch),
						  err);
	}
	if (ret != 0) {
		return ret;
	}

	ret = jh_cfg_check_cell_arrays(&sys->root_cell, arch, sys, err);
	if (ret != 0) {
		return ret;
	}
	return jh_cfg_root_links(sys, err);
}

/*
 * Where a non-root cell's first CPU starts: inside its own executable
 * memory, and on x86 where a real-mode CPU can reach (CS:IP, below
 * 1 MiB). The root cell never starts; its value is not used.
 */
static int jhc_check_reset_address(const struct jh_cell_desc *c, uint32_t arch,
				   struct jh_config_error *err)
{
	const struct jh_memory_region *mem = jh_cell_mem_regions(c);
	uint64_t reset = c->cpu_reset_address;
	unsigned int n;

	if (arch == JH_ARCH_X86 && reset >= 0x100000) {
		return JHC_FAIL(jhc_item_header, -1, "cpu_reset_address",
				reset, 0, JHC_R_RESET_REAL_MODE);
	}
	for (n = 0; n < c->num_memory_regions; n++) {
		if ((mem[n].flags & JH_MEM_EXECUTE) &&
		    jhc_inside(reset, 1, mem[n].virt_start, mem[n].size)) {
			return 0;
		}
	}
	return JHC_FAIL(jhc_item_header, -1, "cpu_reset_address", reset, 0,
			JHC_R_RESET_NOT_EXEC);
}

int jh_check_cell_config(const void *data, uint64_t size, uint32_t arch,
			 struct jh_config_error *err)
{
	const struct jh_cell_desc *cell = data;
	int ret;

	jhc_clear(err);
	if (size < sizeof(*cell)) {
		return JHC_FAIL(jhc_item_header, -1, "size", size, 0,
				JHC_R_CELL_TOO_SMALL);
	}
	if (!data) {
		return JHC_FAIL(jhc_item_header, -1, "data", 0, 0,
				JHC_R_NO_DATA);
	}
	ret = jhc_check_cell_header(cell, 0, size, arch, jhc_item_header,
				    false, err);
	if (!ret) {
		ret = jh_cfg_check_cell_arrays(cell, arch, NULL, err);
	}
	if (!ret) {
		ret = jhc_check_reset_address(cell, arch, err);
	}
	/* The root cell is never asked to shut down: only cells bounded. */
	if (!ret && cell->msg_reply_timeout > JH_MAX_REPLY_TIMEOUT_MS) {
		ret = JHC_FAIL(jhc_item_header, -1, "msg_reply_timeout",
			       cell->msg_reply_timeout, 0,
			       JHC_R_REPLY_TIMEOUT);
	}
	return ret;
}
