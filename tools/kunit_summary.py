#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Add up kunit.py's JSON results (build/results/ARCH.json) for the given
runs, hold them against kunit/expected-failures and kunit/expected-skips,
and end with the line 'N passed, N failed, N skipped', which says how many
of the passed are expected failures when any are. Exits 1 on any failure;
on an expected failure that passed, crashed or did not run; on a skip
that is not listed, and a listed one that did not skip; on no runs, on a
run that has no results or passed no case (a kernel that did not boot,
or one whose every case skipped); and, from the kernel log
(build/results/ARCH.kernel.log, which tools/kunit-run copies from
build/ARCH/test.log), on a kernel warning, BUG or oops, which kunit.py
does not count against any case; and on a run cut off or crashed, as
kunit.py's own output (ARCH.log) says: its JSON keeps no status for a
suite or a parameterised case that stopped half way, so a run that died
in its last case would pass.

Usage: tools/kunit-summary RUN...
       tools/kunit-summary --list [--results DIR] RUN...
The second lists every case of the runs with its status, one a line, to
compare two runs name by name with diff."""

import json
import pathlib
import re
import sys

TOP = pathlib.Path(__file__).resolve().parent.parent
# Lockdep, RCU stalls and hung tasks also say "INFO:", or only "possible".
# Every WARN() and BUG() starts with "cut here"; x86's BUG() goes on with
# "kernel BUG at" and "invalid opcode:", and no "Oops"; arm, arm64, riscv
# and s390 report a bad kernel access with "Unable to handle kernel", and
# arm and arm64 an oops with "Internal error:".
SPLAT = re.compile(r'BUG:|WARNING:|INFO:|Oops|Kernel panic|general protection fault|'
                   r'KASAN:|UBSAN:|KFENCE:|possible .*locking|inconsistent lock state|'
                   r'\[ cut here \]|kernel BUG at|invalid opcode:|'
                   r'Unable to handle kernel|Internal error:')
# A console line's timestamp, where printk.time is on.
STAMP = re.compile(r'^\[\s*\d+\.\d+\] ?')
# kunit.py's closing line, and KUnit's message for a failed assertion.
COMPLETE = re.compile(r'Testing complete\. Ran \d+ tests?:?(.*)')
FAILED = re.compile(r'# (\w+): (?:EXPECTATION|ASSERTION) FAILED at ')


def leaves(group, path=()):
    """Yield ('suite.case' or 'suite.case/param', status) for every case."""
    for sub in group['sub_groups']:
        yield from leaves(sub, path + (sub['name'],))
    for case in group['test_cases']:
        names = path + (case['name'],)
        name = '.'.join(names[:2]) + ''.join('/' + n for n in names[2:])
        yield name, case['status']


def run_name(tree, arch):
    """The name tools/kunit-lib.sh gives a run of ARCH on TREE."""
    return arch if tree == '6.1' else f'{tree}-{arch}'


def expected_failure_reasons(path):
    """An expected-failures file as [(reason, [(RUN, case name)])]: the
    comment lines right above a group of listings are their reason; a
    blank line ends a group and the comment before it."""
    blocks, reason, entries = [], [], []
    try:
        text = path.read_text()
    except OSError:
        return blocks
    for line in text.splitlines() + ['']:
        line = line.strip()
        if line.startswith('#'):
            if entries:
                blocks.append((' '.join(reason), entries))
                reason, entries = [], []
            reason.append(line.lstrip('#').strip())
        elif line:
            run, name = line.split(None, 1)
            entries.append((run, name))
        else:
            if entries:
                blocks.append((' '.join(reason), entries))
            reason, entries = [], []
    return blocks


def expected_failures(path):
    """Map arch -> {case name: line number} from 'ARCH NAME' lines."""
    xfail = {}
    for num, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if line and not line.startswith('#'):
            arch, name = line.split(None, 1)
            xfail.setdefault(arch, {})[name] = num
    return xfail


def listing(name, table):
    """The key of @table (from expected_failures()) that lists the case
    @name ('suite.case' or 'suite.case/param'): its own, or its case's,
    which stands for every parameter of the case; None if neither."""
    for key in name, name.split('/', 1)[0]:
        if key in table:
            return key
    return None


def read_log(log):
    """A kernel log's lines, without timestamps; None if there is none."""
    try:
        text = log.read_text(errors='replace')
    except OSError:
        return None
    return [STAMP.sub('', line) for line in text.splitlines()]


def splats(lines):
    """The lines of a kernel log that report a warning, an oops or a bug."""
    return [line.strip() for line in lines if SPLAT.search(line)]


def assertions_failed(lines):
    """The cases whose assertions KUnit reported failing in a kernel log
    ("# CASE: EXPECTATION FAILED at ..."), by the case's function name."""
    return {match.group(1) for match in map(FAILED.search, lines) if match}


def unfinished(lines):
    """What kunit.py's own parse of the kernel's KTAP found wrong beyond
    failed cases, from kunit.py's output (RUN.log): its closing line
    counts the suites and cases that crashed or were cut off, and the
    KTAP it could not make sense of, which its JSON does not keep. None
    when the run was whole."""
    closing = [match for match in map(COMPLETE.search, lines) if match]
    if not closing:
        return "kunit.py's output has no 'Testing complete' line"
    counts = {key: int(n) for key, n in re.findall(r'(\w+): (\d+)', closing[-1].group(1))}
    wrong = [f'{key}: {counts[key]}' for key in ('crashed', 'errors') if counts.get(key)]
    if wrong:
        return 'kunit.py found the KTAP cut off or broken (' + ', '.join(wrong) + ')'
    return None


def check(arch, results, xfail, xskip=None):
    """Count one run's cases by status, and list what is wrong."""
    problems = []
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0, 'XFAIL': 0}
    try:
        tree = json.loads((results / f'{arch}.json').read_text())
    except (OSError, ValueError) as err:
        counts['FAIL'] += 1
        return counts, [f'{arch}: no results ({err})']
    # A debug run (make test-debug) fails where its arch does.
    base = arch.removeprefix('debug-')
    if xskip is None:
        xskip = expected_failures(TOP / 'kunit' / 'expected-skips')
    listed = dict(xfail.get(base, {}))
    skips = dict(xskip.get(base, {}))
    seen = set()

    def entry(name, table):
        key = listing(name, table)
        if key:
            seen.add(key)
        return key

    cases = list(leaves(tree))
    for name, status in cases:
        if entry(name, listed):
            if status == 'FAIL':
                status = 'XFAIL'
            else:
                # It must fail its assertion, not crash: a crash says
                # nothing about what the case checks.
                problems.append(f'{arch}: {name}: {status}, but listed '
                                f'as an expected failure')
                status = 'FAIL'
        elif entry(name, skips):
            if status != 'SKIP':
                problems.append(f'{arch}: {name}: {status}, but listed '
                                f'as an expected skip')
                status = 'FAIL'
        elif status in ('FAIL', 'ERROR'):
            problems.append(f'{arch}: {name}: {status}')
            status = 'FAIL'
        elif status == 'SKIP':
            problems.append(f'{arch}: {name}: SKIP, and not listed in '
                            f'kunit/expected-skips')
            counts['FAIL'] += 1
        counts[status] += 1
    ran = {name.split('.')[0] for name, _ in cases}
    for kind, table in ('failure', listed), ('skip', skips):
        for name, num in table.items():
            if name in seen:
                continue
            if name.split('.')[0] not in ran:
                continue  # its suite was filtered out
            problems.append(f'{arch}: {name}: listed as an expected {kind} '
                            f'(line {num}) but did not run')
            counts['FAIL'] += 1
    output = read_log(results / f'{arch}.log')
    why = output is not None and unfinished(output)
    if why:
        problems.append(f'{arch}: {why}')
        counts['FAIL'] += 1
    lines = read_log(results / f'{arch}.kernel.log')
    if lines is not None:
        for line in splats(lines):
            problems.append(f'{arch}: kernel log: {line}')
            counts['FAIL'] += 1
    if not counts['PASS'] + counts['XFAIL']:
        problems.append(f'{arch}: ran no test case that passed')
        counts['FAIL'] += 1
    return counts, problems


def main(arches, results=TOP / 'build' / 'results',
         xfail_file=TOP / 'kunit' / 'expected-failures',
         xskip_file=TOP / 'kunit' / 'expected-skips'):
    xfail = expected_failures(xfail_file) if xfail_file.exists() else {}
    xskip = expected_failures(xskip_file) if xskip_file.exists() else {}
    passed = failed = skipped = xfailed = 0
    problems = [] if arches else ['no runs to add up']
    rows = []
    for arch in arches:
        counts, wrong = check(arch, results, xfail, xskip)
        problems += wrong
        rows.append((arch, counts))
        passed += counts['PASS'] + counts['XFAIL']
        failed += counts['FAIL']
        skipped += counts['SKIP']
        xfailed += counts['XFAIL']
    # One closing line only: the per-arch counts are a table.
    w = max([10] + [len(arch) + 1 for arch in arches])
    print(f'{"arch":{w}} {"passed":>7} {"failed":>7} {"skipped":>8} {"xfail":>6}')
    for arch, c in rows:
        print(f'{arch:{w}} {c["PASS"]:7} {c["FAIL"]:7} {c["SKIP"]:8} {c["XFAIL"]:6}')
    for problem in problems:
        print('  ' + problem)
    # kunit.py counts an expected failure as failed, a few lines above:
    # say here why this line does not.
    why = (f' ({xfailed} expected failure{"s" * (xfailed != 1)} among the '
           f'passed: kunit/expected-failures)') if xfailed else ''
    failed += not arches
    print(f'{passed} passed, {failed} failed, {skipped} skipped{why}')
    return 1 if failed else 0


def list_cases(arches, results):
    """Print 'RUN suite.case/param STATUS' for every case of the runs, in
    order, so that two runs' cases can be compared name by name (diff)."""
    for arch in arches:
        tree = json.loads((results / f'{arch}.json').read_text())
        for name, status in sorted(leaves(tree)):
            print(f'{arch} {name} {status}')


def cli(argv):
    """tools/kunit-summary's command line: RUN..., or --list [--results
    DIR] RUN... for the cases rather than the verdict."""
    if argv[:1] == ['--list']:
        args = argv[1:]
        where = TOP / 'build' / 'results'
        if args[:1] == ['--results']:
            where, args = pathlib.Path(args[1]), args[2:]
        return list_cases(args, where)
    return main(argv)


if __name__ == '__main__':
    sys.exit(cli(sys.argv[1:]))
