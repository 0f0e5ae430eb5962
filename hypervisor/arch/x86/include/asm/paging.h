/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cells' guest page-table formats (paging.c): AMD nested paging and
 * Intel EPT. The backend in use names its own (asm/vendor.h).
 */
#ifndef ASM_PAGING_H
#define ASM_PAGING_H

#include <hv/paging.h>

extern const struct pt_format x86_npt_format;
extern const struct pt_format x86_ept_format;

/* EPT: may 2 MiB leaves be used (IA32_VMX_EPT_VPID_CAP bit 16)? */
void x86_ept_set_large_pages(bool allowed);

#endif /* ASM_PAGING_H */
