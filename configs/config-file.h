/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for writing a config file.
 *
 * A config file defines one object named "config": a packed struct whose
 * first member is the descriptor (struct jh_system_desc or struct
 * jh_cell_desc) followed by the arrays that config.h lists, in that order.
 * The Makefile extracts the object's section into the .cell file, so
 * nothing else may live in that section.
 *
 * Count fields are written as ARRAY_ITEMS(config.member) so they can never
 * disagree with the arrays that follow.
 */
#ifndef _CONFIGS_CONFIG_FILE_H
#define _CONFIGS_CONFIG_FILE_H

#include <jailhouse/config.h>

/* CONFIG_SECTION comes from the Makefile. */
#define CONFIG_OBJECT	__attribute__((section(CONFIG_SECTION), used))

#define ARRAY_ITEMS(array)	(sizeof(array) / sizeof((array)[0]))

#define KiB(n)	((uint64_t)(n) << 10)
#define MiB(n)	((uint64_t)(n) << 20)
#define GiB(n)	((uint64_t)(n) << 30)

/* Usual flag combinations. */
#define MEM_RAM		(JH_MEM_READ | JH_MEM_WRITE | JH_MEM_EXECUTE | \
			 JH_MEM_DMA)
#define MEM_DEVICE	(JH_MEM_READ | JH_MEM_WRITE | JH_MEM_IO)

/* Bit n of word w of an interrupt bitmap covers pin_base + 32 * w + n. */
#define ALL_PINS	{ 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff }

#endif /* _CONFIGS_CONFIG_FILE_H */
