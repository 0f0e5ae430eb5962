# SPDX-License-Identifier: GPL-2.0
"""Parsers of Linux's text and of the command line: /proc/iomem, kernel
log records, options, --console, PCI addresses."""

import io
import unittest
from contextlib import redirect_stdout

from jh_config_create.abi import JH_CON_8250_MMIO, JH_CON_8250_PIO, \
    JH_CON_NONE, JH_CON_PL011
from jh_config_create.cli import check_name, parse_args, parse_hv_mem
from jh_config_create.consoles import parse_console_option
from jh_config_create.errors import UsageError
from jh_config_create.iomem import parse_iomem, walk_resources
from jh_config_create.machine import cmdline_values, kmsg_text
from jh_config_create.pci import parse_bdf

IOMEM = """\
00000000-00000fff : Reserved
00001000-0009fbff : System RAM
40000000-bfffffff : System RAM
  40210000-41ffffff : Kernel code
    40300000-40300fff : inner
  42000000-420fffff : Kernel data
c0000000-febfffff : PCI Bus 0000:00
  fe000000-fe7fffff : 0000:00:02.0
not a resource line
"""


class Iomem(unittest.TestCase):
    def test_tree(self):
        top = parse_iomem(IOMEM)
        self.assertEqual([r.name for r in top],
                         ["Reserved", "System RAM", "System RAM",
                          "PCI Bus 0000:00"])
        ram = top[2]
        self.assertEqual((ram.start, ram.end, ram.size),
                         (0x40000000, 0xc0000000, 0x80000000))
        self.assertEqual([c.name for c in ram.children],
                         ["Kernel code", "Kernel data"])
        self.assertEqual(ram.children[0].children[0].name, "inner")
        self.assertEqual(len(list(walk_resources(top))), 8)


class KernelText(unittest.TestCase):
    def test_kmsg(self):
        self.assertEqual(kmsg_text("6,59,0,-;GICv3: 224 SPIs implemented"),
                         "GICv3: 224 SPIs implemented")
        self.assertEqual(kmsg_text("[    0.000000] Booting Linux"),
                         "Booting Linux")
        self.assertEqual(kmsg_text("plain"), "plain")

    def test_cmdline_values(self):
        args = "console=ttyS0,115200 mem=768M console=tty0 memx=1".split()
        self.assertEqual(cmdline_values(args, "console"),
                         ["ttyS0,115200", "tty0"])
        self.assertEqual(cmdline_values(args, "mem"), ["768M"])


def usage_error(argv):
    try:
        parse_args(argv)
    except UsageError as e:
        return str(e)
    return None


class CommandLine(unittest.TestCase):
    def test_system(self):
        opts = parse_args(["--hv-mem=32M@0x70000000", "--arch", "aarch64",
                           "--name", "board", "--cell", "o.cell", "o.c"])
        self.assertEqual((opts.hv_size, opts.hv_addr), (32 << 20,
                                                         0x70000000))
        self.assertEqual((opts.arch, opts.name, opts.cell, opts.output),
                         ("arm64", "board", "o.cell", "o.c"))
        self.assertEqual(opts.root, "/")
        self.assertFalse(opts.linux_cell)

    def test_linux_cell(self):
        opts = parse_args(["--linux-cell", "--cpus", "2-3", "--mem", "128M",
                           "--pci", "00:01.0,,00:02.0", "--pci=00:04.0",
                           "--beside", "a.cell", "--beside", "b.cell",
                           "x.c"])
        self.assertTrue(opts.linux_cell)
        self.assertEqual(opts.pci, ["00:01.0", "00:02.0", "00:04.0"])
        self.assertEqual(opts.beside, ["a.cell", "b.cell"])
        self.assertEqual((opts.cpus_text, opts.mem_text), ("2-3", "128M"))

    def test_errors(self):
        self.assertEqual(usage_error([]), "missing OUTPUT.c")
        self.assertEqual(usage_error(["a.c", "b.c"]),
                         "unexpected argument 'b.c'")
        self.assertEqual(usage_error(["--bogus", "a.c"]),
                         "unknown option '--bogus'")
        self.assertEqual(usage_error(["a.c", "--cell"]),
                         "--cell needs a value")
        self.assertEqual(usage_error(["--arch", "riscv", "a.c"]),
                         "unknown arch 'riscv' (arm64 or x86)")
        self.assertEqual(usage_error(["--cpus", "1", "a.c"]),
                         "--cpus belongs to --linux-cell")
        self.assertEqual(usage_error(["--linux-cell", "--hv-mem", "16M",
                                      "a.c"]),
                         "--hv-mem writes a system config, not a Linux cell")
        self.assertIsNone(usage_error(["-", "--root", "/tmp"]))

    def test_help(self):
        out = io.StringIO()
        with redirect_stdout(out), self.assertRaises(SystemExit) as e:
            parse_args(["--help"])
        self.assertEqual(e.exception.code, 0)
        self.assertTrue(out.getvalue().startswith(
            "Usage: jailhouse config create"))

    def test_hv_mem(self):
        self.assertEqual(parse_hv_mem("16M"), (16 << 20, None))
        for text in ("0", "16Q", "4097", "16M@0x70000800", "@0x1000"):
            with self.subTest(text=text):
                self.assertRaises(UsageError, parse_hv_mem, text)

    def test_name(self):
        self.assertEqual(check_name("n" * 31), "n" * 31)
        for name in ("", "n" * 32, 'a"b', "a\\b", "caf\u00e9"):
            with self.subTest(name=name):
                self.assertRaises(UsageError, check_name, name)


class ConsoleOption(unittest.TestCase):
    def test_types(self):
        con = parse_console_option("8250-pio@0x3f8", "x86")
        self.assertEqual((con.type, con.address, con.size),
                         (JH_CON_8250_PIO, 0x3f8, 8))
        con = parse_console_option("pl011@0x9000000", "arm64")
        self.assertEqual((con.type, con.size), (JH_CON_PL011, 0x1000))
        con = parse_console_option("8250-mmio@0xfe215040", "arm64")
        self.assertEqual((con.type, con.size), (JH_CON_8250_MMIO, 0x1000))
        self.assertEqual(parse_console_option("none", "x86").type,
                         JH_CON_NONE)

    def test_refusals(self):
        for text, arch in (("uart", "arm64"), ("none@1", "arm64"),
                           ("pl011", "arm64"), ("8250-pio@0x3f8", "arm64"),
                           ("8250-pio@0xfffa", "x86"),
                           ("cadence@0xff000000", "x86")):
            with self.subTest(text=text, arch=arch):
                self.assertRaises(UsageError, parse_console_option, text,
                                  arch)

    def test_flags_text(self):
        con = parse_console_option("pl011@0x9000000", "arm64")
        con.flags = 2 | 4
        self.assertEqual(con.c_flags(), "JH_CON_REG_SHIFT(2) | JH_CON_IO32")
        self.assertEqual(con.describe(), "PL011 0x9000000")


class PciAddresses(unittest.TestCase):
    def test_bdf(self):
        self.assertEqual(parse_bdf("00:03.0"), (0, 0x18))
        self.assertEqual(parse_bdf("0001:02:1f.7"), (1, 0x2ff))
        self.assertEqual(parse_bdf("2:3.1"), (0, 0x219))
        for text in ("00:20.0", "00:03.8", "0x9000000", "/pl011@9000000",
                     "00:03"):
            with self.subTest(text=text):
                self.assertIsNone(parse_bdf(text))


if __name__ == "__main__":
    unittest.main()
