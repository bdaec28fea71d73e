# Entry points. The kernel tree and every build live in build/ (ignored).
#   make kunit [ARCH=arm64]  build and boot the suites on one architecture
#                            (FILTER='random_*' runs only the suites that match)
#   make test                all architectures, plus the series checks
#   make patches             regenerate patches/ from commits in build/linux

ARCH ?= x86_64
ARCHES ?= x86_64 arm64

.PHONY: kunit test deps tree check-series check-tools patches clean

kunit: tree
	-tools/kunit-run $(ARCH) $(FILTER)
	tools/kunit-summary $(ARCH)

test: tree check-series check-tools
	-for arch in $(ARCHES); do tools/kunit-run $$arch; done
	tools/kunit-summary $(ARCHES)

deps:
	tools/deps

tree: deps
	tools/prepare-tree

check-series: tree
	tools/check-series

check-tools:
	tools/kunit-summary-test

patches:
	tools/export-patches

clean:
	rm -rf build
