// SPDX-License-Identifier: GPL-2.0
/*
 * Hypercalls from the driver whose failure becomes a cause: the
 * hypervisor's last_error record verbatim if the call rewrote it,
 * otherwise "<what>: hypervisor returned <code>".
 */
#define pr_fmt(fmt) "jailhouse: " fmt

#include <linux/kernel.h>

#include <jailhouse/console.h>
#include <jailhouse/hypercall.h>

#include "arch.h"
#include "cause.h"
#include "console.h"
#include "hypercall.h"

long jh_hypercall(struct jh_cause *cause, unsigned long code,
		  unsigned long arg1, unsigned long arg2, const char *fmt, ...)
{
	char what[JH_ERROR_LEN / 2], reason[JH_LAST_ERROR_LEN];
	u32 seq = jh_console_error_seq();
	va_list args;
	long ret;

	ret = jh_arch_hypercall(code, arg1, arg2);
	if (ret >= 0)
		return ret;

	/* The hypervisor's own words name the cause best; it is the cause. */
	if (jh_console_error_since(seq, reason, sizeof(reason)))
		return jh_fail(cause, ret, "%s", reason);

	va_start(args, fmt);
	vsnprintf(what, sizeof(what), fmt, args);
	va_end(args);
	if (ret == -JH_EPERM && (code == JH_HC_CELL_SHUTDOWN ||
				 code == JH_HC_CELL_DESTROY))
		return jh_fail(cause, ret, "%s: the cell refused to shut down",
			       what);
	return jh_fail(cause, ret, "%s: hypervisor returned %ld (%s)", what,
		       ret, jh_errname(ret));
}
