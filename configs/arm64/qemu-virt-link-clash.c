/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A wrong system config on purpose: qemu-virt.c with the root's link end
 * at 00:00.0, where QEMU virt's host bridge answers. The config is valid
 * (no config lists the bridge); the driver must refuse to enable it,
 * naming the device in the way (driver/links.c, jh_links_check()).
 */
#define QEMU_VIRT_LINK_BDF	0x0000		/* 00:00.0 */
#define QEMU_VIRT_LINK_IRQ	35		/* slot 0's INTA */
#define QEMU_VIRT_NAME		"qemu-virt-link-clash"
#include "qemu-virt.c"
