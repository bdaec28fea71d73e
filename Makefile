# SPDX-License-Identifier: GPL-2.0
# Entry points. The kernel tree and every build live in build/ (ignored).
#   make kunit [ARCH=arm64]  build and boot the suites on one architecture
#                            (FILTER='random_*' runs only the suites that match)
#   make kunit TREE=6.12     the same on the 6.12 tree (build/linux-6.12,
#                            patches/6.12); make test, test-debug, tree,
#                            check-series, matrix-static and patches take
#                            TREE too. 6.1 is the default.
#   make test                the suites and the splice matrix on all
#                            architectures and the series checks; on 6.1,
#                            three mutants (CI_MUTANTS) too
#   make test-debug          the suites alone under KASAN, UBSAN, KFENCE,
#                            lockdep, DEBUG_PAGEALLOC and kmemleak
#                            (kunit/debug.config); any report fails it
#   make check               what CI runs: make test, then the debug run
#                            on x86_64 and make test-6.12, and one summary
#   make test-6.12           make test TREE=6.12 on x86_64
#   make matrix              the userspace splice matrix alone, with and
#                            without the splice fixes (their topics);
#                            writes docs/matrix.md (both trees' runs)
#   make mutate              break the kernel one mutant (kunit/mutants/) at a
#                            time and check that a case fails; MUTATE_ARCHES=
#                            'x86_64 arm64' adds arm64, MUTANTS='a b' picks some
#   make audit               Coccinelle report of file_operations that cannot
#                            splice, before and after the series
#   make check-bisect        build every patch of the series in turn (after
#                            make test, whose .configs it uses)
#   make test-arches         the suites on every architecture of kunit/arches
#                            on both trees (ARCH_TREES); writes docs/arches.md
#                            and build/results/kcidb-arches.json
#   make soak [N=50]         boot the suites N times on one kernel of ARCH and
#                            report any case whose result changed (a flake)
#   make bench               the random driver's benchmark on UML, x86_64
#                            and arm64 (BENCH_ARCHES); writes
#                            build/results/bench.md, docs/bench.md and plots
#   make results             docs/results.md from the runs in build/results
#                            (after make check)
#   make kcidb               one KCIDB report (build/results/kcidb.json) of
#                            the runs in build/results (KCIDB_RUNS= picks),
#                            checked against KernelCI's schema where
#                            ../shared/kcidb has it; docs/lab.md
#   make lab-plan            kunit/lab/kernelci.yaml, the lab's jobs, from
#                            kunit/arches and ARCH_TREES
#   make patches             regenerate patches/6.1 (every topic and the
#                            series) from the commits in build/linux

ARCH ?= x86_64
TREE ?= 6.1
export TREE
# A run on another tree than 6.1 is named TREE-ARCH (tools/kunit-lib.sh).
RUN = $(if $(filter 6.1,$(TREE)),,$(TREE)-)
TREE_DIR = build/linux$(if $(filter 6.1,$(TREE)),,-$(TREE))
N ?= 50
ARCHES ?= x86_64 arm64
# make test-arches runs every architecture of kunit/arches, on both trees.
ALL_ARCHES = $(shell awk '!/^\#/ { print $$1 }' kunit/arches)
ARCH_TREES = 6.1 6.12
MUTATE_ARCHES ?= x86_64
BENCH_ARCHES ?= um x86_64 arm64
# The mutants make test runs after the suites: the 5.10 regression itself,
# and one each for the read and the write loop.
CI_MUTANTS = fops-urandom-no-splice-read get-no-efault write-mix-whole-block
# What kunit-summary adds up: the suites and the splice matrix per arch
# (on 6.12, 6.12-x86_64, 6.12-matrix-x86_64 and so on).
RUNS_6.1 = $(ARCHES) $(addprefix matrix-,$(ARCHES) static)
RUNS = $(addprefix $(RUN),$(RUNS_6.1))
# make check's of the 6.12 tree (make test-6.12).
RUNS_6.12 = $(addprefix 6.12-,x86_64 matrix-x86_64 matrix-static)
# make check's, all of them.
CHECK_RUNS = $(RUNS_6.1) debug-x86_64 debug-x86_64-kmemleak $(RUNS_6.12)
# make kcidb's: every run in build/results unless named.
KCIDB_RUNS ?=
KCIDB_OUT ?= build/results/kcidb.json
# The debug run's: the suites and the kmemleak scan after them, per arch.
DEBUG_RUNS = $(foreach arch,$(ARCHES),debug-$(RUN)$(arch) debug-$(RUN)$(arch)-kmemleak)

.PHONY: kunit test test-debug test-6.12 check test-arches bench matrix matrix-static mutate audit check-bisect soak tree \
	check-series check-tools patches results kcidb lab-plan clean

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
# On 6.1, the tools' tests of the topics and three mutants too.
test: tree check-series check-tools
ifeq ($(TREE),6.1)
	cd tools && python3 -m unittest -q test_topics
endif
	tools/deps $(ARCHES) $(INITS) matrix kcidb
	for arch in $(ARCHES); do KUNIT_MATRIX=1 tools/kunit-run $$arch; \
		KUNIT_ACTION=exec tools/splice-matrix/run $$arch; done; \
	$(MAKE) --no-print-directory matrix-static; m=0; \
	if [ $(TREE) = 6.1 ]; then KUNIT_MATRIX=1 tools/mutate $(CI_MUTANTS); m=$$?; fi; \
	$(MAKE) --no-print-directory kcidb KCIDB_RUNS='$(RUNS)' KCIDB_OUT=build/results/kcidb-$(TREE).json \
		|| m=1; tools/kunit-summary $(RUNS) && exit $$m

# Each make test's status carries too (the mutants', the series checks'):
# no summary counts them.
check:
	$(MAKE) --no-print-directory test TREE=6.1; t=$$?; \
	$(MAKE) --no-print-directory test-debug TREE=6.1 ARCHES=x86_64; \
	$(MAKE) --no-print-directory test-6.12; s=$$?; \
	$(MAKE) --no-print-directory kcidb KCIDB_RUNS='$(CHECK_RUNS)' || s=1; \
	tools/kunit-summary $(CHECK_RUNS) && [ $$t = 0 ] && exit $$s

# make test TREE=6.12 on x86_64: what make check runs of the 6.12 tree.
test-6.12:
	$(MAKE) --no-print-directory test TREE=6.12 ARCHES=x86_64

# The splice matrix with the series and without its splice fixes, then
# docs/matrix.md from the results of both trees' runs.
matrix: tree
	tools/deps $(ARCHES) $(INITS) matrix
	for arch in $(ARCHES); do tools/splice-matrix/run-base $$arch; \
		tools/splice-matrix/run $$arch; done; true
	$(MAKE) --no-print-directory matrix-static
	tools/splice-matrix/table $(ARCHES) static > docs/matrix.md
	tools/kunit-summary $(addprefix $(RUN)matrix-,$(ARCHES) static)

matrix-static: tree
	mkdir -p build/results
	tools/splice-matrix/static-check $(TREE_DIR) | $(TREE_DIR)/tools/testing/kunit/kunit.py \
		parse --json=$(CURDIR)/build/results/$(RUN)matrix-static.json \
		> build/results/$(RUN)matrix-static.log

# Each tree's runs are named as tools/kunit-lib.sh names them: ARCH on
# 6.1, TREE-ARCH on another.
ARCH_RUNS = $(foreach tree,$(ARCH_TREES),$(addprefix $(if $(filter 6.1,$(tree)),,$(tree)-),$(ALL_ARCHES)))
test-arches:
	for tree in $(ARCH_TREES); do $(MAKE) tree TREE=$$tree || exit 1; done
	tools/deps $(ALL_ARCHES)
	for tree in $(ARCH_TREES); do for arch in $(ALL_ARCHES); do \
		TREE=$$tree tools/kunit-run $$arch; done; done; true
	tools/arch-table --trees '$(ARCH_TREES)' $(ALL_ARCHES) > docs/arches.md
	$(MAKE) --no-print-directory kcidb KCIDB_RUNS='$(ARCH_RUNS)' KCIDB_OUT=build/results/kcidb-arches.json
	tools/kunit-summary $(ARCH_RUNS)

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
	tools/deps audit kcidb
	cd tools && python3 -m unittest -q test_kunit_summary test_soak test_kcidb
	cd tools/bench && python3 -m unittest -q test_report
	tools/audit/test

patches:
	tools/export-patches

results:
	tools/results-page $(CHECK_RUNS) > docs/results.md

# The report a lab would submit (docs/lab.md); the schema check is
# skipped, and says so, where ../shared/kcidb is not beside the clone.
kcidb:
	tools/deps kcidb
	tools/kcidb $(KCIDB_RUNS) > $(KCIDB_OUT).new && mv $(KCIDB_OUT).new $(KCIDB_OUT)
	tools/kcidb --validate $(KCIDB_OUT)

lab-plan:
	tools/lab-plan > kunit/lab/kernelci.yaml

clean:
	rm -rf build
