#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests for tools/kcidb (the KCIDB report of a set of runs, and its
check against the KCIDB schema) and tools/lab-plan (the lab's job
description covers every tree x architecture)."""

import contextlib
import copy
import io
import json
import pathlib
import subprocess
import tempfile
import unittest

import kcidb
import lab_plan

SCHEMA = kcidb.schema_path()
NEEDS_SCHEMA = unittest.skipUnless(
    SCHEMA.exists(), f'{SCHEMA} is absent (../shared is not beside this clone)')

# A kernel log with one suite: a failed case with its message, a passed
# one, and a parameterised case; then a warning after the suites.
KERNEL_LOG = """\
KTAP version 1
1..1
    KTAP version 1
    # Subtest: suite_a
    1..3
    # case_a: EXPECTATION FAILED at lib/x.c:10
    Expected n == 2, but
        n == 1 (0x1)
    not ok 1 case_a
    ok 2 case_b
        KTAP version 1
        # Subtest: case_c
        ok 1 ubuf, 4096 bytes
        ok 2 kvec, 1 byte
    # case_c: pass:2 fail:0 skip:0 total:2
    ok 3 case_c
# suite_a: pass:2 fail:1 skip:0 total:3
not ok 1 suite_a
"""
RESULTS = {'name': 'KUnit Test Group', 'test_cases': [], 'sub_groups': [{
    'name': 'suite_a', 'test_cases': [{'name': 'case_a', 'status': 'FAIL'},
                                      {'name': 'case_b', 'status': 'PASS'}],
    'sub_groups': [{'name': 'case_c', 'sub_groups': [], 'test_cases': [
        {'name': 'ubuf, 4096 bytes', 'status': 'PASS'},
        {'name': 'kvec, 1 byte', 'status': 'PASS'}]}]}]}
OUTPUT = """\
x86_64: built in 1m05s: 40 objects compiled
Running tests with:
$ qemu-system-x86_64 -nodefaults -m 1024 -kernel bzImage -no-reboot -cpu qemu64,+smap
[18:13:16] Testing complete. Ran 4 tests: passed: 3, failed: 1
"""
XFAIL = """\
# A header that is no reason.

# case_a cannot pass on x86_64: the reason
# goes on here.
x86_64 suite_a.case_a
"""


class KcidbTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.top = pathlib.Path(tmp.name)
        self.results = self.top / 'build' / 'results'
        self.results.mkdir(parents=True)
        for tree in ('6.1', '6.12'):
            folder = self.top / 'patches' / tree / 'topic'
            folder.mkdir(parents=True)
            (folder / '0001-a.patch').write_text(f'patch one of {tree}\n')
            (folder / '0002-b.patch').write_text(f'patch two of {tree}\n')
            (folder.parent / 'series').write_text(
                '# comment\ntopic/0001-a.patch\n\ntopic/0002-b.patch\n')
        (self.top / 'xfail').write_text(XFAIL)
        (self.top / 'xskip').write_text('')
        (self.results / 'x86_64.json').write_text(json.dumps(RESULTS))
        (self.results / 'x86_64.log').write_text(OUTPUT)
        (self.results / 'x86_64.kernel.log').write_text(
            KERNEL_LOG + '------------[ cut here ]------------\nWARNING: at x\n')
        # A kernel that did not build, and one that booted and said nothing.
        (self.results / '6.12-sparc.log').write_text(
            '6.12-sparc: build FAILED in 4m13s: 325 objects compiled\n')
        (self.results / '6.12-sh.log').write_text(
            '6.12-sh: built in 7m39s\nRunning tests with:\n'
            '$ qemu-system-sh4 -M r2d -kernel zImage\n')
        (self.results / '6.12-sh.json').write_text(json.dumps(
            {'name': 'KUnit Test Group', 'sub_groups': [], 'test_cases': []}))
        (self.results / '6.12-sh.kernel.log').write_text('')

    def report(self, runs=('x86_64', '6.12-sparc', '6.12-sh')):
        return kcidb.report(list(runs), 'test_lab', self.results, self.top,
                            self.top / 'xfail', self.top / 'xskip')

    def by_path(self, doc, run):
        return {t['path']: t for t in doc['tests'] if t['misc']['run'] == run}

    def test_runs_found(self):
        self.assertEqual(kcidb.all_runs(self.results), ['6.12-sh', '6.12-sparc', 'x86_64'])

    def test_checkouts(self):
        doc = self.report()
        self.assertEqual(len(doc['checkouts']), 4)
        base, series = doc['checkouts'][:2]
        self.assertEqual(base['patchset_hash'], '')
        # KCIDB's recipe: sha256sum *.patch | cut -c-64 | sha256sum
        folder = self.top / 'patches' / '6.1' / 'topic'
        out = subprocess.run('sha256sum 0001-a.patch 0002-b.patch | cut -c-64 | sha256sum',
                             shell=True, cwd=folder, capture_output=True, text=True,
                             check=True).stdout[:64]
        self.assertEqual(series['patchset_hash'], out)
        self.assertEqual(series['tree_name'], 'linux-6.1.y')
        self.assertNotIn('git_commit_hash', series)
        doc = kcidb.report(['x86_64'], 'test_lab', self.results, self.top,
                           self.top / 'xfail', self.top / 'xskip',
                           {'6.1': 'a' * 40})
        self.assertEqual({c['git_commit_hash'] for c in doc['checkouts']}, {'a' * 40})

    def test_builds(self):
        builds = {b['id'].rsplit(':', 1)[1].split('@')[0]: b for b in self.report()['builds']}
        self.assertEqual(builds['x86_64']['status'], 'PASS')
        self.assertEqual(builds['x86_64']['duration'], 65)
        self.assertEqual(builds['x86_64']['architecture'], 'x86_64')
        self.assertEqual(builds['6.12-sparc']['status'], 'FAIL')
        self.assertEqual(builds['6.12-sparc']['architecture'], 'sparc')
        self.assertIn('6.12', builds['6.12-sparc']['checkout_id'])

    def test_tests(self):
        doc = self.report()
        tests = self.by_path(doc, 'x86_64')
        self.assertEqual(tests['kunit.suite_a.case_a']['status'], 'FAIL')
        self.assertEqual(tests['kunit.suite_a.case_c.ubuf_4096_bytes']['status'], 'PASS')
        self.assertEqual(tests['kunit.suite_a.case_c.kvec_1_byte']['misc']['kunit_name'],
                         'suite_a.case_c/kvec, 1 byte')
        self.assertEqual(tests['boot']['status'], 'PASS')
        self.assertEqual(tests['boot.kernel_log']['status'], 'FAIL')
        self.assertIn('WARNING: at x', tests['boot.kernel_log']['log_excerpt'])
        env = tests['kunit.suite_a.case_b']['environment']
        self.assertEqual(env['comment'], 'qemu-tcg')
        self.assertEqual(env['misc']['cpu'], 'qemu64,+smap')
        sh = self.by_path(doc, '6.12-sh')
        self.assertEqual(sh['boot']['status'], 'FAIL')
        self.assertEqual(sh['boot']['environment']['misc']['machine'], 'r2d')
        self.assertFalse(self.by_path(doc, '6.12-sparc'))

    def test_expected_failures(self):
        doc = self.report()
        self.assertEqual(len(doc['issues']), 1)
        issue = doc['issues'][0]
        self.assertEqual(issue['misc']['reason'],
                         'case_a cannot pass on x86_64: the reason goes on here.')
        [incident] = doc['incidents']
        self.assertTrue(incident['present'])
        self.assertEqual(incident['issue_id'], issue['id'])
        self.assertEqual(incident['test_id'],
                         self.by_path(doc, 'x86_64')['kunit.suite_a.case_a']['id'])

    def test_case_logs(self):
        parser = kcidb.parser_for('6.1')
        if parser is None:
            self.skipTest('build/linux is not there (make tree)')
        logs = kcidb.case_logs(parser, KERNEL_LOG)
        self.assertIn('EXPECTATION FAILED at lib/x.c:10', logs['suite_a.case_a'])
        self.assertNotIn('EXPECTATION FAILED', logs['suite_a.case_b'])

    @NEEDS_SCHEMA
    def test_report_validates(self):
        self.assertEqual(kcidb.problems(self.report(), SCHEMA), [])

    @NEEDS_SCHEMA
    def test_broken_reports_fail(self):
        doc = self.report()
        breaks = {
            'a status KCIDB has no name for': lambda d: d['tests'][0].update(status='PASSED'),
            'a test without its build': lambda d: d['tests'][0].pop('build_id'),
            'an id without its origin': lambda d: d['builds'][0].update(id='x86_64'),
            'a path with spaces': lambda d: d['tests'][0].update(path='kunit.a b'),
            'a patch set hash that is no sha256': lambda d: d['checkouts'][1].update(
                patchset_hash='abc'),
            'a property KCIDB does not have': lambda d: d['builds'][0].update(arch='x86_64'),
            'the wrong major version': lambda d: d['version'].update(major=4),
        }
        for what, breakage in breaks.items():
            with self.subTest(what):
                broken = copy.deepcopy(doc)
                breakage(broken)
                self.assertTrue(kcidb.problems(broken, SCHEMA), what)

    def test_validate_without_schema_says_so(self):
        path = self.top / 'report.json'
        path.write_text(json.dumps(self.report()))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = kcidb.validate(path, self.top / 'absent.json')
        self.assertEqual(status, 0)
        self.assertIn('schema check skipped', out.getvalue())


class LabPlanTest(unittest.TestCase):
    def test_plan_is_current_and_covers_every_run(self):
        self.assertEqual(lab_plan.check(), [])

    def test_missing_job_is_found(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = pathlib.Path(tmp) / 'plan.yaml'
            text = lab_plan.plan()
            cut = text.index('  kunit-random-6_12-sh:')
            end = text.index('  kunit-random-6_12-mips:')
            path.write_text(text[:cut] + text[end:])
            problems = lab_plan.check(path=path)
        self.assertIn('no job for sh on 6.12', problems)


if __name__ == '__main__':
    unittest.main()
