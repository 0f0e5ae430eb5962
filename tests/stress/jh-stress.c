// SPDX-License-Identifier: GPL-2.0
/*
 * jh-stress: concurrent cell lifecycle calls from every root CPU.
 *
 *   jh-stress [-d SECONDS] [-c CHURN_SECONDS -s SYSTEM.cell] CELL.cell:IMAGE...
 *
 * Forks one worker per online CPU, pinned to it, each with its own open
 * /dev/jailhouse. Each worker loops for SECONDS: it creates one of the
 * given cells (configs that share CPUs: all but one concurrent creates
 * must be refused), loads its image, starts it, maybe shuts it down and
 * starts it again, and destroys it; when its create is refused it issues
 * start, shutdown or destroy on whatever cell id it guesses (another
 * worker's cell: double destroys, destroy during start). With -c, worker 0
 * also disables and re-enables the hypervisor every CHURN_SECONDS.
 *
 * After every call it checks that no CPU is in two cells (cpus_assigned of
 * /sys/devices/jailhouse/cells/N; reading cells' state and cpus_failed on
 * the way issues GET_STATE and CPU_GET_INFO hypercalls outside the
 * driver's mutex) and, whenever only the root cell exists, that the
 * hypervisor's page pool is back at its baseline. At the end it destroys
 * what is left and checks both once more.
 *
 * The driver serialises its ioctls with one mutex, so lifecycle
 * hypercalls never overlap each other here; what overlaps is each of them
 * with sysfs reads (GET_STATE, CPU_GET_INFO hypercalls), with guests
 * running and failing on other CPUs, and with Linux taking CPUs off and
 * on line. Exit 0 if no double ownership and no leak was seen and at
 * least one cell was created.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jailhouse/ioctl.h>

#define SYSFS		"/sys/devices/jailhouse"
#define MAX_CELLS	8
#define MAX_WORKERS	64
#define MAX_MSGS	12	/* distinct refusal messages shown */
#define RECHECK_TRIES	5	/* a double owner must persist to count */

enum op { OP_CREATE, OP_LOAD, OP_START, OP_SHUTDOWN, OP_DESTROY,
	  OP_DISABLE, OP_ENABLE, NUM_OPS };
static const char *const op_name[NUM_OPS] = {
	"create", "load", "start", "shutdown", "destroy", "disable", "enable",
};

struct blob {
	void *data;
	size_t size;
};

struct cell_kind {
	const char *cfg_path, *img_path;
	struct blob cfg, img;
};

/* Shared by all workers (MAP_SHARED). */
struct shared {
	unsigned long ok[NUM_OPS], refused[NUM_OPS];
	unsigned long checks, double_owner, leaks;
	unsigned int nmsgs;
	char msgs[MAX_MSGS][JH_ERROR_LEN + 16];
	uint64_t base_pool;
	uint32_t base_cells;
};

static struct shared *sh;
static struct cell_kind kinds[MAX_CELLS];
static unsigned int nkinds;
static struct blob sysconfig;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("jh-stress: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static struct blob read_blob(const char *path)
{
	struct blob b = { NULL, 0 };
	struct stat st;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) < 0)
		die("%s: %s", path, strerror(errno));
	b.size = (size_t)st.st_size;
	b.data = malloc(b.size ?: 1);
	if (!b.data || read(fd, b.data, b.size) != (ssize_t)b.size)
		die("%s: cannot read", path);
	close(fd);
	return b;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Keeps the first few distinct refusal texts for the summary. */
static void note_refusal(int fd, enum op op)
{
	struct jh_ioctl_error e;
	char line[sizeof(sh->msgs[0])];
	unsigned int n;

	memset(&e, 0, sizeof(e));
	if (ioctl(fd, JH_IOCTL_LAST_ERROR, &e) < 0 || !e.message[0])
		snprintf(e.message, sizeof(e.message), "%s", strerror(errno));
	e.message[sizeof(e.message) - 1] = '\0';
	snprintf(line, sizeof(line), "%s: %s", op_name[op], e.message);
	/* Racy between workers: at worst a message shows twice. */
	for (n = 0; n < sh->nmsgs && n < MAX_MSGS; n++)
		if (!strcmp(sh->msgs[n], line))
			return;
	n = __atomic_fetch_add(&sh->nmsgs, 1, __ATOMIC_SEQ_CST);
	if (n < MAX_MSGS)
		memcpy(sh->msgs[n], line, sizeof(line));
}

static long count(int fd, enum op op, long ret)
{
	if (ret < 0) {
		__atomic_fetch_add(&sh->refused[op], 1, __ATOMIC_RELAXED);
		note_refusal(fd, op);
	} else {
		__atomic_fetch_add(&sh->ok[op], 1, __ATOMIC_RELAXED);
	}
	return ret;
}

static long cell_create(int fd, const struct cell_kind *k)
{
	struct jh_ioctl_config req = {
		.address = (uintptr_t)k->cfg.data,
		.size = (uint32_t)k->cfg.size,
	};

	return count(fd, OP_CREATE, ioctl(fd, JH_IOCTL_CELL_CREATE, &req));
}

static long cell_load(int fd, int id, const struct cell_kind *k)
{
	struct {
		struct jh_ioctl_cell_load head;
		struct jh_ioctl_image img;
	} req;

	memset(&req, 0, sizeof(req));
	req.head.cell.id = id;
	req.head.num_images = 1;
	req.img.source = (uintptr_t)k->img.data;
	req.img.size = k->img.size;
	return count(fd, OP_LOAD, ioctl(fd, JH_IOCTL_CELL_LOAD, &req));
}

static long cell_call(int fd, int id, enum op op)
{
	struct jh_ioctl_cell_id req;
	unsigned long code = op == OP_START ? JH_IOCTL_CELL_START :
		op == OP_SHUTDOWN ? JH_IOCTL_CELL_SHUTDOWN :
		JH_IOCTL_CELL_DESTROY;

	memset(&req, 0, sizeof(req));
	req.id = id;
	return count(fd, op, ioctl(fd, code, &req));
}

static long hv_enable(int fd)
{
	struct jh_ioctl_config req = {
		.address = (uintptr_t)sysconfig.data,
		.size = (uint32_t)sysconfig.size,
	};

	return count(fd, OP_ENABLE, ioctl(fd, JH_IOCTL_ENABLE, &req));
}

static bool get_status(int fd, struct jh_ioctl_status *st)
{
	memset(st, 0, sizeof(*st));
	return ioctl(fd, JH_IOCTL_GET_STATUS, st) == 0;
}

static bool read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	return ok;
}

/* "0-2,5" -> bit mask (CPUs 0..63). */
static uint64_t parse_cpulist(const char *s)
{
	uint64_t mask = 0;
	unsigned long a, b;
	char *end;

	while (*s && *s != '\n') {
		a = strtoul(s, &end, 10);
		if (end == s)
			break;
		b = a;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		for (; a <= b && a < 64; a++)
			mask |= 1ULL << a;
		s = *end == ',' ? end + 1 : end;
	}
	return mask;
}

/*
 * One look at every listed cell: returns the CPUs owned twice. Reads each
 * cell's state and failed CPUs too (hypercalls outside the driver lock).
 */
static uint64_t owned_twice(unsigned int *ncells)
{
	char path[300], buf[256];
	uint64_t seen = 0, twice = 0, m;
	struct dirent *de;
	DIR *d = opendir(SYSFS "/cells");

	*ncells = 0;
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), SYSFS "/cells/%s/state",
			 de->d_name);
		read_line(path, buf, sizeof(buf));
		snprintf(path, sizeof(path), SYSFS "/cells/%s/cpus_failed",
			 de->d_name);
		read_line(path, buf, sizeof(buf));
		snprintf(path, sizeof(path), SYSFS "/cells/%s/cpus_assigned",
			 de->d_name);
		if (!read_line(path, buf, sizeof(buf)))
			continue;	/* went away meanwhile */
		m = parse_cpulist(buf);
		twice |= seen & m;
		seen |= m;
		(*ncells)++;
	}
	closedir(d);
	return twice;
}

/*
 * The driver's destroy gives the CPUs back to the root's list, brings
 * them online and only then removes the cell's directory, all under its
 * mutex: a reader sees the CPU in both for that long. So a double owner
 * counts only if it is still there after the driver's mutex was passed
 * (GET_STATUS takes it) RECHECK_TRIES times.
 */
static void check(int fd)
{
	struct jh_ioctl_status st;
	unsigned int tries, ncells;
	uint64_t twice = 0;

	__atomic_fetch_add(&sh->checks, 1, __ATOMIC_RELAXED);
	for (tries = 0; tries < RECHECK_TRIES; tries++) {
		twice = owned_twice(&ncells);
		if (!twice)
			break;
		get_status(fd, &st);
		usleep(5000);
	}
	if (twice) {
		__atomic_fetch_add(&sh->double_owner, 1, __ATOMIC_RELAXED);
		printf("jh-stress: DOUBLE OWNERSHIP of CPUs 0x%llx\n",
		       (unsigned long long)twice);
	}
	/* Status comes under the driver's lock: cells and pool agree. */
	if (get_status(fd, &st) && st.enabled &&
	    st.num_cells == sh->base_cells &&
	    st.mem_pool_used != sh->base_pool) {
		__atomic_fetch_add(&sh->leaks, 1, __ATOMIC_RELAXED);
		printf("jh-stress: LEAK: no cell left, pool %llu pages used, baseline %llu\n",
		       (unsigned long long)st.mem_pool_used,
		       (unsigned long long)sh->base_pool);
	}
}

static void pin(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	/* Fails while the CPU is given to a cell; the worker just floats. */
	sched_setaffinity(0, sizeof(set), &set);
}

/* A start, shutdown or destroy on any cell id: maybe another's. */
static void foreign_call(int fd, unsigned int *seed)
{
	static const enum op ops[] = { OP_START, OP_SHUTDOWN, OP_DESTROY };
	int id = 1 + (int)(rand_r(seed) % 2);

	cell_call(fd, id, ops[rand_r(seed) % 3]);
	check(fd);
}

static void churn(int fd)
{
	count(fd, OP_DISABLE, ioctl(fd, JH_IOCTL_DISABLE));
	check(fd);
	hv_enable(fd);
	check(fd);
}

static void worker(unsigned int n, unsigned int cpu, double end,
		   double churn_period)
{
	unsigned int seed = 0x9e3779b9u * (n + 1) ^ (unsigned int)getpid();
	double next_churn = now() + churn_period;
	const struct cell_kind *k;
	int fd, id;

	fd = open("/dev/jailhouse", O_RDWR);
	if (fd < 0)
		die("/dev/jailhouse: %s", strerror(errno));
	while (now() < end) {
		pin(cpu);
		if (n == 0 && churn_period > 0 && now() >= next_churn) {
			churn(fd);
			next_churn = now() + churn_period;
		}
		k = &kinds[rand_r(&seed) % nkinds];
		id = (int)cell_create(fd, k);
		check(fd);
		if (id <= 0) {
			foreign_call(fd, &seed);
			usleep(rand_r(&seed) % 20000);
			continue;
		}
		cell_load(fd, id, k);
		check(fd);
		cell_call(fd, id, OP_START);
		check(fd);
		usleep(rand_r(&seed) % 50000);
		if (rand_r(&seed) % 2) {
			cell_call(fd, id, OP_SHUTDOWN);
			check(fd);
			cell_call(fd, id, OP_START);
			check(fd);
		}
		cell_call(fd, id, OP_DESTROY);
		check(fd);
	}
	close(fd);
	exit(0);
}

/* Destroys every cell still listed (root is id 0). */
static void destroy_all(int fd)
{
	struct dirent *de;
	unsigned int tries;
	bool left = true;
	DIR *d;
	int id;

	for (tries = 0; left && tries < 5; tries++) {
		left = false;
		d = opendir(SYSFS "/cells");
		if (!d)
			return;
		while ((de = readdir(d))) {
			id = atoi(de->d_name);
			if (de->d_name[0] == '.' || id <= 0)
				continue;
			left = true;
			cell_call(fd, id, OP_DESTROY);
		}
		closedir(d);
	}
}

static void usage(void)
{
	fprintf(stderr,
		"usage: jh-stress [-d SECONDS] [-c CHURN_SECONDS -s SYSTEM.cell] CELL.cell:IMAGE...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double seconds = 20, churn_period = 0, start, end;
	unsigned int nworkers = 0, cpu, n, ncells;
	const char *sys_path = NULL;
	pid_t pids[MAX_WORKERS];
	struct jh_ioctl_status st;
	cpu_set_t online;
	bool bad = false;
	int opt, fd, status;
	char *colon;

	while ((opt = getopt(argc, argv, "d:c:s:")) != -1) {
		switch (opt) {
		case 'd': seconds = atof(optarg); break;
		case 'c': churn_period = atof(optarg); break;
		case 's': sys_path = optarg; break;
		default: usage();
		}
	}
	if (optind == argc || (churn_period > 0 && !sys_path))
		usage();
	for (; optind < argc && nkinds < MAX_CELLS; optind++) {
		colon = strchr(argv[optind], ':');
		if (!colon)
			usage();
		*colon = '\0';
		kinds[nkinds].cfg_path = argv[optind];
		kinds[nkinds].img_path = colon + 1;
		kinds[nkinds].cfg = read_blob(argv[optind]);
		kinds[nkinds].img = read_blob(colon + 1);
		nkinds++;
	}
	if (sys_path)
		sysconfig = read_blob(sys_path);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	fd = open("/dev/jailhouse", O_RDWR);
	if (fd < 0)
		die("/dev/jailhouse: %s", strerror(errno));
	if (!get_status(fd, &st) || !st.enabled)
		die("the hypervisor is not enabled");
	if (owned_twice(&ncells) || ncells != 1 || st.num_cells != 1)
		die("start with the root cell only (%u cells listed)", ncells);
	sh->base_cells = st.num_cells;
	sh->base_pool = st.mem_pool_used;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (sched_getaffinity(0, sizeof(online), &online) < 0)
		die("sched_getaffinity: %s", strerror(errno));
	printf("jh-stress: %.0f s, %u cell configs, churn %s, page pool baseline %llu pages\n",
	       seconds, nkinds, churn_period > 0 ? "on" : "off",
	       (unsigned long long)sh->base_pool);
	start = now();
	end = start + seconds;
	for (cpu = 0; cpu < CPU_SETSIZE && nworkers < MAX_WORKERS; cpu++) {
		if (!CPU_ISSET(cpu, &online))
			continue;
		pids[nworkers] = fork();
		if (pids[nworkers] < 0)
			die("fork: %s", strerror(errno));
		if (pids[nworkers] == 0)
			worker(nworkers, cpu, end, churn_period);
		nworkers++;
	}
	for (n = 0; n < nworkers; n++)
		if (waitpid(pids[n], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			printf("jh-stress: worker %u ended abnormally\n", n);
			bad = true;
		}

	/* The end: enabled again if churn left it off, nothing left over. */
	if (get_status(fd, &st) && !st.enabled && sys_path)
		hv_enable(fd);
	destroy_all(fd);
	check(fd);
	if (!get_status(fd, &st) || !st.enabled ||
	    st.num_cells != sh->base_cells) {
		printf("jh-stress: at the end: enabled %u, %u cells (want %u)\n",
		       st.enabled, st.num_cells, sh->base_cells);
		bad = true;
	}
	close(fd);

	printf("jh-stress: %u workers, %.1f s, %lu checks\n", nworkers,
	       now() - start, sh->checks);
	for (n = 0; n < NUM_OPS; n++)
		if (sh->ok[n] || sh->refused[n])
			printf("  %-8s %6lu ok %6lu refused\n", op_name[n],
			       sh->ok[n], sh->refused[n]);
	for (n = 0; n < sh->nmsgs && n < MAX_MSGS; n++)
		printf("  refused: %s\n", sh->msgs[n]);
	printf("  double ownership %lu, pool leaks %lu (baseline %llu, end %llu pages)\n",
	       sh->double_owner, sh->leaks, (unsigned long long)sh->base_pool,
	       (unsigned long long)st.mem_pool_used);
	if (!sh->ok[OP_CREATE]) {
		printf("jh-stress: no cell was ever created\n");
		bad = true;
	}
	bad |= sh->double_owner || sh->leaks;
	printf("jh-stress: %s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
