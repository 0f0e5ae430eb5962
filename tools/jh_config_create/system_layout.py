# SPDX-License-Identifier: GPL-2.0
"""Steps both arches take to lay out a system config: the hypervisor's
memory, page-aligned regions with holes cut out, device regions merged,
irqchip entries, the root cell's name.
"""

import re

from .errors import Refusal
from .abi import JH_CELL_NAME_LEN, JH_IRQCHIP_PINS, MEM_DEVICE
from .units import MiB, align_down, align_up, fmt_range, fmt_size
from .ranges import overlaps, subtract_ranges
from .system_config import Irqchip, Region


DEFAULT_HV_SIZE = 16 * MiB


def sanitize_name(text):
    name = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return name[:JH_CELL_NAME_LEN - 1].rstrip("-")


def add_regions(cfg, ranges, flags, comment):
    for start, end in ranges:
        if end > start:
            cfg.regions.append(Region(start, end - start, flags, comment))


def finish_regions(cfg, holes):
    """Cuts the holes (hypervisor, emulated or hypervisor-owned devices)
    out of every region, page aligned, and sorts by address."""
    holes = [(align_down(s), align_up(e)) for s, e in holes]
    out = []
    for r in cfg.regions:
        for s, e in subtract_ranges([(r.start, r.end)], holes):
            out.append(Region(s, e - s, r.flags, r.comment))
    out.sort(key=lambda r: r.start)
    for a, b in zip(out, out[1:]):
        if b.start < a.end:
            raise Refusal("internal: regions %s (%s) and %s (%s) overlap" %
                          (fmt_range(a.start, a.size), a.comment,
                           fmt_range(b.start, b.size), b.comment))
    cfg.regions = out


def irqchips_for_lines(address, chip_id, first, last, comment):
    """Entries of 128 lines covering first..last."""
    chips = []
    base = first
    while base <= last:
        top = min(base + JH_IRQCHIP_PINS - 1, last)
        chips.append(Irqchip(address, chip_id, base, range(base, top + 1),
                             "%s: %d-%d" % (comment, base, top)))
        base += JH_IRQCHIP_PINS
    return chips


def choose_hv_memory(cfg, opt_size, opt_addr, free, ram_in_use, at_top,
                     free_what, hint):
    """Places the hypervisor in free (list of [start, end)), or checks the
    address the user gave. Returns the free ranges minus the hypervisor."""
    size = opt_size or DEFAULT_HV_SIZE
    if opt_addr is not None:
        end = opt_addr + size
        for s, e in ram_in_use:
            if overlaps(opt_addr, end, s, e):
                where = ("choose an ADDR in the %s: %s" %
                         (free_what, ", ".join(fmt_range(fs, fe - fs)
                                               for fs, fe in free))
                         if free else hint)
                raise Refusal("--hv-mem %s overlaps System RAM %s that "
                              "Linux uses (/proc/iomem); %s" %
                              (fmt_range(opt_addr, size),
                               fmt_range(s, e - s), where))
        cfg.hv_start, cfg.hv_size = opt_addr, size
        cfg.hv_comment = "Hypervisor memory: %s (--hv-mem)." % \
            fmt_size(size)
        return subtract_ranges(free, [(opt_addr, end)])
    if not free:
        raise Refusal("no RAM is kept from Linux for the hypervisor: %s" %
                      hint)
    candidates = [(s, e) for s, e in free if e - s >= size]
    if not candidates:
        biggest = max(e - s for s, e in free)
        raise Refusal("the %s holds at most %s in one piece, less than the "
                      "%s the hypervisor needs: pass --hv-mem SIZE" %
                      (free_what, fmt_size(biggest), fmt_size(size)))
    if at_top:
        s, e = candidates[-1]
        start = align_down(e - size)
        where = "top"
    else:
        s, e = candidates[0]
        start = s
        where = "start"
    cfg.hv_start, cfg.hv_size = start, size
    cfg.hv_comment = "Hypervisor memory: %s at the %s of the %s." % (
        fmt_size(size), where, free_what)
    return subtract_ranges(free, [(start, start + size)])


def merge_devices(cfg, devices):
    """Page-aligned device ranges; touching ones become one region."""
    merged = []
    for s, e, name in sorted(devices):
        s, e = align_down(s), align_up(e)
        if merged and s <= merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], e), last[2] + [name])
        else:
            merged.append((s, e, [name]))
    for s, e, names in merged:
        add_regions(cfg, [(s, e)], MEM_DEVICE, describe_names(names))


def describe_names(names):
    unique = []
    for n in names:
        if n not in unique:
            unique.append(n)
    if len(unique) <= 3:
        return ", ".join(unique)
    return "%s ... %s (%d nodes)" % (unique[0], unique[-1], len(unique))
