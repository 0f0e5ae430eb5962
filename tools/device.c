// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/jailhouse: opening it, and ioctls whose failure is explained with
 * the driver's own words (JH_IOCTL_LAST_ERROR).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

static const char *device_path(void)
{
	const char *env = getenv(ENV_DEVICE);

	return env && *env ? env : "/dev/" JH_DEVICE_NAME;
}

int open_device(void)
{
	const char *path = device_path();
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd >= 0)
		return fd;
	switch (errno) {
	case ENOENT:
		if (driver_in_sysfs())
			fail(ST_NO_DRIVER, "%s missing although the driver is "
			     "loaded (is devtmpfs mounted on /dev?)", path);
		fail(ST_NO_DRIVER, "%s missing: the jailhouse driver is not "
		     "loaded (modprobe jailhouse)", path);
	case ENXIO:
	case ENODEV:
		fail(ST_NO_DRIVER, "%s: %s (driver unloaded?)", path,
		     strerror(errno));
	case EACCES:
	case EPERM:
		fail(ST_REFUSED, "%s: %s (root needed)", path,
		     strerror(errno));
	default:
		fail(ST_NO_DRIVER, "%s: %s", path, strerror(errno));
	}
}

int driver_ioctl(int fd, unsigned long request, void *arg)
{
	struct jh_ioctl_error last;
	int ret, err;

	ret = ioctl(fd, request, arg);
	if (ret >= 0)
		return ret;
	err = errno;

	memset(&last, 0, sizeof(last));
	if (ioctl(fd, JH_IOCTL_LAST_ERROR, &last) == 0 && last.message[0]) {
		size_t n;

		last.message[sizeof(last.message) - 1] = '\0';
		n = strlen(last.message);
		while (n && (last.message[n - 1] == '\n' ||
			     last.message[n - 1] == ' '))
			last.message[--n] = '\0';
		fail(ST_REFUSED, "%s", last.message);
	}
	if (err == ENOTTY)
		fail(ST_NO_DRIVER, "%s does not know this request (driver "
		     "and tool from different versions?)", device_path());
	fail(ST_REFUSED, "the driver refused without giving a reason (%s)",
	     strerror(err));
}
