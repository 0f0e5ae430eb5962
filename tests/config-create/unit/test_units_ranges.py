# SPDX-License-Identifier: GPL-2.0
"""units (numbers, sizes, CPU lists) and ranges (interval arithmetic)."""

import unittest

from jh_config_create.units import (
    align_down, align_up, cpulist_text, fmt_range, fmt_size, parse_cpulist,
    parse_number)
from jh_config_create.ranges import (
    inside_any, merge_ranges, overlaps, overlaps_any, subtract_ranges)


class Numbers(unittest.TestCase):
    def test_parse_number(self):
        self.assertEqual(parse_number("16M"), 16 << 20)
        self.assertEqual(parse_number("768m"), 768 << 20)
        self.assertEqual(parse_number("0x3b000000"), 0x3b000000)
        self.assertEqual(parse_number(" 4k "), 4096)
        self.assertEqual(parse_number("1G"), 1 << 30)
        self.assertEqual(parse_number("0X10"), 16)

    def test_parse_number_refuses(self):
        for text in ("", "16Q", "0x", "M", "-1", "1.5M", "0x10M0"):
            with self.subTest(text=text):
                self.assertRaises(ValueError, parse_number, text)

    def test_fmt(self):
        self.assertEqual(fmt_range(0x1000, 0x1000), "0x1000-0x1fff")
        self.assertEqual(fmt_size(2 << 30), "2 GiB")
        self.assertEqual(fmt_size(1536 << 20), "1536 MiB")
        self.assertEqual(fmt_size(8 << 10), "8 KiB")
        self.assertEqual(fmt_size(0x1234), "0x1234 bytes")

    def test_align(self):
        self.assertEqual(align_down(0x1fff), 0x1000)
        self.assertEqual(align_up(0x1001), 0x2000)
        self.assertEqual(align_up(0x2000), 0x2000)
        self.assertEqual(align_up(0x100001, 2 << 20), 2 << 20)

    def test_cpulists(self):
        self.assertEqual(parse_cpulist("0-3,6\n"), {0, 1, 2, 3, 6})
        self.assertEqual(parse_cpulist(""), set())
        self.assertEqual(cpulist_text({0, 1, 2, 3, 6, 8, 9}), "0-3,6,8-9")
        self.assertEqual(cpulist_text({5}), "5")
        for text in ("0", "0-7", "1,3,5-6"):
            self.assertEqual(cpulist_text(parse_cpulist(text)), text)
        self.assertRaises(ValueError, parse_cpulist, "a-b")


class Ranges(unittest.TestCase):
    def test_merge(self):
        self.assertEqual(merge_ranges([(10, 20), (0, 5), (5, 8), (15, 30)]),
                         [(0, 8), (10, 30)])
        self.assertEqual(merge_ranges([(0, 5), (5, 8)], touching=False),
                         [(0, 5), (5, 8)])
        self.assertEqual(merge_ranges([]), [])

    def test_subtract(self):
        self.assertEqual(subtract_ranges([(0, 100)], [(10, 20), (50, 60)]),
                         [(0, 10), (20, 50), (60, 100)])
        self.assertEqual(subtract_ranges([(0, 100)], [(0, 100)]), [])
        self.assertEqual(subtract_ranges([(0, 10)], [(10, 20)]), [(0, 10)])
        self.assertEqual(subtract_ranges([(0, 10), (20, 30)], [(5, 25)]),
                         [(0, 5), (25, 30)])

    def test_predicates(self):
        self.assertTrue(overlaps(0, 10, 9, 20))
        self.assertFalse(overlaps(0, 10, 10, 20))
        self.assertTrue(inside_any(2, 4, [(0, 1), (2, 4)]))
        self.assertFalse(inside_any(2, 5, [(0, 1), (2, 4)]))
        self.assertTrue(overlaps_any(3, 5, [(0, 1), (4, 8)]))
        self.assertFalse(overlaps_any(1, 4, [(0, 1), (4, 8)]))


if __name__ == "__main__":
    unittest.main()
