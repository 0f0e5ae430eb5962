/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The edu device as jh-edu reaches it (edu-dev.c): found and opened
 * through sysfs, BAR0 registers, the DMA engine, and DMA-able pages of
 * this process. Everything dies with a message on failure.
 */
#ifndef EDU_DEV_H
#define EDU_DEV_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define PCI_DEVICES	"/sys/bus/pci/devices"
#define EDU_VENDOR	0x1234
#define EDU_DEVICE	0x11e8

#define PCI_COMMAND		0x04
#define PCI_CMD_MEMORY		0x2
#define PCI_CMD_MASTER		0x4

/* edu BAR0 registers (docs/specs/edu.rst). */
#define EDU_ID			0x00	/* 0xRRrr00ed */
#define EDU_ID_MAGIC_MASK	0xffff
#define EDU_ID_MAGIC		0x00ed
#define EDU_LIVENESS		0x04	/* reads back inverted */
#define EDU_DMA_SRC		0x80
#define EDU_DMA_DST		0x88
#define EDU_DMA_COUNT		0x90
#define EDU_DMA_CMD		0x98
#define EDU_CMD_START		0x1
#define EDU_CMD_TO_RAM		0x2
#define EDU_BUF			0x40000
#define EDU_DMA_MAX		4095	/* the buffer's 4 KiB, less QEMU's off-by-one */
#define EDU_BAR_SIZE		0x100000

#define PAGE			4096UL
#define PAGEMAP_PRESENT		(1ULL << 63)
#define PAGEMAP_PFN_MASK	((1ULL << 55) - 1)
#define SCAN_CHUNK		(16UL << 20)
#define MAX_SCAN_MIB		256
#define POLL_NS			1000000L

struct edu_state {
	char bdf[256];
	unsigned int bits;
	long timeout_ms;
	bool keep_master;
	volatile uint8_t *bar;
	int config_fd;
	uint16_t command_before;
};
extern struct edu_state edu;

struct page {
	uint8_t *va;
	uint64_t pa;
};

/* Message to stderr, then exit 2 (restoring the command register). */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
					      noreturn));
/*
 * Finds (-d, or the first edu) and opens the device: decoding and bus
 * mastering on, BAR0 mapped, checked to be an edu.
 */
void open_device(void);
uint32_t reg_read32(unsigned int reg);
/* /sys/bus/pci/devices/BDF/name, and the device's config space. */
void sysfs_path(char *path, size_t size, const char *name);
uint16_t config_read16(unsigned int reg);
uint64_t now_ms(void);
/*
 * One transfer between RAM at ram and the device buffer's start; false
 * (and a message) if the device did not finish within the timeout.
 */
bool dma(uint64_t ram, uint32_t len, bool to_ram);
/* The physical address of va, from /proc/self/pagemap. */
uint64_t phys_of(int pagemap_fd, const void *va);
/* n locked pages below the DMA mask, or die. */
void alloc_dma_pages(struct page *pages, unsigned int n);

#endif
