// SPDX-License-Identifier: GPL-2.0
/*
 * jh-edu's device half (edu-dev.h): see jh-edu.c for the device, the
 * DMA address rules and the engine.
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

struct edu_state edu = { .bits = 28, .timeout_ms = 5000, .config_fd = -1 };

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("jh-edu: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

uint32_t reg_read32(unsigned int reg)
{
	return *(volatile uint32_t *)(edu.bar + reg);
}

static void reg_write32(unsigned int reg, uint32_t value)
{
	*(volatile uint32_t *)(edu.bar + reg) = value;
}

/* The DMA registers take 8-byte accesses (addresses above 4 GiB). */
static uint64_t reg_read64(unsigned int reg)
{
	return *(volatile uint64_t *)(edu.bar + reg);
}

static void reg_write64(unsigned int reg, uint64_t value)
{
	*(volatile uint64_t *)(edu.bar + reg) = value;
	__sync_synchronize();
}

static bool read_hex_file(const char *dir, const char *name, unsigned long *v)
{
	char path[512], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	*v = strtoul(buf, NULL, 0);
	return true;
}

static void find_device(void)
{
	char dir[512];
	unsigned long vendor, device;
	struct dirent *de;
	DIR *d;

	if (edu.bdf[0])
		return;
	d = opendir(PCI_DEVICES);
	if (!d)
		die("%s: %s", PCI_DEVICES, strerror(errno));
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), PCI_DEVICES "/%s", de->d_name);
		/* The lowest address: readdir's order is no order. */
		if (read_hex_file(dir, "vendor", &vendor) &&
		    read_hex_file(dir, "device", &device) &&
		    vendor == EDU_VENDOR && device == EDU_DEVICE &&
		    (!edu.bdf[0] || strcmp(de->d_name, edu.bdf) < 0))
			snprintf(edu.bdf, sizeof(edu.bdf), "%s", de->d_name);
	}
	closedir(d);
	if (!edu.bdf[0])
		die("no edu device (%04x:%04x) in %s: is QEMU run with -device edu?",
		    EDU_VENDOR, EDU_DEVICE, PCI_DEVICES);
}

void sysfs_path(char *path, size_t size, const char *name)
{
	snprintf(path, size, PCI_DEVICES "/%s/%s", edu.bdf, name);
}

uint16_t config_read16(unsigned int reg)
{
	uint16_t v;

	if (pread(edu.config_fd, &v, 2, reg) != 2)
		die("%s config: read: %s", edu.bdf, strerror(errno));
	return v;
}

static void config_write16(unsigned int reg, uint16_t v)
{
	if (pwrite(edu.config_fd, &v, 2, reg) != 2)
		die("%s config: write: %s", edu.bdf, strerror(errno));
}

/* At exit: bus mastering back off, unless it was on before or -k. */
static void restore_command(void)
{
	uint16_t cmd;

	if (edu.keep_master || (edu.command_before & PCI_CMD_MASTER))
		return;
	if (pread(edu.config_fd, &cmd, 2, PCI_COMMAND) == 2) {
		cmd &= ~PCI_CMD_MASTER;
		if (pwrite(edu.config_fd, &cmd, 2, PCI_COMMAND) != 2)
			fprintf(stderr, "jh-edu: bus mastering left on\n");
	}
}

/* Decoding and bus mastering on, BAR0 mapped, identity checked. */
void open_device(void)
{
	char path[512], driver[512];
	uint32_t id, live;
	uint16_t cmd;
	ssize_t n;
	void *map;
	int fd;

	find_device();
	sysfs_path(path, sizeof(path), "driver");
	n = readlink(path, driver, sizeof(driver) - 1);
	if (n > 0) {
		driver[n] = '\0';
		printf("edu: %s is bound to %s\n", edu.bdf,
		       strrchr(driver, '/') ? strrchr(driver, '/') + 1 : driver);
	}

	sysfs_path(path, sizeof(path), "config");
	edu.config_fd = open(path, O_RDWR);
	if (edu.config_fd < 0)
		die("%s: %s", path, strerror(errno));
	if (config_read16(0) == 0xffff)
		die("%s reads all-ones in config space: taken by a cell?",
		    edu.bdf);

	sysfs_path(path, sizeof(path), "enable");
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, "1", 1) != 1)
		die("%s: %s", path, strerror(errno));
	close(fd);

	edu.command_before = config_read16(PCI_COMMAND);
	cmd = edu.command_before | PCI_CMD_MEMORY | PCI_CMD_MASTER;
	config_write16(PCI_COMMAND, cmd);
	cmd = config_read16(PCI_COMMAND);
	if ((cmd & (PCI_CMD_MEMORY | PCI_CMD_MASTER)) !=
	    (PCI_CMD_MEMORY | PCI_CMD_MASTER))
		die("%s: command register 0x%x after setting memory and bus master",
		    edu.bdf, cmd);
	atexit(restore_command);

	sysfs_path(path, sizeof(path), "resource0");
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	map = mmap(NULL, EDU_BAR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		   fd, 0);
	if (map == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	edu.bar = map;

	id = reg_read32(EDU_ID);
	if ((id & EDU_ID_MAGIC_MASK) != EDU_ID_MAGIC)
		die("%s: identification 0x%08x is not an edu's", edu.bdf, id);
	reg_write32(EDU_LIVENESS, 0x12345678);
	live = reg_read32(EDU_LIVENESS);
	if (live != ~0x12345678U)
		die("%s: liveness register reads 0x%08x, not the inverse of 0x12345678",
		    edu.bdf, live);
}

uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Waits for the engine to be idle; false after the timeout. */
static bool wait_idle(void)
{
	const struct timespec poll = { .tv_nsec = POLL_NS };
	uint64_t end = now_ms() + (uint64_t)edu.timeout_ms;

	while (reg_read64(EDU_DMA_CMD) & EDU_CMD_START) {
		if (now_ms() >= end)
			return false;
		nanosleep(&poll, NULL);
	}
	return true;
}

static bool addr_fits(uint64_t addr, uint64_t len)
{
	return edu.bits >= 64 ||
		(addr < (1ULL << edu.bits) &&
		 len <= (1ULL << edu.bits) - addr);
}

/*
 * One transfer between RAM at ram and the device buffer's start; false
 * (and a message) if the device did not finish within the timeout.
 */
bool dma(uint64_t ram, uint32_t len, bool to_ram)
{
	if (len == 0 || len > EDU_DMA_MAX)
		die("length %u: the edu moves 1 to %u bytes", len,
		    EDU_DMA_MAX);
	if (!addr_fits(ram, len))
		die("0x%llx+%u lies beyond the device's %u-bit DMA mask: the edu would clear the high bits and reach another address (QEMU: -device edu,dma_mask=0xffffffffffffffff, and -b 64)",
		    (unsigned long long)ram, len, edu.bits);
	if (!wait_idle()) {
		printf("edu: engine still busy from an earlier transfer after %ld ms\n",
		       edu.timeout_ms);
		return false;
	}
	reg_write64(EDU_DMA_SRC, to_ram ? EDU_BUF : ram);
	reg_write64(EDU_DMA_DST, to_ram ? ram : EDU_BUF);
	reg_write64(EDU_DMA_COUNT, len);
	reg_write64(EDU_DMA_CMD, EDU_CMD_START | (to_ram ? EDU_CMD_TO_RAM : 0));
	if (!wait_idle()) {
		printf("edu: %s transfer of %u bytes at 0x%llx not done after %ld ms\n",
		       to_ram ? "device -> RAM" : "RAM -> device", len,
		       (unsigned long long)ram, edu.timeout_ms);
		return false;
	}
	return true;
}

uint64_t phys_of(int pagemap_fd, const void *va)
{
	uint64_t entry;

	if (pread(pagemap_fd, &entry, sizeof(entry),
		  (off_t)((uintptr_t)va / PAGE * sizeof(entry))) !=
	    sizeof(entry))
		die("/proc/self/pagemap: %s", strerror(errno));
	if (!(entry & PAGEMAP_PRESENT) || !(entry & PAGEMAP_PFN_MASK))
		die("/proc/self/pagemap gives no frame for %p (not root?)", va);
	return (entry & PAGEMAP_PFN_MASK) * PAGE;
}

/*
 * n locked pages below the DMA mask, or die. Chunks stay mapped until
 * exit, so that a page that did not fit is not handed out again.
 */
void alloc_dma_pages(struct page *pages, unsigned int n)
{
	unsigned int found = 0;
	size_t scanned = 0, size, off;
	uint8_t *chunk;
	int fd;

	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0)
		die("/proc/self/pagemap: %s", strerror(errno));
	while (found < n) {
		if (scanned >= MAX_SCAN_MIB << 20)
			die("no %u pages below the %u-bit DMA mask in %u MiB: widen the edu's mask (QEMU: -device edu,dma_mask=0xffffffffffffffff) and pass -b 64",
			    n, edu.bits, MAX_SCAN_MIB);
		/* First just the pages asked for: enough without a mask. */
		size = scanned ? SCAN_CHUNK : n * PAGE;
		chunk = mmap(NULL, size, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (chunk == MAP_FAILED || mlock(chunk, size))
			die("allocating %zu bytes: %s", size, strerror(errno));
		memset(chunk, 0, size);
		for (off = 0; off < size && found < n; off += PAGE) {
			uint64_t pa = phys_of(fd, chunk + off);

			if (addr_fits(pa, PAGE))
				pages[found++] = (struct page) {
					chunk + off, pa };
		}
		scanned += size;
	}
	close(fd);
}
