/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * QEMU's edu device (include/edu.h). Registers below 0x80 take 32-bit
 * accesses only; the DMA registers from 0x80 on take 32 or 64 bits, and
 * 64-bit writes carry addresses above 4 GiB. While a transfer runs the
 * device ignores writes to the DMA registers, so the engine must be idle
 * before they are set.
 */
#include <inmate.h>
#include <arch-mmio.h>
#include <edu.h>

#define EDU_ID			0x00	/* 0xRRrr00ed: version, magic */
#define EDU_ID_MAGIC_MASK	0xffff
#define EDU_ID_MAGIC		0x00ed
#define EDU_LIVENESS		0x04
#define EDU_IRQ_STATUS		0x24
#define EDU_IRQ_RAISE		0x60
#define EDU_IRQ_ACK		0x64
#define EDU_DMA_SRC		0x80
#define EDU_DMA_DST		0x88
#define EDU_DMA_COUNT		0x90
#define EDU_DMA_CMD		0x98
#define EDU_CMD_START		0x1	/* cleared by the device when done */
#define EDU_CMD_TO_RAM		0x2
#define EDU_CMD_IRQ		0x4
#define EDU_BUF			0x40000

#define LIVENESS_PROBE		0x5a5aa5a5U

static uint32_t rd32(const struct edu *edu, unsigned int reg)
{
	return mmio_read32(edu->base + reg);
}

static void wr32(const struct edu *edu, unsigned int reg, uint32_t value)
{
	mmio_write32(edu->base + reg, value);
}

int edu_init(struct edu *edu, unsigned long bar0)
{
	edu->base = bar0;
	if ((rd32(edu, EDU_ID) & EDU_ID_MAGIC_MASK) != EDU_ID_MAGIC)
		return -1;
	wr32(edu, EDU_LIVENESS, LIVENESS_PROBE);
	return rd32(edu, EDU_LIVENESS) == ~LIVENESS_PROBE ? 0 : -1;
}

uint32_t edu_id(const struct edu *edu)
{
	return rd32(edu, EDU_ID);
}

/* Bounded wait for the start bit to clear. */
static bool wait_idle(const struct edu *edu, uint64_t timeout_us)
{
	uint64_t start = timer_now(), ticks = timer_us_to_ticks(timeout_us);

	while (mmio_read64(edu->base + EDU_DMA_CMD) & EDU_CMD_START)
		if (timer_now() - start > ticks)
			return false;
	return true;
}

int edu_dma_start(const struct edu *edu, uint64_t ram, uint32_t len,
		  bool to_ram, bool irq, uint64_t timeout_us)
{
	if (len == 0 || len > EDU_DMA_MAX)
		return -1;
	if (!wait_idle(edu, timeout_us))
		return -2;
	mmio_write64(edu->base + EDU_DMA_SRC, to_ram ? EDU_BUF : ram);
	mmio_write64(edu->base + EDU_DMA_DST, to_ram ? ram : EDU_BUF);
	mmio_write64(edu->base + EDU_DMA_COUNT, len);
	mmio_barrier();
	mmio_write64(edu->base + EDU_DMA_CMD, EDU_CMD_START |
		     (to_ram ? EDU_CMD_TO_RAM : 0) | (irq ? EDU_CMD_IRQ : 0));
	return 0;
}

int edu_dma(const struct edu *edu, uint64_t ram, uint32_t len, bool to_ram,
	    bool irq, uint64_t timeout_us)
{
	int err = edu_dma_start(edu, ram, len, to_ram, irq, timeout_us);

	if (err)
		return err;
	return wait_idle(edu, timeout_us) ? 0 : -2;
}

void edu_raise_irq(const struct edu *edu, uint32_t value)
{
	wr32(edu, EDU_IRQ_RAISE, value);
}

uint32_t edu_irq_status(const struct edu *edu)
{
	return rd32(edu, EDU_IRQ_STATUS);
}

void edu_ack_irq(const struct edu *edu, uint32_t value)
{
	wr32(edu, EDU_IRQ_ACK, value);
}
