// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor image: requested once at module load and kept until
 * unload, so that enable cannot fail on a missing file and status can name
 * the version. Its header is checked here, once; enable.c trusts it.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/firmware.h>
#include <linux/module.h>
#include <linux/string.h>

#include <jailhouse/console.h>

#include "arch.h"
#include "cause.h"
#include "firmware.h"

#define JH_FW_NAME	"jailhouse-" JH_ARCH_NAME ".bin"

MODULE_FIRMWARE(JH_FW_NAME);

struct jh_firmware jh_fw = { .name = JH_FW_NAME };
static const struct firmware *jh_fw_blob;

static bool jh_is_hv_page_aligned(u64 value)
{
	return !(value & (JH_HV_PAGE_SIZE - 1));
}

/* Logs what is wrong with the header and returns false, or returns true. */
static bool jh_header_usable(const struct jh_hv_header *h, size_t size)
{
	const char *name = jh_fw.name;

	if (size < sizeof(*h)) {
		pr_err("firmware %s: %zu bytes are fewer than its %zu-byte header\n",
		       name, size, sizeof(*h));
		return false;
	}
	if (memcmp(h->signature, JH_HV_SIGNATURE, sizeof(h->signature))) {
		pr_err("firmware %s: no \"%s\" signature at offset 0\n",
		       name, JH_HV_SIGNATURE);
		return false;
	}
	if (h->abi_revision != JH_HV_ABI_REVISION) {
		pr_err("firmware %s: ABI revision %u, this driver needs %u\n",
		       name, h->abi_revision, JH_HV_ABI_REVISION);
		return false;
	}
	if (h->arch != JH_ARCH) {
		pr_err("firmware %s: built for arch %u, this kernel is %s (%u)\n",
		       name, h->arch, JH_ARCH_NAME, JH_ARCH);
		return false;
	}
	if (!memchr(h->version, 0, sizeof(h->version))) {
		pr_err("firmware %s: version string is not NUL-terminated\n",
		       name);
		return false;
	}
	if (h->image_size < sizeof(*h) || h->image_size > size) {
		pr_err("firmware %s: image_size 0x%llx is outside the %zu-byte file\n",
		       name, h->image_size, size);
		return false;
	}
	if (!jh_is_hv_page_aligned(h->core_size) ||
	    h->core_size < h->image_size) {
		pr_err("firmware %s: core_size 0x%llx is not page aligned or below image_size 0x%llx\n",
		       name, h->core_size, h->image_size);
		return false;
	}
	if (h->entry >= h->image_size) {
		pr_err("firmware %s: entry 0x%llx is outside the image (0x%llx bytes)\n",
		       name, h->entry, h->image_size);
		return false;
	}
	if (!jh_is_hv_page_aligned(h->console_offset) ||
	    h->console_offset > h->core_size ||
	    h->core_size - h->console_offset <
			sizeof(struct jh_console_page)) {
		pr_err("firmware %s: console_offset 0x%llx is unaligned or its page does not fit in core_size 0x%llx\n",
		       name, h->console_offset, h->core_size);
		return false;
	}
	if (h->max_cpus == 0) {
		pr_err("firmware %s: max_cpus is 0\n", name);
		return false;
	}
	return true;
}

int jh_firmware_load(struct device *dev)
{
	const struct jh_hv_header *h;
	int err;

	err = request_firmware(&jh_fw_blob, jh_fw.name, dev);
	if (err) {
		pr_err("cannot load firmware %s (%s): install it in /lib/firmware\n",
		       jh_fw.name, jh_errname(err));
		/* Not ENOENT: modprobe would blame an unknown symbol. */
		return -ENODEV;
	}

	h = (const struct jh_hv_header *)jh_fw_blob->data;
	if (!jh_header_usable(h, jh_fw_blob->size)) {
		release_firmware(jh_fw_blob);
		jh_fw_blob = NULL;
		return -EINVAL;
	}

	jh_fw.size = jh_fw_blob->size;
	jh_fw.header = h;
	jh_fw.data = jh_fw_blob->data;
	pr_info("firmware %s: %zu bytes, version %s\n", jh_fw.name,
		jh_fw.size, h->version);
	return 0;
}

void jh_firmware_release(void)
{
	release_firmware(jh_fw_blob);
	jh_fw_blob = NULL;
	jh_fw.header = NULL;
	jh_fw.data = NULL;
	jh_fw.size = 0;
}
