#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py OUT ARCH...: make bench's table from the logs tests/perf/bench
left in OUT (build/bench/perf). Writes OUT/bench.md and OUT/ARCH.csv (raw
samples: setup,index,ns) and prints the table. Every figure is read from
what the guests printed: "latency-raw" lines of the timer-latency inmate,
"jailhouse cell stats -n 1" tables, the x86 inmate's "APIC access" line
(one TSC-bracketed APIC read and write: in a cell, an exit each) and the
image files' sizes."""
import os
import re
import sys

RAW = re.compile(r'(?:^|\] )latency-raw (\d+):((?: \d+)+)$')
STATS_TITLE = re.compile(r'^cell (\S+) \(id (\d+)\): exits per second over ([\d.]+) s')
ROW = re.compile(r'^([a-z]+) +([\d. -]+)$')
ACCESS = re.compile(r'APIC access read (\d+) ns write (\d+) ns')


PHASE = 'bench-phase: busy root'


def log_lines(path, phase):
    """The lines of a log before the busy-root marker (phase "idle") or
    after it ("busy")."""
    if not os.path.exists(path):
        return []
    lines = [line.rstrip('\n') for line in open(path, errors='replace')]
    marks = [i for i, line in enumerate(lines) if line == PHASE]
    cut = marks[-1] if marks else len(lines)
    return lines[:cut] if phase == 'idle' else lines[cut:]


def samples(lines):
    """The raw samples among lines, by index (a line garbled on the shared
    console is left out, so fewer than asked for may come back)."""
    found = {}
    for line in lines:
        m = RAW.search(line.rstrip('\n'))
        if m:
            for i, v in enumerate(m.group(2).split()):
                found[int(m.group(1)) + i] = int(v)
    return [found[i] for i in sorted(found)]


def percentile(sorted_values, p):
    """Nearest-rank percentile."""
    if not sorted_values:
        return None
    k = max(0, min(len(sorted_values) - 1,
                   int(-(-p * len(sorted_values) // 100)) - 1))
    return sorted_values[k]


def stats_tables(lines):
    """[(cell, seconds, header, {counter: [rates]})] among lines."""
    tables = []
    for i, line in enumerate(lines):
        m = STATS_TITLE.match(line)
        if not m or i + 1 >= len(lines):
            continue
        header = lines[i + 1].split('  ')
        cpus = [h.strip() for h in header[1:] if h.strip()]
        rows = {}
        for row in lines[i + 2:]:
            r = ROW.match(row)
            if not r:
                break
            rows[r.group(1)] = r.group(2).split()
        tables.append((m.group(1), m.group(3), cpus, rows))
    return tables


def histogram(values, lines=8, width=40):
    if not values:
        return []
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    top = sorted(counts.items(), key=lambda kv: -kv[1])[:lines]
    peak = max(c for _, c in top)
    out = ['    %8d ns %5d %s' % (v, c, '#' * max(1, c * width // peak))
           for v, c in sorted(top)]
    if len(counts) > lines:
        out.append('    (%d other values, %d samples)' %
                   (len(counts) - lines,
                    len(values) - sum(c for _, c in top)))
    return out


def fmt(v):
    return '-' if v is None else str(v)


def main(out, arches):
    md = ['# make bench', '',
          'QEMU -icount shift=0,align=off,sleep=off (1 instruction = 1 ns). '
          'Timer latency of the timer-latency inmate, period 1000 us, the '
          'first 1000 samples.', '',
          '## P1: timer latency (ns)', '',
          '| arch | setup | samples | min | median | p99 | max |',
          '|---|---|---|---|---|---|---|']
    hists = []
    p2 = ['', '## P2: exits per second by reason (steady state, cell running)',
          '', '| arch | root | cell | CPU | reason: exits/s (non-zero) |',
          '|---|---|---|---|---|']
    access = ['', '## APIC access: one read, one write (ns, TSC-bracketed, '
              'best of 16; in a cell each is an exit)', '',
              '| arch | setup | read | write |', '|---|---|---|---|']
    sizes = ['', '## Image sizes (bytes)', '', '| arch | image | file | size |',
             '|---|---|---|---|']
    for arch in arches:
        csv = ['setup,index,ns']
        cell_log = os.path.join(out, '%s-cell.log' % arch)
        bare_log = os.path.join(out, '%s-baremetal/console.log' % arch)
        for setup, lines in (('bare-metal', log_lines(bare_log, 'idle')),
                             ('cell', log_lines(cell_log, 'idle')),
                             ('cell, busy root', log_lines(cell_log, 'busy'))):
            vals = samples(lines)
            csv += ['%s,%d,%d' % (setup, i, v) for i, v in enumerate(vals)]
            s = sorted(vals)
            md.append('| %s | %s | %d | %s | %s | %s | %s |' % (
                arch, setup, len(vals), fmt(s[0] if s else None),
                fmt(percentile(s, 50)), fmt(percentile(s, 99)),
                fmt(s[-1] if s else None)))
            hists.append('  %s %s:' % (arch, setup))
            costs = [m.groups() for m in map(ACCESS.search, lines) if m]
            if costs:
                access.append('| %s | %s | %s | %s |' % (
                    arch, setup, costs[-1][0], costs[-1][1]))
            hists += histogram(vals) or ['    no samples']
        with open(os.path.join(out, '%s.csv' % arch), 'w') as f:
            f.write('\n'.join(csv) + '\n')
        for root in ('idle', 'busy'):
            for cell, secs, cpus, rows in stats_tables(
                    log_lines(cell_log, root)):
                for c, cpu in enumerate(cpus):
                    nonzero = ['%s %s' % (name, rates[c])
                               for name, rates in rows.items()
                               if c < len(rates) and
                               rates[c] not in ('-', '0.0')]
                    p2.append('| %s | %s | %s | %s | %s |' % (
                        arch, root, cell, cpu, ', '.join(nonzero) or 'none'))
        images = os.path.join(out, '%s-images' % arch)
        if os.path.exists(images):
            for line in open(images):
                kind, _, path = line.strip().partition(' ')
                size = os.path.getsize(path) if os.path.isfile(path) else None
                sizes.append('| %s | %s | %s | %s |' % (
                    arch, kind, os.path.basename(path) or '-', fmt(size)))
    md += ['', 'Histograms (most frequent values):', '', '```'] + hists + \
        ['```'] + p2 + (access if len(access) > 5 else []) + sizes
    text = '\n'.join(md) + '\n'
    with open(os.path.join(out, 'bench.md'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
