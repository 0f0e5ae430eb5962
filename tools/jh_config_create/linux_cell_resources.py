# SPDX-License-Identifier: GPL-2.0
"""What a Linux cell takes from the root cell: CPUs, RAM from the root's
cell pool, device pages and SPIs; each checked against the system config
and the --beside cells.
"""

from .errors import Refusal, UsageError
from .abi import (
    JH_MEM_COMM_REGION, JH_MEM_EXECUTE, JH_MEM_IO, JH_MEM_LOADABLE,
    JH_MEM_READ, JH_MEM_WRITE, MEM_DEVICE)
from .units import (
    PAGE, align_down, align_up, cpulist_text, fmt_range, fmt_size,
    parse_cpulist, parse_number)
from .ranges import inside_any, overlaps, subtract_ranges
from .iomem import parse_iomem
from .system_config import Region


# As configs/arm64/linux-cell.c has them: the RAM "cell linux" loads into.
LINUX_RAM_FLAGS = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE | \
    JH_MEM_LOADABLE
# Kernel and stage-2 block mappings like 2 MiB boundaries.
RAM_ALIGN = 2 << 20


def parse_size(option, text):
    try:
        value = parse_number(text)
    except ValueError:
        raise UsageError("%s '%s' is not a number (0x for hex, K, M or "
                              "G suffix)" % (option, text))
    if value == 0 or value % PAGE:
        raise UsageError("%s '%s' must be non-zero and 4 KiB aligned" %
                              (option, text))
    return value


def choose_cpus(system, beside, text):
    try:
        cpus = parse_cpulist(text)
    except ValueError:
        raise UsageError("--cpus '%s' is not a CPU list such as 2-3 or "
                              "1,3" % text)
    if not cpus:
        raise UsageError("--cpus '%s' names no CPU" % text)
    root = system.root.cpus
    for cpu in sorted(cpus):
        if cpu not in root:
            raise Refusal("CPU %d is not the root cell's in %s (its "
                               "CPUs: %s)" % (cpu, system.path,
                                              cpulist_text(root)))
    if cpus >= root:
        raise Refusal("CPU%s %s %s the root cell's only CPU%s in %s: "
                           "the root must keep one" %
                           ("s" if len(cpus) > 1 else "",
                            cpulist_text(cpus),
                            "are" if len(cpus) > 1 else "is",
                            "s" if len(root) > 1 else "", system.path))
    for other in beside:
        shared = cpus & other.cpus
        if shared:
            raise Refusal("CPU %s is also cell \"%s\"'s (--beside %s)"
                               % (cpulist_text(shared), other.name,
                                  other.path))
    return cpus


def cell_pool(machine, system):
    """The root's RAM that Linux does not run in: [(start, end)], each
    piece inside one root region."""
    iomem = parse_iomem(machine.read_text("/proc/iomem"))
    linux_ram = [(r.start, r.end) for r in iomem if r.name == "System RAM"]
    if not linux_ram:
        raise Refusal("/proc/iomem lists no System RAM (read it as "
                           "root): the RAM Linux runs in is unknown")
    ram = [(s, s + z) for s, z, f in system.root.regions
           if f & (JH_MEM_READ | JH_MEM_WRITE) == (JH_MEM_READ | JH_MEM_WRITE)
           and not f & (JH_MEM_IO | JH_MEM_COMM_REGION)]
    pool = subtract_ranges(ram, [(align_down(s), align_up(e))
                                      for s, e in linux_ram])
    return sorted(pool), linux_ram


def describe_pieces(pieces):
    return ", ".join("%s (%s)" % (fmt_range(s, e - s),
                                  fmt_size(e - s))
                     for s, e in pieces) or "none"


def choose_ram(machine, system, beside, size, base):
    pool, linux_ram = cell_pool(machine, system)
    if not pool:
        raise Refusal("the root cell of %s keeps no RAM that Linux "
                           "does not run in (every RAM region is System RAM "
                           "in /proc/iomem): boot Linux with mem= below the "
                           "end of RAM and give the rest to the root cell as "
                           "its cell pool" % system.path)
    taken = [(s, e, c) for c in beside for s, e in c.memory()]
    free = subtract_ranges(pool, [(s, e) for s, e, _ in taken])
    pool_text = describe_pieces(pool)
    if base is not None:
        end = base + size
        for s, e in linux_ram:
            if overlaps(base, end, s, e):
                raise Refusal(
                    "--mem-base: %s (%s) overlaps System RAM %s that the "
                    "root's Linux runs in; the cell pool is %s" %
                    (fmt_range(base, size), fmt_size(size),
                     fmt_range(s, e - s), pool_text))
        for s, e, cell in taken:
            if overlaps(base, end, s, e):
                raise Refusal(
                    "--mem-base: %s (%s) overlaps %s of cell \"%s\" "
                    "(--beside %s); free: %s" %
                    (fmt_range(base, size), fmt_size(size),
                     fmt_range(s, e - s), cell.name, cell.path,
                     describe_pieces(free)))
        if not inside_any(base, end, free):
            raise Refusal(
                "--mem-base: %s (%s) does not fit into one free piece of the "
                "root's cell pool (%s)" %
                (fmt_range(base, size), fmt_size(size),
                 describe_pieces(free)))
        return base, "--mem-base"
    for s, e in free:
        start = align_up(s, RAM_ALIGN)
        if start + size <= e:
            return start, "the lowest free 2 MiB boundary of the root's " \
                "cell pool"
    biggest = max([e - align_up(s, RAM_ALIGN) for s, e in free
                   if e > align_up(s, RAM_ALIGN)], default=0)
    raise Refusal(
        "--mem %s does not fit: the root's cell pool has at most %s free "
        "from a 2 MiB boundary (pool: %s%s; --mem-base places it "
        "elsewhere)" %
        (fmt_size(size), fmt_size(biggest) if biggest else
         "nothing", pool_text,
         "; the --beside cells hold the rest" if taken else ""))


def in_root(system, start, end):
    return any(s <= start and end <= s + z
               for s, z, f in system.root.regions
               if not f & JH_MEM_COMM_REGION)


def add_device_page(cell, system, beside, start, end, comment, what):
    start, end = align_down(start), align_up(end)
    if not in_root(system, start, end):
        raise Refusal("%s: %s is not memory of the root cell in %s, so "
                           "the cell cannot take it" %
                           (what, fmt_range(start, end - start),
                            system.path))
    for other in beside:
        for s, e in other.memory():
            if overlaps(start, end, s, e):
                raise Refusal("%s: %s is also cell \"%s\"'s (--beside "
                                   "%s)" % (what, fmt_range(
                                       start, end - start), other.name,
                                       other.path))
    for r in cell.regions:
        if overlaps(start, end, r.start, r.end):
            if r.flags == MEM_DEVICE and start >= r.start and end <= r.end:
                return		# the same page, already there
            raise Refusal("%s: %s overlaps %s (%s)" %
                               (what, fmt_range(start, end - start),
                                fmt_range(r.start, r.size), r.comment))
    cell.regions.append(Region(start, end - start, MEM_DEVICE, comment))


def add_spi(cell, system, beside, intid, origin, what):
    if (system.gicd, intid) not in system.root.pins:
        raise Refusal("%s: SPI %d (INTID %d) is not the root cell's in "
                           "%s" % (what, intid - 32, intid, system.path))
    for other in beside:
        if (system.gicd, intid) in other.pins:
            raise Refusal("%s: SPI %d (INTID %d) is also cell \"%s\"'s "
                               "(--beside %s)" % (what, intid - 32, intid,
                                                  other.name, other.path))
    cell.intids[intid] = origin
