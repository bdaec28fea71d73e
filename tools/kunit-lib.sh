# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by the scripts that build and boot a kernel (tools/kunit-run,
# tools/splice-matrix/run, tools/bench/run, tools/check-bisect): the
# architecture table, a compiler cache that hits from any clone, and a
# kunit.py build that says how far along it is.

# shellcheck disable=SC2034 # cross, console and libc are for the caller
kunit_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The kernel tree: TREE=6.1 (the default, the mission's) is build/linux,
# from Debian's linux-source-6.1; another, such as TREE=6.12, is
# build/linux-TREE from linux-source-TREE. Each has its series in
# patches/TREE/series. Runs on another tree are named TREE-ARCH (build
# dirs, results, expected failures), so that the trees never share a build.
kunit_treever=${TREE:-6.1}
if [ "$kunit_treever" = 6.1 ]; then
	kunit_tree=$kunit_top/build/linux
	kunit_run=
else
	kunit_tree=$kunit_top/build/linux-$kunit_treever
	kunit_run=$kunit_treever-
fi

# kunit_series [REGEX]: the patches of the tree's series, one path a line,
# in order (patches/TREE/series without its comments and blank lines),
# leaving out the lines ("topic/file") that REGEX matches (grep -E).
kunit_series() {
	local dir=$kunit_top/patches/$kunit_treever
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$dir/series" |
		{ grep -Ev "${1:-^$}" || true; } | sed "s|^|$dir/|"
}

# kunit_arch ARCH: set cross, console and libc from kunit/arches.
kunit_arch() {
	local line
	line=$(awk -v a="$1" '$1 == a' "$kunit_top/kunit/arches")
	if [ -z "$line" ]; then
		echo "${0##*/}: $1 is not in kunit/arches" >&2
		exit 2
	fi
	read -r _ cross console libc _ <<< "$line"
	[ "$cross" = - ] && cross=
	[ "$libc" = - ] && libc=
	return 0
}

# kunit.py builds with O=build/NAME and the source in build/linux*, so the
# compiler sees absolute paths under the clone. ccache makes those under
# CCACHE_BASEDIR relative before it hashes, so that a clone in another
# folder (as CI's is) hits what this one built. No kernel here has debug
# info, but should one, NOHASHDIR keeps the working folder out of its key.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$kunit_top}
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}

kunit_py() {
	(cd "$kunit_tree" && ./tools/testing/kunit/kunit.py "$@")
}

# The direct and preprocessed hits and the misses ccache has counted.
kunit_ccache_counts() {
	ccache --print-stats 2>/dev/null | awk '
		/^(direct|preprocessed)_cache_hit\t/ { hit += $2 }
		/^cache_miss\t/ { miss += $2 }
		END { print hit + 0, miss + 0 }'
}

# kunit_initramfs BUILD_DIR SOURCE.c...: BUILD_DIR/initramfs.cpio, whose
# /init is the SOURCE.c files built static for the architecture
# (kunit_arch), with empty /dev, /proc and /sys to mount on. The tree's
# tools/testing/selftests is on the include path, for kselftest.h.
kunit_initramfs() {
	local root=$1/initramfs
	shift
	rm -rf "$root"
	mkdir -p "$root"/dev "$root"/proc "$root"/sys
	"${cross}gcc" -static -O2 -Wall -Wextra -Werror \
		-I"$kunit_tree/tools/testing/selftests" -o "$root/init" "$@" &&
		(cd "$root" && find . | cpio --quiet -o -H newc) > "${root%/initramfs}/initramfs.cpio"
}

kunit_time() {
	printf '%dm%02ds' $(($1 / 60)) $(($1 % 60))
}

# kunit_build BUILD_DIR LOG KUNIT_PY_OPTION...: kunit.py build (which
# configures first) into BUILD_DIR, its output appended to LOG. On a
# terminal a line counts the objects compiled, every second, of as many
# as the last full build here compiled, and kunit.py's own lines follow;
# elsewhere (CI) they come as they are printed, with no count between.
# Either way the build ends with a line of what it took. Returns
# kunit.py's status.
kunit_build() {
	local build=$1 log=$2
	shift 2
	local name=${build##*/} start=$SECONDS status=0 pid n total last
	local stamp=$build/.kunit-build-start before after
	mkdir -p "$build"
	total=$(cat "$build/.kunit-objects" 2>/dev/null || true)
	last=$(cat "$build/.kunit-build-seconds" 2>/dev/null || true)
	before=$(kunit_ccache_counts)
	touch "$stamp"
	if [ -t 1 ]; then
		echo "$name: configuring and building in ${build#"$kunit_top"/}"
		kunit_py build --build_dir="$build" --jobs="$(nproc)" "$@" \
			> "$build/kunit-build.out" 2>&1 &
		pid=$!
		while kill -0 "$pid" 2>/dev/null; do
			# kbuild's temporary files come and go under find.
			n=$(find "$build" -name '*.o' -newer "$stamp" 2>/dev/null | wc -l)
			printf '\r%s: building: %d%s objects compiled, %s%s\033[K' \
				"$name" "$n" "${total:+ of $total}" \
				"$(kunit_time $((SECONDS - start)))" \
				"${last:+ (the last full build took $(kunit_time "$last"))}"
			sleep 1
		done
		printf '\r\033[K'
		wait "$pid" || status=$?
		tee -a "$log" < "$build/kunit-build.out"
	else
		kunit_py build --build_dir="$build" --jobs="$(nproc)" "$@" 2>&1 |
			tee -a "$log"
		status=${PIPESTATUS[0]}
	fi
	after=$(kunit_ccache_counts)
	n=$(find "$build" -name '*.o' -newer "$stamp" | wc -l)
	# shellcheck disable=SC2086 # two numbers each
	set -- $before $after
	# A full build's count and time, for the next one's progress line:
	# the first here, or one after a change of configuration (a new
	# autoconf.h); an incremental build keeps the last ones.
	if [ "$status" = 0 ] && { [ -z "$total" ] ||
		[ "$build/include/generated/autoconf.h" -nt "$stamp" ]; }; then
		echo "$n" > "$build/.kunit-objects"
		echo $((SECONDS - start)) > "$build/.kunit-build-seconds"
	fi
	echo "$name: $([ "$status" = 0 ] && echo built || echo "build FAILED") in" \
		"$(kunit_time $((SECONDS - start))): $n objects compiled," \
		"ccache $(($3 - $1)) hits, $(($4 - $2)) misses" | tee -a "$log"
	return "$status"
}

# kunit_exec LOG KUNIT_PY_OPTION...: kunit.py exec, its output appended to
# LOG. kunit.py runs 'stty sane' after QEMU, which says "Inappropriate
# ioctl" when its standard input is not a terminal (CI); that line goes.
kunit_exec() {
	local log=$1
	shift
	kunit_py exec "$@" 2> >(grep -v "^stty: 'standard input'" >&2) | tee -a "$log"
	return "${PIPESTATUS[0]}"
}
