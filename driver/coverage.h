/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coverage.c: the block map of a coverage build of the hypervisor, ORed
 * together over every run and readable in sysfs; idle for a normal image.
 */
#ifndef _JH_DRIVER_COVERAGE_H
#define _JH_DRIVER_COVERAGE_H

#include <linux/types.h>

void jh_coverage_init(void);
void jh_coverage_exit(void);
void jh_coverage_collect(phys_addr_t hv_phys);

#endif /* _JH_DRIVER_COVERAGE_H */
