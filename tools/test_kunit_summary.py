#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests for kunit-summary (totals, expected failures and skips held both
ways, cut-off runs, splats) and for tools/mutate's verdicts."""

import contextlib
import io
import json
import pathlib
import tempfile
import unittest

import kunit_summary as summary
import mutate


def suite(name, cases, params=None):
    """A kunit.py JSON group: plain cases, and param cases as sub-groups."""
    subs = [{'name': case, 'sub_groups': [],
             'test_cases': [{'name': p, 'status': s} for p, s in runs.items()]}
            for case, runs in (params or {}).items()]
    return {'name': name, 'sub_groups': subs,
            'test_cases': [{'name': c, 'status': s} for c, s in cases.items()]}


# kunit.py's closing line for a whole run, and for one cut off inside
# its last parameterised case (reproduced with kunit.py parse on a
# kernel log cut there: its JSON has only the params that passed).
WHOLE = '[06:36:55] Testing complete. Ran 3 tests: passed: 3\n'
CUT = '[06:36:55] Testing complete. Ran 640 tests: passed: 639, failed: 1, errors: 2\n'


class KunitSummaryTest(unittest.TestCase):
    def run_summary(self, results, xfail='', arches=('x86_64',), log='',
                    xskip='', output=WHOLE):
        """kunit-summary over @results, each with kernel log @log and
        kunit.py's output @output."""
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            for arch, suites in results.items():
                top = {'name': 'KUnit Test Group', 'sub_groups': suites,
                       'test_cases': []}
                (tmp / f'{arch}.json').write_text(json.dumps(top))
                (tmp / f'{arch}.kernel.log').write_text(log)
                (tmp / f'{arch}.log').write_text(output)
            (tmp / 'xfail').write_text(xfail)
            (tmp / 'xskip').write_text(xskip)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = summary.main(arches, tmp, tmp / 'xfail', tmp / 'xskip')
        return status, out.getvalue().splitlines()

    def test_all_pass(self):
        status, out = self.run_summary({'x86_64': [suite(
            's', {'a': 'PASS', 'b': 'SKIP'}, {'p': {'1 byte': 'PASS'}})]},
            xskip='x86_64 s.b\n')
        self.assertEqual(status, 0)
        self.assertEqual(out[-1], '2 passed, 0 failed, 1 skipped')

    def test_unlisted_skip_fails(self):
        status, out = self.run_summary({'x86_64': [suite(
            's', {'a': 'PASS', 'b': 'SKIP'})]})
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.b: SKIP, and not listed in kunit/expected-skips',
                      out)

    def test_listed_skip_that_runs_fails(self):
        status, out = self.run_summary({'x86_64': [suite(
            's', {'a': 'PASS', 'b': 'PASS'})]}, xskip='x86_64 s.b\n')
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.b: PASS, but listed as an expected skip', out)

    def test_listed_skip_missing_fails(self):
        status, _ = self.run_summary({'x86_64': [suite('s', {'a': 'PASS'})]},
                                     xskip='x86_64 s.gone\n')
        self.assertEqual(status, 1)

    def test_all_skipped_fails(self):
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'SKIP'}, {'p': {'1 byte': 'SKIP'}})]},
            xskip='x86_64 s.a\nx86_64 s.p/1 byte\n')
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: ran no test case that passed', out)

    def test_no_runs_fails(self):
        status, out = self.run_summary({}, arches=())
        self.assertEqual(status, 1)
        self.assertEqual(out[-1], '0 passed, 1 failed, 0 skipped')

    def test_cut_off_in_last_param_case_fails(self):
        # The kernel died in the last parameterised case: kunit.py's JSON
        # has the params that passed and no status for the case or suite;
        # only kunit.py's closing line tells.
        suites = [suite('s', {'a': 'PASS'}), suite('t', {}, {'p': {'1 byte': 'PASS'}})]
        status, out = self.run_summary({'x86_64': suites}, output=CUT)
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: kunit.py found the KTAP cut off or broken '
                      '(errors: 2)', out)

    def test_crashed_suite_fails(self):
        status, _ = self.run_summary({'x86_64': [suite('s', {'a': 'PASS'})]},
                                     output=WHOLE.replace('3', '2, crashed: 1'))
        self.assertEqual(status, 1)

    def test_unfinished_kunit_py_fails(self):
        status, out = self.run_summary({'x86_64': [suite('s', {'a': 'PASS'})]},
                                       output='[06:36:55] Parsing...\n')
        self.assertEqual(status, 1)
        self.assertIn("  x86_64: kunit.py's output has no 'Testing complete' line",
                      out)

    def test_failure_fails(self):
        status, out = self.run_summary({'x86_64': [suite(
            's', {'a': 'PASS'}, {'p': {'1 byte': 'FAIL'}})]})
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.p/1 byte: FAIL', out)
        self.assertEqual(out[-1], '1 passed, 1 failed, 0 skipped')

    def test_crash_fails(self):
        status, _ = self.run_summary({'x86_64': [suite('s', {'a': 'ERROR'})]})
        self.assertEqual(status, 1)

    def test_listed_failure_is_expected(self):
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'}, {'p': {'1 byte': 'FAIL'}})]},
            xfail='# why\nx86_64 s.p/1 byte\n')
        self.assertEqual(status, 0)
        self.assertEqual(out[1].split(), ['x86_64', '1', '0', '0', '1'])
        self.assertEqual(out[-1], '2 passed, 0 failed, 0 skipped (1 expected '
                         'failure among the passed: kunit/expected-failures)')

    def test_listed_case_covers_its_params(self):
        params = {'p': {'1 byte': 'FAIL', '2 bytes': 'FAIL'}}
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'}, params)]},
            xfail='x86_64 s.p\n')
        self.assertEqual(status, 0)
        self.assertEqual(out[1].split(), ['x86_64', '1', '0', '0', '2'])

    def test_listed_case_with_a_passing_param_fails(self):
        params = {'p': {'1 byte': 'FAIL', '2 bytes': 'PASS'}}
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'}, params)]},
            xfail='x86_64 s.p\n')
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.p/2 bytes: PASS, but listed as an expected '
                      'failure', out)

    def test_listed_failure_only_on_its_arch(self):
        status, _ = self.run_summary(
            {'x86_64': [suite('s', {'a': 'FAIL'})],
             'arm64': [suite('s', {'a': 'FAIL'})]},
            xfail='arm64 s.a\n', arches=('x86_64', 'arm64'))
        self.assertEqual(status, 1)

    def test_debug_run_holds_its_arch_list(self):
        xfail = 'x86_64 s.a\n'
        status, _ = self.run_summary(
            {'debug-x86_64': [suite('s', {'a': 'FAIL'})]}, xfail=xfail,
            arches=('debug-x86_64',))
        self.assertEqual(status, 0)
        status, _ = self.run_summary(
            {'debug-x86_64': [suite('s', {'a': 'PASS'})]}, xfail=xfail,
            arches=('debug-x86_64',))
        self.assertEqual(status, 1)

    def test_listed_failure_that_crashes_fails(self):
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'ERROR'})]}, xfail='x86_64 s.a\n')
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.a: ERROR, but listed as an expected failure',
                      out)

    def test_listed_pass_fails(self):
        status, out = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'})]}, xfail='x86_64 s.a\n')
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: s.a: PASS, but listed as an expected failure',
                      out)

    def test_listed_missing_fails(self):
        status, _ = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'})]}, xfail='x86_64 s.gone\n')
        self.assertEqual(status, 1)

    def test_listed_in_a_suite_not_run_is_ignored(self):
        status, _ = self.run_summary(
            {'x86_64': [suite('s', {'a': 'PASS'})]}, xfail='x86_64 t.a\n')
        self.assertEqual(status, 0)

    def test_kernel_warning_fails(self):
        suites = [suite('s', {'a': 'PASS'})]
        log = '[    1.2] WARNING: CPU: 0 PID: 1 at lib/iov_iter.c:1 x\n'
        status, out = self.run_summary({'x86_64': suites}, log=log)
        self.assertEqual(status, 1)
        self.assertIn('  x86_64: kernel log: WARNING: CPU: 0 PID: 1 '
                      'at lib/iov_iter.c:1 x', out)

    def test_checker_reports_fail(self):
        for line in ('BUG: KASAN: slab-out-of-bounds in _copy_to_iter+0x1/0x2',
                     'UBSAN: shift-out-of-bounds in drivers/char/random.c:1:2',
                     'BUG: KFENCE: out-of-bounds read in x+0x1/0x2',
                     'WARNING: possible circular locking dependency detected',
                     'INFO: task kunit_try_catch:9 blocked for more than 120 seconds.',
                     'BUG: sleeping function called from invalid context at x:1',
                     # x86's BUG(): no "Oops" anywhere.
                     'kernel BUG at drivers/char/random.c:1!',
                     'invalid opcode: 0000 [#1] PREEMPT NOPTI',
                     '------------[ cut here ]------------',
                     # arm64, arm, riscv and s390's bad kernel accesses.
                     'Unable to handle kernel paging request at virtual address 0',
                     'Internal error: Oops - BUG: 00000000f2000800 [#1] SMP'):
            suites = [suite('s', {'a': 'PASS'})]
            status, _ = self.run_summary({'x86_64': suites},
                                         log=f'[ 1.0] {line}\n')
            self.assertEqual(status, 1, line)

    def test_clean_log_passes(self):
        status, _ = self.run_summary({'x86_64': [suite('s', {'a': 'PASS'})]})
        self.assertEqual(status, 0)

    def test_no_results_fails(self):
        status, out = self.run_summary({}, arches=('arm64',))
        self.assertEqual(status, 1)
        self.assertEqual(out[-1], '0 passed, 1 failed, 0 skipped')

    def test_list_names_every_case(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            top = {'name': 'KUnit Test Group', 'test_cases': [], 'sub_groups': [
                suite('s', {'b': 'PASS', 'a': 'SKIP'}, {'p': {'1 byte': 'FAIL'}})]}
            (tmp / 'x86_64.json').write_text(json.dumps(top))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                summary.list_cases(['x86_64'], tmp)
        self.assertEqual(out.getvalue().splitlines(),
                         ['x86_64 s.a SKIP', 'x86_64 s.b PASS',
                          'x86_64 s.p/1 byte FAIL'])

    def test_no_cases_fails(self):
        status, _ = self.run_summary({'x86_64': []})
        self.assertEqual(status, 1)


class MutateVerdictTest(unittest.TestCase):
    # The kernel log of a run that hung in read_pipe_short, after
    # read_kvec's 1-byte row failed its assertion (or did not).
    HUNG = ('    # Subtest: read_kvec\n'
            '    # read_kvec: EXPECTATION FAILED at drivers/char/random_kunit.c:1\n'
            '    not ok 1 1 bytes\n'
            '    # Subtest: read_pipe_short\n')

    def test_assertions_failed_names_cases(self):
        self.assertEqual(summary.assertions_failed(self.HUNG.splitlines()),
                         {'read_kvec'})

    def test_hang_is_no_kill(self):
        # kunit.py's JSON marks the case that hung as failed.
        log = self.HUNG.replace('EXPECTATION FAILED', 'passed').replace('not ok', 'ok')
        self.assertEqual(mutate.classify(
            ['x86_64: random.read_pipe_short: FAIL'], True,
            summary.assertions_failed(log.splitlines())), 'hung')

    def test_failure_then_hang_kills(self):
        self.assertEqual(mutate.classify(
            ['x86_64: random.read_kvec/1 bytes: FAIL'], True,
            summary.assertions_failed(self.HUNG.splitlines())), 'killed')

    def test_failure_kills(self):
        self.assertEqual(mutate.classify(['x86_64: s.a: FAIL'], False, ['a']),
                         'killed')

    def test_crash_kills(self):
        self.assertEqual(mutate.classify(
            ['x86_64: kernel log: Oops: 0000 [#1]'], False, []), 'killed')

    def test_nothing_wrong_survives(self):
        self.assertEqual(mutate.classify([], False, []), 'survived')


if __name__ == '__main__':
    unittest.main()
