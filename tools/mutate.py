#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Apply each mutant in kunit/mutants/ to build/linux in turn, rebuild and
run the suites with tools/kunit-run (or the splice matrix), and undo it.
A mutant is killed when kunit-summary's check finds anything wrong: a
failed case, a listed expected failure that passed, a splat in the kernel
log, or a kernel that crashed. A run that hangs (kunit.py's --timeout) is
a finding but no failing case: it is reported as hung, which is not a
kill, unless a case had failed before it hung.

A mutant file is a one-line description, optional headers, a blank line
and a diff against the tree with the series applied:
    Arch: arm64              run it on these architectures only
    Suites: random*          kunit.py's filter glob (default: every suite)
    Survives: REASON         an accepted survivor, and why no test can
                             kill it; a listed survivor that gets killed
                             fails the run too, so the list stays true
    Run: suites matrix       what to run: the KUnit suites (the default),
                             the userspace splice matrix
                             (tools/splice-matrix/run) and/or the suites
                             under make test-debug's checkers
                             (debug); each must kill it

Usage: tools/mutate [--arch ARCH]... [NAME]...
Writes build/mutate/results.md (the table), and each run's kunit.py log
and JSON beside it. Exits 1 if a mutant survives unlisted, a listed
survivor is killed, or a mutant does not apply or build."""

import argparse
import fnmatch
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import kunit_summary as summary

TOP = pathlib.Path(__file__).resolve().parent.parent
TREE = TOP / 'build' / 'linux'
OUT = TOP / 'build' / 'mutate'
RESULTS = OUT / 'run'  # kunit-run's, so build/results stays make test's
# A mutant that loops for ever is killed by kunit.py's --timeout. The
# suites boot and run within 15 s, but for usercopy_precision on arm64,
# which takes 2 minutes under TCG.
TIMEOUT, SLOW_TIMEOUT = 60, 300


def read_mutant(path):
    """The description and headers of a mutant file."""
    lines = path.read_text().splitlines()
    mutant = {'name': path.stem, 'path': path, 'desc': lines[0],
              'arch': None, 'suites': None, 'survives': None, 'run': None}
    for line in lines[1:]:
        if not line.strip():
            break
        key, _, value = line.partition(':')
        mutant[key.strip().lower()] = value.strip()
    return mutant


def git_apply(path, *args):
    return subprocess.run(['git', '-C', str(TREE), 'apply', *args, str(path)],
                          capture_output=True, text=True)


def classify(problems, hung, failed):
    """The verdict on one run from kunit-summary's problems with it,
    whether kunit.py timed out, and the cases whose assertions failed
    (kunit.py's JSON also counts the case that hung as failed)."""
    if hung and not failed:
        return 'hung'
    return 'killed' if problems else 'survived'


def run_one(mutant, arch, xfail):
    """Run the suites with @mutant applied; return (verdict, detail)."""
    applied = git_apply(mutant['path'])
    if applied.returncode:
        return 'broken', 'does not apply: ' + applied.stderr.strip()
    try:
        results = [run_layer(mutant, arch, layer, xfail)
                   for layer in (mutant['run'] or 'suites').split()]
    finally:
        if git_apply(mutant['path'], '-R').returncode:
            sys.exit(f'mutate: could not undo {mutant["name"]}; '
                     f'build/linux needs "git checkout ."')
    # Every layer the mutant names must kill it: each claims to see it.
    for verdict in 'broken', 'hung', 'survived':
        if any(v == verdict for v, _ in results):
            break
    else:
        verdict = 'killed'
    return verdict, '; '.join(detail for _, detail in results)


def run_layer(mutant, arch, layer, xfail):
    """Run one layer (the KUnit suites or the splice matrix) on the mutated
    tree; return (verdict, detail) for it."""
    matrix, debug = layer == 'matrix', layer == 'debug'
    name = f'{layer}-{arch}' if matrix or debug else arch
    slow = debug or arch != 'x86_64' and not matrix and fnmatch.fnmatch(
        'usercopy_precision', mutant['suites'] or '*')
    runner = 'splice-matrix/run' if matrix else 'kunit-run'
    args = [str(TOP / 'tools' / runner), arch,
            f'--timeout={SLOW_TIMEOUT if slow else TIMEOUT}']
    if mutant['suites'] and not matrix:
        args.append(mutant['suites'])
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, RESULTS=str(RESULTS),
                            CONFIG='debug' if debug else ''))
    stem = OUT / f'{mutant["name"]}.{name}'
    shutil.copy(RESULTS / f'{name}.log', f'{stem}.log')
    if not (RESULTS / f'{name}.json').exists():
        return 'broken', f'no results: see {stem.relative_to(TOP)}.log'
    shutil.copy(RESULTS / f'{name}.json', f'{stem}.json')
    if (RESULTS / f'{name}.kernel.log').exists():
        shutil.copy(RESULTS / f'{name}.kernel.log', f'{stem}.kernel.log')
    counts, problems = summary.check(name, RESULTS, xfail)
    if debug:
        problems += summary.check(f'{name}-kmemleak', RESULTS, xfail)[1]
    hung = 'timed out' in pathlib.Path(f'{stem}.log').read_text(errors='replace')
    # The cases whose assertions failed, but the expected failures'.
    listed = {case.split('/')[0].rpartition('.')[2] for case in xfail.get(arch, {})}
    failed = sorted(summary.assertions_failed(
        summary.read_log(RESULTS / f'{name}.kernel.log') or []) - listed)
    if debug and (RESULTS / f'{name}-kmemleak.json').exists():
        # The kmemleak verdict, which its own KTAP reports.
        failed += [case for case, status in summary.leaves(json.loads(
            (RESULTS / f'{name}-kmemleak.json').read_text())) if status == 'FAIL']
    verdict = classify(problems, hung, failed)
    if verdict == 'survived':
        return verdict, f'{sum(counts.values())} {layer} cases passed'
    cases = [p.split(': ', 1)[1] for p in problems]
    # A hung run leaves kunit.py with unnamed cases; name the real ones.
    cases = [c for c in cases if c.split(': ', 1)[0].rpartition('.')[2]] or cases
    more = f' and {len(cases) - 3} more' if len(cases) > 3 else ''
    return verdict, ('hung, kunit.py timed out: ' if hung else '') + \
        '; '.join(cases[:3]) + more


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--arch', action='append')
    parser.add_argument('names', nargs='*')
    opts = parser.parse_args(argv)
    arches = opts.arch or ['x86_64']
    paths = sorted((TOP / 'kunit' / 'mutants').glob('*.patch'))
    if opts.names:
        paths = [p for p in paths if p.stem in opts.names]
    xfail = summary.expected_failures(TOP / 'kunit' / 'expected-failures')
    OUT.mkdir(parents=True, exist_ok=True)
    rows, bad = [], 0
    start = time.monotonic()
    for mutant in map(read_mutant, paths):
        for arch in arches:
            if mutant['arch'] and arch not in mutant['arch'].split():
                continue
            began = time.monotonic()
            verdict, detail = run_one(mutant, arch, xfail)
            if mutant['survives']:
                ok = verdict == 'survived'
                detail += ' (accepted: ' + mutant['survives'] + ')'
            else:
                ok = verdict == 'killed'
            bad += not ok
            rows.append((mutant['name'], mutant['desc'], arch,
                         verdict if ok else verdict.upper(), detail))
            print(f'mutate: {mutant["name"]} on {arch}: {verdict} '
                  f'({time.monotonic() - began:.0f} s)', flush=True)
    minutes = (time.monotonic() - start) / 60
    table = ['| mutant | description | arch | verdict | killed by |',
             '| --- | --- | --- | --- | --- |']
    table += ['| ' + ' | '.join(c.replace('|', r'\|') for c in row) + ' |'
              for row in rows]
    hung = sum(row[3] == 'HUNG' for row in rows)
    table.append(f'\n{len(rows)} runs in {minutes:.1f} min; {bad} wrong '
                 f'({hung} hung; upper case: survived unlisted, hung, '
                 'killed though listed, or broken).')
    (OUT / 'results.md').write_text('\n'.join(table) + '\n')
    print('\n'.join(table))
    return 1 if bad or not rows else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
