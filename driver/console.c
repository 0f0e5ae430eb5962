// SPDX-License-Identifier: GPL-2.0
/*
 * The hypervisor's console page (struct jh_console_page): its output ring,
 * read through read() on /dev/jailhouse, and its last_error record, which
 * explains failed hypercalls.
 *
 * The page is mapped cacheable once the hypervisor has been entered: the
 * hypervisor writes it through its own cacheable mapping, and the root
 * cell sees it read-only at its physical address. The mapping outlives
 * disable so the last run's output stays readable.
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/io.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <jailhouse/console.h>

#include "arch.h"
#include "console.h"

static const struct jh_console_page *jh_console;

int jh_console_map(phys_addr_t phys)
{
	jh_console_unmap();
	jh_console = memremap(phys, sizeof(*jh_console), MEMREMAP_WB);
	if (!jh_console) {
		pr_err("cannot map the hypervisor console page at 0x%llx\n",
		       (unsigned long long)phys);
		return -ENOMEM;
	}
	/* Drop lines cached before the hypervisor wrote the page. */
	jh_arch_flush_dcache(jh_console, sizeof(*jh_console));
	return 0;
}

void jh_console_unmap(void)
{
	if (jh_console)
		memunmap((void *)jh_console);
	jh_console = NULL;
}

u32 jh_console_error_seq(void)
{
	return jh_console ? READ_ONCE(jh_console->last_error_seq) : 0;
}

/* Copies last_error into buf if it was rewritten since seq. */
bool jh_console_error_since(u32 seq, char *buf, size_t size)
{
	if (!jh_console || READ_ONCE(jh_console->last_error_seq) == seq)
		return false;
	/* Read seq before the text that the hypervisor wrote before it. */
	rmb();
	memcpy(buf, jh_console->last_error,
	       min(size, sizeof(jh_console->last_error)));
	buf[size - 1] = '\0';
	return buf[0] != '\0';
}

/* Copies ring bytes [pos, pos + len) out; len <= JH_CONSOLE_RING_SIZE. */
static void jh_console_copy(char *dst, u32 pos, u32 len)
{
	u32 start = pos % JH_CONSOLE_RING_SIZE;
	u32 first = min(len, JH_CONSOLE_RING_SIZE - start);

	memcpy(dst, jh_console->ring + start, first);
	memcpy(dst + first, jh_console->ring, len - first);
}

/*
 * Positions count every byte the hypervisor ever wrote (write_pos); a
 * reader that fell more than a ring behind skips to the oldest byte left.
 * A position beyond write_pos means the hypervisor was started again with
 * a fresh ring, so reading starts over. (write_pos wrapping after 4 GiB of
 * output is not handled.)
 */
ssize_t jh_console_read(u32 *pos, char __user *buf, size_t count)
{
	u32 write_pos, len;
	int tries = 0;
	char *chunk;
	ssize_t ret;

	if (!jh_console || count == 0)
		return 0;

	chunk = kmalloc(JH_CONSOLE_RING_SIZE, GFP_KERNEL);
	if (!chunk)
		return -ENOMEM;

	for (;;) {
		write_pos = READ_ONCE(jh_console->write_pos);
		if (*pos > write_pos)
			*pos = 0;
		if (write_pos - *pos > JH_CONSOLE_RING_SIZE)
			*pos = write_pos - JH_CONSOLE_RING_SIZE;
		len = min_t(size_t, count, write_pos - *pos);
		rmb();	/* the bytes below write_pos are complete */
		jh_console_copy(chunk, *pos, len);
		rmb();	/* copy done before write_pos is looked at again */
		/*
		 * Still intact if the writer did not lap our start meanwhile;
		 * give up retrying against a writer that is always faster.
		 */
		if (READ_ONCE(jh_console->write_pos) - *pos <=
		    JH_CONSOLE_RING_SIZE || ++tries == 4)
			break;
	}

	ret = len;
	if (len && copy_to_user(buf, chunk, len))
		ret = -EFAULT;
	else
		*pos += len;
	kfree(chunk);
	return ret;
}
