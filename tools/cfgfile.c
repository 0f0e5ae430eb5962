// SPDX-License-Identifier: GPL-2.0
/*
 * Config files: read whole and checked with the shared validator before
 * the driver sees them, so a truncated or garbage file is explained in
 * the same words the driver and the hypervisor would use.
 */
#include <stddef.h>
#include <string.h>

#include <jailhouse/config-check.h>

#include "cli.h"

static bool has_signature(const struct config_file *cf, const char *sig)
{
	return cf->size >= JH_SIGNATURE_SIZE &&
		!memcmp(cf->data, sig, JH_SIGNATURE_SIZE);
}

enum config_kind config_guess_kind(const struct config_file *cf,
				   enum config_kind def)
{
	if (has_signature(cf, JH_SYSTEM_SIGNATURE))
		return CONFIG_SYSTEM;
	if (has_signature(cf, JH_CELL_SIGNATURE))
		return CONFIG_CELL;
	return def;
}

uint32_t config_arch(const struct config_file *cf)
{
	/* signature[6], revision: arch sits at the same offset in both. */
	const struct jh_cell_desc *hdr = cf->data;

	if (cf->size < offsetof(struct jh_cell_desc, arch) + sizeof(hdr->arch))
		return 0;
	return hdr->arch;
}

bool config_validate(const struct config_file *cf, uint32_t arch,
		     char *msg, size_t len)
{
	struct jh_config_error err;
	int ret;

	memset(&err, 0, sizeof(err));
	if (cf->kind == CONFIG_SYSTEM)
		ret = jh_check_system_config(cf->data, cf->size, arch, &err);
	else
		ret = jh_check_cell_config(cf->data, cf->size, arch, &err);
	if (ret == 0)
		return true;
	jh_format_config_error(msg, len, &err);
	return false;
}

void config_load(const char *path, enum config_kind kind,
		 struct config_file *cf)
{
	char msg[256];

	cf->path = path;
	cf->data = read_file(path, CONFIG_MAX_SIZE, &cf->size);
	cf->kind = kind;
	if (!config_validate(cf, NATIVE_ARCH, msg, sizeof(msg)))
		fail(ST_BAD_INPUT, "%s: %s", path, msg);
}
