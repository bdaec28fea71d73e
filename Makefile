# SPDX-License-Identifier: GPL-2.0
# Entry points. The kernel tree and every build live in build/ (ignored).
#   make kunit [ARCH=arm64]  build and boot the suites on one architecture
#                            (FILTER='random_*' runs only the suites that match)
#   make kunit TREE=6.12     the same on the 6.12 tree (build/linux-6.12,
#                            patches/6.12), with the suites its series has
#                            so far (kunit/6.12.config); make tree and make
#                            patches take TREE too. 6.1 is the default.
#   make test                the suites and the splice matrix on all
#                            architectures, the series checks and three
#                            mutants (CI_MUTANTS)
#   make test-debug          the suites alone under KASAN, UBSAN, KFENCE,
#                            lockdep, DEBUG_PAGEALLOC and kmemleak
#                            (kunit/debug.config); any report fails it
#   make check               what CI runs: make test, then the debug run
#                            on x86_64 and make test-6.12, and one summary
#   make test-6.12           the 6.12 series' checks and suites (x86_64)
#   make matrix              the userspace splice matrix alone, with and
#                            without the splice fixes (their topics);
#                            writes docs/matrix.md
#   make mutate              break the kernel one mutant (kunit/mutants/) at a
#                            time and check that a case fails; MUTATE_ARCHES=
#                            'x86_64 arm64' adds arm64, MUTANTS='a b' picks some
#   make audit               Coccinelle report of file_operations that cannot
#                            splice, before and after the series
#   make check-bisect        build every patch of the series in turn (after
#                            make test, whose .configs it uses)
#   make test-arches         the suites on x86_64, arm64, i386, arm, riscv,
#                            s390 and powerpc; writes docs/arches.md
#   make soak [N=50]         boot the suites N times on one kernel of ARCH and
#                            report any case whose result changed (a flake)
#   make bench               the random driver's benchmark on UML, x86_64
#                            and arm64 (BENCH_ARCHES); writes
#                            build/results/bench.md, docs/bench.md and plots
#   make results             docs/results.md from the runs in build/results
#                            (after make check)
#   make patches             regenerate patches/6.1 (every topic and the
#                            series) from the commits in build/linux

ARCH ?= x86_64
TREE ?= 6.1
export TREE
# A run on another tree than 6.1 is named TREE-ARCH (tools/kunit-lib.sh).
RUN = $(if $(filter 6.1,$(TREE)),,$(TREE)-)
N ?= 50
ARCHES ?= x86_64 arm64
# make test-arches adds kunit.py's other architectures with a QEMU config.
ALL_ARCHES = $(ARCHES) i386 arm riscv s390 powerpc
MUTATE_ARCHES ?= x86_64
BENCH_ARCHES ?= um x86_64 arm64
# The mutants make test runs after the suites: the 5.10 regression itself,
# and one each for the read and the write loop.
CI_MUTANTS = fops-urandom-no-splice-read get-no-efault write-mix-whole-block
# What kunit-summary adds up: the suites and the splice matrix per arch.
RUNS = $(ARCHES) $(addprefix matrix-,$(ARCHES) static)
# The debug run's: the suites and the kmemleak scan after them, per arch.
DEBUG_RUNS = $(foreach arch,$(ARCHES),debug-$(arch) debug-$(arch)-kmemleak)

.PHONY: kunit test test-debug test-6.12 check test-arches bench matrix matrix-static mutate audit check-bisect soak tree \
	check-series check-tools patches results clean

ifeq ($(CONFIG),debug)
$(error make test CONFIG=debug is make test-debug now)
endif

# Each target installs what it uses (tools/deps) and no more. The runs
# go on when one fails, and the summary after them gives the verdict.
INITS = $(addprefix init-,$(ARCHES))

kunit: tree
	tools/deps $(ARCH)
	tools/kunit-run $(ARCH) $(FILTER); tools/kunit-summary $(RUN)$(ARCH)

test-debug: tree check-tools
	tools/deps $(ARCHES) $(INITS)
	for arch in $(ARCHES); do CONFIG=debug tools/kunit-run $$arch; done; \
	tools/kunit-summary $(DEBUG_RUNS)

# The splice matrix boots the suites' kernel again, with its /init: the
# suites' kernel has what the matrix needs (KUNIT_MATRIX=1, tools/kunit-run).
test: tree check-series check-tools
	cd tools && python3 -m unittest -q test_topics
	tools/deps $(ARCHES) $(INITS) matrix
	for arch in $(ARCHES); do KUNIT_MATRIX=1 tools/kunit-run $$arch; \
		KUNIT_ACTION=exec tools/splice-matrix/run $$arch; done; \
	$(MAKE) --no-print-directory matrix-static; \
	KUNIT_MATRIX=1 tools/mutate $(CI_MUTANTS); m=$$?; \
	tools/kunit-summary $(RUNS) && exit $$m

# make test's status (it carries the mutants') and make test-6.12's (its
# series checks) carry too: no summary counts them.
check:
	$(MAKE) --no-print-directory test; t=$$?; \
	$(MAKE) --no-print-directory test-debug ARCHES=x86_64; \
	$(MAKE) --no-print-directory test-6.12; s=$$?; \
	tools/kunit-summary $(RUNS) debug-x86_64 debug-x86_64-kmemleak 6.12-x86_64 && \
		[ $$t = 0 ] && exit $$s

# The 6.12 tree as far as its series goes (kunit/6.12.config): its
# series checks, and its suites on x86_64. The summary comes with make
# check's, or from tools/kunit-summary 6.12-x86_64.
test-6.12:
	$(MAKE) --no-print-directory check-series TREE=6.12
	TREE=6.12 tools/deps x86_64
	TREE=6.12 tools/kunit-run x86_64

# The splice matrix with the series and without its splice fixes, then
# docs/matrix.md from the results.
matrix: tree
	tools/deps $(ARCHES) $(INITS) matrix
	for arch in $(ARCHES); do tools/splice-matrix/run-base $$arch; \
		tools/splice-matrix/run $$arch; done; true
	$(MAKE) --no-print-directory matrix-static
	tools/splice-matrix/table $(ARCHES) static > docs/matrix.md
	tools/kunit-summary $(addprefix matrix-,$(ARCHES) static)

matrix-static: tree
	mkdir -p build/results
	tools/splice-matrix/static-check build/linux | build/linux/tools/testing/kunit/kunit.py \
		parse --json=$(CURDIR)/build/results/matrix-static.json > build/results/matrix-static.log

test-arches: tree
	tools/deps $(ALL_ARCHES)
	for arch in $(ALL_ARCHES); do tools/kunit-run $$arch; done; true
	tools/arch-table $(ALL_ARCHES) > docs/arches.md
	tools/kunit-summary $(ALL_ARCHES)

# Benchmarks measure, tests assert: nothing here passes or fails on speed.
bench: tree
	tools/deps $(filter-out um,$(BENCH_ARCHES)) $(addprefix init-,$(filter-out um,$(BENCH_ARCHES))) bench
	for arch in $(BENCH_ARCHES); do tools/bench/run $$arch || exit; done
	$(MAKE) -C tools/bench/chacha-host LINUX=$(CURDIR)/build/linux OUT=$(CURDIR)/build/chacha-host
	{ tools/bench/report --plot docs $(BENCH_ARCHES) && build/chacha-host; } > build/results/bench.md
	cp build/results/bench.md docs/bench.md

mutate: tree
	tools/deps $(MUTATE_ARCHES) $(addprefix init-,$(MUTATE_ARCHES)) matrix
	KUNIT_MATRIX=1 tools/mutate $(addprefix --arch=,$(MUTATE_ARCHES)) $(MUTANTS)

audit: tree check-tools
	tools/deps audit
	tools/audit/report

# After make test: every patch of the series builds on every architecture.
check-bisect: tree
	tools/deps $(ARCHES)
	tools/check-bisect $(ARCHES)

soak: tree
	tools/deps $(ARCH)
	tools/soak -n $(N) $(ARCH)

tree:
	tools/deps build
	tools/prepare-tree

check-series: tree
	tools/deps series
	tools/check-series

check-tools:
	tools/deps audit
	cd tools && python3 -m unittest -q test_kunit_summary test_soak
	cd tools/bench && python3 -m unittest -q test_report
	tools/audit/test

patches:
	tools/export-patches

results:
	tools/results-page $(RUNS) debug-x86_64 debug-x86_64-kmemleak 6.12-x86_64 > docs/results.md

clean:
	rm -rf build
