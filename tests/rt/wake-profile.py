#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""wake-profile.py PREFIX CPU... [--vmlinux FILE]: what tests/rt/wake-profile.c
counted (Documentation/linux-cell.md, PREEMPT_RT).

For each CPU named: the median, 10th and 90th percentile of its wakes
that reached user space (cyclictest's, on its pinned CPU), split into
hypervisor (EL2), kernel and user instructions, those before the first
user instruction, EL2 entries, and what all vCPUs executed meanwhile.

With --vmlinux (Debian's linux-image-*-dbg has it, with symbols): the
instructions per wake before the first user one, by kernel function, for
the first two CPUs named side by side and their difference, largest
differences first. A KASLR slide is found from the idle loop (the block
that ends in the kernel's wfi starts at cpu_do_idle).
"""
import argparse
import bisect
import collections
import statistics
import subprocess

HYP_START = 0x0000FF8000000000
HYP_END = HYP_START + (8 << 20)
COLUMNS = ("span", "hyp", "kernel", "user", "to_user", "hyp_entries")


def read_wakes(path):
    """cpu -> list of dicts, wakes that reached user space."""
    wakes = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) != 9:
                continue        # a line cut short by a killed QEMU
            w = dict(zip(("start",) + COLUMNS, map(int, p[1:8])))
            w["pc"] = int(p[8], 16)
            if w["user"] > 0:
                wakes[int(p[0])].append(w)
    return wakes


def idle_pc(path, cpu):
    """The most frequent kernel block that ends in a wfi on cpu."""
    pcs = collections.Counter()
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 9 and int(p[0]) == cpu and int(p[8], 16) >> 63:
                pcs[int(p[8], 16)] += 1
    return pcs.most_common(1)[0][0] if pcs else None


def read_hist(path):
    """cpu -> (wakes, {pc: instructions})."""
    hist = {}
    cpu = None
    with open(path) as f:
        for line in f:
            p = line.split()
            if line.startswith("#"):
                cpu = int(p[2])
                hist[cpu] = (int(p[4]), collections.Counter())
            elif cpu is not None and len(p) == 4:
                hist[int(p[0])][1][int(p[1], 16)] += int(p[2])
    return hist


def kernel_symbols(vmlinux):
    """Sorted addresses and names of the text symbols."""
    out = subprocess.run(["nm", "-n", vmlinux], capture_output=True,
                         text=True, check=True).stdout
    addrs, names = [], []
    for line in out.splitlines():
        p = line.split()
        if len(p) >= 3 and p[1] in "tTwW":
            addrs.append(int(p[0], 16))
            names.append(p[2])
    return addrs, names


def summary(wakes, cpus):
    for cpu in cpus:
        w = wakes.get(cpu, [])
        print(f"cpu {cpu}: {len(w)} wakes reached user space")
        if not w:
            continue
        for col in COLUMNS:
            v = sorted(x[col] for x in w)
            print(f"  {col:12s} p10 {v[len(v) // 10]:9d} "
                  f"median {int(statistics.median(v)):9d} "
                  f"p90 {v[len(v) * 9 // 10]:9d}")


def profile(prefix, cpus, vmlinux, rows):
    addrs, names = kernel_symbols(vmlinux)
    idle = addrs[names.index("cpu_do_idle")]
    hist = read_hist(prefix + ".hist")
    per_cpu = []
    for cpu in cpus[:2]:
        pc = idle_pc(prefix + ".wakes", cpu)
        slide = pc - idle if pc is not None else 0
        nwakes, blocks = hist.get(cpu, (0, collections.Counter()))
        funcs = collections.Counter()
        for pc, insns in blocks.items():
            if HYP_START <= pc < HYP_END:
                name = "(hypervisor)"
            elif pc >> 63:
                i = bisect.bisect_right(addrs, pc - slide) - 1
                name = names[i] if i >= 0 else "?"
            else:
                name = "(user)"
            funcs[name] += insns
        per_cpu.append((cpu, max(nwakes, 1), funcs))
    (ca, na, fa), (cb, nb, fb) = per_cpu[0], per_cpu[-1]
    diff = sorted(((fb[n] / nb - fa[n] / na, n) for n in set(fa) | set(fb)),
                  key=lambda x: -abs(x[0]))
    print(f"\nper wake, before the first user instruction: "
          f"cpu {ca} ({na} wakes), cpu {cb} ({nb} wakes), difference")
    print(f"  {'total':40s} {sum(fa.values()) / na:9.0f} "
          f"{sum(fb.values()) / nb:9.0f}")
    for d, name in diff[:rows]:
        print(f"  {name:40s} {fa[name] / na:9.0f} {fb[name] / nb:9.0f} "
              f"{d:+9.0f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("prefix", help="WAKE_PROFILE_OUT of the run")
    ap.add_argument("cpus", type=int, nargs="+")
    ap.add_argument("--vmlinux", help="the guest kernel, with symbols")
    ap.add_argument("--rows", type=int, default=25)
    args = ap.parse_args()
    summary(read_wakes(args.prefix + ".wakes"), args.cpus)
    if args.vmlinux:
        profile(args.prefix, args.cpus, args.vmlinux, args.rows)


if __name__ == "__main__":
    main()
