// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD stand-in for the driver, for host tests of the CLI: answers
 * the jailhouse ioctls on any file and logs what the CLI passed to stderr
 * as "SHIM ..." lines.
 *
 * SHIM_FAIL=TEXT makes every request fail with EINVAL and TEXT as the
 * JH_IOCTL_LAST_ERROR message; SHIM_ENABLED=1 reports an enabled
 * hypervisor in JH_IOCTL_GET_STATUS.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jailhouse/ioctl.h>

static void log_config(const char *what, const struct jh_ioctl_config *c)
{
	fprintf(stderr, "SHIM %s size=%u signature=%.6s\n", what, c->size,
		(const char *)(uintptr_t)c->address);
}

static void log_load(const struct jh_ioctl_cell_load *l)
{
	unsigned int i;

	fprintf(stderr, "SHIM LOAD id=%d name=%s images=%u\n", l->cell.id,
		l->cell.name, l->num_images);
	for (i = 0; i < l->num_images; i++)
		fprintf(stderr, "SHIM   image %u size=%llu target=0x%llx "
			"first=%.4s\n", i,
			(unsigned long long)l->images[i].size,
			(unsigned long long)l->images[i].target,
			(const char *)(uintptr_t)l->images[i].source);
}

static void fill_status(struct jh_ioctl_status *s)
{
	memset(s, 0, sizeof(*s));
	s->enabled = getenv("SHIM_ENABLED") != NULL;
	s->num_cells = s->enabled ? 2 : 0;
	strcpy(s->fw_name, "jailhouse-arm64.bin");
	strcpy(s->fw_version, "0.1-shim");
	s->fw_size = 12345;
	if (s->enabled) {
		s->hv_mem_phys = 0x7f000000;
		s->hv_mem_size = 0x1000000;
		s->mem_pool_pages = 3000;
		s->mem_pool_used = 12;
	}
}

int ioctl(int fd, unsigned long request, ...)
{
	const char *fail = getenv("SHIM_FAIL");
	void *arg;
	va_list ap;

	(void)fd;
	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);

	switch (request) {
	case JH_IOCTL_LAST_ERROR: {
		struct jh_ioctl_error *e = arg;

		memset(e, 0, sizeof(*e));
		if (fail) {
			e->code = EINVAL;
			snprintf(e->message, sizeof(e->message), "%s\n", fail);
		}
		return 0;
	}
	case JH_IOCTL_ENABLE:
		log_config("ENABLE", arg);
		break;
	case JH_IOCTL_CELL_CREATE:
		log_config("CREATE", arg);
		break;
	case JH_IOCTL_CELL_LOAD:
		log_load(arg);
		break;
	case JH_IOCTL_CELL_START:
	case JH_IOCTL_CELL_SHUTDOWN:
	case JH_IOCTL_CELL_DESTROY: {
		const struct jh_ioctl_cell_id *c = arg;

		fprintf(stderr, "SHIM %s id=%d name=%s flags=%u\n",
			request == JH_IOCTL_CELL_START ? "START" :
			request == JH_IOCTL_CELL_SHUTDOWN ? "SHUTDOWN" :
			"DESTROY", c->id, c->name, c->flags);
		break;
	}
	case JH_IOCTL_DISABLE:
		fprintf(stderr, "SHIM DISABLE\n");
		break;
	case JH_IOCTL_GET_STATUS:
		fill_status(arg);
		break;
	default:
		errno = ENOTTY;
		return -1;
	}
	if (fail) {
		errno = EINVAL;
		return -1;
	}
	return request == JH_IOCTL_CELL_CREATE ? 1 : 0;
}
