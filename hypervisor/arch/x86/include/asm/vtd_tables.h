/* SPDX-License-Identifier: GPL-2.0 */
/* VT-d root, context and second-level tables (vtd_tables.c). */
#ifndef ASM_VTD_TABLES_H
#define ASM_VTD_TABLES_H

#include <hv/types.h>

struct cell;
struct paging;
struct pt_format;

/* The domain id of a cell: id + 1 (0 is reserved in caching mode). */
uint16_t vtd_domain(const struct cell *cell);
int vtd_tables_init(void);
paddr_t vtd_root_table_phys(void);
const struct pt_format *vtd_pt_format(void);
int vtd_cell_init(struct cell *cell);
void vtd_cell_exit(struct cell *cell);
void vtd_attach(struct cell *cell, uint16_t bdf);
/* Makes the cell's tables visible to non-snooping units. */
void vtd_tables_writeback(const struct paging *pg);

#endif /* ASM_VTD_TABLES_H */
