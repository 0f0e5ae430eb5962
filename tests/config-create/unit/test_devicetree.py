# SPDX-License-Identifier: GPL-2.0
"""devicetree: "reg" through the buses' "ranges", phandles, SPIs, and the
console node a device tree names."""

import struct
import unittest

from jh_config_create.abi import JH_CON_8250_MMIO, JH_CON_IO32, \
    JH_CON_PL011
from jh_config_create.consoles import console_from_node, dt_find_console
from jh_config_create.devicetree import (
    DtNode, combine, dt_by_phandle, dt_regs, dt_spis, dt_translate)
from jh_config_create.errors import Refusal


def cells(*values):
    return struct.pack(">%dI" % len(values), *values)


def node(parent, name, **props):
    path = (parent.path.rstrip("/") + "/" + name) if parent else "/"
    n = DtNode(path, name, parent)
    for key, value in props.items():
        key = key.replace("_", "-").replace("--", "#")
        n.props[key] = value if isinstance(value, bytes) else \
            value.encode() + b"\0"
    if parent:
        parent.children.append(n)
    return n


def tree():
    """/ (2 address, 2 size cells) with a GIC, a bus mapping child
    addresses 0-0x10000 to 0x9000000, a PL011 on it, a 16550 and chosen."""
    root = node(None, "", __address_cells=cells(2), __size_cells=cells(2),
                model="Test board")
    gic = node(root, "intc@8000000", compatible="arm,gic-v3",
               reg=cells(0, 0x8000000, 0, 0x10000, 0, 0x80a0000, 0,
                         0xf60000),
               interrupt_controller=b"", phandle=cells(1))
    root.props["interrupt-parent"] = cells(1)
    bus = node(root, "bus", __address_cells=cells(1), __size_cells=cells(1),
               ranges=cells(0, 0, 0x9000000, 0x10000))
    node(bus, "pl011@1000", compatible="arm,pl011",
         reg=cells(0x1000, 0x1000), interrupts=cells(0, 1, 4))
    node(bus, "off@20000", compatible="x", reg=cells(0x20000, 0x100))
    node(root, "serial@fe215040",
         compatible=b"brcm,bcm2835-aux-uart\0",
         reg=cells(0, 0xfe215040, 0, 0x40), interrupts=cells(0, 93, 4),
         status="disabled")
    node(root, "aliases", serial0="/bus/pl011@1000")
    node(root, "chosen", stdout_path="serial0:115200n8")
    return root, gic


class Addresses(unittest.TestCase):
    def test_combine(self):
        self.assertEqual(combine([0x1, 0x2]), 0x100000002)
        self.assertEqual(combine([]), 0)

    def test_regs(self):
        root, gic = tree()
        self.assertEqual(dt_regs(gic), [(0x8000000, 0x10000),
                                        (0x80a0000, 0xf60000)])
        uart = root.children[1].children[0]
        self.assertEqual(dt_regs(uart), [(0x9001000, 0x1000)])
        # Outside the bus's ranges: no CPU address.
        self.assertEqual(dt_regs(root.children[1].children[1]), [])
        self.assertIsNone(dt_translate(uart, 0x20000))

    def test_no_ranges(self):
        root, _ = tree()
        del root.children[1].props["ranges"]
        self.assertEqual(dt_regs(root.children[1].children[0]), [])

    def test_properties(self):
        root, gic = tree()
        self.assertEqual(root.string("model"), "Test board")
        self.assertEqual(gic.strings("compatible"), ["arm,gic-v3"])
        self.assertEqual(root.u32("#address-cells"), 2)
        self.assertEqual(root.children[1].size_cells(), 1)
        self.assertFalse(root.children[2].enabled())
        self.assertEqual(len(list(root.walk())), 8)


class Interrupts(unittest.TestCase):
    def test_spis(self):
        root, gic = tree()
        phandles = dt_by_phandle(root)
        self.assertIs(phandles[1], gic)
        # The disabled 16550's SPI 93 counts too: it is wired.
        self.assertEqual(dt_spis(root, gic, phandles), 32 + 93)


class Consoles(unittest.TestCase):
    def test_stdout_path(self):
        root, _ = tree()
        uart, origin = dt_find_console(root, [])
        self.assertEqual((uart.name, origin),
                         ("pl011@1000", "/chosen stdout-path"))
        con = console_from_node(uart, origin)
        self.assertEqual((con.type, con.address, con.size),
                         (JH_CON_PL011, 0x9001000, 0x1000))

    def test_cmdline_first(self):
        root, _ = tree()
        root.children[2].props["status"] = b"okay\0"
        uart, origin = dt_find_console(root, ["console=ttyS0,115200"],
                                       cmdline_first=True)
        self.assertEqual((uart.name, origin),
                         ("serial@fe215040", "console=ttyS0,115200"))
        con = console_from_node(uart, origin)
        self.assertEqual((con.type, con.flags),
                         (JH_CON_8250_MMIO, 2 | JH_CON_IO32))
        self.assertIn("reg-shift 2, reg-io-width 4", con.origin)

    def test_16550_layout_refused(self):
        root, _ = tree()
        uart = root.children[2]
        uart.props["reg-io-width"] = cells(2)
        self.assertRaises(Refusal, console_from_node, uart, "test")

    def test_unknown(self):
        root, _ = tree()
        self.assertIsNone(console_from_node(root.children[1].children[1],
                                            "test"))


if __name__ == "__main__":
    unittest.main()
