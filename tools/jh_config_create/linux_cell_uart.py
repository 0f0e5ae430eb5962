# SPDX-License-Identifier: GPL-2.0
"""A device-tree UART for a Linux cell (--uart NODE|ADDR): its node, page
and SPIs.
"""

from .errors import Refusal
from .abi import JH_CON_CADENCE
from .units import align_down, fmt_range, parse_number
from .devicetree import GICV2_COMPATIBLES, dt_interrupt_parent, dt_regs
from .consoles import CONSOLE_TTYS, console_from_node, dt_find_console
from .linux_cell_resources import add_device_page, add_spi


def find_gic(tree):
    for node in tree.walk():
        if node.enabled() and node.props.get("interrupt-controller") \
                is not None and any(c == "arm,gic-v3" or
                                    c in GICV2_COMPATIBLES
                                    for c in node.strings("compatible")):
            return node
    raise Refusal("no GICv3 or GIC-400 in the device tree")


def node_spis(node, gic, phandles):
    """SPI INTIDs of node's "interrupts" routed to the GIC."""
    if dt_interrupt_parent(node, phandles) is not gic:
        return []
    cells = node.cells("interrupts") or []
    return [32 + cells[i + 1] for i in range(0, len(cells) - 2, 3)
            if cells[i] == 0]


def is_uart(node):
    compat = node.strings("compatible")
    known = [c for names in CONSOLE_TTYS.values() for c in names]
    return any(c in known for c in compat)


def find_uart_node(tree, spec):
    """--uart as a node path, a reg address, an /aliases name or a node
    name."""
    nodes = list(tree.walk())
    found = []
    if spec.startswith("/"):
        found = [n for n in nodes if n.path == spec]
    else:
        try:
            address = parse_number(spec)
        except ValueError:
            address = None
        if address is not None:
            found = [n for n in nodes if is_uart(n) and
                     any(s == address for s, _ in dt_regs(n))]
        else:
            aliases = next((c for c in tree.children
                            if c.name == "aliases"), None)
            target = aliases.string(spec) if aliases else None
            found = [n for n in nodes if n.path == target or n.name == spec]
    if len(found) != 1:
        uarts = ["%s (%s)" % (n.path, n.strings("compatible")[0])
                 for n in nodes if is_uart(n) and dt_regs(n)]
        raise Refusal("--uart %s: %s in the device tree; its UARTs: %s"
                           % (spec, "no such node" if not found else
                              "%d nodes match" % len(found),
                              ", ".join(uarts) or "none"))
    return found[0]


def add_mmio_uart(cell, system, beside, machine, tree, gic, phandles,
                  spec):
    node = find_uart_node(tree, spec)
    what = "--uart %s (%s)" % (spec, node.path)
    con = console_from_node(node, "--uart")
    if con is None:
        raise Refusal("%s is %s, no UART config create knows (PL011, "
                           "16550, Cadence, i.MX, LPUART)" %
                           (what, ", ".join(node.strings("compatible")) or
                            "a node without compatible"))
    if system.debug_console[0] and \
            align_down(system.debug_console[1]) == \
            align_down(con.address):
        raise Refusal("%s is the hypervisor's debug console in %s: "
                           "give the cell another UART" % (what, system.path))
    cmdline = machine.try_text("/proc/cmdline") or ""
    node_stdout, origin = dt_find_console(tree, cmdline.split(),
                                               cmdline_first=True)
    if node_stdout is node:
        raise Refusal("%s is the root Linux's console (%s): give the "
                           "cell another UART" % (what, origin))
    spis = node_spis(node, gic, phandles)
    if not spis:
        raise Refusal("%s has no SPI in its \"interrupts\"" % what)
    name = node.path
    con.origin = "%s (%s)" % (name, node.strings("compatible")[0])
    cell.console = con
    cell.header.append(
        "The UART %s is the cell's: the root's Linux must leave it alone "
        "while the cell exists (%s in its device tree)." %
        (name, "status \"%s\"" % node.string("status")
         if node.string("status") else "enabled"))
    if con.type == JH_CON_CADENCE:
        cell.boot_args = "console=ttyPS0 earlycon=cdns,mmio,0x%x" % \
            con.address
    for intid in spis:
        add_spi(cell, system, beside, intid,
                "%s \"interrupts\"" % name, what)
    for start, size in dt_regs(node)[:1]:
        add_device_page(cell, system, beside, start, start + size,
                        "UART %s: its \"reg\" 0x%x in the device tree" %
                        (name, start), what)
    return "MMIO UART %s, %s, SPI %s" % (
        name, fmt_range(con.address, con.size),
        ", ".join(str(i - 32) for i in spis))
