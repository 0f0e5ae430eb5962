/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell create's config (core/cell_config.c).
 */
#ifndef HV_CELL_CONFIG_H
#define HV_CELL_CONFIG_H

#include <hv/types.h>

struct jh_cell_desc;

/*
 * Control lock held: the config at
 * root guest-physical addr copied into pool pages (NULL with last_error
 * set), and its check against the system and every cell in cells[].
 */
struct jh_cell_desc *cell_config_fetch(paddr_t addr, uint64_t *size);
int cell_config_check(const struct jh_cell_desc *desc, uint64_t size);

#endif /* HV_CELL_CONFIG_H */
