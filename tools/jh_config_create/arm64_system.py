# SPDX-License-Identifier: GPL-2.0
"""The system config of an arm64 machine, from its device tree (GIC, memory,
SMMUv3, devices, PCI host), /proc/iomem, /proc/cmdline and the kernel
log.
"""

import re

from .errors import Refusal
from .abi import JH_IOMMU_SMMUV3, MEM_RAM
from .units import FOUR_GIB, MiB, align_down, align_up, cpulist_text, fmt_range
from .ranges import inside_any, merge_ranges, overlaps_any, subtract_ranges
from .machine import cmdline_args, cmdline_values, read_cpus
from .iomem import parse_iomem
from .pci import read_pci_devices
from .devicetree import (
    GICV2_COMPATIBLES, dt_by_phandle, dt_pci_ranges, dt_regs, dt_spis,
    load_devicetree)
from .consoles import console_from_node, dt_find_console
from .iommu import Iommu, check_iommus, describe_iommus
from .system_config import Config
from .system_layout import (
    add_regions, choose_hv_memory, finish_regions, irqchips_for_lines,
    merge_devices, sanitize_name)


GICV3_STRIDE = 0x20000		# RD_base + SGI_base frames
GICD_SIZE = 0x10000
GICV2_GICD_SIZE = 0x1000


def gicv2_frame(reg):
    """A GIC-400 CPU interface frame (GICC, GICV) of 8 KiB. Boards that
    alias each 4 KiB page over 64 KiB list 128 KiB: its two pages are then
    contiguous at offset 0xf000, where Linux moves its GICC too."""
    base, size = reg
    return base + 0xf000 if size >= 0x20000 else base


def read_gicv2(cfg, gic):
    """GICv2: reg lists GICD, GICC, GICH, GICV (the last two only with the
    virtualization extensions, which cells need)."""
    regs = dt_regs(gic)
    compat = gic.strings("compatible")[0]
    if len(regs) < 4:
        raise Refusal("the interrupt controller %s is %s without "
                      "virtualization extensions (its reg lists no GICH "
                      "and GICV frames)" % (gic.path, compat))
    cfg.gic_version = 2
    cfg.gicd = regs[0][0]
    cfg.gicr = gicv2_frame(regs[1])		# gicc_base
    cfg.gich = regs[2][0]
    cfg.gicv = gicv2_frame(regs[3])
    if cfg.gicr != regs[1][0]:
        cfg.header_lines.append(
            "GIC-400 frames aliased over 64 KiB: GICC and GICV at +0xf000, "
            "as Linux adjusts its CPU interface base.")


def build_arm64(machine, opts):
    cfg = Config("arm64")
    tree = load_devicetree(machine)
    phandles = dt_by_phandle(tree)
    args = cmdline_args(machine)
    log = machine.kernel_log()
    cfg.cpus = read_cpus(machine)
    ncpus = max(cfg.cpus) + 1

    # GIC
    gics = [n for n in tree.walk() if n.enabled() and
            any(c.startswith(("arm,gic", "arm,cortex-a")) and "gic" in c
                for c in n.strings("compatible")) and
            n.props.get("interrupt-controller") is not None]
    gic = next((n for n in gics if "arm,gic-v3" in n.strings("compatible")),
               None)
    gic2 = next((n for n in gics if any(c in GICV2_COMPATIBLES for c in
                                        n.strings("compatible"))), None)
    if gic is None and gic2 is None:
        if gics:
            raise Refusal("the interrupt controller %s is %s, neither GICv3 "
                          "nor a GICv2 with virtualization extensions" %
                          (gics[0].path, gics[0].strings("compatible")[0]))
        raise Refusal("no GICv3 (compatible \"arm,gic-v3\") or GICv2 "
                      "(\"arm,gic-400\", ...) in the device tree")
    gicr_size = 0
    if gic is not None:
        regs = dt_regs(gic)
        nredist = gic.u32("#redistributor-regions", 1)
        if len(regs) < 1 + nredist:
            raise Refusal("%s: reg lacks the GICD or GICR regions" %
                          gic.path)
        cfg.gicd = regs[0][0]
        cfg.gicr = regs[1][0]
        cfg.gicr_stride = (gic.u32("redistributor-stride", 0) or
                           GICV3_STRIDE)
        gicr_size = min(ncpus * cfg.gicr_stride, regs[1][1])
    else:
        gic = gic2
        read_gicv2(cfg, gic)
    intr = gic.cells("interrupts")
    if not intr or len(intr) < 2 or intr[0] != 1:
        raise Refusal("%s has no maintenance interrupt (a PPI in its "
                      "\"interrupts\")" % gic.path)
    cfg.maintenance_irq = 16 + intr[1]
    for n in gic.children:
        if "arm,gic-v3-its" in n.strings("compatible") and n.enabled():
            cfg.header_lines.append("Left out: the GIC ITS %s (MSIs through "
                                    "the ITS are not supported)." % n.name)
        elif "arm,gic-v2m-frame" in n.strings("compatible") and n.enabled():
            cfg.header_lines.append("Left out: the GICv2m MSI frame %s (it "
                                    "could raise any SPI of its range)." %
                                    n.name)

    # SPIs: the kernel read GICD_TYPER; the device tree is the fallback.
    spis, spi_origin = None, ""
    for line in log:
        m = re.search(r"GICv3: (\d+) SPIs implemented", line)
        if m:
            spis, spi_origin = int(m.group(1)), "GICD_TYPER (kernel log)"
    if spis is None:
        top = dt_spis(tree, gic, phandles)
        if top is None:
            raise Refusal("the number of SPIs is unknown: the kernel log no "
                          "longer says \"GICv3: N SPIs implemented\" and no "
                          "device tree node uses one")
        spis = align_up(top + 1, 32) - 32
        spi_origin = "the device tree (highest SPI in use, rounded up)"
    last_spi = min(32 + spis - 1, 1019)

    # Memory
    dt_ram = merge_ranges([(s, s + z) for n in tree.walk() if
                           n.string("device_type") == "memory" and n.enabled()
                           for s, z in dt_regs(n)])
    if not dt_ram:
        raise Refusal("no memory node in the device tree")
    reserved_dt = []
    for n in tree.children:
        if n.name == "reserved-memory":
            for c in n.children:
                reserved_dt += [(s, s + z) for s, z in dt_regs(c)]
    iomem = parse_iomem(machine.read_text("/proc/iomem"))
    linux_ram = merge_ranges([(align_down(r.start), align_up(r.end))
                              for r in iomem if r.name == "System RAM"])
    if not linux_ram:
        raise Refusal("/proc/iomem lists no System RAM (read it as root)")
    free = subtract_ranges(subtract_ranges(dt_ram, linux_ram), reserved_dt)
    free = [(align_up(s), align_down(e)) for s, e in free
            if align_down(e) > align_up(s)]
    mem = cmdline_values(args, "mem")
    mem_note = "mem=%s" % mem[-1] if mem else "no mem="
    hint = ("boot Linux with mem= below the end of RAM (%s; now: %s), or "
            "pass --hv-mem SIZE@ADDR" %
            (", ".join(fmt_range(s, e - s) for s, e in dt_ram), mem_note))
    free = choose_hv_memory(cfg, opts.hv_size, opts.hv_addr, free, linux_ram,
                            True, "RAM Linux does not use (%s)" % mem_note,
                            hint)
    if not inside_any(cfg.hv_start, cfg.hv_start + cfg.hv_size, dt_ram):
        raise Refusal("--hv-mem %s is not RAM in the device tree (%s)" %
                      (fmt_range(cfg.hv_start, cfg.hv_size),
                       ", ".join(fmt_range(s, e - s) for s, e in dt_ram)))

    add_regions(cfg, linux_ram, MEM_RAM, "RAM Linux runs in (System RAM)")
    add_regions(cfg, free, MEM_RAM, "RAM Linux does not use (%s): cell "
                "memory pool" % mem_note)

    # SMMUv3 units: the hypervisor's, like the GIC.
    smmus = [n for n in tree.walk() if n.enabled() and
             "arm,smmu-v3" in n.strings("compatible")]
    for node in smmus:
        regs = dt_regs(node)
        if len(regs) != 1:
            raise Refusal("%s: expected one register window in its reg, "
                          "found %d" % (node.path, len(regs)))
        cfg.iommus.append(Iommu(JH_IOMMU_SMMUV3, regs[0][0], regs[0][1],
                                "Arm SMMUv3 %s (device tree)." % node.path))
    check_iommus(cfg.iommus, "the device tree")

    # Devices
    skip = {id(gic)} | {id(n) for n in smmus}
    pci_nodes = []
    for node in tree.walk():
        if not node.enabled():
            skip.update(id(n) for n in node.walk())
        elif node.string("device_type") in ("memory", "cpu"):
            skip.add(id(node))
        elif node.name in ("cpus", "reserved-memory", "chosen", "aliases"):
            skip.update(id(n) for n in node.walk())
        elif node.string("device_type") == "pci":
            pci_nodes.append(node)
            skip.update(id(n) for n in node.walk())
        elif node.parent is gic:
            skip.add(id(node))
    devices = []
    for node in tree.walk():
        if id(node) in skip:
            continue
        for s, z in dt_regs(node):
            devices.append((align_down(s), align_up(s + z), node.name))

    pci_devs = read_pci_devices(machine)
    bars = [b for d in pci_devs for b in d.resources]
    ecam_end = 0
    for node in pci_nodes:
        regs = dt_regs(node)
        # The hypervisor traps one generic ECAM starting at bus 0; any
        # other stays root's (its devices then cannot go to a cell).
        s, z = regs[0] if regs else (0, 0)
        buses = node.cells("bus-range") or [0, z // MiB - 1]
        if (not cfg.pci_ecam_base and regs and buses[0] == 0 and
                "pci-host-ecam-generic" in node.strings("compatible")):
            cfg.pci_ecam_base = s
            cfg.pci_ecam_end_bus = min(buses[1], 255)
            ecam_end = s + (cfg.pci_ecam_end_bus + 1) * MiB
            cfg.header_lines.append(
                "PCI ECAM (%s): %s, buses 0-%d, trapped by the hypervisor."
                % (node.name, fmt_range(s, ecam_end - s),
                   cfg.pci_ecam_end_bus))
            regs = regs[1:]
        for s, z in regs:
            devices.append((s, s + z, "%s ECAM" % node.name))
        for space, cpu, size in dt_pci_ranges(node):
            kind = {1: "I/O", 2: "MMIO", 3: "64-bit MMIO"}.get(space)
            if kind is None or not size:
                continue
            if cpu + size > FOUR_GIB and not overlaps_any(cpu, cpu + size,
                                                          bars):
                cfg.header_lines.append(
                    "Left out: the %s %s window %s (no device has a BAR "
                    "there)." % (node.name, kind, fmt_range(cpu, size)))
                continue
            devices.append((cpu, cpu + size, "%s %s window" %
                            (node.name, kind)))
    # GICR frames of the CPUs, not the whole redistributor region.
    if gicr_size:
        devices.append((cfg.gicr, cfg.gicr + gicr_size,
                        "GICR frames of CPUs %s" % cpulist_text(cfg.cpus)))
    merge_devices(cfg, devices)

    finish_regions(cfg, [(cfg.hv_start, cfg.hv_start + cfg.hv_size),
                         (cfg.gicd, cfg.gicd + (GICD_SIZE if gicr_size
                                                else GICV2_GICD_SIZE))] +
                   ([(cfg.pci_ecam_base, ecam_end)] if ecam_end else []) +
                   [(u.base, u.base + u.size) for u in cfg.iommus])

    cfg.irqchips = irqchips_for_lines(cfg.gicd, 0, 32, last_spi,
                                      "SPIs, from %s" % spi_origin)
    cfg.pci = pci_devs

    # Console
    if opts.console:
        cfg.debug_console = opts.console
    else:
        node, origin = dt_find_console(tree, args)
        con = console_from_node(node, origin) if node else None
        if con is None:
            what = ("%s (%s), a UART the hypervisor cannot drive" %
                    (node.path, ", ".join(node.strings("compatible")) or
                     "no compatible") if node else
                    "no PL011, Cadence, i.MX, LPUART or 16550 UART at "
                    "/chosen stdout-path or "
                    "console=ttyAMA*/ttyPS*/ttymxc*/ttyLP*/ttyS*")
            raise Refusal("cannot tell which UART the hypervisor should "
                          "print on (%s): pass --console TYPE@ADDR or "
                          "--console none" % what)
        cfg.debug_console = con

    model = tree.string("model") or "arm64 machine"
    cfg.name = opts.name or sanitize_name(model) or "arm64"
    cfg.header_lines[:0] = [
        "Machine: %s, %d CPUs (%s), Linux %s." % (model, len(cfg.cpus),
                                                   cpulist_text(cfg.cpus),
                                                   mem_note),
        ("GICv3: GICD 0x%x, GICR 0x%x (stride 0x%x), maintenance IRQ %d, "
         "SPIs 32-%d." % (cfg.gicd, cfg.gicr, cfg.gicr_stride,
                          cfg.maintenance_irq, last_spi)
         if cfg.gic_version == 3 else
         "GICv2: GICD 0x%x, GICC 0x%x, GICH 0x%x, GICV 0x%x, maintenance "
         "IRQ %d, SPIs 32-%d." % (cfg.gicd, cfg.gicr, cfg.gich, cfg.gicv,
                                  cfg.maintenance_irq, last_spi)),
        "IOMMUs: %s." % describe_iommus(cfg.iommus),
        "Kernel command line: %s" % " ".join(args),
    ]
    return cfg
