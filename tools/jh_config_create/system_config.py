# SPDX-License-Identifier: GPL-2.0
"""The system config being built (struct jh_system_desc with its root cell)
and its two renderings: the binary .cell and the C source that compiles
to the same bytes.
"""

import struct

from .errors import Refusal
from .abi import (
    IOMMU_C_NAMES, JH_ARCH_ARM64, JH_ARCH_X86, JH_CONFIG_REVISION,
    JH_CON_NONE, JH_IOAPIC_SID_VALID, JH_IOMMU_AMD, JH_MAX_IOMMUS,
    JH_MAX_IRQCHIPS, JH_MAX_MEM_REGIONS, JH_MAX_PIO_REGIONS,
    JH_PCI_TYPE_BRIDGE, JH_PCI_TYPE_DEVICE, MEMORY_REGION, cpu_set_words,
    pack_cell, pack_console, pack_irqchip, pack_pci_device, pack_region)
from .consoles import CONSOLE_C_NAMES, Console
from .c_emit import (
    c_comment, c_comment_lines, c_cpus, c_mem_flags_line, c_mem_regions,
    c_size)


class Region:
    def __init__(self, start, size, flags, comment):
        self.start, self.size, self.flags = start, size, flags
        self.comment = comment

    @property
    def end(self):
        return self.start + self.size


class Irqchip:
    def __init__(self, address, chip_id, pin_base, pins, comment):
        self.address, self.id, self.pin_base = address, chip_id, pin_base
        self.comment = comment
        self.bitmap = [0] * 4
        for pin in pins:
            n = pin - pin_base
            self.bitmap[n // 32] |= 1 << (n % 32)


class Config:
    def __init__(self, arch):
        self.arch = arch
        self.arch_id = JH_ARCH_ARM64 if arch == "arm64" else JH_ARCH_X86
        self.name = ""
        self.hv_start = self.hv_size = 0
        self.hv_comment = ""
        self.debug_console = Console(JH_CON_NONE)
        self.cpus = set()
        self.regions = []
        self.irqchips = []
        self.pio = []		# (base, length, comment)
        self.pci = []		# PciDevice
        self.iommus = []	# Iommu
        self.header_lines = []	# facts for the file's leading comment
        # arm64
        self.gicd = self.gicr = self.gicr_stride = 0	# gicr: GICv2's GICC
        self.gich = self.gicv = 0			# GICv2 only
        self.gic_version = 3
        self.maintenance_irq = 0
        self.pci_ecam_base = 0
        self.pci_ecam_end_bus = 0
        # x86
        self.mmconfig_base = 0
        self.mmconfig_end_bus = 0
        self.pm_timer = 0

    def check_counts(self):
        if len(self.regions) > JH_MAX_MEM_REGIONS:
            raise Refusal("%d memory regions, more than a config holds (%d)"
                          % (len(self.regions), JH_MAX_MEM_REGIONS))
        if len(self.irqchips) > JH_MAX_IRQCHIPS:
            raise Refusal("%d irqchip entries, more than a config holds (%d)"
                          % (len(self.irqchips), JH_MAX_IRQCHIPS))
        if len(self.pio) > JH_MAX_PIO_REGIONS:
            raise Refusal("%d port ranges, more than a config holds (%d)"
                          % (len(self.pio), JH_MAX_PIO_REGIONS))

    # -- binary ------------------------------------------------------------

    def to_binary(self):
        if self.arch == "arm64":
            platform = struct.pack("<QQQIIQB7x2Q", self.gicd, self.gicr,
                                   self.gicr_stride, self.gic_version,
                                   self.maintenance_irq, self.pci_ecam_base,
                                   self.pci_ecam_end_bus, self.gich,
                                   self.gicv)
        else:
            platform = struct.pack("<QBBHI6Q", self.mmconfig_base,
                                   self.mmconfig_end_bus, 0, self.pm_timer,
                                   0, 0, 0, 0, 0, 0, 0)
        iommus = b""
        for u in self.iommus:
            iommus += struct.pack("<QIHHHBBIQ", u.base, u.size, u.type, 0,
                                  u.amd_bdf, u.amd_cap, 0, 0, 0)
        iommus += bytes(32 * (JH_MAX_IOMMUS - len(self.iommus)))
        root = pack_cell(self.arch_id, self.name, 0,
                         cpu_set_words(self.cpus),
                         (len(self.regions), len(self.irqchips),
                          len(self.pio), len(self.pci)), 0,
                         Console(JH_CON_NONE))
        out = struct.pack("<6sHII", b"JHSYST", JH_CONFIG_REVISION,
                          self.arch_id, 0)
        # The hypervisor's memory: virt_start 0, no flags.
        out += struct.pack(MEMORY_REGION, self.hv_start, 0, self.hv_size, 0)
        out += pack_console(self.debug_console) + platform + iommus + root
        for r in self.regions:
            out += pack_region(r.start, r.size, r.flags)
        for c in self.irqchips:
            out += pack_irqchip(c.address, c.id, c.pin_base, c.bitmap)
        for base, length, _ in self.pio:
            out += struct.pack("<HHI", base, length, 0)
        for d in self.pci:
            out += pack_pci_device(JH_PCI_TYPE_BRIDGE if d.is_bridge
                                   else JH_PCI_TYPE_DEVICE, d.domain, d.bdf)
        return out

    # -- C source ----------------------------------------------------------

    def to_c(self):
        L = []
        L.append("/* SPDX-License-Identifier: GPL-2.0 */")
        L.append("/*")
        L += c_comment_lines(
            "System config for %s, written by \"jailhouse config create\". "
            "Review it before use: it holds what Linux showed of the "
            "machine." % self.name, " * ")
        for line in self.header_lines:
            L.append(" *")
            L += c_comment_lines(line, " * ")
        L.append(" *")
        L += c_comment_lines(
            "Build it in configs/%s/ (make ARCH=%s configs), or use the "
            ".cell that --cell wrote; both are the same bytes." %
            (self.arch, self.arch), " * ")
        L.append(" */")
        L.append('#include "config-file.h"')
        L.append("")
        words = cpu_set_words(self.cpus)
        L.append("static const struct {")
        L.append("\tstruct jh_system_desc sys;")
        L.append("\tuint64_t cpus[%d];" % len(words))
        L.append("\tstruct jh_memory_region mem_regions[%d];" %
                 len(self.regions))
        if self.irqchips:
            L.append("\tstruct jh_irqchip irqchips[%d];" % len(self.irqchips))
        if self.pio:
            L.append("\tstruct jh_pio_region pio_regions[%d];" % len(self.pio))
        if self.pci:
            L.append("\tstruct jh_pci_device pci_devices[%d];" % len(self.pci))
        L.append("} JH_PACKED config CONFIG_OBJECT = {")
        L.append("\t.sys = {")
        L.append("\t\t.signature = JH_SYSTEM_SIGNATURE,")
        L.append("\t\t.revision = JH_CONFIG_REVISION,")
        arch_c = "JH_ARCH_ARM64" if self.arch == "arm64" else "JH_ARCH_X86"
        L.append("\t\t.arch = %s," % arch_c)
        L += c_comment(self.hv_comment, 2)
        L.append("\t\t.hypervisor_memory = {")
        L.append("\t\t\t.phys_start = 0x%x," % self.hv_start)
        L.append("\t\t\t.size = %s," % c_size(self.hv_size))
        L.append("\t\t},")
        con = self.debug_console
        L += c_comment(con.origin or "Debug console.", 2)
        L.append("\t\t.debug_console = {")
        if con.type != JH_CON_NONE:
            L.append("\t\t\t.address = 0x%x," % con.address)
            L.append("\t\t\t.size = 0x%x," % con.size)
        L.append("\t\t\t.type = %s," % CONSOLE_C_NAMES[con.type])
        if con.flags:
            L.append("\t\t\t.flags = %s," % con.c_flags())
        L.append("\t\t},")
        if self.arch == "arm64":
            L.append("\t\t.platform.arm64 = {")
            L.append("\t\t\t.gicd_base = 0x%x," % self.gicd)
            if self.gic_version == 2:
                L.append("\t\t\t.gicc_base = 0x%x," % self.gicr)
                L.append("\t\t\t.gich_base = 0x%x," % self.gich)
                L.append("\t\t\t.gicv_base = 0x%x," % self.gicv)
            else:
                L.append("\t\t\t.gicr_base = 0x%x," % self.gicr)
                L.append("\t\t\t.gicr_stride = 0x%x," % self.gicr_stride)
            L.append("\t\t\t.gic_version = %d," % self.gic_version)
            L.append("\t\t\t.maintenance_irq = %d," % self.maintenance_irq)
            if self.pci_ecam_base:
                L.append("\t\t\t.pci_ecam_base = 0x%x," %
                         self.pci_ecam_base)
                L.append("\t\t\t.pci_ecam_end_bus = %d," %
                         self.pci_ecam_end_bus)
        else:
            L.append("\t\t.platform.x86 = {")
            L.append("\t\t\t.mmconfig_base = 0x%x," % self.mmconfig_base)
            L.append("\t\t\t.mmconfig_end_bus = 0x%x," %
                     self.mmconfig_end_bus)
            L.append("\t\t\t.pm_timer_address = 0x%x," % self.pm_timer)
        L.append("\t\t},")
        if self.iommus:
            L.append("\t\t.iommus = {")
            for u in self.iommus:
                L += c_comment(u.comment, 3)
                L.append("\t\t\t{")
                L.append("\t\t\t\t.base = 0x%x," % u.base)
                L.append("\t\t\t\t.size = 0x%x," % u.size)
                L.append("\t\t\t\t.type = %s," % IOMMU_C_NAMES[u.type])
                if u.type == JH_IOMMU_AMD:
                    L.append("\t\t\t\t.amd_bdf = 0x%04x," % u.amd_bdf)
                    L.append("\t\t\t\t.amd_cap = 0x%02x," % u.amd_cap)
                L.append("\t\t\t},")
            L.append("\t\t},")
        L.append("\t\t.root_cell = {")
        L.append("\t\t\t.signature = JH_CELL_SIGNATURE,")
        L.append("\t\t\t.revision = JH_CONFIG_REVISION,")
        L.append("\t\t\t.arch = %s," % arch_c)
        L.append('\t\t\t.name = "%s",' % self.name)
        L.append("\t\t\t.cpu_set_size = sizeof(config.cpus),")
        L.append("\t\t\t.num_memory_regions = "
                 "ARRAY_ITEMS(config.mem_regions),")
        for member, field, items in (("irqchips", "num_irqchips",
                                      self.irqchips),
                                     ("pio_regions", "num_pio_regions",
                                      self.pio),
                                     ("pci_devices", "num_pci_devices",
                                      self.pci)):
            if items:
                L.append("\t\t\t.%s = ARRAY_ITEMS(config.%s)," %
                         (field, member))
        L.append("\t\t},")
        L.append("\t},")
        L.append("")
        L += c_cpus(self.cpus, "/sys/devices/system/cpu/possible")
        L.append("")
        L += c_mem_regions(self.regions, c_mem_flags_line)
        if self.irqchips:
            L.append("")
            L.append("\t.irqchips = {")
            for c in self.irqchips:
                L += c_comment(c.comment, 2)
                L.append("\t\t{")
                L.append("\t\t\t.address = 0x%x," % c.address)
                if c.id & JH_IOAPIC_SID_VALID:
                    L.append("\t\t\t.id = JH_IOAPIC_SID(0x%04x)," %
                             (c.id & 0xffff))
                elif c.id:
                    L.append("\t\t\t.id = %d," % c.id)
                L.append("\t\t\t.pin_base = %d," % c.pin_base)
                if c.bitmap == [0xffffffff] * 4:
                    L.append("\t\t\t.pin_bitmap = ALL_PINS,")
                else:
                    L.append("\t\t\t.pin_bitmap = {")
                    L.append("\t\t\t\t%s," %
                             ", ".join("0x%08x" % w for w in c.bitmap))
                    L.append("\t\t\t},")
                L.append("\t\t},")
            L.append("\t},")
        if self.pio:
            L.append("")
            L.append("\t.pio_regions = {")
            for base, length, comment in self.pio:
                L += c_comment(comment, 2)
                L.append("\t\t{ .base = 0x%04x, .length = 0x%04x }," %
                         (base, length))
            L.append("\t},")
        if self.pci:
            L.append("")
            L.append("\t/* /sys/bus/pci/devices */")
            L.append("\t.pci_devices = {")
            for d in self.pci:
                kind = "BRIDGE" if d.is_bridge else "DEVICE"
                L += c_comment("%s, class %06x" % (d.name, d.cls), 2)
                L.append("\t\t{ .type = JH_PCI_TYPE_%s, .domain = 0x%x, "
                         ".bdf = 0x%04x }," % (kind, d.domain, d.bdf))
            L.append("\t},")
        L.append("};")
        return "\n".join(L) + "\n"
