/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * Interface of /dev/jailhouse between the driver and the jailhouse CLI.
 *
 * Every request either succeeds or fails with -1/errno; after a failure,
 * JH_IOCTL_LAST_ERROR on the same open file returns one line of text that
 * names the cause (config item, address, CPU), which the CLI prints.
 */
#ifndef JAILHOUSE_IOCTL_H
#define JAILHOUSE_IOCTL_H

#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <sys/ioctl.h>
#endif
#include <jailhouse/config.h>
#include <jailhouse/header.h>

#define JH_DEVICE_NAME		"jailhouse"
#define JH_IOCTL_TYPE		0xE4
#define JH_ERROR_LEN		256
#define JH_MAX_LOAD_IMAGES	16

/* A config file handed over by user space. */
struct jh_ioctl_config {
	uint64_t address;	/* user pointer */
	uint32_t size;
	uint32_t reserved;
};

/* Names a cell: by id if id >= 0, otherwise by name. */
struct jh_ioctl_cell_id {
	int32_t id;
	uint32_t flags;		/* JH_CELL_ID_*; 0 for load */
	char name[JH_CELL_NAME_LEN];
};

/*
 * Shutdown, destroy: stop a running cell without asking it, even if it
 * is locked or refuses (JH_HC_FORCE). Start of a running cell likewise.
 */
#define JH_CELL_ID_FORCE	1

struct jh_ioctl_image {
	uint64_t source;	/* user pointer */
	uint64_t size;
	uint64_t target;	/* guest-physical load address in the cell */
};

struct jh_ioctl_cell_load {
	struct jh_ioctl_cell_id cell;
	uint32_t num_images;
	uint32_t reserved;
	struct jh_ioctl_image images[];	/* num_images entries */
};

struct jh_ioctl_status {
	uint32_t enabled;
	uint32_t num_cells;
	char fw_name[64];
	char fw_version[JH_VERSION_LEN];
	uint64_t fw_size;
	uint64_t hv_mem_phys;	/* 0 while disabled */
	uint64_t hv_mem_size;
	uint64_t mem_pool_pages;
	uint64_t mem_pool_used;
};

struct jh_ioctl_error {
	int32_t code;		/* errno of the failed request, 0 if none */
	uint32_t reserved;
	char message[JH_ERROR_LEN];
};

#define JH_IOCTL_ENABLE		_IOW(JH_IOCTL_TYPE, 0, struct jh_ioctl_config)
#define JH_IOCTL_DISABLE	_IO(JH_IOCTL_TYPE, 1)
/* Returns the new cell's id. */
#define JH_IOCTL_CELL_CREATE	_IOW(JH_IOCTL_TYPE, 2, struct jh_ioctl_config)
#define JH_IOCTL_CELL_LOAD	_IOW(JH_IOCTL_TYPE, 3, struct jh_ioctl_cell_load)
#define JH_IOCTL_CELL_START	_IOW(JH_IOCTL_TYPE, 4, struct jh_ioctl_cell_id)
#define JH_IOCTL_CELL_SHUTDOWN	_IOW(JH_IOCTL_TYPE, 5, struct jh_ioctl_cell_id)
#define JH_IOCTL_CELL_DESTROY	_IOW(JH_IOCTL_TYPE, 6, struct jh_ioctl_cell_id)
#define JH_IOCTL_GET_STATUS	_IOR(JH_IOCTL_TYPE, 7, struct jh_ioctl_status)
#define JH_IOCTL_LAST_ERROR	_IOR(JH_IOCTL_TYPE, 8, struct jh_ioctl_error)

#endif /* JAILHOUSE_IOCTL_H */
