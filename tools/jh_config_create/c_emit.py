# SPDX-License-Identifier: GPL-2.0
"""Writing C in the style of configs/*/*.c: comments wrapped at 80 columns,
sizes as KiB()/MiB()/GiB(), memory flags by name.
"""

import textwrap

from .abi import (
    JH_MEM_DMA, JH_MEM_EXECUTE, JH_MEM_IO, JH_MEM_LOADABLE, JH_MEM_READ,
    JH_MEM_WRITE, MEM_DEVICE, MEM_RAM)
from .units import GiB, MiB


def c_comment_lines(text, prefix):
    # Tabs count as 8 columns, as in the kernel style.
    width = 80 - len(prefix.expandtabs())
    return [(prefix + line).rstrip() for line in
            textwrap.wrap(text, width, break_on_hyphens=False)]


def c_comment(text, indent):
    """A /* */ comment at indent tabs, one line if it fits in 80 columns."""
    tabs = "\t" * indent
    if len((tabs + "/* " + text + " */").expandtabs()) <= 80:
        return [tabs + "/* " + text + " */"]
    return [tabs + "/*"] + c_comment_lines(text, tabs + " * ") + \
        [tabs + " */"]


def c_size(size):
    if size >= GiB and size % GiB == 0:
        return "GiB(%d)" % (size // GiB)
    if size >= MiB and size % MiB == 0:
        return "MiB(%d)" % (size // MiB)
    if size >= 1024 and size % 1024 == 0 and size < MiB:
        return "KiB(%d)" % (size // 1024)
    return "0x%x" % size


def c_mem_flags(flags):
    if flags == MEM_RAM:
        return "MEM_RAM"
    if flags == MEM_DEVICE:
        return "MEM_DEVICE"
    names = [(JH_MEM_READ, "JH_MEM_READ"), (JH_MEM_WRITE, "JH_MEM_WRITE"),
             (JH_MEM_EXECUTE, "JH_MEM_EXECUTE"), (JH_MEM_DMA, "JH_MEM_DMA"),
             (JH_MEM_IO, "JH_MEM_IO")]
    return " | ".join(n for bit, n in names if flags & bit) or "0"


def c_flags_lines(flags):
    """".flags = A | B | ...," at three tabs, continued under the first
    flag where it would pass 80 columns."""
    names = [(JH_MEM_READ, "JH_MEM_READ"), (JH_MEM_WRITE, "JH_MEM_WRITE"),
             (JH_MEM_EXECUTE, "JH_MEM_EXECUTE"), (JH_MEM_DMA, "JH_MEM_DMA"),
             (JH_MEM_IO, "JH_MEM_IO"), (JH_MEM_LOADABLE, "JH_MEM_LOADABLE")]
    words = [n for bit, n in names if flags & bit]
    lines, line = [], "\t\t\t.flags = " + words[0]
    for word in words[1:]:
        if len((line + " | " + word + ",").expandtabs()) > 80:
            lines.append(line + " |")
            line = "\t\t\t\t " + word
        else:
            line += " | " + word
    return lines + [line + ","]
