/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the PCI test (inmates/demos/x86/pci.c); layout in
 * demo-cell.h:
 *
 *   jailhouse cell create pci-demo.cell
 *   jailhouse cell load pci-demo pci.bin
 *   jailhouse cell start pci-demo
 *
 * The cell owns no PCI device, so both through 0xcf8/0xcfc and through
 * the ECAM it must read 0xffffffff for 00:00.0 and 00:1f.0, and its write
 * to 00:00.0 must change nothing.
 */
#define DEMO_CELL_NAME		"pci-demo"
#define DEMO_CELL_RAM_PHYS	0x3c600000
#include "demo-cell.h"
