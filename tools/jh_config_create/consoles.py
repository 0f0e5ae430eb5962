# SPDX-License-Identifier: GPL-2.0
"""Debug consoles: the UART types the hypervisor drives, --console, and
finding the UART Linux prints on (device tree on arm64, /proc/tty and
console= on x86).
"""

import re

from .errors import Refusal, UsageError
from .abi import (
    JH_CON_8250_MMIO, JH_CON_8250_PIO, JH_CON_CADENCE, JH_CON_IMX,
    JH_CON_IO32, JH_CON_LPUART, JH_CON_NONE, JH_CON_PL011)
from .units import PAGE, parse_number
from .machine import cmdline_values
from .devicetree import dt_regs


PL011_SIZE = 0x1000
UART_8250_PORTS = 8

CONSOLE_TYPES = {
    "none": JH_CON_NONE,
    "pl011": JH_CON_PL011,
    "8250-pio": JH_CON_8250_PIO,
    "8250-mmio": JH_CON_8250_MMIO,
    "cadence": JH_CON_CADENCE,
    "imx": JH_CON_IMX,
    "lpuart": JH_CON_LPUART,
}
CONSOLE_C_NAMES = {
    JH_CON_NONE: "JH_CON_NONE",
    JH_CON_PL011: "JH_CON_PL011",
    JH_CON_8250_PIO: "JH_CON_8250_PIO",
    JH_CON_8250_MMIO: "JH_CON_8250_MMIO",
    JH_CON_CADENCE: "JH_CON_CADENCE",
    JH_CON_IMX: "JH_CON_IMX",
    JH_CON_LPUART: "JH_CON_LPUART",
}
# Device-tree compatibles of each MMIO console type, and the Linux console
# names (console=NAME<n>) that drive them.
CADENCE_COMPATIBLES = ("cdns,uart-r1p12", "cdns,uart-r1p8", "xlnx,xuartps")
# NVIDIA Tegra's UART is a 16550 whose node gives reg-shift.
UART_16550_COMPATIBLES = ("ns16550a", "ns16550", "snps,dw-apb-uart",
                          "nvidia,tegra20-uart")
# 16550-like UARTs whose bindings carry no reg-shift / reg-io-width: the
# layout is inherent (TI K3 and OMAP: registers 4 bytes apart, 32-bit
# accesses; the Raspberry Pi's mini UART, the same).
UART_16550_INHERENT = {
    "ti,am654-uart": (2, 4),
    "brcm,bcm2835-aux-uart": (2, 4),
}
# Every i.MX 6/7/8M UART node lists one of these after its SoC's own name.
IMX_COMPATIBLES = ("fsl,imx6q-uart", "fsl,imx21-uart")
# The 32-bit little-endian LPUART with its registers behind four ID and
# configuration words (not the Layerscape/Vybrid one at offset 0).
LPUART_COMPATIBLES = ("fsl,imx7ulp-lpuart", "fsl,imx8qxp-lpuart",
                      "fsl,imx8ulp-lpuart", "fsl,imx93-lpuart")
CONSOLE_TTYS = {
    "ttyAMA": ("arm,pl011",),
    "ttyPS": CADENCE_COMPATIBLES,
    "ttyS": UART_16550_COMPATIBLES + tuple(UART_16550_INHERENT),
    "ttymxc": IMX_COMPATIBLES,
    "ttyLP": LPUART_COMPATIBLES,
}


class Console:
    def __init__(self, ctype, address=0, size=0, origin="", flags=0):
        self.type, self.address, self.size = ctype, address, size
        self.origin, self.flags = origin, flags

    def c_flags(self):
        """The flags as the C initializer writes them."""
        parts = []
        if self.flags & 3:
            parts.append("JH_CON_REG_SHIFT(%d)" % (self.flags & 3))
        if self.flags & JH_CON_IO32:
            parts.append("JH_CON_IO32")
        return " | ".join(parts)

    def describe(self):
        if self.type == JH_CON_NONE:
            return "none"
        kind = {JH_CON_PL011: "PL011", JH_CON_8250_PIO: "8250 port",
                JH_CON_8250_MMIO: "8250 MMIO",
                JH_CON_CADENCE: "Cadence", JH_CON_IMX: "i.MX",
                JH_CON_LPUART: "LPUART"}[self.type]
        return "%s 0x%x" % (kind, self.address)


def parse_console_option(text, arch):
    kind, _, addr_text = text.partition("@")
    if kind not in CONSOLE_TYPES:
        raise UsageError("--console '%s': type must be one of %s" %
                         (text, ", ".join(CONSOLE_TYPES)))
    ctype = CONSOLE_TYPES[kind]
    if ctype == JH_CON_NONE:
        if addr_text:
            raise UsageError("--console none takes no address")
        return Console(ctype, origin="--console")
    try:
        address = parse_number(addr_text)
    except ValueError:
        raise UsageError("--console '%s' needs TYPE@ADDR" % text)
    if ctype == JH_CON_8250_PIO:
        if arch != "x86":
            raise UsageError("--console 8250-pio exists only on x86")
        if address > 0x10000 - UART_8250_PORTS:
            raise UsageError("--console '%s': port beyond 0xfff8" % text)
        return Console(ctype, address, UART_8250_PORTS, "--console")
    if ctype == JH_CON_PL011:
        return Console(ctype, address, PL011_SIZE, "--console")
    if ctype in (JH_CON_CADENCE, JH_CON_IMX, JH_CON_LPUART) and \
            arch != "arm64":
        raise UsageError("--console %s exists only on arm64" % kind)
    return Console(ctype, address, PAGE, "--console")


def dt_find_console(tree, args, cmdline_first=False):
    """The UART node Linux prints on: /chosen stdout-path, else the
    kernel's console= (ttyAMA<n>, ttyPS<n>, ttyS<n>, ttymxc<n>, ttyLP<n>)
    through the aliases'
    serial<n>, or the only enabled UART of that kind for n = 0.
    cmdline_first: console= first, as the running kernel does (it ignores
    stdout-path when the command line names a console); stdout-path only
    if no console= resolves to a node."""
    if cmdline_first:
        node, origin = dt_find_cmdline_console(tree, args)
        if node is not None:
            return node, origin
    chosen = next((c for c in tree.children if c.name == "chosen"), None)
    target = chosen.string("stdout-path") if chosen else None
    aliases = next((c for c in tree.children if c.name == "aliases"), None)
    if target:
        target = target.split(":")[0]
        if not target.startswith("/") and aliases is not None:
            target = aliases.string(target) or target
        for node in tree.walk():
            if node.path == target:
                return node, "/chosen stdout-path"
    return dt_find_cmdline_console(tree, args)


def dt_find_cmdline_console(tree, args):
    """The UART node of the kernel's console= (dt_find_console)."""
    aliases = next((c for c in tree.children if c.name == "aliases"), None)
    for con in cmdline_values(args, "console"):
        m = re.fullmatch(r"(ttyAMA|ttyPS|ttymxc|ttyLP|ttyS)(\d+)(,.*)?", con)
        if not m:
            continue
        compatibles = CONSOLE_TTYS[m.group(1)]
        alias = aliases.string("serial" + m.group(2)) if aliases else None
        uarts = [n for n in tree.walk() if n.enabled() and
                 any(c in n.strings("compatible") for c in compatibles)]
        for node in uarts:
            if node.path == alias:
                return node, "console=%s" % con
        if len(uarts) == 1 and m.group(2) == "0":
            return uarts[0], "console=%s" % con
    return None, None


def console_from_node(node, origin):
    compat = node.strings("compatible")
    regs = dt_regs(node)
    if not regs:
        return None
    address = regs[0][0]
    if "arm,pl011" in compat:
        return Console(JH_CON_PL011, address, PL011_SIZE,
                       "Debug console: %s (%s)." % (node.name, origin))
    if any(c in compat for c in CADENCE_COMPATIBLES):
        return Console(JH_CON_CADENCE, address, PAGE,
                       "Debug console: %s (%s)." % (node.name, origin))
    if any(c in compat for c in IMX_COMPATIBLES):
        return Console(JH_CON_IMX, address, PAGE,
                       "Debug console: %s (%s)." % (node.name, origin))
    if any(c in compat for c in LPUART_COMPATIBLES):
        return Console(JH_CON_LPUART, address, PAGE,
                       "Debug console: %s (%s)." % (node.name, origin))
    inherent = next((UART_16550_INHERENT[c] for c in compat
                     if c in UART_16550_INHERENT), None)
    if inherent or any(c in compat for c in UART_16550_COMPATIBLES):
        shift = node.u32("reg-shift", inherent[0] if inherent else 0)
        width = node.u32("reg-io-width", inherent[1] if inherent else 1)
        if shift > 3 or width not in (1, 4):
            raise Refusal("%s (%s) is a 16550 with reg-shift %d and "
                          "reg-io-width %d: the hypervisor drives 1- or "
                          "4-byte registers with a shift of 0 to 3 only; "
                          "pass --console TYPE@ADDR or --console none" %
                          (node.path, origin, shift, width))
        return Console(JH_CON_8250_MMIO, address, PAGE,
                       "Debug console: %s (%s%s)." %
                       (node.name, origin,
                        ", reg-shift %d, reg-io-width %d" % (shift, width)
                        if shift or width != 1 else ""),
                       shift | (JH_CON_IO32 if width == 4 else 0))
    return None


def x86_console(machine, args):
    serial = machine.try_text("/proc/tty/driver/serial") or ""
    ports = {}
    for line in serial.splitlines():
        m = re.match(r"(\d+): uart:(\S+) (port|mmio):(0x)?([0-9A-Fa-f]+)",
                     line)
        if m and m.group(2) != "unknown":
            ports[int(m.group(1))] = (m.group(3), int(m.group(5), 16))
    for con in reversed(cmdline_values(args, "console")):
        m = re.fullmatch(r"ttyS(\d+)(,.*)?", con)
        if m:
            line = int(m.group(1))
            if line not in ports:
                break
            kind, addr = ports[line]
            origin = "Debug console: console=%s (/proc/tty/driver/serial)." \
                % con
            if kind == "port":
                return Console(JH_CON_8250_PIO, addr, UART_8250_PORTS, origin)
            return Console(JH_CON_8250_MMIO, addr, PAGE, origin)
        m = re.fullmatch(r"uart(8250)?,(io|mmio),(0x[0-9a-fA-F]+)(,.*)?", con)
        if m:
            addr = int(m.group(3), 16)
            origin = "Debug console: console=%s." % con
            if m.group(2) == "io":
                return Console(JH_CON_8250_PIO, addr, UART_8250_PORTS, origin)
            return Console(JH_CON_8250_MMIO, addr, PAGE, origin)
    return None
