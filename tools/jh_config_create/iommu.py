# SPDX-License-Identifier: GPL-2.0
"""IOMMU units of the system config (struct jh_iommu), and on x86 where the
firmware describes them: the ACPI DMAR (Intel VT-d) or IVRS (AMD-Vi)
table, with the IOAPICs' requester IDs.
"""

import struct

from .errors import Refusal
from .abi import IOMMU_NAMES, JH_IOMMU_AMD, JH_IOMMU_VTD, JH_MAX_IOMMUS
from .units import PAGE, fmt_range
from .acpi import acpi_table


class Iommu:
    """struct jh_iommu; amd_bdf and amd_cap only for AMD-Vi."""
    def __init__(self, kind, base, size, comment, amd_bdf=0, amd_cap=0):
        self.type, self.base, self.size = kind, base, size
        self.comment = comment
        self.amd_bdf, self.amd_cap = amd_bdf, amd_cap

    def describe(self):
        text = "%s 0x%x" % (IOMMU_NAMES[self.type], self.base)
        if self.type == JH_IOMMU_AMD:
            text += " (PCI %02x:%02x.%x)" % (self.amd_bdf >> 8,
                                             (self.amd_bdf >> 3) & 0x1f,
                                             self.amd_bdf & 7)
        return text


def describe_iommus(iommus):
    return ", ".join(u.describe() for u in iommus) or "none"


def check_iommus(iommus, origin):
    """The rules of the validator that the firmware's tables could break:
    at most JH_MAX_IOMMUS units, page-aligned windows."""
    if len(iommus) > JH_MAX_IOMMUS:
        raise Refusal("%d IOMMU units in %s, more than a config holds (%d)"
                      % (len(iommus), origin, JH_MAX_IOMMUS))
    for u in iommus:
        if u.base % PAGE or u.size % PAGE:
            raise Refusal("IOMMU %s in %s: registers %s are not 4 KiB "
                          "aligned" % (u.describe(), origin,
                                       fmt_range(u.base, u.size)))


DMAR_INTR_REMAP = 0x1
DMAR_X2APIC_OPT_OUT = 0x2
AMD_IOMMU_MMIO_SIZE = 0x4000	# the registers without performance counters


def parse_dmar(data, notes):
    """Intel VT-d units: the DRHD structures of the DMAR table."""
    flags = data[37]
    notes.append("ACPI DMAR: interrupt remapping %s%s." %
                 ("supported" if flags & DMAR_INTR_REMAP else
                  "not supported",
                  ", x2APIC opt-out set" if flags & DMAR_X2APIC_OPT_OUT
                  else ""))
    units = []
    off = 48
    while off + 4 <= len(data):
        stype, slen = struct.unpack_from("<HH", data, off)
        if slen < 4:
            break
        if stype == 0 and slen >= 16:
            dflags, size, seg, base = struct.unpack_from("<BBHQ", data,
                                                         off + 4)
            # Size: 2^N pages of registers (0, one page, before VT-d 2.x).
            units.append(Iommu(JH_IOMMU_VTD, base, PAGE << (size & 0xf),
                               "Intel VT-d unit (ACPI DMAR DRHD), PCI "
                               "segment %d, %s" %
                               (seg, "every device not under another unit"
                                if dflags & 1 else "the devices of its "
                                "scope") + "."))
        off += slen
    return units


def parse_ivrs(data):
    """AMD-Vi units: the IVHD blocks of the IVRS table. Firmware may
    describe one unit in several IVHD types (10h, 11h, 40h); one entry
    each."""
    units = []
    seen = set()
    off = 48
    while off + 4 <= len(data):
        btype, _, blen = struct.unpack_from("<BBH", data, off)
        if blen < 4:
            break
        if btype in (0x10, 0x11, 0x40) and blen >= 24:
            devid, cap, base, seg = struct.unpack_from("<HHQH", data,
                                                       off + 4)
            if (seg, devid, base) not in seen:
                seen.add((seg, devid, base))
                if cap > 0xff:
                    raise Refusal("ACPI IVRS: the AMD IOMMU at 0x%x has its "
                                  "capability at 0x%x, outside the PCI "
                                  "header's 256 bytes" % (base, cap))
                units.append(Iommu(JH_IOMMU_AMD, base, AMD_IOMMU_MMIO_SIZE,
                                   "AMD-Vi unit (ACPI IVRS IVHD type "
                                   "0x%x), PCI segment %d, its function "
                                   "%02x:%02x.%x, capability at 0x%x." %
                                   (btype, seg, devid >> 8,
                                    (devid >> 3) & 0x1f, devid & 7, cap),
                                   devid, cap))
        off += blen
    return units


def dmar_ioapic_sids(data, notes):
    """IOAPIC ID -> requester ID, from the IOAPIC device scopes of the
    DMAR's DRHD structures. A scope whose path crosses a bridge needs the
    bridge's secondary bus, which the table does not hold: left unknown."""
    sids = {}
    off = 48
    while off + 4 <= len(data):
        stype, slen = struct.unpack_from("<HH", data, off)
        if slen < 4:
            break
        scope = off + 16
        while stype == 0 and scope + 6 <= off + slen:
            kind, length, enum_id, bus = struct.unpack_from("<BBxxBB", data,
                                                            scope)
            if length < 6:
                break
            path = data[scope + 6:scope + length]
            if kind == 3 and len(path) == 2:
                sids[enum_id] = bus << 8 | (path[0] & 0x1f) << 3 | \
                    (path[1] & 7)
            elif kind == 3:
                notes.append("ACPI DMAR: IOAPIC %d sits behind a bridge; "
                             "its requester ID is left unknown." % enum_id)
            scope += length
        off += slen
    return sids


# IVHD device entries: the size of each type (0xf0, ACPI HID, varies).
def ivhd_entry_size(data, at):
    kind = data[at]
    if kind == 0xf0:
        return 22 + data[at + 21] if at + 22 <= len(data) else 0
    return 4 if kind < 0x40 else 8 if kind < 0x80 else 0


def ivrs_ioapic_sids(data):
    """IOAPIC ID -> requester ID, from the IVHD special-device entries
    (type 0x48, variety 1 = IOAPIC)."""
    sids = {}
    off = 48
    while off + 4 <= len(data):
        btype, _, blen = struct.unpack_from("<BBH", data, off)
        if blen < 4:
            break
        at = off + (24 if btype == 0x10 else 40)
        while btype in (0x10, 0x11, 0x40) and at < off + blen:
            size = ivhd_entry_size(data, at)
            if size == 0 or at + size > off + blen:
                break
            if data[at] == 0x48:
                handle, devid, variety = struct.unpack_from("<BHB", data,
                                                            at + 4)
                if variety == 1:
                    sids[handle] = devid
            at += size
        off += blen
    return sids


def parse_ioapic_sids(machine, notes):
    """The IOAPICs' requester IDs the IOMMU table gives, by IOAPIC ID."""
    dmar = acpi_table(machine, "DMAR")
    if dmar:
        return dmar_ioapic_sids(dmar, notes)
    ivrs = acpi_table(machine, "IVRS")
    return ivrs_ioapic_sids(ivrs) if ivrs else {}


def parse_iommus(machine, notes):
    """The x86 IOMMU units, from DMAR (Intel) or IVRS (AMD)."""
    dmar = acpi_table(machine, "DMAR")
    ivrs = acpi_table(machine, "IVRS")
    if dmar and ivrs:
        raise Refusal("both ACPI DMAR and IVRS tables: a machine has "
                      "Intel or AMD IOMMUs, not both")
    if dmar:
        units, origin = parse_dmar(dmar, notes), "the ACPI DMAR table"
    elif ivrs:
        units, origin = parse_ivrs(ivrs), "the ACPI IVRS table"
    else:
        return []
    check_iommus(units, origin)
    return units
