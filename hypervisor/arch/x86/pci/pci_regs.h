/* SPDX-License-Identifier: GPL-2.0 */
/* PCI configuration space registers the mediation reads and writes. */
#ifndef PCI_PCI_REGS_H
#define PCI_PCI_REGS_H

#define PCI_VENDOR_ID		0x00
#define PCI_COMMAND		0x04
#define PCI_CMD_IO		0x1
#define PCI_CMD_MEMORY		0x2
#define PCI_CMD_MASTER		0x4
#define PCI_CMD_DECODE		(PCI_CMD_IO | PCI_CMD_MEMORY | PCI_CMD_MASTER)
#define PCI_STATUS_CAPS		(1U << 20)	/* in the command/status dword */
#define PCI_HEADER_TYPE		0x0e
#define HEADER_MULTI_FN		0x80
#define PCI_CAP_PTR		0x34

#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_MSIX		0x11
/* In the MSI capability's first dword. */
#define MSI_ENABLE		(1U << 16)
#define MSI_64BIT		(1U << 23)

#endif /* PCI_PCI_REGS_H */
