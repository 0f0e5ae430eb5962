# SPDX-License-Identifier: GPL-2.0
"""The system config of an x86 machine, from the ACPI tables, the firmware's
e820 map (/sys/firmware/memmap), /proc/iomem, /proc/ioports, the kernel
command line and log.
"""

import re

from .errors import Refusal
from .abi import (
    JH_IOAPIC_SID_VALID, JH_IOMMU_AMD, MEM_DEVICE, MEM_FIRMWARE, MEM_RAM,
    MEM_ROM)
from .units import (
    FOUR_GIB, PAGE, align_down, align_up, cpulist_text, fmt_range,
    parse_number)
from .ranges import (
    inside_any, merge_ranges, overlaps, overlaps_any, subtract_ranges)
from .machine import cmdline_args, cmdline_values, read_cpus
from .iomem import parse_iomem, walk_resources
from .pci import read_pci_devices
from .consoles import x86_console
from .acpi import (
    acpi_table, parse_fadt_pm_timer, parse_hpet, parse_madt, parse_mcfg)
from .iommu import describe_iommus, parse_ioapic_sids, parse_iommus
from .system_config import Config
from .system_layout import (
    add_regions, choose_hv_memory, finish_regions, irqchips_for_lines,
    sanitize_name)


def parse_memmap_reservations(args):
    """memmap=SIZE$ADDR (several, or comma-separated) -> [(start, end)]."""
    out = []
    for value in cmdline_values(args, "memmap"):
        for item in value.split(","):
            size_text, sep, addr_text = item.partition("$")
            if not sep:
                continue
            try:
                size, addr = parse_number(size_text), parse_number(addr_text)
            except ValueError:
                raise Refusal("cannot parse memmap=%s on the kernel command "
                              "line" % value)
            out.append((addr, addr + size))
    return merge_ranges(out, touching=True)


def read_e820(machine):
    """The firmware's memory map: [(start, end, type)], end exclusive."""
    entries = []
    for n in machine.listdir("/sys/firmware/memmap"):
        base = "/sys/firmware/memmap/" + n
        start = int(machine.read_text(base + "/start"), 16)
        end = int(machine.read_text(base + "/end"), 16) + 1
        entries.append((start, end, machine.read_text(base + "/type").strip()))
    return sorted(entries)


def build_x86(machine, opts):
    cfg = Config("x86")
    args = cmdline_args(machine)
    log = machine.kernel_log()
    cfg.cpus = read_cpus(machine)

    madt = acpi_table(machine, "APIC")
    if madt is None:
        raise Refusal("no ACPI MADT (/sys/firmware/acpi/tables/APIC; read "
                      "it as root): the IOAPICs are unknown")
    lapic_base, ioapics = parse_madt(madt)
    if not ioapics:
        raise Refusal("the ACPI MADT lists no IOAPIC")
    mcfg = acpi_table(machine, "MCFG")
    mmcfg_holes = []
    if mcfg:
        entries = [e for e in parse_mcfg(mcfg) if e[1] == 0]
        if entries:
            base, _, first, last = entries[0]
            cfg.mmconfig_base, cfg.mmconfig_end_bus = base, last
            mmcfg_holes.append((base + (first << 20), base + ((last + 1) << 20)))
    else:
        cfg.header_lines.append("No ACPI MCFG: no PCI ECAM (MMCONFIG).")
    fadt = acpi_table(machine, "FACP")
    cfg.pm_timer = parse_fadt_pm_timer(fadt) if fadt else 0
    if not cfg.pm_timer or cfg.pm_timer > 0xffff:
        raise Refusal("no ACPI PM timer port in the FADT "
                      "(/sys/firmware/acpi/tables/FACP)")
    hpet_table = acpi_table(machine, "HPET")
    hpet = parse_hpet(hpet_table) if hpet_table else 0
    cfg.iommus = parse_iommus(machine, cfg.header_lines)
    if not cfg.iommus:
        cfg.header_lines.append("No IOMMU (ACPI DMAR or IVRS): cells get no "
                                "DMA isolation.")

    iomem = parse_iomem(machine.read_text("/proc/iomem"))
    linux_ram = [(r.start, r.end) for r in iomem if r.name == "System RAM"]
    if not linux_ram:
        raise Refusal("/proc/iomem lists no System RAM (read it as root)")
    e820 = read_e820(machine)
    if not e820:
        e820 = [(r.start, r.end, r.name) for r in iomem
                if r.name in ("System RAM", "Reserved")]
    e820_ram = merge_ranges([(s, e) for s, e, t in e820 if t == "System RAM"])

    # The memmap= reservation: RAM in the firmware map, not in Linux's.
    reserved = parse_memmap_reservations(args)
    for s, e in reserved:
        for rs, re_ in linux_ram:
            if overlaps(s, e, rs, re_):
                raise Refusal("memmap= reservation %s is System RAM in "
                              "/proc/iomem: the kernel did not keep it free"
                              % fmt_range(s, e - s))
    hint = ("reserve RAM on the kernel command line with memmap=SIZE$ADDR "
            "(e.g. memmap=32M$0x3b000000), or pass --hv-mem SIZE@ADDR")
    free = [(align_up(s), align_down(e)) for s, e in reserved]
    res_text = " ".join("memmap=%s" % v for v in
                        cmdline_values(args, "memmap")) or "no memmap="
    free = choose_hv_memory(cfg, opts.hv_size, opts.hv_addr, free, linux_ram,
                            False, "memmap= reservation", hint)
    hv = (cfg.hv_start, cfg.hv_start + cfg.hv_size)
    if not inside_any(hv[0], hv[1], e820_ram):
        raise Refusal("hypervisor memory %s is not RAM in the firmware's "
                      "memory map (/sys/firmware/memmap)" %
                      fmt_range(cfg.hv_start, cfg.hv_size))

    # RAM: the firmware's map minus the reservations, the legacy hole apart.
    ram = subtract_ranges(e820_ram, reserved + [hv])
    low = [(0, 0xa0000)] if overlaps_any(0, 0xa0000, ram) else []
    ram = subtract_ranges(ram, [(0, 0x100000)])
    ram = [(align_down(s), align_up(e)) for s, e in ram]
    add_regions(cfg, low, MEM_RAM, "Low RAM, including the EBDA")
    add_regions(cfg, [(0xa0000, 0x100000)], MEM_DEVICE,
                "VGA window and ROMs (Linux scans them at boot)")
    add_regions(cfg, merge_ranges(ram, touching=False), MEM_RAM,
                "RAM Linux runs in (System RAM)")
    add_regions(cfg, free, MEM_RAM, "RAM kept from Linux (%s): cell memory "
                "pool" % res_text)

    # Firmware-reserved ranges of the e820 map.
    ram_edges = [x for s, e in e820_ram for x in (align_down(s), align_up(e))]
    for s, e, t in e820:
        if t == "System RAM" or e <= 0x100000 or s >= FOUR_GIB:
            continue
        if overlaps_any(s, e, mmcfg_holes) or overlaps_any(s, e, reserved):
            continue
        s, e = align_down(s), align_up(e)
        if t.startswith("ACPI") or s in ram_edges:
            add_regions(cfg, [(s, e)], MEM_FIRMWARE,
                        "Firmware-reserved RAM (e820 %s): ACPI tables" % t)
        elif e == FOUR_GIB:
            add_regions(cfg, [(s, e)], MEM_ROM,
                        "BIOS flash (e820 %s), read only" % t)
        else:
            names = [r.name for r in walk_resources(iomem)
                     if r.start <= s < r.end and r.name != "Reserved"]
            add_regions(cfg, [(s, e)], MEM_DEVICE,
                        "Firmware-reserved device range (e820 %s%s)" %
                        (t, ": " + names[0] if names else ""))

    # PCI host bridge windows; above 4 GiB only where a device has a BAR.
    pci_devs = read_pci_devices(machine)
    bars = [b for d in pci_devs for b in d.resources]
    for r in iomem:
        if not r.name.startswith("PCI Bus") or r.start < 0x100000:
            continue
        if r.end > FOUR_GIB and not overlaps_any(r.start, r.end, bars):
            cfg.header_lines.append("Left out: the PCI window %s (no device "
                                    "has a BAR there)." %
                                    fmt_range(r.start, r.size))
            continue
        add_regions(cfg, [(align_down(r.start), align_up(r.end))], MEM_DEVICE,
                    "PCI window (%s)" % r.name)
    if hpet and not any(r.start <= hpet < r.end for r in cfg.regions):
        add_regions(cfg, [(align_down(hpet), align_down(hpet) + PAGE)],
                    MEM_DEVICE, "HPET (ACPI HPET table)")

    # The hypervisor owns the interrupt controllers, ECAM and IOMMU.
    holes = [hv] + mmcfg_holes
    holes += [(addr, addr + PAGE) for _, addr, _ in ioapics]
    holes.append((lapic_base, lapic_base + PAGE))
    holes += [(u.base, u.base + u.size) for u in cfg.iommus]
    finish_regions(cfg, holes)

    # IOAPICs; the kernel log gives the pin counts, the IOMMU table the
    # requester IDs.
    sids = parse_ioapic_sids(machine, cfg.header_lines) if cfg.iommus else {}
    for apic_id, addr, gsi in ioapics:
        pins = None
        for line in log:
            m = re.search(r"IOAPIC\[\d+\]: apic_id (\d+), version \d+, "
                          r"address (0x[0-9a-f]+), GSI (\d+)-(\d+)", line)
            if m and int(m.group(2), 16) == addr:
                pins = int(m.group(4)) - int(m.group(3)) + 1
        origin = "GSI base %d, pin count from the kernel log" % gsi
        if pins is None:
            pins = 24
            origin = "GSI base %d, the kernel log no longer gives the pin " \
                "count: 24 assumed" % gsi
        if apic_id in sids:
            chip_id = JH_IOAPIC_SID_VALID | sids[apic_id]
            origin += ", requester ID %02x:%02x.%x" % (
                sids[apic_id] >> 8, (sids[apic_id] >> 3) & 0x1f,
                sids[apic_id] & 7)
        else:
            chip_id = 0
            if cfg.iommus:
                cfg.header_lines.append(
                    "IOAPIC %d: the IOMMU table gives no requester ID; any "
                    "device can replay its interrupt entries." % apic_id)
        cfg.irqchips += irqchips_for_lines(addr, chip_id, 0, pins - 1,
                                           "IOAPIC %d at 0x%x (%s), pins" %
                                           (apic_id, addr, origin))

    # Port I/O: every range Linux knows of, in pieces a u16 length holds.
    ports = merge_ranges([(r.start, r.end) for r in
                          parse_iomem(machine.read_text("/proc/ioports"))])
    for s, e in ports:
        while s < e:
            n = min(e, align_down(s + 0x8000, 0x8000)) - s
            cfg.pio.append((s, n, "ports 0x%04x-0x%04x (/proc/ioports)" %
                            (s, s + n - 1)))
            s += n
    # The IOMMU's own PCI function is the hypervisor's as well.
    amd_functions = [(0, u.amd_bdf) for u in cfg.iommus
                     if u.type == JH_IOMMU_AMD]
    cfg.pci = [d for d in pci_devs if (d.cls >> 8) != 0x0806 and
               (d.domain, d.bdf) not in amd_functions]
    for d in pci_devs:
        if d not in cfg.pci:
            cfg.header_lines.append("Left out: the IOMMU's PCI function "
                                    "%s." % d.name)

    if opts.console:
        cfg.debug_console = opts.console
    else:
        con = x86_console(machine, args)
        if con is None:
            raise Refusal("cannot tell which UART the hypervisor should "
                          "print on (no console=ttyS* with a known port): "
                          "pass --console 8250-pio@0x3f8 or --console none")
        cfg.debug_console = con

    product = (machine.try_text("/sys/class/dmi/id/product_name") or
               "x86 machine").strip()
    cfg.name = opts.name or sanitize_name(product) or "x86"
    cfg.header_lines[:0] = [
        "Machine: %s, %d CPUs (%s), Linux %s." % (product, len(cfg.cpus),
                                                   cpulist_text(cfg.cpus),
                                                   res_text),
        "MMCONFIG 0x%x (buses 0-%d), PM timer port 0x%x, IOMMUs: %s." %
        (cfg.mmconfig_base, cfg.mmconfig_end_bus, cfg.pm_timer,
         describe_iommus(cfg.iommus)),
        "Kernel command line: %s" % " ".join(args),
        "Left out: IOAPICs, local APIC, MMCONFIG and IOMMU registers (the "
        "hypervisor's).",
    ]
    return cfg
