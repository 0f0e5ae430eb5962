# SPDX-License-Identifier: GPL-2.0
"""The Linux cell config being built and its two renderings: the binary
.cell and the C source in the style of configs/arm64/linux-cell.c.
"""

from .abi import (
    JH_ARCH_ARM64, JH_CELL_PASSIVE_COMMREG, JH_CON_NONE, JH_PCI_TYPE_DEVICE,
    cpu_set_words, pack_cell, pack_irqchip, pack_pci_device, pack_region)
from .consoles import CONSOLE_C_NAMES, Console
from .c_emit import (
    c_comment, c_comment_lines, c_cpus, c_flags_lines, c_mem_regions, c_size)


class LinuxCell:
    def __init__(self):
        self.name = ""
        self.cpus = set()
        self.regions = []
        self.intids = {}	# INTID -> where it came from
        self.pci = []		# (domain, bdf, comment)
        self.console = None	# Console, for an MMIO UART
        self.gicd = 0
        self.header = []
        self.warnings = []
        self.boot_args = None	# -c for cell linux, if it has no default

    @property
    def ram(self):
        return self.regions[0]

    def irqchips(self):
        """(pin_base, [4 words], [INTIDs]) per 128-line chunk of SPIs."""
        chips = {}
        for intid in sorted(self.intids):
            base = 32 + (intid - 32) // 128 * 128
            words, ids = chips.setdefault(base, ([0] * 4, []))
            words[(intid - base) // 32] |= 1 << ((intid - base) % 32)
            ids.append(intid)
        return [(b, w, i) for b, (w, i) in sorted(chips.items())]

    def to_binary(self):
        con = self.console or Console(JH_CON_NONE)
        chips = self.irqchips()
        out = pack_cell(JH_ARCH_ARM64, self.name, JH_CELL_PASSIVE_COMMREG,
                        cpu_set_words(self.cpus),
                        (len(self.regions), len(chips), 0, len(self.pci)),
                        self.ram.start, con)
        for r in self.regions:
            out += pack_region(r.start, r.size, r.flags)
        for base, bitmap, _ in chips:
            out += pack_irqchip(self.gicd, 0, base, bitmap)
        for domain, bdf, _ in self.pci:
            out += pack_pci_device(JH_PCI_TYPE_DEVICE, domain, bdf)
        return out

    def to_c(self):
        cc, L = c_comment, []
        L.append("/* SPDX-License-Identifier: GPL-2.0 */")
        L.append("/*")
        L += c_comment_lines(
            "Cell config for Linux in a cell, written by \"jailhouse config "
            "create --linux-cell\" (Documentation/boards.md, \"Linux "
            "cells\"). Boot it with:", " * ")
        L.append(" *")
        L.append(" *   jailhouse cell linux %s.cell Image -i initramfs.cpio.gz"
                 % self.name)
        if self.boot_args:
            L.append(' *       -c "%s"' % self.boot_args)
        for line in self.header + ["Warning: " + w for w in self.warnings]:
            L.append(" *")
            L += c_comment_lines(line, " * ")
        L.append(" */")
        L.append('#include "config-file.h"')
        L.append("")
        chips = self.irqchips()
        L.append("static const struct {")
        L.append("\tstruct jh_cell_desc cell;")
        L.append("\tuint64_t cpus[%d];" % len(cpu_set_words(self.cpus)))
        L.append("\tstruct jh_memory_region mem_regions[%d];" %
                 len(self.regions))
        if chips:
            L.append("\tstruct jh_irqchip irqchips[%d];" % len(chips))
        if self.pci:
            L.append("\tstruct jh_pci_device pci_devices[%d];" %
                     len(self.pci))
        L.append("} JH_PACKED config CONFIG_OBJECT = {")
        L.append("\t.cell = {")
        L.append("\t\t.signature = JH_CELL_SIGNATURE,")
        L.append("\t\t.revision = JH_CONFIG_REVISION,")
        L.append("\t\t.arch = JH_ARCH_ARM64,")
        L.append('\t\t.name = "%s",' % self.name)
        L += cc("Linux knows no comm region: the cell is stopped without "
                "being asked.", 2)
        L.append("\t\t.flags = JH_CELL_PASSIVE_COMMREG,")
        L.append("\t\t.cpu_set_size = sizeof(config.cpus),")
        L.append("\t\t.num_memory_regions = ARRAY_ITEMS(config.mem_regions),")
        if chips:
            L.append("\t\t.num_irqchips = ARRAY_ITEMS(config.irqchips),")
        if self.pci:
            L.append("\t\t.num_pci_devices = "
                     "ARRAY_ITEMS(config.pci_devices),")
        L += cc("The boot loader of \"cell linux\", at the start of RAM.", 2)
        L.append("\t\t.cpu_reset_address = 0x%x," % self.ram.start)
        con = self.console
        if con is None:
            L += cc("No MMIO UART: the console is a PCI device's.", 2)
            L.append("\t\t.console = { .type = JH_CON_NONE },")
        else:
            L += cc("The cell's UART, %s: earlycon and console of the "
                    "generated device tree." % con.origin, 2)
            L.append("\t\t.console = {")
            L.append("\t\t\t.address = 0x%x," % con.address)
            L.append("\t\t\t.size = %s," % c_size(con.size))
            L.append("\t\t\t.type = %s," % CONSOLE_C_NAMES[con.type])
            if con.flags:
                L.append("\t\t\t.flags = %s," % con.c_flags())
            L.append("\t\t},")
        L.append("\t},")
        L.append("")
        L += c_cpus(self.cpus, "--cpus")
        L.append("")
        L += c_mem_regions(self.regions, c_flags_lines)
        if chips:
            L.append("")
            L.append("\t.irqchips = {")
            for base, bitmap, ids in chips:
                L += cc("; ".join("SPI %d (INTID %d): %s" %
                                  (i - 32, i, self.intids[i]) for i in ids),
                        2)
                L.append("\t\t{")
                L.append("\t\t\t.address = 0x%x," % self.gicd)
                L.append("\t\t\t.pin_base = %d," % base)
                L.append("\t\t\t.pin_bitmap = {")
                L.append("\t\t\t\t%s," % ", ".join("0x%08x" % w
                                                   for w in bitmap))
                L.append("\t\t\t},")
                L.append("\t\t},")
            L.append("\t},")
        if self.pci:
            L.append("")
            L.append("\t.pci_devices = {")
            for domain, bdf, comment in self.pci:
                L += cc(comment, 2)
                L.append("\t\t{ .type = JH_PCI_TYPE_DEVICE, .domain = 0x%x, "
                         ".bdf = 0x%04x }," % (domain, bdf))
            L.append("\t},")
        L.append("};")
        return "\n".join(L) + "\n"
