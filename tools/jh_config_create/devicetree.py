# SPDX-License-Identifier: GPL-2.0
"""The device tree Linux booted with, from /sys/firmware/devicetree/base:
nodes and properties, "reg" translated to CPU addresses through the
buses' "ranges", phandles and interrupt routing.
"""

import os
import struct

from .errors import Refusal


# Device tree compatibles of GICv2 implementations with the
# virtualization extensions (GICH, GICV).
GICV2_COMPATIBLES = ("arm,gic-400", "arm,cortex-a15-gic", "arm,cortex-a7-gic")


class DtNode:
    def __init__(self, path, name, parent):
        self.path, self.name, self.parent = path, name, parent
        self.props = {}
        self.children = []

    def cells(self, prop):
        data = self.props.get(prop)
        if data is None:
            return None
        return list(struct.unpack(">%dI" % (len(data) // 4),
                                  data[:len(data) // 4 * 4]))

    def string(self, prop):
        data = self.props.get(prop)
        return data.split(b"\0")[0].decode("ascii", "replace") \
            if data is not None else None

    def strings(self, prop):
        data = self.props.get(prop)
        if data is None:
            return []
        return [s.decode("ascii", "replace") for s in data.split(b"\0") if s]

    def u32(self, prop, default=None):
        c = self.cells(prop)
        return c[0] if c else default

    def address_cells(self):
        return self.u32("#address-cells", 2)

    def size_cells(self):
        return self.u32("#size-cells", 1)

    def enabled(self):
        status = self.string("status")
        return status in (None, "okay", "ok")

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


def load_devicetree(machine):
    base = "/sys/firmware/devicetree/base"
    if not machine.exists(base):
        raise Refusal("%s is missing: arm64 needs the device tree" %
                      machine.path(base))

    def load(rel, name, parent):
        node = DtNode(rel or "/", name, parent)
        for entry in machine.listdir(base + rel):
            full = machine.path(base + rel + "/" + entry)
            if os.path.isdir(full):
                node.children.append(load(rel + "/" + entry, entry, node))
            elif entry != "name":
                with open(full, "rb") as f:
                    node.props[entry] = f.read()
        return node

    return load("", "", None)


def combine(cells):
    value = 0
    for c in cells:
        value = value << 32 | c
    return value


def dt_translate(node, addr):
    """Child bus address of node's parent -> CPU physical address, or None
    if some bus on the way does not map it (no "ranges")."""
    bus = node.parent
    while bus is not None and bus.parent is not None:
        ranges = bus.props.get("ranges")
        if ranges is None:
            return None
        if ranges:
            ca, pa = bus.address_cells(), bus.parent.address_cells()
            sc = bus.size_cells()
            cells = bus.cells("ranges")
            step = ca + pa + sc
            for i in range(0, len(cells) - step + 1, step):
                child = combine(cells[i:i + ca])
                parent = combine(cells[i + ca:i + ca + pa])
                size = combine(cells[i + ca + pa:i + step])
                if child <= addr < child + size:
                    addr = parent + addr - child
                    break
            else:
                return None
        bus = bus.parent
    return addr


def dt_regs(node):
    """node's "reg" as CPU physical (start, size) pairs."""
    cells = node.cells("reg")
    if not cells or node.parent is None:
        return []
    ac, sc = node.parent.address_cells(), node.parent.size_cells()
    out = []
    for i in range(0, len(cells) - (ac + sc) + 1, ac + sc):
        addr = dt_translate(node, combine(cells[i:i + ac]))
        size = combine(cells[i + ac:i + ac + sc])
        if addr is not None and size:
            out.append((addr, size))
    return out


def dt_by_phandle(tree):
    table = {}
    for node in tree.walk():
        ph = node.u32("phandle") or node.u32("linux,phandle")
        if ph:
            table[ph] = node
    return table


def dt_interrupt_parent(node, phandles):
    while node is not None:
        ph = node.u32("interrupt-parent")
        if ph:
            return phandles.get(ph)
        node = node.parent
    return None


def dt_spis(tree, gic, phandles):
    """Highest SPI INTID any node routes to the GIC, or None."""
    highest = None

    def note(spec):
        nonlocal highest
        if len(spec) >= 2 and spec[0] == 0:		# GIC_SPI
            intid = 32 + spec[1]
            highest = intid if highest is None else max(highest, intid)

    for node in tree.walk():
        cells = node.cells("interrupts")
        if cells and dt_interrupt_parent(node, phandles) is gic:
            for i in range(0, len(cells) - 2, 3):
                note(cells[i:i + 3])
        imap = node.cells("interrupt-map")
        if imap:
            child_cells = node.address_cells() + node.u32("#interrupt-cells", 1)
            i = 0
            while i + child_cells < len(imap):
                parent = phandles.get(imap[i + child_cells])
                if parent is None:
                    break
                pac = parent.u32("#address-cells", 0)
                pic = parent.u32("#interrupt-cells", 3)
                spec = imap[i + child_cells + 1 + pac:
                            i + child_cells + 1 + pac + pic]
                if parent is gic:
                    note(spec)
                i += child_cells + 1 + pac + pic
    return highest


def dt_pci_ranges(host):
    """A PCI host bridge's windows, from its "ranges": (space, CPU address,
    size); space 1 is I/O, 2 32-bit and 3 64-bit memory."""
    cells = host.cells("ranges") or []
    pac = host.parent.address_cells()
    step = 3 + pac + 2		# PCI address, CPU address, size
    for i in range(0, len(cells) - step + 1, step):
        yield ((cells[i] >> 24) & 3, combine(cells[i + 3:i + 3 + pac]),
               combine(cells[i + 3 + pac:i + step]))
