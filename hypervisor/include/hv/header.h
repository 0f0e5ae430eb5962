/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The image header at offset 0 of the image (core/header.c), which the
 * driver fills in before entry.
 */
#ifndef HV_HEADER_H
#define HV_HEADER_H

#include <jailhouse/header.h>

extern struct jh_hv_header hv_header;

#endif /* HV_HEADER_H */
