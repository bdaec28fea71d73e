# SPDX-License-Identifier: GPL-2.0
"""tools/check-topics on copies of patches/6.1 broken one way each: every
rule must fail on its breakage, and the real folder must pass. Needs
build/linux (make tree), for its base commit."""

import os
import re
import shutil
import tempfile
import unittest

import topics

REAL = os.path.join(topics.TOP, "patches", "6.1")


class CheckTopics(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.folder = os.path.join(self.tmp.name, "6.1")
        shutil.copytree(REAL, self.folder)

    def tearDown(self):
        self.tmp.cleanup()

    def edit(self, name, old, new):
        path = os.path.join(self.folder, name)
        with open(path) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(path, "w") as f:
            f.write(text.replace(old, new, 1))

    def problems(self):
        return "\n".join(topics.check(self.folder))

    def test_real_folder_passes(self):
        self.assertEqual(self.problems(), "")

    def test_topic_without_its_dependency(self):
        self.edit("topics", "random-perf      random-kunit", "random-perf      -")
        found = self.problems()
        self.assertIn("random-perf: the cover letter's prerequisite-patch-id", found)
        self.assertIn("random-perf alone on base: ", found)

    def test_dependency_not_named(self):
        self.edit("random-perf/0000-cover-letter.patch", "random-kunit topic", "other topic")
        self.assertIn("does not name the random-kunit topic", self.problems())

    def test_series_line_missing(self):
        path = os.path.join(self.folder, "series")
        with open(path) as f:
            lines = [x for x in f if not x.startswith("vfs/0003-")]
        with open(path, "w") as f:
            f.writelines(lines)
        found = self.problems()
        self.assertIn("vfs: the folder holds", found)

    def test_series_topic_not_listed(self):
        self.edit("series", "fuse/", "cuse/")
        self.assertIn("series: topics that topics does not list: cuse", self.problems())

    def test_series_out_of_topic_order(self):
        path = os.path.join(self.folder, "series")
        with open(path) as f:
            lines = f.readlines()
        kunit = [x for x in lines if x.startswith("kunit/")]
        with open(path, "w") as f:
            f.writelines(kunit + [x for x in lines if x not in kunit])
        self.assertIn("not in the order of topics", self.problems())

    def test_cover_letter_not_written(self):
        path = os.path.join(self.folder, "s390-mm", "0000-cover-letter.patch")
        with open(path) as f:
            text = f.read()
        text = re.sub(r"^(Subject: \[[^]]*\]).*$", r"\1 *** SUBJECT HERE ***", text,
                      count=1, flags=re.M)
        with open(path, "w") as f:
            f.write(text)
        self.assertIn("s390-mm: the cover letter is not written", self.problems())

    def test_cover_letter_count(self):
        self.edit("vfs/0000-cover-letter.patch", "[PATCH 00/10]", "[PATCH 00/11]")
        self.assertIn("vfs: the cover letter's subject", self.problems())

    def test_patch_that_does_not_apply(self):
        self.edit("configfs/0001-configfs-let-attributes-splice-again.patch",
                  "\n \t.open\t\t= configfs_open_file,", "\n \t.open\t\t= configfs_open,")
        found = self.problems()
        self.assertIn("configfs alone on base: ", found)
        self.assertIn("the series: ", found)


if __name__ == "__main__":
    unittest.main()
