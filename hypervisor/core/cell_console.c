// SPDX-License-Identifier: GPL-2.0
/*
 * The console hypercalls: a cell's characters, one per call
 * (JH_HC_DEBUG_CONSOLE_PUTC) or a string from its own RAM
 * (JH_HC_DEBUG_CONSOLE_WRITE), collected in the cell's line buffer and
 * printed a line at a time, tagged with the cell's name.
 */
#include <jailhouse/hypercall.h>
#include <hv/cell.h>
#include <hv/control_lock.h>
#include <hv/guest_mem.h>
#include <hv/percpu.h>
#include <hv/printk.h>

/* Generous: a cell's console is its output, but the UART is shared. */
#define CELL_CONSOLE_LINES	200

static void flush_console_line(struct cell *cell)
{
	cell->con_line[cell->con_len] = '\0';
	if (cell == &root_cell) {
		printk("%s\n", cell->con_line);
	} else if (ratelimit_ok(&cell->con_rl, CELL_CONSOLE_LINES)) {
		printk("[%s] %s\n", cell->name, cell->con_line);
	}
	cell->con_len = 0;
}

/* One character into the line buffer; con_lock held. */
static void console_add(struct cell *cell, char c)
{
	if (c == '\r') {
		return;
	}
	if (c == '\n') {
		flush_console_line(cell);
		return;
	}
	/* Only printable ASCII reaches the shared UART. */
	if ((unsigned char)c < ' ' || (unsigned char)c > '~') {
		c = '?';
	}
	cell->con_line[cell->con_len++] = c;
	if (cell->con_len >= sizeof(cell->con_line) - 1) {
		flush_console_line(cell);
	}
}

void cell_console_putc(struct cell *cell, char c)
{
	spin_lock(&cell->con_lock);
	console_add(cell, c);
	spin_unlock(&cell->con_lock);
}

/*
 * [gpa, gpa + len) of the cell into buf, page by page; len is at most
 * JH_CONSOLE_WRITE_MAX and gpa + len does not wrap.
 */
static int copy_from_cell(struct per_cpu *pcpu, uint64_t gpa, char *buf,
			  unsigned int len)
{
	unsigned int done = 0, chunk;
	int err = 0;

	while (!err && done < len) {
		chunk = (unsigned int)(PAGE_SIZE - ((gpa + done) & ~PAGE_MASK));
		if (chunk > len - done) {
			chunk = len - done;
		}
		err = guest_mem_read(pcpu, gpa + done, buf + done, chunk);
		done += chunk;
	}
	return err;
}

static long refuse_write(struct cell *cell, uint64_t gpa, uint64_t len,
			 long err, const char *why)
{
	cell_printk(cell, "cell \"%s\": console write of 0x%llx bytes at 0x%llx refused: %s (at most %u bytes of its own RAM)\n",
		    cell->name, (unsigned long long)len,
		    (unsigned long long)gpa, why, JH_CONSOLE_WRITE_MAX);
	return err;
}

long cell_console_write(struct per_cpu *pcpu, uint64_t gpa, uint64_t len)
{
	struct cell *cell = pcpu->cell;
	char buf[JH_CONSOLE_WRITE_MAX];
	unsigned int n;
	int err;

	if (len == 0) {
		return 0;
	}
	if (len > JH_CONSOLE_WRITE_MAX) {
		return refuse_write(cell, gpa, len, -JH_EINVAL, "too long");
	}
	if (gpa + len < gpa) {
		return refuse_write(cell, gpa, len, -JH_EFAULT,
				    "wraps around");
	}
	/*
	 * A cell's guest table does not change while its CPUs run; the
	 * root's does (a new cell takes RAM from it), under the control
	 * lock.
	 */
	if (cell == &root_cell) {
		control_lock_in_trap(pcpu);
	}
	err = copy_from_cell(pcpu, gpa, buf, (unsigned int)len);
	if (cell == &root_cell) {
		spin_unlock(&control_lock);
	}
	if (err != 0) {
		return refuse_write(cell, gpa, len, -JH_EFAULT,
				    "not RAM of the cell");
	}
	spin_lock(&cell->con_lock);
	for (n = 0; n < len; n++) {
		console_add(cell, buf[n]);
	}
	spin_unlock(&cell->con_lock);
	return (long)len;
}
