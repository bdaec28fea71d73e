// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own ChaCha20 implementations, timed side by side on the
 * host's CPU in one run: the generic C of lib/crypto/chacha.c one block at
 * a time, as get_random_bytes_user() uses it (chacha20_block() and a copy
 * out of the block), and the x86_64 SSSE3, AVX2 and AVX-512VL assembly
 * behind chacha_crypt_arch(), dispatched as chacha_dosimd() in
 * arch/x86/crypto/chacha_glue.c does. Every implementation must give the
 * same keystream, or the program fails. Prints, per implementation and
 * request size, MiB/s (best and median of the rounds) and the ratio of
 * the medians to the generic loop's.
 * Usage: chacha-host [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <crypto/chacha.h>

/* The assembly's entry points, as arch/x86/crypto/chacha_glue.c declares them. */
typedef void xor_fn(u32 *state, u8 *dst, const u8 *src, unsigned int len,
		    int nrounds);
asmlinkage xor_fn chacha_block_xor_ssse3, chacha_4block_xor_ssse3,
	chacha_2block_xor_avx2, chacha_4block_xor_avx2, chacha_8block_xor_avx2,
	chacha_2block_xor_avx512vl, chacha_4block_xor_avx512vl,
	chacha_8block_xor_avx512vl;

#define MAX_SIZE	(1 << 20)
#define TOTAL		(64 << 20)	/* bytes per round */

static u8 zeros[MAX_SIZE], out[MAX_SIZE], want[MAX_SIZE];

/* get_random_bytes_user()'s loop, with memcpy() for copy_to_iter(). */
static void generic_blocks(u32 *state, u8 *dst, unsigned int len)
{
	u8 block[CHACHA_BLOCK_SIZE];
	unsigned int n;

	for (; len; dst += n, len -= n) {
		chacha_block_generic(state, block, 20);
		n = len < sizeof(block) ? len : sizeof(block);
		memcpy(dst, block, n);
	}
}

static unsigned int advance(unsigned int len, unsigned int maxblocks)
{
	len = len < maxblocks * CHACHA_BLOCK_SIZE ? len : maxblocks * CHACHA_BLOCK_SIZE;
	return (len + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE;
}

/*
 * chacha_dosimd()'s dispatch for one instruction set's 8, 4 and 2 blocks,
 * and what it uses for one block or less.
 */
static void simd(xor_fn *x8, xor_fn *x4, xor_fn *x2, xor_fn *x1, u32 *state,
		 u8 *dst, unsigned int len)
{
	const u8 *src = zeros;

	for (; x8 && len >= 8 * CHACHA_BLOCK_SIZE; len -= 8 * CHACHA_BLOCK_SIZE) {
		x8(state, dst, src, len, 20);
		src += 8 * CHACHA_BLOCK_SIZE;
		dst += 8 * CHACHA_BLOCK_SIZE;
		state[12] += 8;
	}
	for (; !x8 && len >= 4 * CHACHA_BLOCK_SIZE; len -= 4 * CHACHA_BLOCK_SIZE) {
		x4(state, dst, src, len, 20);
		src += 4 * CHACHA_BLOCK_SIZE;
		dst += 4 * CHACHA_BLOCK_SIZE;
		state[12] += 4;
	}
	if (x8 && len > 4 * CHACHA_BLOCK_SIZE) {
		x8(state, dst, src, len, 20);
		state[12] += advance(len, 8);
	} else if (len > 2 * CHACHA_BLOCK_SIZE || (!x2 && len > CHACHA_BLOCK_SIZE)) {
		x4(state, dst, src, len, 20);
		state[12] += advance(len, 4);
	} else if (x2 && len > CHACHA_BLOCK_SIZE) {
		x2(state, dst, src, len, 20);
		state[12] += advance(len, 2);
	} else if (len) {
		x1(state, dst, src, len, 20);
		state[12]++;
	}
}

static void ssse3(u32 *state, u8 *dst, unsigned int len)
{
	simd(NULL, chacha_4block_xor_ssse3, NULL, chacha_block_xor_ssse3,
	     state, dst, len);
}

static void avx2(u32 *state, u8 *dst, unsigned int len)
{
	simd(chacha_8block_xor_avx2, chacha_4block_xor_avx2,
	     chacha_2block_xor_avx2, chacha_block_xor_ssse3, state, dst, len);
}

static void avx512vl(u32 *state, u8 *dst, unsigned int len)
{
	simd(chacha_8block_xor_avx512vl, chacha_4block_xor_avx512vl,
	     chacha_2block_xor_avx512vl, chacha_2block_xor_avx512vl, state,
	     dst, len);
}

static const struct impl {
	const char *name, *cpu;		/* cpu: for __builtin_cpu_supports() */
	void (*fill)(u32 *state, u8 *dst, unsigned int len);
} impls[] = {
	{ "generic", NULL, generic_blocks },
	{ "ssse3", "ssse3", ssse3 },
	{ "avx2", "avx2", avx2 },
	{ "avx512vl", "avx512vl", avx512vl },
};

static const unsigned int sizes[] = { 64, 512, 4096, 65536, MAX_SIZE };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void init_state(u32 *state)
{
	unsigned int i;

	chacha_init_consts(state);
	for (i = 4; i < 16; i++)
		state[i] = 0x01010101 * i;
}

static int supported(const struct impl *im)
{
	if (!im->cpu)
		return 1;
	if (!strcmp(im->cpu, "ssse3"))
		return __builtin_cpu_supports("ssse3");
	if (!strcmp(im->cpu, "avx2"))
		return __builtin_cpu_supports("avx2");
	return __builtin_cpu_supports("avx512vl");
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void print_cpu(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10)) {
			printf("### The host's CPU:%s\n", strchr(line, ':') + 1);
			break;
		}
	if (f)
		fclose(f);
	printf("The kernel's ChaCha20 code built into a host program "
	       "(tools/bench/chacha-host), 64 MiB per round.\n\n");
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 7;
	double *rate = calloc(rounds, sizeof(*rate)), base[sizeof(sizes) / sizeof(sizes[0])];
	unsigned int i, s, n;
	u32 state[16];
	int r;

	if (!rate || rounds < 1)
		return 2;
	print_cpu();
	printf("| implementation | size | MiB/s best | median | ratio of medians to generic |\n");
	printf("| --- | ---: | ---: | ---: | ---: |\n");
	for (i = 0; i < sizeof(impls) / sizeof(impls[0]); i++) {
		if (!supported(&impls[i])) {
			printf("| %s | | not on this CPU | | |\n", impls[i].name);
			continue;
		}
		/* The same state must give the same keystream. */
		init_state(state);
		state[12] = 0xfffffff0;	/* no carry into word 13 in either */
		impls[i].fill(state, out, MAX_SIZE / 64);
		if (i == 0)
			memcpy(want, out, MAX_SIZE / 64);
		else if (memcmp(want, out, MAX_SIZE / 64)) {
			fprintf(stderr, "chacha-host: %s's keystream differs\n",
				impls[i].name);
			return 1;
		}
		for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			for (r = 0; r < rounds; r++) {
				double t = now();

				for (n = 0; n < TOTAL / sizes[s]; n++)
					impls[i].fill(state, out, sizes[s]);
				rate[r] = TOTAL / (now() - t) / (1 << 20);
			}
			qsort(rate, rounds, sizeof(*rate), cmp_double);
			if (i == 0)
				base[s] = rate[rounds / 2];
			printf("| %s | %u | %.0f | %.0f | %.2f |\n", impls[i].name,
			       sizes[s], rate[rounds - 1], rate[rounds / 2],
			       rate[rounds / 2] / base[s]);
		}
	}
	return 0;
}
