#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the consoles of tools/bench/run into Markdown tables and plots.

Usage: tools/bench/report [--plot DIR] ARCH...

Reads build/results/bench-ARCH.log (or RESULTS=DIR) for each ARCH and
prints, per ARCH, every method at every size: throughput (median, min and
max over the rounds), its ratio to chacha20_block() at the same size and,
for a read with a METHOD-6.1 twin (6.1's loop, kept in the benchmark),
its ratio to that.
Kernel lines of one round were measured within moments of each other, so
their ratio is taken round by round; the userspace rounds run after the
kernel's, so theirs is to the kernel rounds' median. With --plot, also
DIR/bench-ARCH.png: throughput against request size (gnuplot).
"""

import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.environ.get('RESULTS', os.path.join(TOP, 'build', 'results'))
LINE = re.compile(r'\b(u?random)_bench: (\S+) (\d+) (\d+) (\d+) (\d+)\s*$')
LIMIT = 'chacha20_block'
HEADER = """# make bench: the figures

Written by `tools/bench/report` from one `make bench`; `docs/perf.md`
says what they mean. `um` ran on the host's CPU (UML); the other
architectures ran under QEMU with TCG, since KVM does not work on the
machines here, so their MiB/s are the emulator's, and only ratios
within one architecture's run mean anything. Methods marked userspace
ran in the guest's /init, after the kernel's own rounds.
"""
MIB = 1 << 20


def parse(lines):
    """{(method, size): {round: bytes per second}}, and the userspace methods."""
    runs = defaultdict(dict)
    user = set()
    for line in lines:
        m = LINE.search(line)
        if not m:
            continue
        who, method, size, rnd, nbytes, ns = m.groups()
        runs[(method, int(size))][int(rnd)] = int(nbytes) * 1e9 / max(int(ns), 1)
        if who == 'urandom':
            user.add(method)
    return runs, user


def ratios(runs, user, method, size):
    """The method's throughput over the limit's, per round."""
    limit = runs.get((LIMIT, size))
    if not limit:
        return []
    mine = runs[(method, size)]
    if method in user:
        median = statistics.median(limit.values())
        return [v / median for v in mine.values()]
    return [v / limit[r] for r, v in mine.items() if r in limit]


def to_reference(runs, method, size):
    """Per round, the method's throughput over its -6.1 twin's, if any."""
    ref = runs.get((f'{method}-6.1', size))
    if not ref:
        return []
    return sorted(v / ref[r] for r, v in runs[(method, size)].items() if r in ref)


def size_name(size):
    if size >= MIB and size % MIB == 0:
        return f'{size // MIB} MiB'
    if size >= 1024 and size % 1024 == 0:
        return f'{size // 1024} KiB'
    return f'{size} B'


def order(runs, user):
    """Kernel methods in the order they ran, then userspace ones."""
    methods = list(dict.fromkeys(m for m, _ in runs))
    return ([m for m in methods if m not in user] +
            [m for m in methods if m in user])


def table(arch, runs, user):
    out = [f'### {arch}', '',
           '| method | size | MiB/s median | min | max '
           '| ratio to chacha20_block: median | min | max '
           '| to the 6.1 loop: median [min, max] |',
           '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |']
    for method in order(runs, user):
        for size in sorted(s for m, s in runs if m == method):
            v = sorted(runs[(method, size)].values())
            r = sorted(ratios(runs, user, method, size))
            rs = ([f'{statistics.median(r):.3f}', f'{r[0]:.3f}', f'{r[-1]:.3f}']
                  if r else ['', '', ''])
            t = to_reference(runs, method, size)
            rs.append(f'{statistics.median(t):.3f} [{t[0]:.3f}, {t[-1]:.3f}]'
                      if t else '')
            name = f'{method} (userspace)' if method in user else method
            out.append(f'| {name} | {size_name(size)} | '
                       f'{statistics.median(v) / MIB:.1f} | {v[0] / MIB:.1f} | '
                       f'{v[-1] / MIB:.1f} | ' + ' | '.join(rs) + ' |')
    rounds = max(len(v) for v in runs.values())
    out += ['', f'{rounds} rounds.', '']
    return out


def plot(arch, runs, user, path):
    script = [f"set terminal pngcairo noenhanced size 900,560; set output '{path}'",
              "set logscale x 2; set xlabel 'request size'",
              "set format x '%.0b %BB'; set xtics 16; set rmargin 6",
              "set ylabel 'MiB/s (median of the rounds)'; set key top left",
              f"set title 'random driver, {arch}: throughput by request size"
              + ("" if arch == 'um' else " (QEMU TCG: compare the lines, not the speeds)")
              + "'"]
    data, plots = [], []
    for i, method in enumerate(m for m in order(runs, user) if m not in user):
        sizes = sorted(s for m, s in runs if m == method)
        data += [f'{s} {statistics.median(runs[(method, s)].values()) / MIB}'
                 for s in sizes] + ['e']
        plots.append(f"'-' with linespoints title '{method}'")
    script.append('plot ' + ', '.join(plots))
    subprocess.run(['gnuplot'], input='\n'.join(script + data) + '\n',
                   text=True, check=True)


def main(argv):
    plot_dir = None
    if argv[:1] == ['--plot']:
        plot_dir, argv = argv[1], argv[2:]
    if not argv:
        sys.exit(__doc__)
    status = 0
    print(HEADER)
    for arch in argv:
        path = os.path.join(RESULTS, f'bench-{arch}.log')
        try:
            with open(path, errors='replace') as f:
                runs, user = parse(f)
        except OSError as e:
            print(f'bench/report: {e}', file=sys.stderr)
            status = 1
            continue
        if (LIMIT, 16) not in runs:
            print(f'bench/report: no benchmark lines in {path}', file=sys.stderr)
            status = 1
            continue
        print('\n'.join(table(arch, runs, user)))
        if plot_dir:
            plot(arch, runs, user, os.path.join(plot_dir, f'bench-{arch}.png'))
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
