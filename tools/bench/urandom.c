// SPDX-License-Identifier: GPL-2.0
/*
 * /init of make bench's QEMU guests: after the kernel's own benchmark
 * (CONFIG_RANDOM_BENCHMARK), time /dev/urandom from userspace the ways
 * programs use it, and print lines in the kernel benchmark's format,
 * "urandom_bench: METHOD SIZE ROUND BYTES NS", for tools/bench/report.
 *
 *   read      read(2) of 128 KiB requests, as the measurements of the
 *             read_iter conversion did (616 -> 598 MiB/s)
 *   getrandom getrandom(2) of 128 KiB
 *   splice    splice(2) of 64 KiB from /dev/urandom into a pipe; the clock
 *             stops while the pipe is drained into /dev/null
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		7
#define TOTAL		(8 << 20)	/* bytes per round and method */
#define READ_SIZE	(128 << 10)
#define SPLICE_SIZE	(64 << 10)

static char buf[READ_SIZE];
static int urandom, null, pipefd[2];

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* kunit.py runs QEMU with -no-reboot: a reboot ends it, a halt would not. */
static void end_boot(void)
{
	fflush(stdout);
	reboot(RB_AUTOBOOT);
}

static void die(const char *what)
{
	printf("urandom_bench: error: %s: %m\n", what);
	end_boot();
	exit(1);
}

static ssize_t do_read(void)
{
	return read(urandom, buf, READ_SIZE);
}

static ssize_t do_getrandom(void)
{
	return getrandom(buf, READ_SIZE, 0);
}

static ssize_t do_splice(void)
{
	return splice(urandom, NULL, pipefd[1], NULL, SPLICE_SIZE, 0);
}

static void drain_pipe(ssize_t n)
{
	while (n > 0) {
		ssize_t m = splice(pipefd[0], NULL, null, NULL, n, 0);

		if (m <= 0)
			die("splice to /dev/null");
		n -= m;
	}
}

static const struct {
	const char *name;
	size_t size;
	ssize_t (*call)(void);
} methods[] = {
	{ "read", READ_SIZE, do_read },
	{ "getrandom", READ_SIZE, do_getrandom },
	{ "splice", SPLICE_SIZE, do_splice },
};

int main(void)
{
	long long ns, start;
	size_t done;
	ssize_t n;
	int round;
	unsigned int m;

	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	urandom = open("/dev/urandom", O_RDONLY);
	null = open("/dev/null", O_WRONLY);
	if (urandom < 0 || null < 0 || pipe(pipefd))
		die("open");
	for (round = 0; round < ROUNDS; round++) {
		for (m = 0; m < sizeof(methods) / sizeof(methods[0]); m++) {
			ns = 0;
			for (done = 0; done < TOTAL; done += n) {
				start = now_ns();
				n = methods[m].call();
				ns += now_ns() - start;
				if (n != (ssize_t)methods[m].size)
					die(methods[m].name);
				if (methods[m].call == do_splice)
					drain_pipe(n);
			}
			printf("urandom_bench: %s %zu %d %zu %lld\n",
			       methods[m].name, methods[m].size, round, done, ns);
		}
	}
	printf("urandom_bench: end\n");
	end_boot();
	return 0;
}
