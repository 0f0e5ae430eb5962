/* SPDX-License-Identifier: GPL-2.0 OR BSD-2-Clause */
/*
 * The DMA test steps of the edu-dma inmates (inmates/demos/<arch>/
 * edu-dma.c), the same on every arch: each prints its verdict as
 * "edu-dma: ..." lines, which the scenarios read. The inmate finds the
 * device, maps BAR0 and fills in struct edu_test; what is arch-specific
 * (PCI access, MSI) stays there.
 *
 * Device addresses are dma_base + the guest-physical address (dma_base 0
 * when an IOMMU maps the cell's DMA regions at their guest-physical
 * addresses).
 */
#ifndef _EDU_TEST_H
#define _EDU_TEST_H

#include <edu.h>

#define EDU_TEST_PAGE		4096
#define EDU_TEST_MAX_TARGETS	8	/* addresses per dma_to=, dma_from= */
#define EDU_TEST_ROUND_TRIP	2048	/* bytes of the own round trip */

struct edu_test {
	struct edu edu;
	uint64_t dma_base;
	uint64_t timeout_us;	/* per transfer */
	/* One page each, page-aligned, in the cell's DMA memory. */
	uint8_t *buf_out, *buf_in, *canary;
};

/* The device address of p. */
uint64_t edu_test_addr(const struct edu_test *t, const void *p);
/* Why edu_dma() returned err. */
const char *edu_test_error(int err);

/*
 * buf_out -> device -> buf_in, EDU_TEST_ROUND_TRIP bytes of a pattern
 * that changes with seed (so that a stale device buffer cannot pass):
 * "own memory round trip OK N bytes" or "FAILED: ...".
 */
void edu_test_round_trip(struct edu_test *t, unsigned int seed);
/*
 * For each address of the command-line word name ("0x1000,4096"): with
 * to_ram a device -> RAM write of len bytes of "edu-dma!", else a RAM ->
 * device read whose first bytes are copied back and printed.
 */
void edu_test_transfers(struct edu_test *t, const char *name, bool to_ram,
			uint32_t len);
/*
 * msi_forge=ADDR,DATA,...: each DATA written by the device as 4 bytes to
 * ADDR, an interrupt message no MSI capability checked.
 */
void edu_test_forge_msis(struct edu_test *t);

/* The canary page: filled at start, watched until a shutdown request. */
void edu_test_fill_canary(struct edu_test *t);
void edu_test_watch_canary(struct edu_test *t);

/*
 * dma_loop=1: device -> buf_in, EDU_DMA_MAX bytes of "dmaloop!" each,
 * one transfer after the other until the cell is stopped; a shutdown
 * request is approved approve_ms= (default 20) after one more transfer
 * was started, so that it lands while the root takes the memory back.
 * Never returns unless the device fails.
 */
void edu_test_dma_loop(struct edu_test *t);

/* "0x1000,4096": up to max numbers into out, their count into n. */
bool edu_test_parse_list(const char *s, uint64_t *out, unsigned int max,
			 unsigned int *n);

#endif /* _EDU_TEST_H */
