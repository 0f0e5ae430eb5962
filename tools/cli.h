/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals shared by the source files of the jailhouse command-line tool.
 *
 * Exit statuses, by kind of failure (also in "jailhouse --help" and in
 * jailhouse.8, keep the three in step):
 *   0  success
 *   1  usage error: unknown verb or option, missing or malformed argument
 *   2  bad input: a file cannot be read, is not a config, or the shared
 *      validator refuses it
 *   3  refused by the driver or the hypervisor (the cause is the driver's
 *      JH_IOCTL_LAST_ERROR message)
 *   4  the driver cannot be reached: /dev/jailhouse or
 *      /sys/devices/jailhouse is missing
 */
#ifndef JAILHOUSE_CLI_H
#define JAILHOUSE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jailhouse/config.h>
#include <jailhouse/ioctl.h>

enum cli_status {
	ST_OK = 0,
	ST_USAGE = 1,
	ST_BAD_INPUT = 2,
	ST_REFUSED = 3,
	ST_NO_DRIVER = 4,
};

#if defined(__aarch64__)
#define NATIVE_ARCH	JH_ARCH_ARM64
#elif defined(__x86_64__)
#define NATIVE_ARCH	JH_ARCH_X86
#else
#error "the jailhouse tool supports arm64 and x86-64 only"
#endif

/*
 * Environment variables naming another device and sysfs directory than
 * /dev/jailhouse and /sys/devices/jailhouse, to test without a driver.
 */
#define ENV_DEVICE	"JAILHOUSE_DEVICE"
#define ENV_SYSFS	"JAILHOUSE_SYSFS"

/* Largest file accepted as a config; real ones are a few KiB. */
#define CONFIG_MAX_SIZE		(1024 * 1024)
/* Largest inmate image; cell memory on the bench machines is far smaller. */
#define IMAGE_MAX_SIZE		(1024ULL * 1024 * 1024)

/* A verb's entry point: argv[0] is the verb itself. Returns the status. */
typedef int (*verb_fn)(int argc, char **argv);

struct verb {
	const char *name;
	verb_fn run;
	const char *summary;
};

/* Verbs, by source file. */
int cmd_enable(int argc, char **argv);		/* cmd_enable.c */
int cmd_disable(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_cell(int argc, char **argv);		/* cmd_cell.c */
int cmd_cell_list(int argc, char **argv);	/* cmd_cell_info.c */
int cmd_cell_stats(int argc, char **argv);	/* cmd_cell_stats.c */
int cmd_cell_monitor(int argc, char **argv);	/* cmd_cell_monitor.c */
int cmd_cell_linux(int argc, char **argv);	/* cmd_cell_linux.c */
int cmd_console(int argc, char **argv);		/* cmd_console.c */
int cmd_config(int argc, char **argv);		/* cmd_config.c */
int cmd_config_create(int argc, char **argv);	/* cmd_config_create.c */
int cmd_hardware(int argc, char **argv);	/* cmd_hardware.c */

/*
 * cmd_cell_info.c: prints rows x cols strings (row-major) as columns
 * padded to the widest entry, header first; at most 40 columns.
 */
void print_table(const char *const *header, const char *const *cells,
		 size_t rows, size_t cols);

/* util.c: messages and exits */

/* The verb words for messages ("cell create"); set by the dispatchers. */
extern const char *cli_verb;

void set_verb(const char *group, const char *verb);

/* Prints "jailhouse: <verb>: <message>" on stderr and exits with status. */
void fail(int status, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
/* fail(ST_USAGE, ...) with a hint where to find the usage. */
void usage_error(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

bool is_help(const char *arg);
/*
 * Handles --help, refuses options and more than max arguments, and names
 * the missing one ("SYSTEM.cell") if there are fewer than min.
 */
void expect_args(int argc, char **argv, int min, int max,
		 const char *missing, const char *help);

/* util.c: files and numbers */

/*
 * Reads a regular file whole into a malloc'ed buffer. Fails with
 * ST_BAD_INPUT naming the file if it is missing, not a regular file,
 * empty, or larger than max_size.
 */
void *read_file(const char *path, uint64_t max_size, uint64_t *size);
/* The same, but returns NULL with the reason in msg instead of exiting. */
void *try_read_file(const char *path, uint64_t max_size, uint64_t *size,
		    char *msg, size_t len);
bool parse_u64(const char *text, uint64_t *value);
/* The directory of the running binary, from /proc/self/exe. */
bool own_dir(char *buf, size_t len);

/* device.c */

/* Opens the driver's device; fails with ST_NO_DRIVER if it is missing. */
int open_device(void);
/*
 * ioctl() on the device; on failure exits with ST_REFUSED and the
 * driver's own explanation (JH_IOCTL_LAST_ERROR). Returns the ioctl's
 * non-negative result.
 */
int driver_ioctl(int fd, unsigned long request, void *arg);

/* sysfs.c */

const char *sysfs_root(void);
/* Whether the driver's sysfs directory exists, i.e. it is loaded. */
bool driver_in_sysfs(void);
/* buf = "dir/name"; fails if it does not fit. */
void join_path(char *buf, size_t len, const char *dir, const char *name);
/* Fails with ST_NO_DRIVER if the driver's sysfs directory is missing. */
void require_sysfs(void);
/*
 * Reads one sysfs attribute into buf without its trailing newline.
 * Returns false if it cannot be read.
 */
bool read_attr(const char *dir, const char *name, char *buf, size_t len);
/* The same from an attribute kept open (read from offset 0 each time). */
bool read_attr_fd(int fd, char *buf, size_t len);
/*
 * Resolves a cell given by id or name through
 * /sys/devices/jailhouse/cells/. Fails with ST_REFUSED, listing the
 * existing cells, if there is no such cell (as the driver would).
 */
void resolve_cell(const char *arg, struct jh_ioctl_cell_id *cell);
/* Ids of the cells listed in sysfs, ascending; *ids is malloc'ed. */
size_t sysfs_cell_ids(int32_t **ids);
/* "/sys/devices/jailhouse/cells/<id>" */
void cell_dir(int32_t id, char *buf, size_t len);

/* cfgfile.c: config files */

enum config_kind { CONFIG_SYSTEM, CONFIG_CELL };

struct config_file {
	const char *path;
	void *data;
	uint64_t size;
	enum config_kind kind;
};

/* Kind a file's signature claims; def if it has neither signature. */
enum config_kind config_guess_kind(const struct config_file *cf,
				   enum config_kind def);
/* The arch field of the header, 0 if the file is too short. */
uint32_t config_arch(const struct config_file *cf);
/*
 * Structural check of cf as cf->kind for arch with the shared validator.
 * Returns true if it passes; otherwise writes the validator's message
 * into msg.
 */
bool config_validate(const struct config_file *cf, uint32_t arch,
		     char *msg, size_t len);
/*
 * Reads path and checks it as kind for this machine's arch, before the
 * driver sees it. Fails with ST_BAD_INPUT naming the file.
 */
void config_load(const char *path, enum config_kind kind,
		 struct config_file *cf);

#endif /* JAILHOUSE_CLI_H */
