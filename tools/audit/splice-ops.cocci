// SPDX-License-Identifier: GPL-2.0-only
/// Find file_operations that can be read or written but not spliced.
///
/// Since set_fs() went away in 5.10, splice(2) and sendfile(2) no longer
/// fall back to ->read and ->write: a file whose file_operations lack
/// .splice_read or .splice_write fails them with -EINVAL. A file with
/// .read_iter can use generic_file_splice_read (filemap_splice_read from
/// 6.5), one with .write_iter iter_file_splice_write. A file with only
/// .read or .write needs converting to the iter ops first. Some files do
/// not want splice at all; docs/audit.md in the project that ships this
/// says which hits are meant.
///
/// Initialisers built by macros (DEFINE_SHOW_ATTRIBUTE and the like) are
/// not seen.
//
// Confidence: High
// Comments: a report, not a patch: each hit needs a judgement.
// Options: --no-includes --include-headers

virtual report

@has_splice_read depends on report@
identifier fops;
expression E;
position p;
@@
struct file_operations fops@p = { .splice_read = E, };

@has_splice_write depends on report@
identifier fops;
expression E;
position p;
@@
struct file_operations fops@p = { .splice_write = E, };

@has_read_iter depends on report@
identifier fops;
expression E;
position p;
@@
struct file_operations fops@p = { .read_iter = E, };

@has_write_iter depends on report@
identifier fops;
expression E;
position p;
@@
struct file_operations fops@p = { .write_iter = E, };

@read_iter_only depends on report@
identifier fops;
expression E;
position p != has_splice_read.p;
@@
struct file_operations fops@p = { .read_iter = E, };

@write_iter_only depends on report@
identifier fops;
expression E;
position p != has_splice_write.p;
@@
struct file_operations fops@p = { .write_iter = E, };

@read_only depends on report@
identifier fops;
expression E;
position p != {has_read_iter.p, has_splice_read.p};
@@
struct file_operations fops@p = { .read = E, };

@write_only depends on report@
identifier fops;
expression E;
position p != {has_write_iter.p, has_splice_write.p};
@@
struct file_operations fops@p = { .write = E, };

@script:python depends on report@
fops << read_iter_only.fops;
p << read_iter_only.p;
@@
coccilib.report.print_report(p[0], "WARNING: %s has .read_iter but no .splice_read" % fops)

@script:python depends on report@
fops << write_iter_only.fops;
p << write_iter_only.p;
@@
coccilib.report.print_report(p[0], "WARNING: %s has .write_iter but no .splice_write" % fops)

@script:python depends on report@
fops << read_only.fops;
p << read_only.p;
@@
coccilib.report.print_report(p[0], "WARNING: %s has .read but neither .read_iter nor .splice_read" % fops)

@script:python depends on report@
fops << write_only.fops;
p << write_only.p;
@@
coccilib.report.print_report(p[0], "WARNING: %s has .write but neither .write_iter nor .splice_write" % fops)
