/* SPDX-License-Identifier: GPL-2.0 */
/*
 * firmware.c: the hypervisor image, loaded once at module load.
 */
#ifndef _JH_DRIVER_FIRMWARE_H
#define _JH_DRIVER_FIRMWARE_H

#include <linux/types.h>

#include <jailhouse/header.h>

/* The hypervisor's page size, independent of the kernel's PAGE_SIZE. */
#define JH_HV_PAGE_SIZE		4096

struct device;

struct jh_firmware {
	const char *name;
	size_t size;
	const struct jh_hv_header *header;
	const u8 *data;
};

extern struct jh_firmware jh_fw;
int jh_firmware_load(struct device *dev);
void jh_firmware_release(void);

#endif /* _JH_DRIVER_FIRMWARE_H */
