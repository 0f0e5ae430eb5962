# SPDX-License-Identifier: GPL-2.0
"""jailhouse config create --linux-cell: a cell config for Linux in a cell.

Loaded by jailhouse-config-create (beside it, also when installed) only for
--linux-cell; it uses that script's device-tree reader, sysfs readers and
C helpers, handed over as the module "core".

Inputs: the system config the cell goes with (--system FILE.cell, or what
config create would write for this machine), the machine's device tree,
/proc/iomem and /sys/bus/pci/devices (live, or below --root), and the cells
that run beside this one (--beside CELL.cell). Output: a C source in the
style of configs/arm64/linux-cell.c and, with --cell, its binary.
"""

import os
import re
import struct

# include/jailhouse/config.h
JH_MEM_READ = 0x01
JH_MEM_WRITE = 0x02
JH_MEM_EXECUTE = 0x04
JH_MEM_DMA = 0x08
JH_MEM_IO = 0x10
JH_MEM_COMM_REGION = 0x20
JH_MEM_LOADABLE = 0x40
JH_MEM_ROOTSHARED = 0x80
JH_CELL_PASSIVE_COMMREG = 0x1
JH_PCI_TYPE_DEVICE = 1
JH_ARCH_ARM64 = 1
CELL_DESC_SIZE = 104
SYSTEM_DESC_SIZE = 360
ROOT_CELL_AT = SYSTEM_DESC_SIZE - CELL_DESC_SIZE

# As configs/arm64/linux-cell.c has them: the RAM "cell linux" loads into.
LINUX_RAM_FLAGS = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE | \
    JH_MEM_LOADABLE
DEVICE_FLAGS = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO
# Kernel and stage-2 block mappings like 2 MiB boundaries.
RAM_ALIGN = 2 << 20
PCI_CLASS_SERIAL = 0x07
IORESOURCE_IO = 0x100
IORESOURCE_MEM = 0x200
X86_SENTENCE = ("Linux cells are built for arm64 only: an x86 Linux cell "
                "is not supported yet (Documentation/linux-cell-x86.md says "
                "what a stock kernel needs there)")


class CellFile:
    """A cell descriptor and its arrays, read from a binary config."""

    def __init__(self, data, at, path, core):
        if len(data) < at + CELL_DESC_SIZE:
            raise core.Refusal("%s: too short for a cell descriptor" % path)
        (sig, _, self.arch, name, self.flags, cpu_set_size, nmem, nirq,
         npio, npci, _, self.cpu_reset, _, con_addr, _, con_type,
         _) = struct.unpack_from("<6sHI32sIIIIIIIQQQIHH", data, at)
        self.name = name.split(b"\0")[0].decode("ascii", "replace")
        self.path = path
        end = at + CELL_DESC_SIZE + cpu_set_size + 32 * nmem + 32 * nirq + \
            8 * npio + 8 * npci
        if cpu_set_size % 8 or end > len(data):
            raise core.Refusal("%s: its sizes do not add up (run jailhouse "
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
    def __init__(self, data, path, core):
        if len(data) < SYSTEM_DESC_SIZE or data[:6] != b"JHSYST":
            raise core.Refusal("%s is not a system config (no JHSYST "
                               "signature)" % path)
        rev, self.arch = struct.unpack_from("<HI", data, 6)
        if rev != core.JH_CONFIG_REVISION:
            raise core.Refusal("%s: config revision %d, this tool knows %d"
                               % (path, rev, core.JH_CONFIG_REVISION))
        if self.arch != JH_ARCH_ARM64:
            raise core.Refusal(X86_SENTENCE)
        self.hv = struct.unpack_from("<QQQ", data, 16)[0::2]	# start, size
        con_addr, _, con_type = struct.unpack_from("<QIH", data, 48)
        self.debug_console = (con_type, con_addr)
        (self.gicd, _, _, self.gic_version, _, self.ecam,
         self.ecam_end_bus) = struct.unpack_from("<QQQIIQB", data, 64)
        self.iommus = [struct.unpack_from("<H", data, 128 + 32 * i + 12)[0]
                       for i in range(core.JH_MAX_IOMMUS)]
        self.iommus = [t for t in self.iommus if t]
        self.root = CellFile(data, ROOT_CELL_AT, path, core)
        self.path = path


def read_binary(path, core):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise core.Refusal("cannot read %s: %s" % (path, e.strerror or e))


def load_system(core, machine, opts):
    if opts.system is None:
        cfg = core.build_arm64(machine, opts)
        return SystemFile(cfg.to_binary(), "this machine's system config "
                          "(as config create writes it)", core)
    if opts.system.endswith(".c"):
        raise core.UsageError("--system takes the binary system config "
                              "(.cell): build %s first (make -C configs) or "
                              "pass the .cell that config create --cell "
                              "wrote" % opts.system)
    return SystemFile(read_binary(opts.system, core), opts.system, core)


def load_beside(core, paths):
    cells = []
    for path in paths:
        data = read_binary(path, core)
        if data[:6] != b"JHCELL":
            raise core.Refusal("--beside %s is not a cell config (no JHCELL "
                               "signature)" % path)
        cells.append(CellFile(data, 0, path, core))
    return cells


class Region:
    def __init__(self, start, size, flags, comment):
        self.start, self.size, self.flags = start, size, flags
        self.comment = comment

    @property
    def end(self):
        return self.start + self.size


class LinuxCell:
    def __init__(self):
        self.name = ""
        self.cpus = set()
        self.regions = []
        self.intids = {}	# INTID -> where it came from
        self.pci = []		# (domain, bdf, comment)
        self.console = None	# core.Console, for an MMIO UART
        self.gicd = 0
        self.header = []
        self.warnings = []
        self.boot_args = None	# -c for cell linux, if it has no default

    @property
    def ram(self):
        return self.regions[0]

    def irqchips(self):
        """(pin_base, [4 words], [INTIDs]) per 128-line chunk of SPIs."""
        chips = {}
        for intid in sorted(self.intids):
            base = 32 + (intid - 32) // 128 * 128
            words, ids = chips.setdefault(base, ([0] * 4, []))
            words[(intid - base) // 32] |= 1 << ((intid - base) % 32)
            ids.append(intid)
        return [(b, w, i) for b, (w, i) in sorted(chips.items())]

    def cpu_words(self):
        words = [0] * (max(self.cpus) // 64 + 1)
        for cpu in self.cpus:
            words[cpu // 64] |= 1 << (cpu % 64)
        return words

    def to_binary(self, core):
        con = self.console or core.Console(core.JH_CON_NONE)
        words = self.cpu_words()
        chips = self.irqchips()
        out = struct.pack("<6sHI32sIIIIIIIQQQIHH", b"JHCELL",
                          core.JH_CONFIG_REVISION, JH_ARCH_ARM64,
                          self.name.encode("ascii"), JH_CELL_PASSIVE_COMMREG,
                          8 * len(words), len(self.regions), len(chips), 0,
                          len(self.pci), 0, self.ram.start, 0, con.address,
                          con.size, con.type, con.flags)
        out += struct.pack("<%dQ" % len(words), *words)
        for r in self.regions:
            out += struct.pack("<QQQQ", r.start, r.start, r.size, r.flags)
        for base, bitmap, _ in chips:
            out += struct.pack("<QII4I", self.gicd, 0, base, *bitmap)
        for domain, bdf, _ in self.pci:
            out += struct.pack("<BBHHH", JH_PCI_TYPE_DEVICE, 0, domain, bdf,
                               0)
        return out

    def to_c(self, core):
        cc, L = core.c_comment, []
        L.append("/* SPDX-License-Identifier: GPL-2.0 */")
        L.append("/*")
        L += core.c_comment_lines(
            "Cell config for Linux in a cell, written by \"jailhouse config "
            "create --linux-cell\" (Documentation/boards.md, \"Linux "
            "cells\"). Boot it with:", " * ")
        L.append(" *")
        L.append(" *   jailhouse cell linux %s.cell Image -i initramfs.cpio.gz"
                 % self.name)
        if self.boot_args:
            L.append(' *       -c "%s"' % self.boot_args)
        for line in self.header + ["Warning: " + w for w in self.warnings]:
            L.append(" *")
            L += core.c_comment_lines(line, " * ")
        L.append(" */")
        L.append('#include "config-file.h"')
        L.append("")
        chips = self.irqchips()
        L.append("static const struct {")
        L.append("\tstruct jh_cell_desc cell;")
        L.append("\tuint64_t cpus[%d];" % len(self.cpu_words()))
        L.append("\tstruct jh_memory_region mem_regions[%d];" %
                 len(self.regions))
        if chips:
            L.append("\tstruct jh_irqchip irqchips[%d];" % len(chips))
        if self.pci:
            L.append("\tstruct jh_pci_device pci_devices[%d];" %
                     len(self.pci))
        L.append("} JH_PACKED config CONFIG_OBJECT = {")
        L.append("\t.cell = {")
        L.append("\t\t.signature = JH_CELL_SIGNATURE,")
        L.append("\t\t.revision = JH_CONFIG_REVISION,")
        L.append("\t\t.arch = JH_ARCH_ARM64,")
        L.append('\t\t.name = "%s",' % self.name)
        L += cc("Linux knows no comm region: the cell is stopped without "
                "being asked.", 2)
        L.append("\t\t.flags = JH_CELL_PASSIVE_COMMREG,")
        L.append("\t\t.cpu_set_size = sizeof(config.cpus),")
        L.append("\t\t.num_memory_regions = ARRAY_ITEMS(config.mem_regions),")
        if chips:
            L.append("\t\t.num_irqchips = ARRAY_ITEMS(config.irqchips),")
        if self.pci:
            L.append("\t\t.num_pci_devices = "
                     "ARRAY_ITEMS(config.pci_devices),")
        L += cc("The boot loader of \"cell linux\", at the start of RAM.", 2)
        L.append("\t\t.cpu_reset_address = 0x%x," % self.ram.start)
        con = self.console
        if con is None:
            L += cc("No MMIO UART: the console is a PCI device's.", 2)
            L.append("\t\t.console = { .type = JH_CON_NONE },")
        else:
            L += cc("The cell's UART, %s: earlycon and console of the "
                    "generated device tree." % con.origin, 2)
            L.append("\t\t.console = {")
            L.append("\t\t\t.address = 0x%x," % con.address)
            L.append("\t\t\t.size = %s," % core.c_size(con.size))
            L.append("\t\t\t.type = %s," % core.CONSOLE_C_NAMES[con.type])
            if con.flags:
                L.append("\t\t\t.flags = %s," % con.c_flags())
            L.append("\t\t},")
        L.append("\t},")
        L.append("")
        L.append("\t/* CPUs %s (--cpus). */" % core.cpulist_text(self.cpus))
        L.append("\t.cpus = { %s }," %
                 ", ".join("0x%x" % w for w in self.cpu_words()))
        L.append("")
        L.append("\t.mem_regions = {")
        for r in self.regions:
            L += cc(r.comment, 2)
            L.append("\t\t{")
            L.append("\t\t\t.phys_start = 0x%x," % r.start)
            L.append("\t\t\t.virt_start = 0x%x," % r.start)
            L.append("\t\t\t.size = %s," % core.c_size(r.size))
            L += c_flags_lines(r.flags)
            L.append("\t\t},")
        L.append("\t},")
        if chips:
            L.append("")
            L.append("\t.irqchips = {")
            for base, bitmap, ids in chips:
                L += cc("; ".join("SPI %d (INTID %d): %s" %
                                  (i - 32, i, self.intids[i]) for i in ids),
                        2)
                L.append("\t\t{")
                L.append("\t\t\t.address = 0x%x," % self.gicd)
                L.append("\t\t\t.pin_base = %d," % base)
                L.append("\t\t\t.pin_bitmap = {")
                L.append("\t\t\t\t%s," % ", ".join("0x%08x" % w
                                                   for w in bitmap))
                L.append("\t\t\t},")
                L.append("\t\t},")
            L.append("\t},")
        if self.pci:
            L.append("")
            L.append("\t.pci_devices = {")
            for domain, bdf, comment in self.pci:
                L += cc(comment, 2)
                L.append("\t\t{ .type = JH_PCI_TYPE_DEVICE, .domain = 0x%x, "
                         ".bdf = 0x%04x }," % (domain, bdf))
            L.append("\t},")
        L.append("};")
        return "\n".join(L) + "\n"


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


# ---------------------------------------------------------------------------
# The parts.

def parse_size(core, option, text):
    try:
        value = core.parse_number(text)
    except ValueError:
        raise core.UsageError("%s '%s' is not a number (0x for hex, K, M or "
                              "G suffix)" % (option, text))
    if value == 0 or value % core.PAGE:
        raise core.UsageError("%s '%s' must be non-zero and 4 KiB aligned" %
                              (option, text))
    return value


def choose_cpus(core, system, beside, text):
    try:
        cpus = core.parse_cpulist(text)
    except ValueError:
        raise core.UsageError("--cpus '%s' is not a CPU list such as 2-3 or "
                              "1,3" % text)
    if not cpus:
        raise core.UsageError("--cpus '%s' names no CPU" % text)
    root = system.root.cpus
    for cpu in sorted(cpus):
        if cpu not in root:
            raise core.Refusal("CPU %d is not the root cell's in %s (its "
                               "CPUs: %s)" % (cpu, system.path,
                                              core.cpulist_text(root)))
    if cpus >= root:
        raise core.Refusal("CPU%s %s %s the root cell's only CPU%s in %s: "
                           "the root must keep one" %
                           ("s" if len(cpus) > 1 else "",
                            core.cpulist_text(cpus),
                            "are" if len(cpus) > 1 else "is",
                            "s" if len(root) > 1 else "", system.path))
    for other in beside:
        shared = cpus & other.cpus
        if shared:
            raise core.Refusal("CPU %s is also cell \"%s\"'s (--beside %s)"
                               % (core.cpulist_text(shared), other.name,
                                  other.path))
    return cpus


def cell_pool(core, machine, system):
    """The root's RAM that Linux does not run in: [(start, end)], each
    piece inside one root region."""
    iomem = core.parse_iomem(machine.read_text("/proc/iomem"))
    linux_ram = [(r.start, r.end) for r in iomem if r.name == "System RAM"]
    if not linux_ram:
        raise core.Refusal("/proc/iomem lists no System RAM (read it as "
                           "root): the RAM Linux runs in is unknown")
    ram = [(s, s + z) for s, z, f in system.root.regions
           if f & (JH_MEM_READ | JH_MEM_WRITE) == (JH_MEM_READ | JH_MEM_WRITE)
           and not f & (JH_MEM_IO | JH_MEM_COMM_REGION)]
    pool = core.subtract_ranges(ram, [(core.align_down(s), core.align_up(e))
                                      for s, e in linux_ram])
    return sorted(pool), linux_ram


def describe_pieces(core, pieces):
    return ", ".join("%s (%s)" % (core.fmt_range(s, e - s),
                                  core.fmt_size(e - s))
                     for s, e in pieces) or "none"


def choose_ram(core, machine, system, beside, size, base):
    pool, linux_ram = cell_pool(core, machine, system)
    if not pool:
        raise core.Refusal("the root cell of %s keeps no RAM that Linux "
                           "does not run in (every RAM region is System RAM "
                           "in /proc/iomem): boot Linux with mem= below the "
                           "end of RAM and give the rest to the root cell as "
                           "its cell pool" % system.path)
    taken = [(s, e, c) for c in beside for s, e in c.memory()]
    free = core.subtract_ranges(pool, [(s, e) for s, e, _ in taken])
    pool_text = describe_pieces(core, pool)
    if base is not None:
        end = base + size
        for s, e in linux_ram:
            if core.overlaps(base, end, s, e):
                raise core.Refusal(
                    "--mem-base: %s (%s) overlaps System RAM %s that the "
                    "root's Linux runs in; the cell pool is %s" %
                    (core.fmt_range(base, size), core.fmt_size(size),
                     core.fmt_range(s, e - s), pool_text))
        for s, e, cell in taken:
            if core.overlaps(base, end, s, e):
                raise core.Refusal(
                    "--mem-base: %s (%s) overlaps %s of cell \"%s\" "
                    "(--beside %s); free: %s" %
                    (core.fmt_range(base, size), core.fmt_size(size),
                     core.fmt_range(s, e - s), cell.name, cell.path,
                     describe_pieces(core, free)))
        if not core.inside_any(base, end, free):
            raise core.Refusal(
                "--mem-base: %s (%s) does not fit into one free piece of the "
                "root's cell pool (%s)" %
                (core.fmt_range(base, size), core.fmt_size(size),
                 describe_pieces(core, free)))
        return base, "--mem-base"
    for s, e in free:
        start = core.align_up(s, RAM_ALIGN)
        if start + size <= e:
            return start, "the lowest free 2 MiB boundary of the root's " \
                "cell pool"
    biggest = max([e - core.align_up(s, RAM_ALIGN) for s, e in free
                   if e > core.align_up(s, RAM_ALIGN)], default=0)
    raise core.Refusal(
        "--mem %s does not fit: the root's cell pool has at most %s free "
        "from a 2 MiB boundary (pool: %s%s; --mem-base places it "
        "elsewhere)" %
        (core.fmt_size(size), core.fmt_size(biggest) if biggest else
         "nothing", pool_text,
         "; the --beside cells hold the rest" if taken else ""))


def find_gic(core, tree):
    for node in tree.walk():
        if node.enabled() and node.props.get("interrupt-controller") \
                is not None and any(c == "arm,gic-v3" or
                                    c in core.GICV2_COMPATIBLES
                                    for c in node.strings("compatible")):
            return node
    raise core.Refusal("no GICv3 or GIC-400 in the device tree")


def node_spis(core, node, gic, phandles):
    """SPI INTIDs of node's "interrupts" routed to the GIC."""
    if core.dt_interrupt_parent(node, phandles) is not gic:
        return []
    cells = node.cells("interrupts") or []
    return [32 + cells[i + 1] for i in range(0, len(cells) - 2, 3)
            if cells[i] == 0]


def is_uart(core, node):
    compat = node.strings("compatible")
    known = [c for names in core.CONSOLE_TTYS.values() for c in names]
    return any(c in known for c in compat)


def find_uart_node(core, tree, spec):
    """--uart as a node path, a reg address, an /aliases name or a node
    name."""
    nodes = list(tree.walk())
    found = []
    if spec.startswith("/"):
        found = [n for n in nodes if n.path == spec]
    else:
        try:
            address = core.parse_number(spec)
        except ValueError:
            address = None
        if address is not None:
            found = [n for n in nodes if is_uart(core, n) and
                     any(s == address for s, _ in core.dt_regs(n))]
        else:
            aliases = next((c for c in tree.children
                            if c.name == "aliases"), None)
            target = aliases.string(spec) if aliases else None
            found = [n for n in nodes if n.path == target or n.name == spec]
    if len(found) != 1:
        uarts = ["%s (%s)" % (n.path, n.strings("compatible")[0])
                 for n in nodes if is_uart(core, n) and core.dt_regs(n)]
        raise core.Refusal("--uart %s: %s in the device tree; its UARTs: %s"
                           % (spec, "no such node" if not found else
                              "%d nodes match" % len(found),
                              ", ".join(uarts) or "none"))
    return found[0]


def in_root(system, start, end):
    return any(s <= start and end <= s + z
               for s, z, f in system.root.regions
               if not f & JH_MEM_COMM_REGION)


def add_device_page(core, cell, system, beside, start, end, comment, what):
    start, end = core.align_down(start), core.align_up(end)
    if not in_root(system, start, end):
        raise core.Refusal("%s: %s is not memory of the root cell in %s, so "
                           "the cell cannot take it" %
                           (what, core.fmt_range(start, end - start),
                            system.path))
    for other in beside:
        for s, e in other.memory():
            if core.overlaps(start, end, s, e):
                raise core.Refusal("%s: %s is also cell \"%s\"'s (--beside "
                                   "%s)" % (what, core.fmt_range(
                                       start, end - start), other.name,
                                       other.path))
    for r in cell.regions:
        if core.overlaps(start, end, r.start, r.end):
            if r.flags == DEVICE_FLAGS and start >= r.start and end <= r.end:
                return		# the same page, already there
            raise core.Refusal("%s: %s overlaps %s (%s)" %
                               (what, core.fmt_range(start, end - start),
                                core.fmt_range(r.start, r.size), r.comment))
    cell.regions.append(Region(start, end - start, DEVICE_FLAGS, comment))


def add_spi(core, cell, system, beside, intid, origin, what):
    if (system.gicd, intid) not in system.root.pins:
        raise core.Refusal("%s: SPI %d (INTID %d) is not the root cell's in "
                           "%s" % (what, intid - 32, intid, system.path))
    for other in beside:
        if (system.gicd, intid) in other.pins:
            raise core.Refusal("%s: SPI %d (INTID %d) is also cell \"%s\"'s "
                               "(--beside %s)" % (what, intid - 32, intid,
                                                  other.name, other.path))
    cell.intids[intid] = origin


def add_mmio_uart(core, cell, system, beside, machine, tree, gic, phandles,
                  spec):
    node = find_uart_node(core, tree, spec)
    what = "--uart %s (%s)" % (spec, node.path)
    con = core.console_from_node(node, "--uart")
    if con is None:
        raise core.Refusal("%s is %s, no UART config create knows (PL011, "
                           "16550, Cadence, i.MX, LPUART)" %
                           (what, ", ".join(node.strings("compatible")) or
                            "a node without compatible"))
    if system.debug_console[0] and \
            core.align_down(system.debug_console[1]) == \
            core.align_down(con.address):
        raise core.Refusal("%s is the hypervisor's debug console in %s: "
                           "give the cell another UART" % (what, system.path))
    cmdline = machine.try_text("/proc/cmdline") or ""
    node_stdout, origin = core.dt_find_console(tree, cmdline.split(),
                                               cmdline_first=True)
    if node_stdout is node:
        raise core.Refusal("%s is the root Linux's console (%s): give the "
                           "cell another UART" % (what, origin))
    spis = node_spis(core, node, gic, phandles)
    if not spis:
        raise core.Refusal("%s has no SPI in its \"interrupts\"" % what)
    name = node.path
    con.origin = "%s (%s)" % (name, node.strings("compatible")[0])
    cell.console = con
    cell.header.append(
        "The UART %s is the cell's: the root's Linux must leave it alone "
        "while the cell exists (%s in its device tree)." %
        (name, "status \"%s\"" % node.string("status")
         if node.string("status") else "enabled"))
    if con.type == core.JH_CON_CADENCE:
        cell.boot_args = "console=ttyPS0 earlycon=cdns,mmio,0x%x" % \
            con.address
    for intid in spis:
        add_spi(core, cell, system, beside, intid,
                "%s \"interrupts\"" % name, what)
    for start, size in core.dt_regs(node)[:1]:
        add_device_page(core, cell, system, beside, start, start + size,
                        "UART %s: its \"reg\" 0x%x in the device tree" %
                        (name, start), what)
    return "MMIO UART %s, %s, SPI %s" % (
        name, core.fmt_range(con.address, con.size),
        ", ".join(str(i - 32) for i in spis))


BDF_RE = re.compile(r"(?:([0-9a-fA-F]{1,4}):)?([0-9a-fA-F]{1,2}):"
                    r"([0-9a-fA-F]{1,2})\.([0-7])")


def parse_bdf(text):
    m = BDF_RE.fullmatch(text)
    if not m:
        return None
    domain = int(m.group(1) or "0", 16)
    bus, dev, fn = int(m.group(2), 16), int(m.group(3), 16), int(m.group(4))
    if dev > 31:
        return None
    return domain, bus << 8 | dev << 3 | fn


def pci_host(core, tree, system):
    """The device-tree node of the ECAM host the system config traps."""
    for node in tree.walk():
        if node.enabled() and node.string("device_type") == "pci" and \
                any(s == system.ecam for s, _ in core.dt_regs(node)):
            return node
    raise core.Refusal("no PCI host node in the device tree has the ECAM "
                       "0x%x of %s" % (system.ecam, system.path))


def io_window(core, host):
    """(CPU address, size) of the host's I/O space window, or None."""
    cells = host.cells("ranges") or []
    pac = host.parent.address_cells()
    step = 3 + pac + 2
    for i in range(0, len(cells) - step + 1, step):
        if (cells[i] >> 24) & 3 == 1:
            return (core.combine(cells[i + 3:i + 3 + pac]),
                    core.combine(cells[i + 3 + pac:i + step]))
    return None


def intx_spi(core, host, gic, phandles, bdf, pin):
    """The SPI INTID the host's interrupt-map routes (bdf, pin) to."""
    imap = host.cells("interrupt-map") or []
    mask = host.cells("interrupt-map-mask") or [0xffffffff] * 4
    key = [bdf << 8, 0, 0, pin]
    key = [k & m for k, m in zip(key, mask)]
    i = 0
    while i + 5 < len(imap):
        parent = phandles.get(imap[i + 4])
        if parent is None:
            return None
        pac = parent.u32("#address-cells", 0)
        pic = parent.u32("#interrupt-cells", 3)
        spec = imap[i + 5 + pac:i + 5 + pac + pic]
        if imap[i:i + 4] == key:
            if parent is gic and len(spec) >= 2 and spec[0] == 0:
                return 32 + spec[1]
            return None
        i += 5 + pac + pic
    return None


def read_bars(machine, name):
    """A device's I/O and memory BARs as Linux placed them: (start, end,
    is_io), from /sys/bus/pci/devices/NAME/resource."""
    bars = []
    text = machine.try_text("/sys/bus/pci/devices/%s/resource" % name)
    for line in (text or "").splitlines():
        fields = line.split()
        if len(fields) == 3:
            start, end, flags = (int(x, 16) for x in fields)
            if end > start and flags & (IORESOURCE_IO | IORESOURCE_MEM):
                bars.append((start, end + 1, bool(flags & IORESOURCE_IO)))
    return bars


def pci_sysfs(core, machine, domain, bdf):
    name = "%04x:%02x:%02x.%x" % (domain, bdf >> 8, (bdf >> 3) & 0x1f,
                                  bdf & 7)
    base = "/sys/bus/pci/devices/" + name
    if not machine.exists(base):
        raise core.Refusal("PCI device %s is not in %s" %
                           (name, machine.path("/sys/bus/pci/devices")))
    cls = int(machine.read_text(base + "/class").strip(), 16)
    pin = None
    if machine.exists(base + "/config"):
        config = machine.read_bytes(base + "/config")
        if len(config) > 0x3d:
            pin = config[0x3d]
    return name, cls, read_bars(machine, name), pin


def other_bars(machine, skip):
    """Every other PCI device's BARs: (name, start, end, is_io)."""
    return [(name,) + bar for name in machine.listdir("/sys/bus/pci/devices")
            if name not in skip for bar in read_bars(machine, name)]


def add_pci(core, cell, system, beside, machine, tree, gic, phandles, spec,
            as_uart):
    parsed = parse_bdf(spec)
    option = "--uart" if as_uart else "--pci"
    if parsed is None:
        raise core.UsageError("%s '%s' is not a PCI address such as 00:03.0 "
                              "or 0000:00:03.0" % (option, spec))
    domain, bdf = parsed
    name, cls, bars, pin = pci_sysfs(core, machine, domain, bdf)
    what = "%s %s" % (option, name)
    if cls >> 8 in (0x0600, 0x0604, 0x0609):
        raise core.Refusal("%s is a PCI bridge (class 0x%06x), no device "
                           "for a cell" % (what, cls))
    if as_uart and cls >> 16 != PCI_CLASS_SERIAL:
        raise core.Refusal("%s is class 0x%06x, not a serial controller "
                           "(0x07xxxx)" % (what, cls))
    if not system.ecam:
        raise core.Refusal("%s: %s traps no PCI ECAM, so a cell cannot own "
                           "a PCI device there" % (what, system.path))
    if (domain, bdf) not in system.root.pci:
        raise core.Refusal("%s is not among the root cell's PCI devices in "
                           "%s" % (what, system.path))
    for other in beside:
        if (domain, bdf) in other.pci:
            raise core.Refusal("%s is also cell \"%s\"'s (--beside %s)" %
                               (what, other.name, other.path))
    if any(d == domain and b == bdf for d, b, _ in cell.pci):
        raise core.UsageError("%s is given twice" % what)
    host = pci_host(core, tree, system)
    window = io_window(core, host)
    shared = other_bars(machine, {name})
    pages = []
    for start, end, is_io in bars:
        if is_io:
            if window is None or end > window[1]:
                raise core.Refusal("%s: I/O ports 0x%x-0x%x lie outside the "
                                   "I/O window of %s" % (what, start, end - 1,
                                                         host.path))
            cpu = window[0] + start
            comment = ("%s: I/O ports 0x%x-0x%x (sysfs resource), in %s's "
                       "I/O window at 0x%x" % (name, start, end - 1,
                                               host.name, window[0]))
            add_device_page(core, cell, system, beside, cpu,
                            cpu + end - start, comment, what)
            pages.append(("I/O page", core.align_down(cpu),
                          core.align_up(cpu + end - start)))
        else:
            comment = "%s: memory BAR 0x%x-0x%x (sysfs resource)" % (
                name, start, end - 1)
            add_device_page(core, cell, system, beside, start, end, comment,
                            what)
            pages.append(("BAR page", core.align_down(start),
                          core.align_up(end)))
    # A page of it that holds another device's BAR leaks that device.
    for oname, s, e, is_io in shared:
        if is_io and window:
            s, e = window[0] + s, window[0] + e
        for kind, ps, pe in pages:
            if core.overlaps(s, e, ps, pe):
                cell.warnings.append(
                    "the %s %s of %s also holds %s 0x%x-0x%x of %s, which "
                    "the cell can then reach too." %
                    (kind, core.fmt_range(ps, pe - ps), name,
                     "I/O ports" if is_io else "the memory BAR",
                     s - (window[0] if is_io and window else 0),
                     e - 1 - (window[0] if is_io and window else 0), oname))
    text = "PCI %s (class 0x%06x)" % (name, cls)
    if pin is None:
        pin, pin_origin = 1, "INTA assumed (no config space in sysfs)"
    else:
        pin_origin = "interrupt pin from its config space"
    if pin:
        if bdf >> 8:
            raise core.Refusal("%s is behind a bridge: its INTx line is not "
                               "derived (only bus-0 devices)" % what)
        intid = intx_spi(core, host, gic, phandles, bdf, pin)
        if intid is None:
            raise core.Refusal("%s: INT%s is routed to no SPI of the GIC by "
                               "%s's interrupt-map" %
                               (what, "ABCD"[pin - 1], host.path))
        origin = "%s INT%s by %s's interrupt-map (%s)" % (
            name, "ABCD"[pin - 1], host.name, pin_origin)
        add_spi(core, cell, system, beside, intid, origin, what)
        text += ", INT%s: SPI %d" % ("ABCD"[pin - 1], intid - 32)
    cell.pci.append((domain, bdf, "%s, class 0x%06x (%s)" %
                     (name, cls, option)))
    return text


def build(core, machine, opts):
    """The Linux cell for opts; (cell, summary lines)."""
    arch = opts.arch
    if arch is None and opts.system is None:
        arch = core.detect_arch(machine)
    if arch == "x86":
        raise core.Refusal(X86_SENTENCE)
    if opts.cpus_text is None:
        raise core.UsageError("--linux-cell needs --cpus LIST (the cell's "
                              "CPUs, e.g. --cpus 2-3)")
    if opts.mem_text is None:
        raise core.UsageError("--linux-cell needs --mem SIZE (the cell's "
                              "RAM, e.g. --mem 128M)")
    if opts.uart is None and not opts.pci:
        raise core.UsageError("--linux-cell needs --uart NODE|ADDR|BDF (or "
                              "--pci BDF): \"cell linux\" refuses a cell "
                              "without UART or PCI device")
    size = parse_size(core, "--mem", opts.mem_text)
    base = parse_size(core, "--mem-base", opts.mem_base_text) \
        if opts.mem_base_text is not None else None

    system = load_system(core, machine, opts)
    beside = load_beside(core, opts.beside)
    tree = core.load_devicetree(machine)
    phandles = core.dt_by_phandle(tree)
    gic = find_gic(core, tree)
    gic_base = (core.dt_regs(gic) or [(None, 0)])[0][0]
    if gic_base != system.gicd:
        raise core.Refusal("the device tree's GIC %s is at 0x%x, %s's "
                           "distributor at 0x%x: not the same machine" %
                           (gic.path, gic_base or 0, system.path,
                            system.gicd))

    cell = LinuxCell()
    cell.gicd = system.gicd
    cell.name = opts.name or "linux-cell"
    cell.cpus = choose_cpus(core, system, beside, opts.cpus_text)
    start, how = choose_ram(core, machine, system, beside, size, base)
    cell.regions.append(Region(
        start, size, LINUX_RAM_FLAGS,
        "RAM (--mem %s, at %s): loader, kernel, initrd, device tree. "
        "Loadable: the root copies the images in." %
        (opts.mem_text, how)))
    summary = ["RAM %s (%s), cpu_reset_address 0x%x" %
               (core.fmt_range(start, size), core.fmt_size(size), start)]

    if opts.uart is not None:
        if parse_bdf(opts.uart) is not None:
            summary.append("UART: " + add_pci(
                core, cell, system, beside, machine, tree, gic, phandles,
                opts.uart, True))
        else:
            summary.append("UART: " + add_mmio_uart(
                core, cell, system, beside, machine, tree, gic, phandles,
                opts.uart))
    for spec in opts.pci:
        summary.append(add_pci(core, cell, system, beside, machine, tree,
                               gic, phandles, spec, False))
    ram = cell.regions[0]
    cell.regions = [ram] + sorted(cell.regions[1:], key=lambda r: r.start)

    cell.header[:0] = [
        "System config: %s; machine: %s." %
        (system.path, tree.string("model") or "the device tree's"),
        "CPUs %s (--cpus) of the root's %s." %
        (core.cpulist_text(cell.cpus), core.cpulist_text(system.root.cpus)),
    ]
    if beside:
        cell.header.append("Runs beside: %s (--beside): their memory, CPUs, "
                           "SPIs and PCI devices are left to them." %
                           ", ".join("%s (%s)" % (c.name, c.path)
                                     for c in beside))
    if cell.pci:
        cell.header.append("PCI devices keep the BARs the root's Linux gave "
                           "them (the generated device tree says "
                           "linux,pci-probe-only); no MSIs for arm64 cells, "
                           "INTx only.")
        if system.iommus:
            # The IOMMU maps only JH_MEM_DMA memory for a cell's devices.
            ram.flags |= JH_MEM_DMA
            ram.comment += (" JH_MEM_DMA: the IOMMU of the system config "
                            "maps it for the cell's PCI devices.")
        else:
            cell.header.append(
                "No IOMMU in the system config: the hypervisor keeps bus "
                "mastering of the cell's PCI devices off, so they work "
                "through their registers only, without DMA "
                "(Documentation/isolation.md).")
    return cell, summary


def run(core, machine, opts):
    cell, summary = build(core, machine, opts)
    source = cell.to_c(core)
    binary = cell.to_binary(core)
    core.write_file(opts.output, source.encode("ascii"))
    if opts.cell:
        core.write_file(opts.cell, binary)
    print("%s: Linux cell '%s' for arm64, CPUs %s" %
          (opts.output, cell.name, core.cpulist_text(cell.cpus)))
    for line in summary:
        print("  " + line)
    for w in cell.warnings:
        print("  warning: " + w)
    if opts.cell:
        print("%s: %d bytes" % (opts.cell, len(binary)))
    return 0
