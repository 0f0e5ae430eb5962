# SPDX-License-Identifier: GPL-2.0
"""The command line of "jailhouse config create": usage text, options and
their checks.
"""

import sys

from .errors import UsageError
from .abi import JH_CELL_NAME_LEN
from .units import PAGE, parse_number


USAGE = """\
Usage: jailhouse config create [OPTIONS] OUTPUT.c

Writes a system config for this machine: a C source for configs/<arch>/
(OUTPUT.c) and, with --cell, the binary config that compiling it gives.
Run it as root on the target; it reads /proc, /sys and the kernel log.

Options:
  --cell FILE.cell      also write the binary system config
  --hv-mem SIZE[@ADDR]  hypervisor memory (default 16M; arm64: the top of
                        the RAM Linux does not use (mem=), x86: the start
                        of the memmap=SIZE$ADDR reservation)
  --console SPEC        the hypervisor's debug console: none, pl011@ADDR,
                        8250-pio@PORT, 8250-mmio@ADDR, cadence@ADDR,
                        imx@ADDR or lpuart@ADDR (default: the kernel's
                        console)
  --name NAME           root cell name (default: from the machine's model)
  --arch arm64|x86      the target's arch (default: this machine's, or what
                        the --root tree shows)
  --root DIR            read proc/, sys/ and dev/kmsg below DIR instead of
                        /, e.g. a tree captured from the target
  -h, --help            this text

Linux cells (arm64): jailhouse config create --linux-cell [OPTIONS] OUTPUT.c
writes the cell config "jailhouse cell linux" boots a stock kernel in.
  --system FILE.cell    the system config the cell goes with (default: the
                        one config create writes for this machine)
  --cpus LIST           its CPUs, e.g. 2-3 (the root must keep one)
  --mem SIZE            its RAM, from the root's cell pool (the root's RAM
                        Linux does not run in), at the lowest free 2 MiB
                        boundary, or at
  --mem-base ADDR       this address
  --uart NODE|ADDR|BDF  its UART: a device-tree node (path, alias such as
                        serial1, or reg address) with its page and SPI, or
                        a PCI serial card (00:03.0) with its BARs and INTx
  --pci BDF[,BDF...]    more PCI devices for the cell (repeatable)
  --beside CELL.cell    a cell that runs beside it: its memory, CPUs, SPIs
                        and PCI devices are not taken (repeatable)
  --name NAME           the cell's name (default: linux-cell)
  --cell FILE.cell      also write the binary cell config
  --root DIR            as above

SIZE and ADDR are numbers (0x for hex) with an optional K, M or G suffix.
Memory Linux does not use (arm64: above mem=, x86: memmap=SIZE$ADDR) stays
with the root cell, so that cell configs can take pieces of it. Where a
choice cannot be derived, the tool stops and names the option to pass.

Exit status: 0 written, 1 usage error, 2 the machine could not be read or
a choice could not be derived.
"""


def check_name(name):
    if not name or len(name) >= JH_CELL_NAME_LEN:
        raise UsageError("--name needs 1 to %d characters" %
                         (JH_CELL_NAME_LEN - 1))
    if not all(0x20 <= ord(c) <= 0x7e for c in name) or '"' in name or \
            "\\" in name:
        raise UsageError("--name '%s' may hold printable ASCII only, no "
                         "quotes or backslashes" % name)
    return name


def parse_hv_mem(text):
    size_text, _, addr_text = text.partition("@")
    try:
        size = parse_number(size_text)
        addr = parse_number(addr_text) if addr_text else None
    except ValueError:
        raise UsageError("--hv-mem '%s' is not SIZE[@ADDR]" % text)
    if size == 0 or size % PAGE or (addr is not None and addr % PAGE):
        raise UsageError("--hv-mem '%s': SIZE must be non-zero and SIZE "
                         "and ADDR 4 KiB aligned" % text)
    return size, addr


class Options:
    def __init__(self):
        self.output = self.cell = None
        self.hv_size = self.hv_addr = None
        self.console_text = None
        self.console = None
        self.name = None
        self.arch = None
        self.root = "/"
        # --linux-cell
        self.linux_cell = False
        self.system = None
        self.cpus_text = self.mem_text = self.mem_base_text = None
        self.uart = None
        self.pci = []
        self.beside = []


SYSTEM_ONLY = ("--hv-mem", "--console")
LINUX_CELL_ONLY = ("--system", "--cpus", "--mem", "--mem-base", "--uart",
                   "--pci", "--beside")


def parse_args(argv):
    opts = Options()
    takes_value = ("--cell", "--hv-mem", "--console", "--name", "--arch",
                   "--root") + LINUX_CELL_ONLY
    given = set()
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            sys.exit(0)
        key, eq, value = arg.partition("=")
        if arg == "--linux-cell":
            opts.linux_cell = True
        elif key in takes_value:
            given.add(key)
            if not eq:
                i += 1
                if i >= len(argv):
                    raise UsageError("%s needs a value" % key)
                value = argv[i]
            if key == "--cell":
                opts.cell = value
            elif key == "--hv-mem":
                opts.hv_size, opts.hv_addr = parse_hv_mem(value)
            elif key == "--console":
                opts.console_text = value
            elif key == "--name":
                opts.name = check_name(value)
            elif key == "--system":
                opts.system = value
            elif key == "--cpus":
                opts.cpus_text = value
            elif key == "--mem":
                opts.mem_text = value
            elif key == "--mem-base":
                opts.mem_base_text = value
            elif key == "--uart":
                opts.uart = value
            elif key == "--pci":
                opts.pci += [v for v in value.split(",") if v]
            elif key == "--beside":
                opts.beside.append(value)
            elif key == "--arch":
                if value in ("arm64", "aarch64"):
                    opts.arch = "arm64"
                elif value in ("x86", "x86_64"):
                    opts.arch = "x86"
                else:
                    raise UsageError("unknown arch '%s' (arm64 or x86)" %
                                     value)
            else:
                opts.root = value
        elif arg.startswith("-") and arg != "-":
            raise UsageError("unknown option '%s'" % arg)
        elif opts.output is None:
            opts.output = arg
        else:
            raise UsageError("unexpected argument '%s'" % arg)
        i += 1
    if opts.output is None:
        raise UsageError("missing OUTPUT.c")
    wrong = sorted(given & set(SYSTEM_ONLY if opts.linux_cell else
                               LINUX_CELL_ONLY))
    if wrong:
        raise UsageError("%s %s" % (wrong[0], "writes a system config, not "
                                    "a Linux cell" if opts.linux_cell else
                                    "belongs to --linux-cell"))
    return opts
