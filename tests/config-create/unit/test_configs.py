# SPDX-License-Identifier: GPL-2.0
"""The configs being built: region layout, irqchip bitmaps, hypervisor
memory placement, and the binary configs read back as --linux-cell reads
them."""

import unittest

from jh_config_create.abi import MEM_DEVICE, MEM_RAM, JH_CON_PL011
from jh_config_create.cell_files import CellFile, SystemFile
from jh_config_create.consoles import Console
from jh_config_create.errors import Refusal
from jh_config_create.linux_cell_config import LinuxCell
from jh_config_create.system_config import Config, Irqchip, Region
from jh_config_create.system_layout import (
    add_regions, choose_hv_memory, describe_names, finish_regions,
    irqchips_for_lines, merge_devices, sanitize_name)

MiB = 1 << 20


def spans(cfg):
    return [(r.start, r.end, r.flags) for r in cfg.regions]


class Layout(unittest.TestCase):
    def test_holes_cut_page_aligned(self):
        cfg = Config("arm64")
        add_regions(cfg, [(0x40000000, 0x50000000), (5, 5)], MEM_RAM, "RAM")
        add_regions(cfg, [(0x8000000, 0x8100000)], MEM_DEVICE, "dev")
        finish_regions(cfg, [(0x8010000, 0x8010800), (0x4f000000,
                                                      0x50000000)])
        self.assertEqual(spans(cfg), [
            (0x8000000, 0x8010000, MEM_DEVICE),
            (0x8011000, 0x8100000, MEM_DEVICE),
            (0x40000000, 0x4f000000, MEM_RAM)])

    def test_overlap_refused(self):
        cfg = Config("x86")
        add_regions(cfg, [(0, 0x2000)], MEM_RAM, "a")
        add_regions(cfg, [(0x1000, 0x3000)], MEM_DEVICE, "b")
        self.assertRaises(Refusal, finish_regions, cfg, [])

    def test_merge_devices(self):
        cfg = Config("arm64")
        merge_devices(cfg, [(0x9000000, 0x9000100, "uart"),
                            (0x9001000, 0x9001020, "rtc"),
                            (0x9010000, 0x9011000, "gpio")])
        self.assertEqual([(r.start, r.size, r.comment) for r in cfg.regions],
                         [(0x9000000, 0x2000, "uart, rtc"),
                          (0x9010000, 0x1000, "gpio")])
        self.assertEqual(describe_names(list("abcad")),
                         "a ... d (4 nodes)")

    def test_irqchips(self):
        chips = irqchips_for_lines(0x8000000, 0, 32, 287, "SPIs")
        self.assertEqual([(c.pin_base, c.comment) for c in chips],
                         [(32, "SPIs: 32-159"), (160, "SPIs: 160-287")])
        self.assertEqual(chips[0].bitmap, [0xffffffff] * 4)
        last = irqchips_for_lines(0xfec00000, 0, 0, 23, "pins")[0]
        self.assertEqual(last.bitmap, [0xffffff, 0, 0, 0])
        self.assertEqual(Irqchip(0, 0, 32, [33, 64], "").bitmap,
                         [2, 1, 0, 0])

    def test_name(self):
        self.assertEqual(sanitize_name("QEMU Standard PC (Q35 + ICH9, "
                                       "2009)"),
                         "qemu-standard-pc-q35-ich9-2009")
        # Cut to the 31 characters a name holds, no dash left at the end.
        self.assertEqual(sanitize_name("X" * 30 + " Y"), "x" * 30)
        self.assertEqual(sanitize_name("!!!"), "")


class HypervisorMemory(unittest.TestCase):
    def test_top_of_free_ram(self):
        cfg = Config("arm64")
        free = choose_hv_memory(cfg, None, None,
                                [(0x70000000, 0x80000000)], [], True, "pool",
                                "hint")
        self.assertEqual((cfg.hv_start, cfg.hv_size),
                         (0x7f000000, 16 * MiB))
        self.assertEqual(free, [(0x70000000, 0x7f000000)])
        self.assertIn("at the top of the pool", cfg.hv_comment)

    def test_start_and_given(self):
        cfg = Config("x86")
        choose_hv_memory(cfg, 32 * MiB, None, [(0x3b000000, 0x3f000000)],
                         [], False, "memmap= reservation", "hint")
        self.assertEqual(cfg.hv_start, 0x3b000000)
        free = choose_hv_memory(cfg, None, 0x3c000000,
                                [(0x3b000000, 0x3f000000)],
                                [(0, 0x3b000000)], False, "x", "hint")
        self.assertEqual(free, [(0x3b000000, 0x3c000000),
                                (0x3d000000, 0x3f000000)])

    def test_refusals(self):
        cfg = Config("arm64")
        with self.assertRaisesRegex(Refusal, "^no RAM is kept"):
            choose_hv_memory(cfg, None, None, [], [], True, "pool", "hint")
        with self.assertRaisesRegex(Refusal, "at most 8 MiB in one piece"):
            choose_hv_memory(cfg, None, None, [(0, 8 * MiB)], [], True,
                             "pool", "hint")
        with self.assertRaisesRegex(Refusal, "overlaps System RAM"):
            choose_hv_memory(cfg, None, 0x1000, [], [(0, MiB)], True,
                             "pool", "hint")


def system_config():
    cfg = Config("arm64")
    cfg.name = "unit"
    cfg.cpus = {0, 1, 2, 3}
    cfg.hv_start, cfg.hv_size = 0x7f000000, 16 * MiB
    cfg.debug_console = Console(JH_CON_PL011, 0x9000000, 0x1000)
    cfg.gicd, cfg.gicr, cfg.gicr_stride = 0x8000000, 0x80a0000, 0x20000
    cfg.pci_ecam_base, cfg.pci_ecam_end_bus = 0x4010000000, 255
    add_regions(cfg, [(0x40000000, 0x80000000)], MEM_RAM, "RAM")
    cfg.irqchips = irqchips_for_lines(cfg.gicd, 0, 32, 287, "SPIs")
    return cfg


class Binaries(unittest.TestCase):
    def test_system_round_trip(self):
        cfg = system_config()
        data = cfg.to_binary()
        system = SystemFile(data, "unit.cell")
        self.assertEqual(system.hv, (0x7f000000, 16 * MiB))
        self.assertEqual(system.debug_console, (JH_CON_PL011, 0x9000000))
        self.assertEqual((system.gicd, system.gic_version, system.ecam,
                          system.ecam_end_bus),
                         (0x8000000, 3, 0x4010000000, 255))
        self.assertEqual(system.iommus, [])
        self.assertEqual(system.root.name, "unit")
        self.assertEqual(system.root.cpus, {0, 1, 2, 3})
        self.assertEqual(system.root.regions, [(0x40000000, 1 << 30,
                                                MEM_RAM)])
        self.assertEqual(len(system.root.pins), 256)

    def test_source_names_every_array(self):
        c = system_config().to_c()
        self.assertIn("\tuint64_t cpus[1];", c)
        self.assertIn("\tstruct jh_irqchip irqchips[2];", c)
        self.assertNotIn("pio_regions", c)
        self.assertIn("\t\t\t.size = GiB(1),", c)
        self.assertIn("\t\t\t.pin_bitmap = ALL_PINS,", c)
        self.assertTrue(c.endswith("};\n"))

    def test_refusals(self):
        self.assertRaises(Refusal, SystemFile, b"JHCELL" + bytes(400), "x")
        data = bytearray(system_config().to_binary())
        data[-1:] = b""
        self.assertRaises(Refusal, SystemFile, bytes(data), "x")

    def test_linux_cell_round_trip(self):
        cell = LinuxCell()
        cell.name = "lc"
        cell.cpus = {2, 3}
        cell.gicd = 0x8000000
        cell.regions = [Region(0x70000000, 128 * MiB, MEM_RAM, "RAM")]
        cell.intids = {38: "uart", 35: "x", 200: "y"}
        self.assertEqual([(b, w) for b, w, _ in cell.irqchips()],
                         [(32, [0x48, 0, 0, 0]), (160, [0, 0x100, 0, 0])])
        cell.pci = [(0, 0x18, "serial")]
        back = CellFile(cell.to_binary(), 0, "lc.cell")
        self.assertEqual((back.name, back.cpus, back.cpu_reset),
                         ("lc", {2, 3}, 0x70000000))
        self.assertEqual(back.pins, {(0x8000000, 35), (0x8000000, 38),
                                     (0x8000000, 200)})
        self.assertEqual(back.pci, {(0, 0x18)})
        self.assertEqual(back.memory(), [(0x70000000, 0x78000000)])


if __name__ == "__main__":
    unittest.main()
