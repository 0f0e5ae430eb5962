// SPDX-License-Identifier: GPL-2.0
/*
 * jh-edu: drives QEMU's "edu" PCI device (vendor 0x1234, device 0x11e8,
 * a DMA engine documented in QEMU's docs/specs/edu.rst) from root-cell
 * user space, without a kernel driver and without /dev/mem (but zeros):
 *
 *   jh-edu [OPTIONS] info             device, BAR, command register
 *   jh-edu [OPTIONS] dma-self [LEN]   round trip: own buffer -> edu -> own
 *                                     (LEN default 2048)
 *   jh-edu [OPTIONS] dma-to PHYS [LEN]
 *                                     device -> RAM: write LEN (default 64)
 *                                     bytes of "edu-dma!" to PHYS
 *   jh-edu [OPTIONS] dma-from PHYS [LEN]
 *                                     RAM -> device: read LEN (default 16)
 *                                     bytes at PHYS, print them
 *   jh-edu [OPTIONS] msi ADDR DATA    an interrupt message forged by DMA:
 *                                     the device writes the 32-bit DATA
 *                                     (little endian) to ADDR, e.g.
 *                                     0xfee00000 0x400, an NMI to APIC 0
 *   jh-edu [OPTIONS] canary SECONDS   a locked page of "canary!!", its
 *                                     physical address printed; watched
 *                                     for SECONDS or until SIGTERM: exit 1
 *                                     if it changed
 *   jh-edu zeros PHYS LEN             no device: reads physical memory
 *                                     through /dev/mem and counts the
 *                                     bytes that are not zero (RAM a
 *                                     destroyed cell gave back): exit 1
 *                                     if any
 *
 * Options:
 *   -d BDF    the device (e.g. 0000:00:05.0); default the 1234:11e8 with
 *             the lowest address in /sys/bus/pci/devices
 *   -b BITS   the device's DMA address width (default 28, the edu's
 *             documented default); addresses beyond it are refused
 *   -t MS     how long a transfer may take (default 5000)
 *   -k        keep bus mastering on at exit (default: switched off again)
 *
 * The device is reached through sysfs: "enable" switches on its decoding,
 * the "config" file's command register its bus mastering, "resource0" is
 * BAR0 mapped into this process. A driver may be bound to it (the stock
 * uio_pci_generic, say) or none; the device must not belong to a cell,
 * whose devices the hypervisor hides from the root (config space reads
 * all-ones).
 *
 * DMA addresses. Without an IOMMU, or with one that maps the root's
 * memory 1:1, the device uses physical addresses; this program finds its
 * buffers' physical pages in /proc/self/pagemap (root only) and locks the
 * buffers so the pages stay. The edu clears every DMA address bit beyond
 * its mask (28 bits unless QEMU runs it with -device
 * edu,dma_mask=0xffffffffffffffff), so it would quietly hit another
 * address: its own buffers are therefore taken from pages below 2^BITS
 * (allocating until some are found, at most MAX_SCAN_MIB), and PHYS
 * beyond 2^BITS is refused. Run with "-b 64" where QEMU widened the mask.
 *
 * The engine: source 0x80, destination 0x88, count 0x90, command 0x98
 * (bit 0 start, cleared by the device when done; bit 1 direction, 1 =
 * device to RAM); the device's side is its 4 KiB buffer at 0x40000. A
 * transfer outside that buffer stops QEMU with a hardware error, and so
 * does one that ends exactly at the buffer's end (QEMU 7.2's range check
 * is off by one): a transfer is 1 to EDU_DMA_MAX = 4095 bytes.
 *
 * Exit status: 0 success (dma-to, dma-from: the device reported
 * completion, whatever the IOMMU did with the access), 1 a DMA result
 * differed (dma-self, canary), 2 usage, setup or timeout.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "edu-dev.h"

static const char dma_pattern[] = "edu-dma!";
static const char canary_pattern[] = "canary!!";

static void fill(uint8_t *buf, size_t len, const char *pattern)
{
	size_t plen = strlen(pattern);

	for (size_t i = 0; i < len; i++)
		buf[i] = (uint8_t)pattern[i % plen];
}

static uint32_t parse_len(const char *s, uint32_t def)
{
	char *end;
	unsigned long v;

	if (!s)
		return def;
	v = strtoul(s, &end, 0);
	if (*end || v == 0 || v > EDU_DMA_MAX)
		die("length '%s': 1 to %u bytes", s, EDU_DMA_MAX);
	return (uint32_t)v;
}

static uint64_t parse_phys(const char *s)
{
	char *end;
	unsigned long long v;

	if (!s)
		die("a physical address is needed");
	errno = 0;
	v = strtoull(s, &end, 0);
	if (*end || errno)
		die("address '%s' is no number", s);
	return v;
}

static int cmd_info(void)
{
	char path[512];
	FILE *f;
	unsigned long long start = 0, end = 0;

	open_device();
	sysfs_path(path, sizeof(path), "resource");
	f = fopen(path, "r");
	if (!f || fscanf(f, "%llx %llx", &start, &end) != 2)
		die("%s: cannot read BAR0", path);
	fclose(f);
	printf("edu: %s id 0x%08x BAR0 0x%llx-0x%llx command 0x%x DMA mask %u bits\n",
	       edu.bdf, reg_read32(EDU_ID), start, end,
	       config_read16(PCI_COMMAND), edu.bits);
	return 0;
}

static int cmd_dma_self(const char *len_arg)
{
	uint32_t len = parse_len(len_arg, 2048);
	struct page p[2];
	char pattern[16];
	uint32_t i;

	open_device();
	alloc_dma_pages(p, 2);
	/* Fresh per run: a stale device buffer must not pass. */
	snprintf(pattern, sizeof(pattern), "%08lx", (unsigned long)now_ms() ^
		 ((unsigned long)getpid() << 16));
	fill(p[0].va, len, pattern);
	memset(p[1].va, 0, len);
	printf("edu: round trip 0x%llx -> device -> 0x%llx, %u bytes\n",
	       (unsigned long long)p[0].pa, (unsigned long long)p[1].pa, len);
	if (!dma(p[0].pa, len, false) || !dma(p[1].pa, len, true))
		return 2;
	for (i = 0; i < len; i++)
		if (p[1].va[i] != p[0].va[i])
			break;
	if (i < len) {
		printf("edu: round trip FAILED: byte %u is 0x%02x, sent 0x%02x\n",
		       i, p[1].va[i], p[0].va[i]);
		return 1;
	}
	printf("edu: round trip OK %u bytes\n", len);
	return 0;
}

static int cmd_dma_to(const char *phys_arg, const char *len_arg)
{
	uint64_t phys = parse_phys(phys_arg);
	uint32_t len = parse_len(len_arg, 64);
	struct page src;

	open_device();
	alloc_dma_pages(&src, 1);
	fill(src.va, len, dma_pattern);
	if (!dma(src.pa, len, false))
		return 2;
	printf("edu: dma-to 0x%llx: %u bytes of \"%s\"\n",
	       (unsigned long long)phys, len, dma_pattern);
	fflush(stdout);
	if (!dma(phys, len, true))
		return 2;
	printf("edu: dma-to 0x%llx: device done\n", (unsigned long long)phys);
	return 0;
}

static int cmd_dma_from(const char *phys_arg, const char *len_arg)
{
	uint64_t phys = parse_phys(phys_arg);
	uint32_t len = parse_len(len_arg, 16);
	struct page dst;

	open_device();
	alloc_dma_pages(&dst, 1);
	printf("edu: dma-from 0x%llx: %u bytes\n", (unsigned long long)phys,
	       len);
	fflush(stdout);
	if (!dma(phys, len, false) || !dma(dst.pa, len, true))
		return 2;
	printf("edu: dma-from 0x%llx: device done, read:",
	       (unsigned long long)phys);
	for (uint32_t i = 0; i < len && i < 32; i++)
		printf(" %02x", dst.va[i]);
	printf("\n");
	return 0;
}

/*
 * A DMA write of 4 bytes into the interrupt range is an MSI: whatever the
 * device's MSI capability says, the platform delivers it unless an IOMMU
 * remaps (and so refuses) it.
 */
static int cmd_msi(const char *addr_arg, const char *data_arg)
{
	uint64_t addr = parse_phys(addr_arg);
	uint64_t data = parse_phys(data_arg);
	struct page src;

	if (data > 0xffffffffULL)
		die("data '%s': 32 bits", data_arg);
	open_device();
	alloc_dma_pages(&src, 1);
	for (unsigned int i = 0; i < 4; i++)
		src.va[i] = (uint8_t)(data >> (8 * i));
	if (!dma(src.pa, 4, false))
		return 2;
	printf("edu: msi 0x%llx data 0x%llx: forging\n",
	       (unsigned long long)addr, (unsigned long long)data);
	fflush(stdout);
	if (!dma(addr, 4, true))
		return 2;
	printf("edu: msi 0x%llx data 0x%llx: device done\n",
	       (unsigned long long)addr, (unsigned long long)data);
	return 0;
}

static volatile sig_atomic_t stop_watching;

static void stop_handler(int sig)
{
	(void)sig;
	stop_watching = 1;
}

/*
 * No device needed: a page for someone else's DMA to miss (or hit),
 * compared every 100 ms and once more at the end.
 */
static int cmd_canary(const char *secs_arg)
{
	const struct timespec poll = { .tv_nsec = 100 * POLL_NS };
	long secs = secs_arg ? strtol(secs_arg, NULL, 0) : 0;
	uint8_t expect[PAGE];
	uint64_t pa, start, end;
	bool last;
	uint8_t *page;
	size_t i;
	int fd;

	if (secs <= 0)
		die("canary SECONDS: how long to watch");
	page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || mlock(page, PAGE))
		die("canary page: %s", strerror(errno));
	fill(page, PAGE, canary_pattern);
	memcpy(expect, page, PAGE);
	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0)
		die("/proc/self/pagemap: %s", strerror(errno));
	pa = phys_of(fd, page);
	close(fd);
	printf("edu: canary at 0x%llx, %lu bytes of \"%s\", watched for %ld s\n",
	       (unsigned long long)pa, PAGE, canary_pattern, secs);
	fflush(stdout);
	signal(SIGTERM, stop_handler);
	start = now_ms();
	end = start + (uint64_t)secs * 1000;
	for (;;) {
		last = stop_watching || now_ms() >= end;
		if (memcmp(page, expect, PAGE)) {
			for (i = 0; page[i] == expect[i]; i++)
				;
			printf("edu: canary at 0x%llx OVERWRITTEN: byte %zu is 0x%02x (\"%.8s\")\n",
			       (unsigned long long)pa, i, page[i],
			       (const char *)page + (i & ~7UL));
			return 1;
		}
		if (last)
			break;
		nanosleep(&poll, NULL);
	}
	printf("edu: canary at 0x%llx intact after %llu ms\n",
	       (unsigned long long)pa, (unsigned long long)(now_ms() - start));
	return 0;
}

/*
 * Counts the non-zero bytes of [phys, phys + len) and prints the first
 * eight from the first one on (the pattern names who wrote them).
 */
static int cmd_zeros(const char *phys_arg, const char *len_arg)
{
	uint64_t phys = parse_phys(phys_arg), len = parse_phys(len_arg);
	uint64_t off, first = 0, nonzero = 0;
	static uint8_t buf[1 << 16];
	char text[9] = "";
	size_t chunk, i, j;
	int fd;

	fd = open("/dev/mem", O_RDONLY);
	if (fd < 0)
		die("/dev/mem: %s", strerror(errno));
	for (off = 0; off < len; off += chunk) {
		chunk = len - off < sizeof(buf) ? len - off : sizeof(buf);
		if (pread(fd, buf, chunk, (off_t)(phys + off)) != (ssize_t)chunk)
			die("/dev/mem at 0x%llx: %s",
			    (unsigned long long)(phys + off), strerror(errno));
		for (i = 0; i < chunk; i++) {
			if (!buf[i])
				continue;
			if (!nonzero++) {
				first = phys + off + i;
				for (j = 0; j < 8 && i + j < chunk; j++)
					text[j] = (char)(buf[i + j] >= 0x20 &&
							 buf[i + j] < 0x7f ?
							 buf[i + j] : '.');
			}
		}
	}
	close(fd);
	if (!nonzero) {
		printf("edu: zeros 0x%llx+0x%llx: all zero\n",
		       (unsigned long long)phys, (unsigned long long)len);
		return 0;
	}
	printf("edu: zeros 0x%llx+0x%llx: %llu bytes NOT zero, the first at 0x%llx (\"%s\")\n",
	       (unsigned long long)phys, (unsigned long long)len,
	       (unsigned long long)nonzero, (unsigned long long)first, text);
	return 1;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: jh-edu [-d BDF] [-b BITS] [-t MS] [-k] info | dma-self [LEN] |\n"
		"              dma-to PHYS [LEN] | dma-from PHYS [LEN] | msi ADDR DATA |\n"
		"              canary SECONDS | zeros PHYS LEN\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *cmd;
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "d:b:t:k")) != -1) {
		switch (opt) {
		case 'd':
			snprintf(edu.bdf, sizeof(edu.bdf), "%s", optarg);
			break;
		case 'b':
			edu.bits = (unsigned int)strtoul(optarg, NULL, 0);
			if (edu.bits < 12 || edu.bits > 64)
				die("-b %s: 12 to 64 bits", optarg);
			break;
		case 't':
			edu.timeout_ms = strtol(optarg, NULL, 0);
			if (edu.timeout_ms <= 0)
				die("-t %s: milliseconds, above 0", optarg);
			break;
		case 'k':
			edu.keep_master = true;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc)
		usage();
	cmd = argv[optind];
	argv += optind + 1;
	argc -= optind + 1;
	if (!strcmp(cmd, "info"))
		return cmd_info();
	if (!strcmp(cmd, "dma-self"))
		return cmd_dma_self(argc > 0 ? argv[0] : NULL);
	if (!strcmp(cmd, "dma-to"))
		return cmd_dma_to(argc > 0 ? argv[0] : NULL,
				  argc > 1 ? argv[1] : NULL);
	if (!strcmp(cmd, "dma-from"))
		return cmd_dma_from(argc > 0 ? argv[0] : NULL,
				    argc > 1 ? argv[1] : NULL);
	if (!strcmp(cmd, "msi"))
		return cmd_msi(argc > 0 ? argv[0] : NULL,
			       argc > 1 ? argv[1] : NULL);
	if (!strcmp(cmd, "canary"))
		return cmd_canary(argc > 0 ? argv[0] : NULL);
	if (!strcmp(cmd, "zeros"))
		return cmd_zeros(argc > 0 ? argv[0] : NULL,
				 argc > 1 ? argv[1] : NULL);
	usage();
}
