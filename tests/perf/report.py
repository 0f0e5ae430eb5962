#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py OUT ARCH...: make bench's table from the logs tests/perf/bench
left in OUT (build/bench/perf). Writes OUT/bench.md and OUT/ARCH.csv (raw
samples: setup,index,ns) and prints the table. Every figure is read from
what the guests printed: "latency-raw" lines of the timer-latency inmate,
"jailhouse cell stats -n 1" tables, the hypervisor's or "cell create"'s
line about the delivery path a cell got, the x86 inmate's "APIC access" line
(one TSC-bracketed APIC read and write: in a cell, an exit each), the
image files' sizes and cloc's count of the hypervisor's sources
(ARCH-cloc.csv, of the files tests/perf/hv-sources named)."""
import csv
import os
import re
import sys

RAW = re.compile(r'(?:^|\] )latency-raw (\d+):((?: \d+)+)$')
STATS_TITLE = re.compile(r'^cell (\S+) \(id (\d+)\): exits per second over ([\d.]+) s')
ROW = re.compile(r'^([a-z]+) +([\d. -]+)$')
ACCESS = re.compile(r'APIC access read (\d+) ns write (\d+) ns')


# bench-timer.scn's phases, in order: each starts at its marker line; the
# "idle" phase is everything before the first marker.
PHASES = (('idle', None), ('10hz', 'bench-phase: 10 Hz'),
          ('busy', 'bench-phase: busy root'),
          ('busy10hz', 'bench-phase: busy root 10 Hz'))
# The P1 runs of bench-timer.scn: (phase, label suffix).
RUNS = (('idle', ''), ('10hz', ' 10 Hz'), ('busy', ', busy root'),
        ('busy10hz', ' 10 Hz, busy root'))
RUN_HEADS = ('P1 1 kHz, idle root', 'P1 10 Hz, idle root',
             'P1 1 kHz, busy root', 'P1 10 Hz, busy root')
# The line that says which interrupt delivery path a cell got, from the
# hypervisor or "jailhouse cell create": it names the cell and says
# "interrupt delivery: direct" or "interrupt delivery: trapping", a reason
# may follow. Nothing else makes the bench call a row direct.
DELIVERY = re.compile(r'(?i)\binterrupt delivery\b\W*(direct|trapping|trapped)\b')
CELL = 'timer-demo'
STAMP = re.compile(r'(?:^|\] )stamp (\S+) (\d+)$')
IRQS = re.compile(r'(?:^|\] )irqs (\S+)((?: \d+)+)$')


def log_lines(path, phase):
    """The lines of a log that belong to phase (see PHASES)."""
    if not os.path.exists(path):
        return []
    lines = [line.rstrip('\n') for line in open(path, errors='replace')]
    starts = []
    for name, marker in PHASES:
        if marker is None:
            starts.append((name, 0))
            continue
        marks = [i for i, line in enumerate(lines) if line == marker]
        if marks:
            starts.append((name, marks[-1]))
    for k, (name, start) in enumerate(starts):
        if name == phase:
            end = starts[k + 1][1] if k + 1 < len(starts) else len(lines)
            return lines[start:end]
    return []


def stamps(lines):
    """{label: ns} and {label: [interrupts per CPU]} from jh-stamp lines."""
    ns, irqs = {}, {}
    for line in lines:
        m = STAMP.search(line)
        if m:
            ns[m.group(1)] = int(m.group(2))
        m = IRQS.search(line)
        if m:
            irqs[m.group(1)] = [int(v) for v in m.group(2).split()]
    return ns, irqs


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


def svg_histograms(panels, bins=60, width=640, panel_h=120):
    """An SVG of one latency histogram per (title, values) panel: linear
    latency axis from 0 to the panel's 99th percentile (rounded up), one
    overflow bar for the rest, logarithmic count axis."""
    import math
    pad, text_h = 50, 16
    height = len(panels) * (panel_h + 2 * text_h) + 10
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height)]
    y0 = 5
    for title, values in panels:
        out.append('<text x="%d" y="%d">%s (%d samples)</text>' %
                   (pad, y0 + 12, title, len(values)))
        top = y0 + text_h
        base = top + panel_h
        if values:
            s = sorted(values)
            hi = max(1, percentile(s, 99))
            step = max(1, -(-hi // bins))
            counts = [0] * (bins + 1)
            for v in values:
                counts[min(bins, v // step)] += 1
            peak = math.log10(max(counts) + 1)
            bar_w = (width - 2 * pad) / (bins + 1)
            for i, c in enumerate(counts):
                if not c:
                    continue
                h = panel_h * math.log10(c + 1) / peak
                out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" '
                           'fill="%s"><title>%s: %d</title></rect>' % (
                               pad + i * bar_w, base - h, max(1.0, bar_w - 1), h,
                               '#c33' if i == bins else '#36c',
                               '>= %d ns' % (i * step) if i == bins else
                               '%d-%d ns' % (i * step, (i + 1) * step - 1), c))
            out.append('<text x="%d" y="%d">0</text>' % (pad, base + 12))
            out.append('<text x="%d" y="%d" text-anchor="end">%d ns | over</text>'
                       % (width - pad, base + 12, bins * step))
            out.append('<text x="2" y="%d">log n</text>' % (top + 10))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' %
                   (pad, base, width - pad, base))
        y0 = base + text_h
    out.append('</svg>')
    return '\n'.join(out) + '\n'


P5_STEPS = (('enable', 'enable-0', 'enable-1'),
            ('cell create', 'create-0', 'create-1'),
            ('cell load', 'load-0', 'load-1'),
            ('cell start', 'start-0', 'start-1'),
            ('cell start to first inmate line (polled)', 'start-0', 'first-line'),
            ('cell destroy', 'destroy-0', 'destroy-1'),
            ('disable', 'disable-0', 'disable-1'))


def p5_rows(arch, ns):
    cost = ns.get('null-1', 0) - ns.get('null-0', 0) if 'null-0' in ns else None
    rows = ['| %s | one jh-stamp (subtracted below) | %s |' % (
        arch, '-' if cost is None else '%.3f' % (cost / 1e6))]
    for what, a, b in P5_STEPS:
        v = None
        if a in ns and b in ns:
            v = (ns[b] - ns[a] - (cost or 0)) / 1e6
        rows.append('| %s | %s | %s |' % (arch, what,
                                           '-' if v is None else '%.3f' % v))
    return rows


def p6_rows(arch, root, lines):
    """Root CPUs: exits/s (cell stats of cell 0) against interrupts/s
    (jh-stamp -i around it)."""
    ns, irqs = stamps(lines)
    a, b = ('p6-0', 'p6-1') if root == 'idle' else ('p6-busy-0', 'p6-busy-1')
    rows = []
    if a not in ns or b not in ns or a not in irqs or b not in irqs:
        return rows
    secs = (ns[b] - ns[a]) / 1e9
    for cell, _, cpus, table in stats_tables(lines):
        if cell == 'timer-demo':
            continue
        totals = table.get('total', [])
        for c, cpu in enumerate(cpus):
            num = int(cpu.split()[-1])
            if num >= len(irqs[a]) or c >= len(totals):
                continue
            rate = (irqs[b][num] - irqs[a][num]) / secs
            rows.append('| %s | %s | %s | %s | %.1f |' % (
                arch, root, cpu, totals[c], rate))
    return rows


def delivery(lines):
    """('direct' or 'trapping', the line) from the last line about CELL's
    delivery path, or (None, None) where nothing said which it got."""
    for line in reversed(lines):
        m = DELIVERY.search(line)
        if m and CELL in line:
            kind = m.group(1).lower()
            return ('direct' if kind == 'direct' else 'trapping', line.strip())
    return None, None


def cell_cpu_exits(lines):
    """{reason: exits/s} on CELL's CPU from the last stats table of CELL
    among lines (its only CPU), or {}."""
    found = {}
    for cell, _, cpus, rows in stats_tables(lines):
        if cell == CELL and len(cpus) == 1:
            found = {name: rates[0] for name, rates in rows.items() if rates}
    return found


def exits_text(rates):
    if not rates:
        return '-'
    nonzero = ['%s %s' % (k, v) for k, v in rates.items()
               if k != 'total' and v not in ('-', '0.0')]
    return '%s (%s)' % (rates.get('total', '-'), ', '.join(nonzero) or 'none')


def p1_text(s):
    """min / median / p99 / max of sorted samples s."""
    if not s:
        return 'no samples'
    return '%d / %d / %d / %d' % (s[0], percentile(s, 50), percentile(s, 99),
                                  s[-1])


def side_by_side(arch, p1, direct_label, kind, why, exits):
    """The three rows of ARCH: bare metal, trapping, direct delivery; P1
    as min / median / p99 / max (ns) per run, exits/s on the cell's CPU."""
    rows = []
    bare = {'idle': p1.get('bare-metal'), '10hz': p1.get('bare-metal 10 Hz'),
            'busy': None, 'busy10hz': None}
    rows.append('| %s | bare metal | %s | - | - |' % (arch, ' | '.join(
        p1_text(bare[ph]) if bare[ph] is not None else 'no root'
        for ph, _ in RUNS)))
    rows.append('| %s | trapping | %s | %s | %s |' % (arch, ' | '.join(
        p1_text(p1.get('cell' + sfx)) for _, sfx in RUNS),
        exits_text(exits['cell', 'idle']), exits_text(exits['cell', 'busy'])))
    if kind == 'direct':
        rows.append('| %s | direct | %s | %s | %s |' % (arch, ' | '.join(
            p1_text(p1.get(direct_label + sfx)) for _, sfx in RUNS),
            exits_text(exits['direct', 'idle']),
            exits_text(exits['direct', 'busy'])))
    else:
        note = 'direct delivery not available on this machine'
        if why:
            note += ' (the cell ran trapped: "%s")' % why.replace('|', '/')
        rows.append('| %s | direct | %s |' % (arch, ' | '.join(
            [note] + ['-'] * (len(RUNS) + 1))))
    return rows


def acceptance(arch, p1, direct_label, kind, exits):
    """Issue 29's check: direct against bare metal, P1 median and p99 at
    most 1.2 times; the cell CPU's exits/s in steady state (idle root, the
    1 kHz run), hypercalls (its console lines) aside."""
    if kind != 'direct':
        return ['- %s: direct delivery not available on this machine; '
                'not judged.' % arch]
    out = []
    for sfx, bare_setup in (('', 'bare-metal'), (' 10 Hz', 'bare-metal 10 Hz')):
        d, b = p1.get(direct_label + sfx), p1.get(bare_setup)
        if not d or not b:
            out.append('- %s, P1%s: no samples; FAILED.' % (arch, sfx))
            continue
        parts, ok = [], True
        for what, q in (('median', 50), ('p99', 99)):
            ratio = percentile(d, q) / max(1, percentile(b, q))
            ok = ok and ratio <= 1.2
            parts.append('%s %d / %d ns = %.2fx' % (
                what, percentile(d, q), percentile(b, q), ratio))
        out.append('- %s, P1%s, direct / bare metal: %s: %s' % (
            arch, sfx or ' 1 kHz', ', '.join(parts),
            '<= 1.2x, passed' if ok else 'over 1.2x, FAILED'))
    rates = exits['direct', 'idle']
    try:
        rest = sum(float(v) for k, v in rates.items()
                   if k not in ('total', 'hypercall') and v != '-')
    except ValueError:
        rest = None
    out.append('- %s, cell CPU exits/s in steady state: %s; without '
               'hypercalls (printing): %s%s' % (
                   arch, exits_text(rates), '-' if rest is None else
                   '%.1f' % rest, ', passed' if rates and rest == 0 else
                   ', FAILED'))
    return out


SRC = os.path.realpath(os.path.join(os.path.dirname(__file__), '..', '..'))
KINDS = (('.c', 'C'), ('.S', 'assembler'), ('.h', 'headers'))


def cloc_files(out, arch):
    """{path relative to the tree: code lines} from OUT/ARCH-cloc.csv
    (cloc --by-file --csv), or None without it."""
    path = os.path.join(out, '%s-cloc.csv' % arch)
    if not os.path.exists(path):
        return None
    files = {}
    with open(path, newline='') as f:
        for row in csv.reader(f):
            if len(row) < 5 or row[0] in ('language', 'SUM'):
                continue
            files[os.path.relpath(row[1], SRC)] = int(row[4])
    return files


def code_rows(out, arches, image_sizes):
    """The hypervisor's code lines per build (by kind of file) and image
    size, then its code lines per directory, a column per build."""
    rows = ['', '## Hypervisor: code lines and image size', '',
            'Code lines (cloc: neither blank nor comment lines) of exactly '
            'the files each build compiled: its C and assembler sources and '
            'every header they include (tests/perf/hv-sources); the image is '
            'jailhouse-ARCH.bin.', '',
            '| arch | files | ' + ' | '.join(k for _, k in KINDS) +
            ' | code lines | image (bytes) |', '|---' * (len(KINDS) + 4) + '|']
    by_dir = {}
    for arch in arches:
        files = cloc_files(out, arch)
        if files is None:
            rows.append('| %s | - |%s - | %s |' % (
                arch, ' - |' * len(KINDS), fmt(image_sizes.get(arch))))
            continue
        kinds = []
        for ext, _ in KINDS:
            kinds.append(sum(n for f, n in files.items() if f.endswith(ext)))
        rows.append('| %s | %d | %s | %d | %s |' % (
            arch, len(files), ' | '.join(map(str, kinds)),
            sum(files.values()), fmt(image_sizes.get(arch))))
        for f, n in files.items():
            d = by_dir.setdefault(os.path.dirname(f), {}).setdefault(
                arch, [0, 0])
            d[0] += 1
            d[1] += n
    if not by_dir:
        return rows
    rows += ['', '## Hypervisor: code lines by directory', '',
             'Code lines (files) of each build per directory of the tree, '
             'from the same count.', '',
             '| directory | ' + ' | '.join(arches) + ' |',
             '|---' * (len(arches) + 1) + '|']
    for d in sorted(by_dir):
        rows.append('| %s | %s |' % (d, ' | '.join(
            '%d (%d)' % (by_dir[d][a][1], by_dir[d][a][0])
            if a in by_dir[d] else '-' for a in arches)))
    return rows


def main(out, arches):
    md = ['# make bench', '',
          'QEMU -icount shift=0,align=off,sleep=off (1 instruction = 1 ns). '
          'Timer latency of the timer-latency inmate: period 1000 us (1 kHz, '
          'the first 1000 samples; 1001 with a busy root) and 100000 us '
          '(10 Hz, 200 samples; 50 with a busy root). Cell rows: "cell" is '
          'timer-demo.cell (trapping), "direct" the same cell asking for '
          'JH_CELL_DIRECT_IRQ where the hypervisor said it got direct '
          'delivery, "direct flag, trapped" that cell where it did not.', '',
          '## P1: timer latency (ns)', '',
          '| arch | setup | samples | min | median | p99 | max |',
          '|---|---|---|---|---|---|---|']
    hists = []
    p2 = ['', '## P2: exits per second by reason (steady state, cell running)',
          '', '| arch | root | cell | CPU | reason: exits/s (non-zero) |',
          '|---|---|---|---|---|']
    p5 = ['', '## P5: lifecycle times (ms of guest time, from the root\'s '
          'shell, CLI included)', '', '| arch | step | ms |', '|---|---|---|']
    p6 = ['', '## P6: root CPUs, exits against interrupts', '',
          '| arch | root | CPU | exits/s | interrupts/s |', '|---|---|---|---|---|']
    access = ['', '## APIC access: one read, one write (ns, TSC-bracketed, '
              'best of 16; in a cell each is an exit)', '',
              '| arch | setup | read | write |', '|---|---|---|---|']
    sizes = ['', '## Image sizes (bytes)', '', '| arch | image | file | size |',
             '|---|---|---|---|']
    side = ['', '## P1 side by side: bare metal, trapping, direct delivery',
            '', 'min / median / p99 / max (ns) of each run; exits/s on the '
            'cell\'s CPU (total (non-zero reasons)) while the 1 kHz run '
            'goes on. "direct" is the timer-demo cell asking for '
            'JH_CELL_DIRECT_IRQ; its figures appear only where the '
            'hypervisor said the cell got direct delivery.', '',
            '| arch | delivery | ' + ' | '.join(RUN_HEADS) +
            ' | exits/s, idle root | exits/s, busy root |',
            '|---' * (len(RUNS) + 4) + '|']
    accept = ['', '## Acceptance (issue 29): direct delivery against bare '
              'metal', '']
    hv_sizes = {}
    for arch in arches:
        csv = ['setup,index,ns']
        cell_log = os.path.join(out, '%s-cell.log' % arch)
        direct_log = os.path.join(out, '%s-direct.log' % arch)
        bare = os.path.join(out, '%s-baremetal/console.log' % arch)
        bare10 = os.path.join(out, '%s-baremetal-10hz/console.log' % arch)
        kind, why = delivery(log_lines(direct_log, 'idle'))
        # A cell that asked for direct delivery and did not get it is
        # measured all the same, under a name that says so.
        direct_label = 'direct' if kind == 'direct' else 'direct flag, trapped'
        runs = [('bare-metal', log_lines(bare, 'idle')),
                ('bare-metal 10 Hz', log_lines(bare10, 'idle'))]
        runs += [('cell' + sfx, log_lines(cell_log, ph)) for ph, sfx in RUNS]
        runs += [(direct_label + sfx, log_lines(direct_log, ph))
                 for ph, sfx in RUNS]
        panels = []
        p1 = {}
        for setup, lines in runs:
            vals = samples(lines)
            csv += ['%s,%d,%d' % (setup, i, v) for i, v in enumerate(vals)]
            s = sorted(vals)
            p1[setup] = s
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
            panels.append(('%s, %s' % (arch, setup), vals))
        with open(os.path.join(out, '%s.csv' % arch), 'w') as f:
            f.write('\n'.join(csv) + '\n')
        with open(os.path.join(out, '%s-histogram.svg' % arch), 'w') as f:
            f.write(svg_histograms(panels))
        exits = {}
        for which, log, tag in (('cell', cell_log, ''),
                                ('direct', direct_log, ', ' + direct_label)):
            for root in ('idle', 'busy'):
                lines = log_lines(log, root)
                exits[which, root] = cell_cpu_exits(lines)
                for cell, secs, cpus, rows in stats_tables(lines):
                    for c, cpu in enumerate(cpus):
                        nonzero = ['%s %s' % (name, rates[c])
                                   for name, rates in rows.items()
                                   if c < len(rates) and
                                   rates[c] not in ('-', '0.0')]
                        p2.append('| %s | %s | %s%s | %s | %s |' % (
                            arch, root, cell, tag if cell == CELL else '',
                            cpu, ', '.join(nonzero) or 'none'))
                if which == 'cell':
                    p6 += p6_rows(arch, root, lines)
        side += side_by_side(arch, p1, direct_label, kind, why, exits)
        accept += acceptance(arch, p1, direct_label, kind, exits)
        all_lines = [line.rstrip('\n') for line in open(cell_log, errors='replace')] \
            if os.path.exists(cell_log) else []
        p5 += p5_rows(arch, stamps(all_lines)[0])
        images = os.path.join(out, '%s-images' % arch)
        if os.path.exists(images):
            for line in open(images):
                kind, _, path = line.strip().partition(' ')
                size = os.path.getsize(path) if os.path.isfile(path) else None
                if kind == 'hypervisor':
                    hv_sizes[arch] = size
                sizes.append('| %s | %s | %s | %s |' % (
                    arch, kind, os.path.basename(path) or '-', fmt(size)))
    md += side + accept
    md += ['', 'Histograms (most frequent values; SVG: ARCH-histogram.svg):',
           '', '```'] + hists + ['```'] + p2 + \
        (access if len(access) > 5 else []) + p5 + p6 + sizes + \
        code_rows(out, arches, hv_sizes)
    text = '\n'.join(md) + '\n'
    with open(os.path.join(out, 'bench.md'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
