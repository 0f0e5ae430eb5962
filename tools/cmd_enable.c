// SPDX-License-Identifier: GPL-2.0
/*
 * jailhouse enable | disable | status: the hypervisor as a whole.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char enable_help[] =
	"Usage: jailhouse enable SYSTEM.cell\n"
	"\n"
	"Loads the hypervisor under the running Linux, which continues as the\n"
	"root cell described by the system config SYSTEM.cell. The file is\n"
	"checked locally with the shared validator first.\n";

static const char disable_help[] =
	"Usage: jailhouse disable\n"
	"\n"
	"Stops the hypervisor on every CPU and hands the machine back to\n"
	"Linux.\n";

static const char status_help[] =
	"Usage: jailhouse status\n"
	"\n"
	"Shows whether the hypervisor is enabled, the firmware the driver\n"
	"loaded and, when enabled, the hypervisor memory and page pool use.\n";

int cmd_enable(int argc, char **argv)
{
	struct jh_ioctl_config req;
	struct config_file cf;
	int fd;

	expect_args(argc, argv, 1, 1, "SYSTEM.cell", enable_help);
	config_load(argv[1], CONFIG_SYSTEM, &cf);

	memset(&req, 0, sizeof(req));
	req.address = (uintptr_t)cf.data;
	req.size = (uint32_t)cf.size;
	fd = open_device();
	driver_ioctl(fd, JH_IOCTL_ENABLE, &req);
	close(fd);
	return ST_OK;
}

int cmd_disable(int argc, char **argv)
{
	int fd;

	expect_args(argc, argv, 0, 0, NULL, disable_help);
	fd = open_device();
	driver_ioctl(fd, JH_IOCTL_DISABLE, NULL);
	close(fd);
	return ST_OK;
}

int cmd_status(int argc, char **argv)
{
	struct jh_ioctl_status st;
	int fd;

	expect_args(argc, argv, 0, 0, NULL, status_help);
	fd = open_device();
	memset(&st, 0, sizeof(st));
	driver_ioctl(fd, JH_IOCTL_GET_STATUS, &st);
	close(fd);
	st.fw_name[sizeof(st.fw_name) - 1] = '\0';
	st.fw_version[sizeof(st.fw_version) - 1] = '\0';

	printf("enabled: %s\n", st.enabled ? "yes" : "no");
	printf("firmware: %s %s (%llu bytes)\n", st.fw_name, st.fw_version,
	       (unsigned long long)st.fw_size);
	if (st.enabled) {
		printf("memory: 0x%llx+0x%llx, pool %llu/%llu pages\n",
		       (unsigned long long)st.hv_mem_phys,
		       (unsigned long long)st.hv_mem_size,
		       (unsigned long long)st.mem_pool_used,
		       (unsigned long long)st.mem_pool_pages);
		printf("cells: %u\n", st.num_cells);
	}
	return ST_OK;
}
