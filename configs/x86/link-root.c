/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cell end (peer 1) of link 2, whose other end is the root cell's
 * (configs/x86/qemu-q35.c; Documentation/ivshmem.md), on CPU 2. It runs
 * either demo inmate: link-echo.bin answers the root's client,
 * link-client.bin asks the root's echo.
 *
 *   jailhouse cell create link-root.cell
 *   jailhouse cell load link-root link-echo.bin
 *   jailhouse cell start link-root
 */
#define LINK_CELL_NAME		"link-root"
#define LINK_CELL_CPU		2
#define LINK_CELL_RAM_PHYS	0x3cf00000
#define LINK_PEER_ID		1
#define LINK_ID			2
#define LINK_SHMEM_PHYS		0x3ce00000
#include "link-cell.h"
