// SPDX-License-Identifier: GPL-2.0
/*
 * wake-profile: a QEMU TCG plugin that shows where a vCPU's instructions
 * go between two idle periods (Documentation/linux-cell.md, PREEMPT_RT).
 * A measuring aid for -icount runs, not a test.
 *
 * A "wake" of a vCPU runs from the first translation block it executes
 * after a wfi to the next block that ends in a wfi. Every block is filed
 * by its address under the hypervisor's EL2 image (HV_VIRT_BASE, 8 MiB),
 * the kernel (top bit set) or user space. Output, WAKE_PROFILE_OUT
 * (default wake-profile) as prefix:
 *
 *   PREFIX.wakes  one line per wake that ran guest code:
 *                 cpu start span hyp kernel user to_user hyp_entries pc
 *                 start/span: instructions of all vCPUs (virtual ns
 *                 under -icount shift=0) before and during the wake;
 *                 to_user: the vCPU's own instructions before its first
 *                 user one (0: none); pc: the block with the wfi
 *   PREFIX.hist   per vCPU, the blocks executed before the first user
 *                 instruction of wakes that reached user space:
 *                 cpu pc instructions executions; "# cpu N wakes W
 *                 hyp_wfi H" heads each vCPU (H: wfis at EL2)
 *
 * Counting is per block: a block cut short by a synchronous exception
 * counts whole. Built against the plugin API of QEMU 7.2 (version 1),
 * declared here; tests/rt/wake-profile.py reads the files.
 *
 *   gcc -O2 -shared -fPIC -o wake-profile.so tests/rt/wake-profile.c
 *   JH_QEMU_ARGS="-plugin $PWD/wake-profile.so" WAKE_PROFILE_OUT=/tmp/wp \
 *       JH_KERNEL=6.1-rt tests/bench/run arm64 SCENARIO
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The QEMU plugin API (include/qemu/qemu-plugin.h of QEMU 7.2). */
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef void (*vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb_t)(qemu_plugin_id_t id, void *udata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  vcpu_udata_cb_t cb, int flags,
					  void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb_t cb,
				    void *udata);

#define EXPORT			__attribute__((visibility("default")))
#define CB_NO_REGS		0
#define HYP_START		0x0000ff8000000000ULL	/* HV_VIRT_BASE */
#define HYP_END			(HYP_START + (8ULL << 20))
#define A64_WFI			0xd503207fU
#define MAX_VCPUS		8
#define TRAIL			8192	/* blocks kept until the first user one */
#define HIST_SIZE		(1U << 16)
#define DUMP_EVERY		100	/* wakes; QEMU may be killed, not exit */

EXPORT int qemu_plugin_version = 1;

enum region { R_HYP, R_KERNEL, R_USER, R_COUNT };

struct block {
	uint64_t pc;
	uint32_t insns;
	uint8_t region;
	uint8_t wfi;
};

struct hist_entry {
	uint64_t pc, insns, execs;
};

struct vcpu {
	int awake;
	uint64_t start, count[R_COUNT], to_user, hyp_entries;
	int last_region, user_seen;
	unsigned int trail_len;
	const struct block *trail[TRAIL];
	uint64_t wakes, hyp_wfi;
	struct hist_entry hist[HIST_SIZE];
};

static struct vcpu *vcpus;
static uint64_t all_insns;
static FILE *wakes_out;
static char hist_path[4096];

static enum region region_of(uint64_t pc)
{
	if (pc >= HYP_START && pc < HYP_END)
		return R_HYP;
	return (pc >> 63) ? R_KERNEL : R_USER;
}

static void hist_add(struct vcpu *v, const struct block *b)
{
	uint32_t h = (uint32_t)(((b->pc >> 2) * 0x9e3779b97f4a7c15ULL) >> 48);
	unsigned int n;

	for (n = 0; n < HIST_SIZE; n++, h++) {
		struct hist_entry *e = &v->hist[h & (HIST_SIZE - 1)];

		if (e->pc == 0)
			e->pc = b->pc;
		if (e->pc == b->pc) {
			e->insns += b->insns;
			e->execs++;
			return;
		}
	}
}

static void dump_hist(void)
{
	FILE *f = fopen(hist_path, "w");
	unsigned int c, n;

	if (!f)
		return;
	for (c = 0; c < MAX_VCPUS; c++) {
		struct vcpu *v = &vcpus[c];

		fprintf(f, "# cpu %u wakes %llu hyp_wfi %llu\n", c,
			(unsigned long long)v->wakes,
			(unsigned long long)v->hyp_wfi);
		for (n = 0; n < HIST_SIZE; n++) {
			if (v->hist[n].pc)
				fprintf(f, "%u %llx %llu %llu\n", c,
					(unsigned long long)v->hist[n].pc,
					(unsigned long long)v->hist[n].insns,
					(unsigned long long)v->hist[n].execs);
		}
	}
	fclose(f);
}

static void end_wake(unsigned int cpu, struct vcpu *v, const struct block *b)
{
	unsigned int n;

	if (b->region == R_HYP)
		v->hyp_wfi++;
	v->awake = 0;
	/* A parked CPU's loop (EL2 only) is not a wake of the guest. */
	if (v->count[R_KERNEL] == 0 && v->count[R_USER] == 0)
		return;
	fprintf(wakes_out, "%u %llu %llu %llu %llu %llu %llu %llu %llx\n", cpu,
		(unsigned long long)v->start,
		(unsigned long long)(all_insns - v->start),
		(unsigned long long)v->count[R_HYP],
		(unsigned long long)v->count[R_KERNEL],
		(unsigned long long)v->count[R_USER],
		(unsigned long long)v->to_user,
		(unsigned long long)v->hyp_entries,
		(unsigned long long)b->pc);
	if (!v->user_seen)
		return;
	for (n = 0; n < v->trail_len; n++)
		hist_add(v, v->trail[n]);
	if (++v->wakes % DUMP_EVERY == 0) {
		fflush(wakes_out);
		dump_hist();
	}
}

static void block_exec(unsigned int cpu, void *udata)
{
	const struct block *b = udata;
	struct vcpu *v;

	all_insns += b->insns;
	if (cpu >= MAX_VCPUS)
		return;
	v = &vcpus[cpu];
	if (!v->awake) {
		v->awake = 1;
		v->start = all_insns - b->insns;
		memset(v->count, 0, sizeof(v->count));
		v->to_user = 0;
		v->hyp_entries = 0;
		v->last_region = -1;
		v->user_seen = 0;
		v->trail_len = 0;
	}
	if (b->region == R_USER && !v->user_seen) {
		v->user_seen = 1;
		v->to_user = v->count[R_HYP] + v->count[R_KERNEL];
	}
	if (b->region == R_HYP && v->last_region != R_HYP)
		v->hyp_entries++;
	v->last_region = b->region;
	v->count[b->region] += b->insns;
	if (!v->user_seen && v->trail_len < TRAIL)
		v->trail[v->trail_len++] = b;
	if (b->wfi)
		end_wake(cpu, v, b);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct qemu_plugin_insn *last = qemu_plugin_tb_get_insn(tb, n - 1);
	/* Never freed: QEMU may run a block's callback until it exits. */
	struct block *b = calloc(1, sizeof(*b));
	uint32_t word = 0;

	(void)id;
	if (!b)
		abort();
	b->pc = qemu_plugin_tb_vaddr(tb);
	b->insns = (uint32_t)n;
	b->region = region_of(b->pc);
	if (qemu_plugin_insn_size(last) == sizeof(word)) {
		memcpy(&word, qemu_plugin_insn_data(last), sizeof(word));
		b->wfi = word == A64_WFI;
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec, CB_NO_REGS, b);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	fflush(wakes_out);
	dump_hist();
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const void *info,
			       int argc, char **argv)
{
	const char *prefix = getenv("WAKE_PROFILE_OUT");
	char path[4096];

	(void)info;
	(void)argc;
	(void)argv;
	if (!prefix)
		prefix = "wake-profile";
	snprintf(path, sizeof(path), "%s.wakes", prefix);
	snprintf(hist_path, sizeof(hist_path), "%s.hist", prefix);
	vcpus = calloc(MAX_VCPUS, sizeof(*vcpus));
	wakes_out = fopen(path, "w");
	if (!vcpus || !wakes_out) {
		fprintf(stderr, "wake-profile: cannot write %s\n", path);
		return -1;
	}
	setvbuf(wakes_out, NULL, _IOFBF, 1 << 20);
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
