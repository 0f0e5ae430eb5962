# SPDX-License-Identifier: GPL-2.0
"""PCI devices for a Linux cell (--uart BDF, --pci): their BAR pages, I/O
window and INTx line through the host bridge's interrupt-map.
"""

from .errors import Refusal, UsageError
from .units import align_down, align_up, fmt_range
from .ranges import overlaps
from .pci import PCI_CLASS_SERIAL, other_bars, parse_bdf, pci_sysfs
from .devicetree import dt_pci_ranges, dt_regs
from .linux_cell_resources import add_device_page, add_spi


def pci_host(tree, system):
    """The device-tree node of the ECAM host the system config traps."""
    for node in tree.walk():
        if node.enabled() and node.string("device_type") == "pci" and \
                any(s == system.ecam for s, _ in dt_regs(node)):
            return node
    raise Refusal("no PCI host node in the device tree has the ECAM "
                       "0x%x of %s" % (system.ecam, system.path))


def io_window(host):
    """(CPU address, size) of the host's I/O space window, or None."""
    return next(((cpu, size) for space, cpu, size in dt_pci_ranges(host)
                 if space == 1), None)


def intx_spi(host, gic, phandles, bdf, pin):
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


def add_pci(cell, system, beside, machine, tree, gic, phandles, spec,
            as_uart):
    parsed = parse_bdf(spec)
    option = "--uart" if as_uart else "--pci"
    if parsed is None:
        raise UsageError("%s '%s' is not a PCI address such as 00:03.0 "
                              "or 0000:00:03.0" % (option, spec))
    domain, bdf = parsed
    name, cls, bars, pin = pci_sysfs(machine, domain, bdf)
    what = "%s %s" % (option, name)
    if cls >> 8 in (0x0600, 0x0604, 0x0609):
        raise Refusal("%s is a PCI bridge (class 0x%06x), no device "
                           "for a cell" % (what, cls))
    if as_uart and cls >> 16 != PCI_CLASS_SERIAL:
        raise Refusal("%s is class 0x%06x, not a serial controller "
                           "(0x07xxxx)" % (what, cls))
    if not system.ecam:
        raise Refusal("%s: %s traps no PCI ECAM, so a cell cannot own "
                           "a PCI device there" % (what, system.path))
    if (domain, bdf) not in system.root.pci:
        raise Refusal("%s is not among the root cell's PCI devices in "
                           "%s" % (what, system.path))
    for other in beside:
        if (domain, bdf) in other.pci:
            raise Refusal("%s is also cell \"%s\"'s (--beside %s)" %
                               (what, other.name, other.path))
    if any(d == domain and b == bdf for d, b, _ in cell.pci):
        raise UsageError("%s is given twice" % what)
    host = pci_host(tree, system)
    window = io_window(host)
    shared = other_bars(machine, {name})
    pages = []
    for start, end, is_io in bars:
        if is_io:
            if window is None or end > window[1]:
                raise Refusal("%s: I/O ports 0x%x-0x%x lie outside the "
                                   "I/O window of %s" % (what, start, end - 1,
                                                         host.path))
            cpu = window[0] + start
            comment = ("%s: I/O ports 0x%x-0x%x (sysfs resource), in %s's "
                       "I/O window at 0x%x" % (name, start, end - 1,
                                               host.name, window[0]))
            add_device_page(cell, system, beside, cpu,
                            cpu + end - start, comment, what)
            pages.append(("I/O page", align_down(cpu),
                          align_up(cpu + end - start)))
        else:
            comment = "%s: memory BAR 0x%x-0x%x (sysfs resource)" % (
                name, start, end - 1)
            add_device_page(cell, system, beside, start, end, comment,
                            what)
            pages.append(("BAR page", align_down(start),
                          align_up(end)))
    # A page of it that holds another device's BAR leaks that device.
    for oname, s, e, is_io in shared:
        if is_io and window:
            s, e = window[0] + s, window[0] + e
        for kind, ps, pe in pages:
            if overlaps(s, e, ps, pe):
                cell.warnings.append(
                    "the %s %s of %s also holds %s 0x%x-0x%x of %s, which "
                    "the cell can then reach too." %
                    (kind, fmt_range(ps, pe - ps), name,
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
            raise Refusal("%s is behind a bridge: its INTx line is not "
                               "derived (only bus-0 devices)" % what)
        intid = intx_spi(host, gic, phandles, bdf, pin)
        if intid is None:
            raise Refusal("%s: INT%s is routed to no SPI of the GIC by "
                               "%s's interrupt-map" %
                               (what, "ABCD"[pin - 1], host.path))
        origin = "%s INT%s by %s's interrupt-map (%s)" % (
            name, "ABCD"[pin - 1], host.name, pin_origin)
        add_spi(cell, system, beside, intid, origin, what)
        text += ", INT%s: SPI %d" % ("ABCD"[pin - 1], intid - 32)
    cell.pci.append((domain, bdf, "%s, class 0x%06x (%s)" %
                     (name, cls, option)))
    return text
