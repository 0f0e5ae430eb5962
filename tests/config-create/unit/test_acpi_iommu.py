# SPDX-License-Identifier: GPL-2.0
"""acpi and iommu: the tables' structures, built here byte by byte."""

import struct
import unittest

from jh_config_create.abi import JH_IOMMU_AMD, JH_IOMMU_VTD
from jh_config_create.acpi import parse_fadt_pm_timer, parse_madt, \
    parse_mcfg
from jh_config_create.errors import Refusal
from jh_config_create.iommu import (
    Iommu, check_iommus, describe_iommus, dmar_ioapic_sids, parse_dmar,
    parse_ivrs, ivrs_ioapic_sids)


def header(sig, body_at=36):
    """A table header of body_at bytes (checksum not needed here)."""
    return sig.encode() + bytes(body_at - 4)


class Madt(unittest.TestCase):
    def test_ioapics_and_lapic(self):
        data = header("APIC") + struct.pack("<II", 0xfee00000, 1)
        data += struct.pack("<BBBxII", 1, 12, 0, 0xfec00000, 0)	# IOAPIC
        data += struct.pack("<BBBxII", 1, 12, 1, 0xfec01000, 24)
        data += struct.pack("<BBBBI", 0, 8, 0, 0, 1)		# local APIC
        self.assertEqual(parse_madt(data),
                         (0xfee00000, [(0, 0xfec00000, 0),
                                       (1, 0xfec01000, 24)]))
        data += struct.pack("<BBHQ", 5, 12, 0, 0xfee10000)	# override
        self.assertEqual(parse_madt(data)[0], 0xfee10000)

    def test_zero_length_entry_ends(self):
        data = header("APIC") + struct.pack("<II", 0xfee00000, 1) + \
            bytes(4)
        self.assertEqual(parse_madt(data), (0xfee00000, []))


class OtherTables(unittest.TestCase):
    def test_mcfg(self):
        data = header("MCFG", 44) + struct.pack("<QHBBI", 0xb0000000, 0, 0,
                                                 255, 0)
        self.assertEqual(parse_mcfg(data), [(0xb0000000, 0, 0, 255)])

    def test_pm_timer(self):
        fadt = bytearray(244)
        struct.pack_into("<I", fadt, 76, 0x608)
        self.assertEqual(parse_fadt_pm_timer(bytes(fadt)), 0x608)
        fadt[208] = 1		# X_PM_TMR_BLK in I/O space wins
        struct.pack_into("<Q", fadt, 212, 0x1808)
        self.assertEqual(parse_fadt_pm_timer(bytes(fadt)), 0x1808)
        self.assertEqual(parse_fadt_pm_timer(bytes(40)), 0)


def drhd(base, scopes=b"", flags=1, size=0):
    body = struct.pack("<BBHQ", flags, size, 0, base) + scopes
    return struct.pack("<HH", 0, 4 + len(body)) + body


def ioapic_scope(enum_id, bus, path):
    return struct.pack("<BBxxBB", 3, 6 + len(path), enum_id, bus) + \
        bytes(path)


class Dmar(unittest.TestCase):
    def table(self):
        return header("DMAR", 36) + bytes([39, 1]) + bytes(10) + \
            drhd(0xfed90000, ioapic_scope(0, 0xf0, [0x1f, 0]) +
                 ioapic_scope(2, 0, [1, 0, 2, 0]), size=1)

    def test_units(self):
        notes = []
        units = parse_dmar(self.table(), notes)
        self.assertEqual(notes, ["ACPI DMAR: interrupt remapping "
                                 "supported."])
        self.assertEqual([(u.type, u.base, u.size) for u in units],
                         [(JH_IOMMU_VTD, 0xfed90000, 0x2000)])
        self.assertIn("every device not under another unit",
                      units[0].comment)

    def test_ioapic_sids(self):
        notes = []
        self.assertEqual(dmar_ioapic_sids(self.table(), notes),
                         {0: 0xf0 << 8 | 0x1f << 3})
        self.assertEqual(notes, ["ACPI DMAR: IOAPIC 2 sits behind a "
                                 "bridge; its requester ID is left "
                                 "unknown."])


def ivhd(btype, devid, cap, base, entries=b""):
    fixed = 24 if btype == 0x10 else 40
    body = struct.pack("<HHQHHI", devid, cap, base, 0, 0, 0)
    body += bytes(fixed - 4 - len(body)) + entries
    return struct.pack("<BBH", btype, 0, 4 + len(body)) + body


class Ivrs(unittest.TestCase):
    def table(self):
        special = struct.pack("<BHBBHB", 0x48, 0, 0, 0x21, 0xa0, 1)
        return header("IVRS", 48) + \
            ivhd(0x10, 0x0002, 0x40, 0xfeb80000,
                 struct.pack("<BHB", 2, 0, 0) + special) + \
            ivhd(0x11, 0x0002, 0x40, 0xfeb80000) + \
            ivhd(0x40, 0x0002, 0x40, 0xfeb80000)

    def test_one_unit_per_iommu(self):
        units = parse_ivrs(self.table())
        self.assertEqual([(u.type, u.base, u.amd_bdf, u.amd_cap)
                          for u in units],
                         [(JH_IOMMU_AMD, 0xfeb80000, 2, 0x40)])
        self.assertEqual(describe_iommus(units),
                         "AMD-Vi 0xfeb80000 (PCI 00:00.2)")

    def test_ioapic_sids(self):
        self.assertEqual(ivrs_ioapic_sids(self.table()), {0x21: 0xa0})

    def test_capability_outside_header(self):
        data = header("IVRS", 48) + ivhd(0x10, 2, 0x100, 0xfeb80000)
        self.assertRaises(Refusal, parse_ivrs, data)


class Checks(unittest.TestCase):
    def test_limits(self):
        unit = Iommu(JH_IOMMU_VTD, 0xfed90000, 0x1000, "")
        check_iommus([unit] * 4, "test")
        self.assertRaises(Refusal, check_iommus, [unit] * 5, "test")
        odd = Iommu(JH_IOMMU_VTD, 0xfed90800, 0x1000, "")
        self.assertRaises(Refusal, check_iommus, [odd], "test")
        self.assertEqual(describe_iommus([]), "none")


if __name__ == "__main__":
    unittest.main()
