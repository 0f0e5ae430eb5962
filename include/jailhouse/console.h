/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The hypervisor's console ring and last-error record.
 *
 * It lives inside the hypervisor image at jh_hv_header.console_offset, page
 * aligned, and is mapped read-only into the root cell at its physical
 * address so the driver can show it ("jailhouse console") and explain a
 * failed hypercall without another round trip.
 *
 * Writers: only the hypervisor. write_pos counts every byte ever written;
 * the byte for position p is ring[p % JH_CONSOLE_RING_SIZE]. Readers copy,
 * then re-read write_pos to detect that they were overtaken.
 */
#ifndef JAILHOUSE_CONSOLE_H
#define JAILHOUSE_CONSOLE_H

#include <jailhouse/types.h>

#define JH_CONSOLE_RING_SIZE	8192	/* power of two */
#define JH_LAST_ERROR_LEN	248

struct jh_console_page {
	volatile uint32_t write_pos;
	/* Bumped each time last_error is rewritten. */
	volatile uint32_t last_error_seq;
	char last_error[JH_LAST_ERROR_LEN];	/* NUL-terminated */
	char ring[JH_CONSOLE_RING_SIZE];
} JH_PACKED;

#endif /* JAILHOUSE_CONSOLE_H */
