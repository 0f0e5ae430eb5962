# SPDX-License-Identifier: GPL-2.0
"""jailhouse config create: write a system config for the machine it runs on,
or with --linux-cell a cell config for Linux in a cell. Reads the machine
(sources by arch in the package's __init__), builds the config, writes the
C source and, with --cell, the binary, and prints a summary.
"""

import os
import sys

from .errors import Refusal, UsageError, VERB
from .units import fmt_range, fmt_size
from .machine import Machine, detect_arch
from .consoles import parse_console_option
from .iommu import describe_iommus
from .arm64_system import build_arm64
from .x86_system import build_x86
from .cli import parse_args


def write_file(path, data):
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise Refusal("cannot write %s: %s" % (path, e.strerror or e))


def create_system(machine, opts):
    """The system config's C source, binary and summary lines for opts."""
    arch = opts.arch or detect_arch(machine)
    if opts.console_text:
        opts.console = parse_console_option(opts.console_text, arch)
        opts.console.origin = "Debug console: --console %s." % \
            opts.console_text
    cfg = build_arm64(machine, opts) if arch == "arm64" else \
        build_x86(machine, opts)
    cfg.check_counts()
    report = ["%s: system config '%s' for %s, %d CPUs" %
              (opts.output, cfg.name, arch, len(cfg.cpus)),
              "  hypervisor memory %s (%s)" %
              (fmt_range(cfg.hv_start, cfg.hv_size), fmt_size(cfg.hv_size)),
              "  debug console %s" % cfg.debug_console.describe()]
    if arch == "arm64":
        report.append("  GICv%d, GICD 0x%x, %s 0x%x, maintenance IRQ %d, "
                      "PCI ECAM 0x%x" %
                      (cfg.gic_version, cfg.gicd,
                       "GICR" if cfg.gic_version == 3 else "GICC",
                       cfg.gicr, cfg.maintenance_irq, cfg.pci_ecam_base))
    else:
        report.append("  MMCONFIG 0x%x, PM timer 0x%x" %
                      (cfg.mmconfig_base, cfg.pm_timer))
    report.append("  IOMMUs: %s" % describe_iommus(cfg.iommus))
    report.append("  %d memory regions, %d irqchips, %d port ranges, %d PCI "
                  "devices" % (len(cfg.regions), len(cfg.irqchips),
                               len(cfg.pio), len(cfg.pci)))
    return cfg.to_c(), cfg.to_binary(), report


def main(argv):
    try:
        opts = parse_args(argv)
        machine = Machine(opts.root)
        if not os.path.isdir(opts.root):
            raise Refusal("--root %s is not a directory" % opts.root)
        if opts.linux_cell:
            # Imported only when asked for: less to load on a small guest.
            from . import linux_cell
            source, binary, report = linux_cell.create(machine, opts)
        else:
            source, binary, report = create_system(machine, opts)
        write_file(opts.output, source.encode("ascii"))
        if opts.cell:
            write_file(opts.cell, binary)
    except UsageError as e:
        sys.stderr.write("jailhouse: %s: %s (try 'jailhouse %s --help')\n" %
                         (VERB, e, VERB))
        return 1
    except Refusal as e:
        sys.stderr.write("jailhouse: %s: %s\n" % (VERB, e))
        return 2

    for line in report:
        print(line)
    if opts.cell:
        print("%s: %d bytes" % (opts.cell, len(binary)))
    return 0
