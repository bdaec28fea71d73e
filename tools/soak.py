#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot the suites N times per architecture on one kernel, and report every
case whose result was not the same in every boot: a flake. The first boot
is tools/kunit-run's, which rebuilds build/ARCH if build/linux changed
(make mutate leaves its last mutant built); the others boot that kernel
again (kunit.py exec). Each boot is also held to kunit-summary's checks:
the expected failures fail, and the kernel log has no splat.

Usage: tools/soak [-n N] ARCH...
Writes each boot's kunit.py JSON and logs under build/soak/ARCH/, and
build/soak/flakes.md. Exits 1 on a flake or on a boot that kunit-summary
finds wrong (a failed case, no case run, a splat)."""

import argparse
import collections
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import kunit_summary as summary

TOP = pathlib.Path(__file__).resolve().parent.parent
OUT = TOP / 'build' / 'soak'


def boot(arch, number, results, xfail):
    """Boot @arch once; return ({case: status}, [what kunit-summary found])."""
    action = 'run' if number == 1 else 'exec'
    subprocess.run([str(TOP / 'tools' / 'kunit-run'), arch],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, RESULTS=str(results), KUNIT_ACTION=action))
    for name in (f'{arch}.json', f'{arch}.log', f'{arch}.kernel.log'):
        if (results / name).exists():
            shutil.copy(results / name, OUT / arch / f'{number}.{name.partition(".")[2]}')
    _, problems = summary.check(arch, results, xfail)
    try:
        cases = dict(summary.leaves(json.loads((results / f'{arch}.json').read_text())))
    except (OSError, ValueError):
        cases = {}
    return cases, problems


def flakes(boots):
    """The cases whose status differs between @boots, with each status's count."""
    names = set().union(*boots)
    found = {}
    for name in sorted(names):
        seen = collections.Counter(b.get(name, 'NOT RUN') for b in boots)
        if len(seen) > 1:
            found[name] = seen
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('-n', type=int, default=50, help='boots per architecture')
    parser.add_argument('arches', nargs='+')
    opts = parser.parse_args(argv)
    xfail = summary.expected_failures(TOP / 'kunit' / 'expected-failures')
    rows, status = [], 0
    for arch in opts.arches:
        shutil.rmtree(OUT / arch, ignore_errors=True)
        (OUT / arch).mkdir(parents=True)
        results = OUT / 'run'
        boots, wrong = [], 0
        start = time.monotonic()
        for number in range(1, opts.n + 1):
            cases, problems = boot(arch, number, results, xfail)
            boots.append(cases)
            for problem in problems:
                print(f'soak: {arch} boot {number}: {problem}')
            wrong += bool(problems)
        found = flakes(boots)
        print(f'soak: {arch}: {opts.n} boots in {(time.monotonic() - start) / 60:.1f} min, '
              f'{len(set().union(*boots))} cases, {len(found)} flaky, {wrong} boots wrong')
        rows += [f'| {arch} | {name} | ' + ', '.join(f'{s} {n}' for s, n in seen.items()) + ' |'
                 for name, seen in found.items()]
        status |= bool(found or wrong)
    table = ['| arch | case | results over the boots |', '| --- | --- | --- |'] + rows
    (OUT / 'flakes.md').write_text('\n'.join(table) + '\n')
    if rows:
        print('\n'.join(table))
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
