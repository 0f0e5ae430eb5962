# SPDX-License-Identifier: GPL-2.0
"""The machine config create reads: the files of the running system (/proc,
/sys, the kernel log) or of a tree captured from one (--root), and the
facts every arch needs from them (CPUs, kernel command line, arch).
"""

import os
import re

from .errors import Refusal
from .abi import JH_MAX_CPUS
from .units import parse_cpulist


class Machine:
    """Files of the running system, or of a tree captured from one."""

    def __init__(self, root):
        self.root = root
        self.live = os.path.realpath(root) == "/"

    def path(self, name):
        return os.path.join(self.root, name.lstrip("/"))

    def exists(self, name):
        return os.path.exists(self.path(name))

    def read_bytes(self, name):
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError as e:
            raise Refusal("cannot read %s: %s" % (self.path(name),
                                                  e.strerror or e))

    def read_text(self, name):
        return self.read_bytes(name).decode("ascii", "replace")

    def try_text(self, name):
        try:
            return self.read_text(name)
        except Refusal:
            return None

    def listdir(self, name):
        try:
            return sorted(os.listdir(self.path(name)))
        except OSError:
            return []

    def kernel_log(self):
        """Text of the kernel log records still in the ring buffer."""
        if self.live:
            return read_kmsg_device(self.path("/dev/kmsg"))
        text = self.try_text("/dev/kmsg") or ""
        return [kmsg_text(line) for line in text.splitlines()
                if not line.startswith(" ")]


def kmsg_text(record):
    """'6,59,0,-;GICv3: 224 SPIs implemented' -> the message; dmesg lines
    ('[    0.000000] text') lose their time stamp."""
    m = re.match(r"\d+,\d+,\d+,[^;]*;(.*)", record)
    if m:
        return m.group(1)
    m = re.match(r"\[\s*\d+\.\d+\]\s?(.*)", record)
    return m.group(1) if m else record


def read_kmsg_device(path):
    lines = []
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return lines
    try:
        while True:
            try:
                rec = os.read(fd, 8192)
            except BlockingIOError:
                break
            except BrokenPipeError:
                continue	# overwritten while reading: go on
            if not rec:
                break
            first = rec.decode("utf-8", "replace").split("\n", 1)[0]
            lines.append(kmsg_text(first))
    finally:
        os.close(fd)
    return lines


def cmdline_args(machine):
    return machine.read_text("/proc/cmdline").split()


def cmdline_values(args, key):
    prefix = key + "="
    return [a[len(prefix):] for a in args if a.startswith(prefix)]


def read_cpus(machine):
    text = machine.try_text("/sys/devices/system/cpu/possible")
    if text is None:
        raise Refusal("cannot read /sys/devices/system/cpu/possible, so the "
                      "CPUs are unknown")
    cpus = parse_cpulist(text)
    if not cpus or max(cpus) >= JH_MAX_CPUS:
        raise Refusal("CPUs '%s' in /sys/devices/system/cpu/possible: "
                      "need 0-%d" % (text.strip(), JH_MAX_CPUS - 1))
    return cpus


def detect_arch(machine):
    if not machine.live:
        dt = machine.exists("/sys/firmware/devicetree/base")
        acpi = machine.exists("/sys/firmware/acpi/tables/APIC")
        if dt and not acpi:
            return "arm64"
        if acpi and not dt:
            return "x86"
        raise Refusal("cannot tell the arch of the tree %s: pass --arch "
                      "arm64 or --arch x86" % machine.root)
    cpu = os.uname().machine
    if cpu == "aarch64":
        return "arm64"
    if cpu == "x86_64":
        return "x86"
    raise Refusal("this machine is %s: pass --arch arm64 or --arch x86 with "
                  "--root DIR" % cpu)
