/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers to build lib/crypto/chacha.c and
 * arch/x86/crypto/chacha-*.S into a host program (chacha-host.c). The
 * headers they include are empty files beside this one.
 */
#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>
#include <string.h>

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uint32_t __le32;
#define asmlinkage
#define EXPORT_SYMBOL(sym)
#define IS_ENABLED(option) 0
#define WARN_ON_ONCE(cond) ((void)(cond))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define memzero_explicit(p, n) explicit_bzero(p, n)

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

/* x86_64 is little-endian, and unaligned access is fine there. */
static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}
#else
#define SYM_FUNC_START(name)		.globl name; .type name, @function; name:
#define SYM_FUNC_START_LOCAL(name)	.type name, @function; name:
#define SYM_FUNC_END(name)		.size name, . - name
#define RET				ret
#define FRAME_BEGIN
#define FRAME_END
#endif
