# SPDX-License-Identifier: GPL-2.0
"""Writing C in the style of configs/*/*.c: comments wrapped at 80 columns,
sizes as KiB()/MiB()/GiB(), memory flags by name.
"""

import textwrap

from .abi import (
    JH_MEM_DMA, JH_MEM_EXECUTE, JH_MEM_IO, JH_MEM_LOADABLE, JH_MEM_READ,
    JH_MEM_WRITE, MEM_DEVICE, MEM_RAM, cpu_set_words)
from .units import GiB, MiB, cpulist_text


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


MEM_FLAG_NAMES = ((JH_MEM_READ, "JH_MEM_READ"),
                  (JH_MEM_WRITE, "JH_MEM_WRITE"),
                  (JH_MEM_EXECUTE, "JH_MEM_EXECUTE"),
                  (JH_MEM_DMA, "JH_MEM_DMA"), (JH_MEM_IO, "JH_MEM_IO"),
                  (JH_MEM_LOADABLE, "JH_MEM_LOADABLE"))


def c_mem_flags(flags):
    """Memory flags as system configs write them: MEM_RAM, MEM_DEVICE, or
    the JH_MEM_* names."""
    if flags == MEM_RAM:
        return "MEM_RAM"
    if flags == MEM_DEVICE:
        return "MEM_DEVICE"
    return " | ".join(n for bit, n in MEM_FLAG_NAMES if flags & bit) or "0"


def c_mem_flags_line(flags):
    """The .flags line of a system config's memory region."""
    return ["\t\t\t.flags = %s," % c_mem_flags(flags)]


def c_flags_lines(flags):
    """".flags = A | B | ...," at three tabs, every JH_MEM_* name spelled
    out as configs/arm64/linux-cell.c has them, continued under the first
    flag where it would pass 80 columns."""
    words = [n for bit, n in MEM_FLAG_NAMES if flags & bit]
    lines, line = [], "\t\t\t.flags = " + words[0]
    for word in words[1:]:
        if len((line + " | " + word + ",").expandtabs()) > 80:
            lines.append(line + " |")
            line = "\t\t\t\t " + word
        else:
            line += " | " + word
    return lines + [line + ","]


def c_cpus(cpus, origin):
    """The .cpus initializer, the CPU list and where it came from above."""
    return ["\t/* CPUs %s (%s). */" % (cpulist_text(cpus), origin),
            "\t.cpus = { %s }," % ", ".join("0x%x" % w
                                            for w in cpu_set_words(cpus))]


def c_mem_regions(regions, flags_lines):
    """The .mem_regions initializer, each region mapped 1:1 under its
    comment; flags_lines(flags) writes its .flags."""
    L = ["\t.mem_regions = {"]
    for r in regions:
        L += c_comment(r.comment, 2)
        L.append("\t\t{")
        L.append("\t\t\t.phys_start = 0x%x," % r.start)
        L.append("\t\t\t.virt_start = 0x%x," % r.start)
        L.append("\t\t\t.size = %s," % c_size(r.size))
        L += flags_lines(r.flags)
        L.append("\t\t},")
    L.append("\t},")
    return L
