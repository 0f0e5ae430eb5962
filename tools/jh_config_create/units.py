# SPDX-License-Identifier: GPL-2.0
"""Sizes, addresses and CPU lists: parsing them from options and files,
aligning them, and their text in messages and C comments.
"""

import re


PAGE = 0x1000
MiB = 1 << 20
GiB = 1 << 30
FOUR_GIB = 1 << 32


def fmt_range(start, size):
    return "0x%x-0x%x" % (start, start + size - 1)


def fmt_size(size):
    for unit, name in ((GiB, "GiB"), (MiB, "MiB"), (1024, "KiB")):
        if size >= unit and size % unit == 0:
            return "%d %s" % (size // unit, name)
    return "0x%x bytes" % size


def parse_number(text):
    """'16M', '0x3b000000', '768m' -> int; ValueError if malformed."""
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|[0-9]+)([kKmMgG]?)", text.strip())
    if not m:
        raise ValueError(text)
    value = int(m.group(1), 0)
    shift = {"": 0, "k": 10, "m": 20, "g": 30}[m.group(2).lower()]
    return value << shift


def align_down(value, alignment=PAGE):
    return value & ~(alignment - 1)


def align_up(value, alignment=PAGE):
    return (value + alignment - 1) & ~(alignment - 1)


def parse_cpulist(text):
    cpus = set()
    for part in text.strip().split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return cpus


def cpulist_text(cpus):
    parts, run = [], []
    for cpu in sorted(cpus) + [None]:
        if run and (cpu is None or cpu != run[-1] + 1):
            parts.append(str(run[0]) if len(run) == 1 else
                         "%d-%d" % (run[0], run[-1]))
            run = []
        if cpu is not None:
            run.append(cpu)
    return ",".join(parts)
