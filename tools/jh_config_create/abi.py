# SPDX-License-Identifier: GPL-2.0
"""The numbers of include/jailhouse/config.h and configs/config-file.h that
the binary configs and their C sources are made of, and the packed layout
of the structs both config kinds share; kept equal to the headers by hand
(tests/config-create/run compiles the C and compares).
"""

import struct

# include/jailhouse/config.h
JH_CONFIG_REVISION = 4
JH_ARCH_ARM64 = 1
JH_ARCH_X86 = 2
JH_CELL_NAME_LEN = 32
JH_MAX_MEM_REGIONS = 256
JH_MAX_IRQCHIPS = 16
JH_MAX_PIO_REGIONS = 64
JH_MAX_PCI_DEVICES = 64
JH_MAX_CPUS = 256
JH_MEM_READ = 0x01
JH_MEM_WRITE = 0x02
JH_MEM_EXECUTE = 0x04
JH_MEM_DMA = 0x08
JH_MEM_IO = 0x10
JH_MEM_COMM_REGION = 0x20
JH_MEM_LOADABLE = 0x40
JH_CELL_PASSIVE_COMMREG = 0x1
JH_CON_NONE = 0
JH_CON_PL011 = 1
JH_CON_8250_PIO = 2
JH_CON_8250_MMIO = 3
JH_CON_CADENCE = 4
JH_CON_IMX = 5
JH_CON_LPUART = 6
JH_CON_IO32 = 0x0004
JH_PCI_TYPE_DEVICE = 1
JH_PCI_TYPE_BRIDGE = 2
JH_IRQCHIP_PINS = 128
JH_IOAPIC_SID_VALID = 0x80000000
JH_MAX_IOMMUS = 4
JH_IOMMU_NONE = 0
JH_IOMMU_AMD = 1
JH_IOMMU_VTD = 2
JH_IOMMU_SMMUV3 = 3
IOMMU_C_NAMES = {
    JH_IOMMU_AMD: "JH_IOMMU_AMD",
    JH_IOMMU_VTD: "JH_IOMMU_VTD",
    JH_IOMMU_SMMUV3: "JH_IOMMU_SMMUV3",
}
IOMMU_NAMES = {
    JH_IOMMU_AMD: "AMD-Vi",
    JH_IOMMU_VTD: "VT-d",
    JH_IOMMU_SMMUV3: "SMMUv3",
}

# configs/config-file.h
MEM_RAM = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE | JH_MEM_DMA
MEM_DEVICE = JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO
MEM_FIRMWARE = JH_MEM_READ | JH_MEM_WRITE	# firmware-reserved RAM
MEM_ROM = JH_MEM_READ | JH_MEM_IO		# flash, read only

# Sizes and packed layouts (little-endian) of the structs.
CELL_DESC_SIZE = 104
SYSTEM_DESC_SIZE = 360
CELL_DESC = "<6sHI32sIIIIIIIQQQIHH"	# struct jh_cell_desc
CONSOLE = "<QIHH"		# struct jh_console
MEMORY_REGION = "<QQQQ"		# phys, virt, size, flags
IRQCHIP = "<QII4I"		# address, id, pin_base, pin_bitmap
PCI_DEVICE = "<BBHHH"		# type, iommu, domain, bdf, padding


def cpu_set_words(cpus):
    """A cell's CPU set as its 64-bit words: bit N for CPU N."""
    words = [0] * (max(cpus) // 64 + 1)
    for cpu in cpus:
        words[cpu // 64] |= 1 << (cpu % 64)
    return words


def pack_console(con):
    return struct.pack(CONSOLE, con.address, con.size, con.type, con.flags)


def pack_cell(arch, name, flags, cpu_words, counts, cpu_reset, console):
    """struct jh_cell_desc followed by its CPU set; counts: the numbers of
    memory regions, irqchips, PIO regions and PCI devices."""
    out = struct.pack(CELL_DESC[:-4], b"JHCELL", JH_CONFIG_REVISION, arch,
                      name.encode("ascii"), flags, 8 * len(cpu_words),
                      *counts, 0, cpu_reset, 0)
    out += pack_console(console)
    return out + struct.pack("<%dQ" % len(cpu_words), *cpu_words)


def pack_region(start, size, flags):
    """A memory region mapped 1:1."""
    return struct.pack(MEMORY_REGION, start, start, size, flags)


def pack_irqchip(address, chip_id, pin_base, bitmap):
    return struct.pack(IRQCHIP, address, chip_id, pin_base, *bitmap)


def pack_pci_device(kind, domain, bdf):
    return struct.pack(PCI_DEVICE, kind, 0, domain, bdf, 0)
