/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the fault demo (inmates/demos/arm64/fault.c) on the
 * Raspberry Pi 4 model (system config rpi4.c): CPU 3 and the third MiB of
 * rpi4.c's cell pool (demo-cell.h). Its write at 0x40000000 hits RAM the
 * model has but no cell owns.
 */
#define DEMO_CELL_NAME		"fault-demo"
#define DEMO_CELL_RAM_PHYS	0x30200000
#include "demo-cell.h"
