# SPDX-License-Identifier: GPL-2.0
"""The PCI devices Linux enumerated, from /sys/bus/pci/devices: class,
BARs and interrupt pin.
"""

import re

from .errors import Refusal
from .abi import JH_MAX_PCI_DEVICES


class PciDevice:
    def __init__(self, name, cls, resources):
        m = re.fullmatch(r"([0-9a-f]{4,}):([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])",
                         name)
        if not m:
            raise Refusal("unexpected PCI device name %s in "
                          "/sys/bus/pci/devices" % name)
        self.name = name
        self.domain = int(m.group(1), 16)
        self.bdf = (int(m.group(2), 16) << 8 | int(m.group(3), 16) << 3 |
                    int(m.group(4), 16))
        self.cls = cls
        self.resources = resources	# memory BARs: (start, end) CPU addrs

    @property
    def is_bridge(self):
        # PCI-to-PCI bridge, or subtractive-decode one.
        return (self.cls >> 8) in (0x0604, 0x0609)


IORESOURCE_MEM = 0x200


def sysfs_resources(machine, name):
    """(start, end inclusive, flags) of each line of the device's
    /sys/bus/pci/devices/NAME/resource, unused BARs included."""
    text = machine.try_text("/sys/bus/pci/devices/%s/resource" % name)
    for line in (text or "").splitlines():
        fields = line.split()
        if len(fields) == 3:
            yield tuple(int(x, 16) for x in fields)


def read_pci_devices(machine):
    devices = []
    for name in machine.listdir("/sys/bus/pci/devices"):
        base = "/sys/bus/pci/devices/" + name
        cls = int(machine.read_text(base + "/class").strip(), 16)
        bars = [(start, end + 1) for start, end, flags in
                sysfs_resources(machine, name)
                if start and end and flags & IORESOURCE_MEM]
        devices.append(PciDevice(name, cls, bars))
    devices.sort(key=lambda d: (d.domain, d.bdf))
    if len(devices) > JH_MAX_PCI_DEVICES:
        raise Refusal("%d PCI devices, more than a config holds (%d)" %
                      (len(devices), JH_MAX_PCI_DEVICES))
    return devices


PCI_CLASS_SERIAL = 0x07
IORESOURCE_IO = 0x100


BDF_RE = re.compile(r"(?:([0-9a-fA-F]{1,4}):)?([0-9a-fA-F]{1,2}):"
                    r"([0-9a-fA-F]{1,2})\.([0-7])")


def parse_bdf(text):
    m = BDF_RE.fullmatch(text)
    if not m:
        return None
    domain = int(m.group(1) or "0", 16)
    bus, dev, fn = int(m.group(2), 16), int(m.group(3), 16), int(m.group(4))
    if dev > 31:
        return None
    return domain, bus << 8 | dev << 3 | fn


def read_bars(machine, name):
    """A device's I/O and memory BARs as Linux placed them: (start, end,
    is_io), from /sys/bus/pci/devices/NAME/resource."""
    return [(start, end + 1, bool(flags & IORESOURCE_IO))
            for start, end, flags in sysfs_resources(machine, name)
            if end > start and flags & (IORESOURCE_IO | IORESOURCE_MEM)]


def pci_sysfs(machine, domain, bdf):
    name = "%04x:%02x:%02x.%x" % (domain, bdf >> 8, (bdf >> 3) & 0x1f,
                                  bdf & 7)
    base = "/sys/bus/pci/devices/" + name
    if not machine.exists(base):
        raise Refusal("PCI device %s is not in %s" %
                           (name, machine.path("/sys/bus/pci/devices")))
    cls = int(machine.read_text(base + "/class").strip(), 16)
    pin = None
    if machine.exists(base + "/config"):
        config = machine.read_bytes(base + "/config")
        if len(config) > 0x3d:
            pin = config[0x3d]
    return name, cls, read_bars(machine, name), pin


def other_bars(machine, skip):
    """Every other PCI device's BARs: (name, start, end, is_io)."""
    return [(name,) + bar for name in machine.listdir("/sys/bus/pci/devices")
            if name not in skip for bar in read_bars(machine, name)]
