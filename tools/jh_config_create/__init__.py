# SPDX-License-Identifier: GPL-2.0
"""jailhouse config create, as a package: tools/jailhouse-config-create
(installed as $(prefix)/libexec/jailhouse/jailhouse-config-create, this
package beside it) calls main.main. It reads what Linux knows about the
machine and writes a config source in the style of configs/<arch>/*.c,
and with --cell the binary .cell directly, byte for byte what compiling
that source with configs/Makefile gives.

Sources, by arch, and the modules that read them:
  arm64  /sys/firmware/devicetree/base (devicetree, arm64_system): GIC
         (GICv3: GICD, GICR; GICv2: GICD, GICC, GICH, GICV; maintenance
         IRQ), memory nodes, /reserved-memory, /chosen stdout-path
         (consoles), the PCI host bridge (ECAM, windows), SMMUv3 units
         ("arm,smmu-v3"), every other device with a "reg";
         /proc/iomem (iomem: System RAM), /proc/cmdline (mem=), the kernel
         log ("GICv3: N SPIs implemented").
  x86    /sys/firmware/memmap (x86_system: the firmware's e820),
         /proc/iomem, /proc/cmdline (memmap=SIZE$ADDR, console=), the ACPI
         tables in /sys/firmware/acpi/tables (acpi: MADT, MCFG, FADT, HPET;
         iommu: DMAR, IVRS), /proc/ioports, /proc/tty/driver/serial
         (consoles), the kernel log (IOAPIC pin counts).
  both   /sys/devices/system/cpu/possible (machine), /sys/bus/pci/devices
         (pci).
Outputs: system_config (the system config), linux_cell* (--linux-cell).

Only the standard library is used, and only modules a minimal Python has
(the bench guest runs it with "python3 -I -S"; tests/bench/guest-python
lists them): os, re, struct, sys, textwrap.
"""
