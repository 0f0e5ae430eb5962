/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cell config for the timer-latency demo (inmates/demos/arm64/
 * timer-latency.c) on the Raspberry Pi 4 model (system config rpi4.c):
 * CPU 3 and the second MiB of rpi4.c's cell pool (demo-cell.h).
 */
#define DEMO_CELL_NAME		"timer-demo"
#define DEMO_CELL_RAM_PHYS	0x30100000
#include "demo-cell.h"
