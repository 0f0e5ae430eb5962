# SPDX-License-Identifier: GPL-2.0
"""Binary configs read back for --linux-cell: the system config the cell
goes with (--system) and the cells beside it (--beside).
"""

import struct

from .errors import Refusal
from .abi import (
    CELL_DESC, CELL_DESC_SIZE, JH_ARCH_ARM64, JH_CONFIG_REVISION,
    JH_MAX_IOMMUS, JH_MEM_COMM_REGION, SYSTEM_DESC_SIZE)


ROOT_CELL_AT = SYSTEM_DESC_SIZE - CELL_DESC_SIZE


X86_SENTENCE = ("Linux cells are built for arm64 only: an x86 Linux cell "
                "is not supported yet (Documentation/linux-cell-x86.md says "
                "what a stock kernel needs there)")


class CellFile:
    """A cell descriptor and its arrays, read from a binary config."""

    def __init__(self, data, at, path):
        if len(data) < at + CELL_DESC_SIZE:
            raise Refusal("%s: too short for a cell descriptor" % path)
        (sig, _, self.arch, name, self.flags, cpu_set_size, nmem, nirq,
         npio, npci, _, self.cpu_reset, _, con_addr, _, con_type,
         _) = struct.unpack_from(CELL_DESC, data, at)
        self.name = name.split(b"\0")[0].decode("ascii", "replace")
        self.path = path
        end = at + CELL_DESC_SIZE + cpu_set_size + 32 * nmem + 32 * nirq + \
            8 * npio + 8 * npci
        if cpu_set_size % 8 or end > len(data):
            raise Refusal("%s: its sizes do not add up (run jailhouse "
                               "config check on it)" % path)
        pos = at + CELL_DESC_SIZE
        words = struct.unpack_from("<%dQ" % (cpu_set_size // 8), data, pos)
        self.cpus = {n for n in range(cpu_set_size * 8)
                     if words[n // 64] >> (n % 64) & 1}
        pos += cpu_set_size
        self.regions = []	# (phys, size, flags)
        for i in range(nmem):
            phys, _, size, flags = struct.unpack_from("<QQQQ", data,
                                                      pos + 32 * i)
            self.regions.append((phys, size, flags))
        pos += 32 * nmem
        self.pins = set()	# (irqchip address, INTID)
        for i in range(nirq):
            address, _, base = struct.unpack_from("<QII", data, pos + 32 * i)
            bitmap = struct.unpack_from("<4I", data, pos + 32 * i + 16)
            self.pins.update((address, base + n) for n in range(128)
                             if bitmap[n // 32] >> (n % 32) & 1)
        pos += 32 * nirq + 8 * npio
        self.pci = set()	# (domain, bdf)
        for i in range(npci):
            _, _, domain, bdf = struct.unpack_from("<BBHH", data, pos + 8 * i)
            self.pci.add((domain, bdf))
        self.console = (con_type, con_addr)

    def memory(self):
        """Physical ranges of its regions, the comm region apart."""
        return [(s, s + z) for s, z, f in self.regions
                if not f & JH_MEM_COMM_REGION]


class SystemFile:
    def __init__(self, data, path):
        if len(data) < SYSTEM_DESC_SIZE or data[:6] != b"JHSYST":
            raise Refusal("%s is not a system config (no JHSYST "
                               "signature)" % path)
        rev, self.arch = struct.unpack_from("<HI", data, 6)
        if rev != JH_CONFIG_REVISION:
            raise Refusal("%s: config revision %d, this tool knows %d"
                               % (path, rev, JH_CONFIG_REVISION))
        if self.arch != JH_ARCH_ARM64:
            raise Refusal(X86_SENTENCE)
        self.hv = struct.unpack_from("<QQQ", data, 16)[0::2]	# start, size
        con_addr, _, con_type = struct.unpack_from("<QIH", data, 48)
        self.debug_console = (con_type, con_addr)
        (self.gicd, _, _, self.gic_version, _, self.ecam,
         self.ecam_end_bus) = struct.unpack_from("<QQQIIQB", data, 64)
        self.iommus = [struct.unpack_from("<H", data, 128 + 32 * i + 12)[0]
                       for i in range(JH_MAX_IOMMUS)]
        self.iommus = [t for t in self.iommus if t]
        self.root = CellFile(data, ROOT_CELL_AT, path)
        self.path = path


def read_binary(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise Refusal("cannot read %s: %s" % (path, e.strerror or e))


def load_beside(paths):
    cells = []
    for path in paths:
        data = read_binary(path)
        if data[:6] != b"JHCELL":
            raise Refusal("--beside %s is not a cell config (no JHCELL "
                               "signature)" % path)
        cells.append(CellFile(data, 0, path))
    return cells
