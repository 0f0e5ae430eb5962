// SPDX-License-Identifier: GPL-2.0
/*
 * The shared config validator, compiled into the module from the
 * hypervisor's source so that driver, hypervisor and tools accept exactly
 * the same configs. It is freestanding C and needs nothing from the kernel
 * beyond <linux/types.h>. Kbuild puts the source tree root on the include
 * path for this.
 */
#include "hypervisor/config_check.c"
