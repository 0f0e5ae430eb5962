// SPDX-License-Identifier: GPL-2.0
/*
 * The shared config validator, compiled into the module from the
 * hypervisor's sources (as one translation unit) so that driver,
 * hypervisor and tools accept exactly the same configs. It is freestanding C and needs nothing from the kernel
 * beyond <linux/types.h>. Kbuild puts the source tree root on the include
 * path for this.
 */
#include "hypervisor/config/config_check.c"
#include "hypervisor/config/config_check_header.c"
#include "hypervisor/config/config_check_arrays.c"
#include "hypervisor/config/config_check_cells.c"
#include "hypervisor/config/config_check_addr.c"
#include "hypervisor/config/config_check_devices.c"
#include "hypervisor/config/config_check_iommu.c"
#include "hypervisor/config/config_check_links.c"
