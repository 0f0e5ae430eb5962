# SPDX-License-Identifier: GPL-2.0
"""The ACPI tables of /sys/firmware/acpi/tables that an x86 system config
needs: MADT (IOAPICs, local APIC), MCFG (ECAM), FADT (PM timer), HPET.
"""

import struct

from .errors import Refusal


def acpi_table(machine, sig):
    name = "/sys/firmware/acpi/tables/" + sig
    if not machine.exists(name):
        return None
    data = machine.read_bytes(name)
    if len(data) < 36 or data[:4] != sig.encode():
        raise Refusal("%s is not an ACPI %s table" % (machine.path(name), sig))
    length = struct.unpack_from("<I", data, 4)[0]
    if length > len(data) or sum(data[:length]) & 0xff:
        raise Refusal("ACPI table %s: bad length or checksum" % sig)
    return data[:length]


def parse_madt(data):
    lapic_base = struct.unpack_from("<I", data, 36)[0]
    ioapics = []
    off = 44
    while off + 2 <= len(data):
        etype, elen = data[off], data[off + 1]
        if elen < 2:
            break
        if etype == 1 and elen >= 12:
            apic_id, addr, gsi = struct.unpack_from("<BxII", data, off + 2)
            ioapics.append((apic_id, addr, gsi))
        elif etype == 5 and elen >= 12:		# 64-bit local APIC address
            lapic_base = struct.unpack_from("<Q", data, off + 4)[0]
        off += elen
    return lapic_base, ioapics


def parse_mcfg(data):
    entries = []
    for off in range(44, len(data) - 15, 16):
        base, seg, first, last = struct.unpack_from("<QHBB", data, off)
        entries.append((base, seg, first, last))
    return entries


def parse_fadt_pm_timer(data):
    port = struct.unpack_from("<I", data, 76)[0] if len(data) >= 80 else 0
    if len(data) >= 220:	# X_PM_TMR_BLK, a Generic Address Structure
        space = data[208]
        xaddr = struct.unpack_from("<Q", data, 212)[0]
        if space == 1 and xaddr:
            port = xaddr
    return port


def parse_hpet(data):
    return struct.unpack_from("<Q", data, 44)[0] if len(data) >= 52 else 0
