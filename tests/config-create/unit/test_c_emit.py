# SPDX-License-Identifier: GPL-2.0
"""c_emit: comments within 80 columns, sizes and flags as configs/ write
them."""

import unittest

from jh_config_create.abi import (
    JH_MEM_DMA, JH_MEM_EXECUTE, JH_MEM_IO, JH_MEM_LOADABLE, JH_MEM_READ,
    JH_MEM_WRITE, MEM_DEVICE, MEM_RAM)
from jh_config_create.c_emit import (
    c_comment, c_comment_lines, c_flags_lines, c_mem_flags, c_size)


def columns(line):
    return len(line.expandtabs())


class Comments(unittest.TestCase):
    def test_one_line(self):
        self.assertEqual(c_comment("RAM.", 2), ["\t\t/* RAM. */"])

    def test_wrapped(self):
        text = " ".join(["word%d" % i for i in range(40)])
        lines = c_comment(text, 3)
        self.assertEqual(lines[0], "\t\t\t/*")
        self.assertEqual(lines[-1], "\t\t\t */")
        self.assertTrue(all(l.startswith("\t\t\t * ") for l in lines[1:-1]))
        self.assertTrue(all(columns(l) <= 80 for l in lines))
        self.assertEqual(" ".join(l[len("\t\t\t * "):] for l in lines[1:-1]),
                         text)

    def test_no_hyphen_breaks(self):
        text = "x" * 60 + " console=ttyS0,115200 earlycon=pl011,mmio"
        for line in c_comment_lines(text, " * "):
            self.assertFalse(line.endswith("-"))

    def test_exactly_80(self):
        text = "a" * (80 - len("/*  */") - 16)
        self.assertEqual(len(c_comment(text, 2)), 1)
        self.assertEqual(len(c_comment(text + "a", 2)), 3)


class Values(unittest.TestCase):
    def test_sizes(self):
        self.assertEqual(c_size(1 << 30), "GiB(1)")
        self.assertEqual(c_size(3 << 30), "GiB(3)")
        self.assertEqual(c_size(1536 << 20), "MiB(1536)")
        self.assertEqual(c_size(64 << 10), "KiB(64)")
        self.assertEqual(c_size(0x1234), "0x1234")
        # A KiB multiple of a MiB or more that is no MiB multiple: hex.
        self.assertEqual(c_size((1 << 20) + 4096), "0x101000")

    def test_mem_flags(self):
        self.assertEqual(c_mem_flags(MEM_RAM), "MEM_RAM")
        self.assertEqual(c_mem_flags(MEM_DEVICE), "MEM_DEVICE")
        self.assertEqual(c_mem_flags(JH_MEM_READ | JH_MEM_IO),
                         "JH_MEM_READ | JH_MEM_IO")
        self.assertEqual(c_mem_flags(0), "0")

    def test_flags_lines(self):
        self.assertEqual(c_flags_lines(JH_MEM_READ | JH_MEM_WRITE),
                         ["\t\t\t.flags = JH_MEM_READ | JH_MEM_WRITE,"])
        lines = c_flags_lines(JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE |
                              JH_MEM_DMA | JH_MEM_LOADABLE)
        self.assertEqual(len(lines), 2)
        self.assertTrue(lines[0].endswith(" |"))
        self.assertTrue(lines[1].startswith("\t\t\t\t JH_MEM_"))
        self.assertTrue(all(columns(l) <= 80 for l in lines))


if __name__ == "__main__":
    unittest.main()
