# SPDX-License-Identifier: GPL-2.0
"""Interval arithmetic on [start, end) pairs: RAM, holes and device windows
are lists of them.
"""


def merge_ranges(ranges, touching=True):
    out = []
    for start, end in sorted(ranges):
        if out and (start < out[-1][1] or (touching and start == out[-1][1])):
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def subtract_ranges(ranges, holes):
    out = []
    for start, end in ranges:
        pieces = [(start, end)]
        for hs, he in holes:
            nxt = []
            for ps, pe in pieces:
                if he <= ps or hs >= pe:
                    nxt.append((ps, pe))
                    continue
                if ps < hs:
                    nxt.append((ps, hs))
                if he < pe:
                    nxt.append((he, pe))
            pieces = nxt
        out.extend(pieces)
    return out


def overlaps(a_start, a_end, b_start, b_end):
    return a_start < b_end and b_start < a_end


def inside_any(start, end, ranges):
    return any(s <= start and end <= e for s, e in ranges)


def overlaps_any(start, end, ranges):
    return any(overlaps(start, end, s, e) for s, e in ranges)
