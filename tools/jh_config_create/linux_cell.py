# SPDX-License-Identifier: GPL-2.0
"""jailhouse config create --linux-cell: a cell config for Linux in a cell.

Inputs: the system config the cell goes with (--system FILE.cell, or what
config create would write for this machine), the machine's device tree,
/proc/iomem and /sys/bus/pci/devices (live, or below --root), and the cells
that run beside this one (--beside CELL.cell). Output: a C source in the
style of configs/arm64/linux-cell.c and, with --cell, its binary.
"""

from .errors import Refusal, UsageError
from .abi import JH_MEM_DMA
from .units import cpulist_text, fmt_range, fmt_size
from .machine import detect_arch
from .pci import parse_bdf
from .devicetree import dt_by_phandle, dt_regs, load_devicetree
from .system_config import Region
from .arm64_system import build_arm64
from .cell_files import SystemFile, X86_SENTENCE, load_beside, read_binary
from .linux_cell_config import LinuxCell
from .linux_cell_resources import (
    LINUX_RAM_FLAGS, choose_cpus, choose_ram, parse_size)
from .linux_cell_uart import add_mmio_uart, find_gic
from .linux_cell_pci import add_pci


def load_system(machine, opts):
    if opts.system is None:
        cfg = build_arm64(machine, opts)
        return SystemFile(cfg.to_binary(), "this machine's system config "
                          "(as config create writes it)")
    if opts.system.endswith(".c"):
        raise UsageError("--system takes the binary system config "
                              "(.cell): build %s first (make -C configs) or "
                              "pass the .cell that config create --cell "
                              "wrote" % opts.system)
    return SystemFile(read_binary(opts.system), opts.system)


def build(machine, opts):
    """The Linux cell for opts; (cell, summary lines)."""
    arch = opts.arch
    if arch is None and opts.system is None:
        arch = detect_arch(machine)
    if arch == "x86":
        raise Refusal(X86_SENTENCE)
    if opts.cpus_text is None:
        raise UsageError("--linux-cell needs --cpus LIST (the cell's "
                              "CPUs, e.g. --cpus 2-3)")
    if opts.mem_text is None:
        raise UsageError("--linux-cell needs --mem SIZE (the cell's "
                              "RAM, e.g. --mem 128M)")
    if opts.uart is None and not opts.pci:
        raise UsageError("--linux-cell needs --uart NODE|ADDR|BDF (or "
                              "--pci BDF): \"cell linux\" refuses a cell "
                              "without UART or PCI device")
    size = parse_size("--mem", opts.mem_text)
    base = parse_size("--mem-base", opts.mem_base_text) \
        if opts.mem_base_text is not None else None

    system = load_system(machine, opts)
    beside = load_beside(opts.beside)
    tree = load_devicetree(machine)
    phandles = dt_by_phandle(tree)
    gic = find_gic(tree)
    gic_base = (dt_regs(gic) or [(None, 0)])[0][0]
    if gic_base != system.gicd:
        raise Refusal("the device tree's GIC %s is at 0x%x, %s's "
                           "distributor at 0x%x: not the same machine" %
                           (gic.path, gic_base or 0, system.path,
                            system.gicd))

    cell = LinuxCell()
    cell.gicd = system.gicd
    cell.name = opts.name or "linux-cell"
    cell.cpus = choose_cpus(system, beside, opts.cpus_text)
    start, how = choose_ram(machine, system, beside, size, base)
    cell.regions.append(Region(
        start, size, LINUX_RAM_FLAGS,
        "RAM (--mem %s, at %s): loader, kernel, initrd, device tree. "
        "Loadable: the root copies the images in." %
        (opts.mem_text, how)))
    summary = ["RAM %s (%s), cpu_reset_address 0x%x" %
               (fmt_range(start, size), fmt_size(size), start)]

    if opts.uart is not None:
        if parse_bdf(opts.uart) is not None:
            summary.append("UART: " + add_pci(
                cell, system, beside, machine, tree, gic, phandles,
                opts.uart, True))
        else:
            summary.append("UART: " + add_mmio_uart(
                cell, system, beside, machine, tree, gic, phandles,
                opts.uart))
    for spec in opts.pci:
        summary.append(add_pci(cell, system, beside, machine, tree,
                               gic, phandles, spec, False))
    ram = cell.regions[0]
    cell.regions = [ram] + sorted(cell.regions[1:], key=lambda r: r.start)

    cell.header[:0] = [
        "System config: %s; machine: %s." %
        (system.path, tree.string("model") or "the device tree's"),
        "CPUs %s (--cpus) of the root's %s." %
        (cpulist_text(cell.cpus), cpulist_text(system.root.cpus)),
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


def create(machine, opts):
    """The Linux cell's C source, binary and summary lines for opts."""
    cell, summary = build(machine, opts)
    report = ["%s: Linux cell '%s' for arm64, CPUs %s" %
              (opts.output, cell.name, cpulist_text(cell.cpus))]
    report += ["  " + line for line in summary]
    report += ["  warning: " + w for w in cell.warnings]
    return cell.to_c(), cell.to_binary(), report
