#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests for soak's flake finder: what counts as a changed result."""

import unittest

import soak


class FlakesTest(unittest.TestCase):
    def test_same_results_are_no_flake(self):
        boots = [{'s.a': 'PASS', 's.b': 'FAIL'}] * 3
        self.assertEqual(soak.flakes(boots), {})

    def test_a_case_that_fails_once_is_a_flake(self):
        boots = [{'s.a': 'PASS'}, {'s.a': 'FAIL'}, {'s.a': 'PASS'}]
        self.assertEqual(soak.flakes(boots), {'s.a': {'PASS': 2, 'FAIL': 1}})

    def test_a_case_missing_from_a_boot_is_a_flake(self):
        boots = [{'s.a': 'PASS', 's.b': 'PASS'}, {'s.a': 'PASS'}]
        self.assertEqual(soak.flakes(boots), {'s.b': {'PASS': 1, 'NOT RUN': 1}})

    def test_a_skip_that_turns_into_a_pass_is_a_flake(self):
        boots = [{'s.a/1': 'SKIP'}, {'s.a/1': 'PASS'}]
        self.assertEqual(list(soak.flakes(boots)), ['s.a/1'])


if __name__ == '__main__':
    unittest.main()
