#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests for bench/report: which lines it reads and the ratios it takes."""

import unittest

import report


# Two rounds; each line is METHOD SIZE ROUND BYTES NS.
LOG = '''[    1.0] random: random_bench: begin: 2 rounds, 1000 bytes, PAGE_SIZE 4096
[    1.1] random: random_bench: chacha20_block 4096 0 1000 1000
[    1.2] random: random_bench: kvec 4096 0 1000 2000
[    1.3] random: random_bench: kvec-6.1 4096 0 1000 4000
[    1.4] random: random_bench: chacha20_block 4096 1 1000 500
[    1.5] random: random_bench: kvec 4096 1 1000 2000
[    1.6] random: random_bench: kvec-6.1 4096 1 1000 2000
random_bench: not a measurement 1 2 3
urandom_bench: read 4096 0 1000 4000
'''.splitlines()


class ReportTest(unittest.TestCase):
    def setUp(self):
        self.runs, self.user = report.parse(LOG)

    def test_reads_kernel_and_userspace_lines_only(self):
        self.assertEqual(sorted(self.runs), [('chacha20_block', 4096), ('kvec', 4096),
                                             ('kvec-6.1', 4096), ('read', 4096)])
        self.assertEqual(self.user, {'read'})
        self.assertEqual(self.runs[('kvec', 4096)], {0: 1000 * 1e9 / 2000, 1: 1000 * 1e9 / 2000})

    def test_kernel_ratios_are_taken_round_by_round(self):
        self.assertEqual(sorted(report.ratios(self.runs, self.user, 'kvec', 4096)),
                         [0.25, 0.5])

    def test_userspace_ratio_is_to_the_kernel_median(self):
        # The limit's median is the mean of 1e6 and 2e6 B/s.
        self.assertAlmostEqual(report.ratios(self.runs, self.user, 'read', 4096)[0],
                               250000 / 1500000)

    def test_ratio_to_the_6_1_loop(self):
        self.assertEqual(report.to_reference(self.runs, 'kvec', 4096), [1.0, 2.0])
        self.assertEqual(report.to_reference(self.runs, 'chacha20_block', 4096), [])

    def test_table_has_a_row_per_method_and_size(self):
        rows = [r for r in report.table('um', self.runs, self.user) if r.startswith('| kvec ')]
        self.assertEqual(len(rows), 1)
        self.assertIn('| 0.375 | 0.250 | 0.500 | 1.500 [1.000, 2.000] |', rows[0])


if __name__ == '__main__':
    unittest.main()
