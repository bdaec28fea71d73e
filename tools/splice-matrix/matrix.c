// SPDX-License-Identifier: GPL-2.0
/*
 * The /init of a QEMU initramfs. For the file types whose splice(2) the
 * removal of set_fs() in 5.10 broke, and that were fixed since (the random
 * devices, proc's mount files, kernfs, the tty) or by this series
 * (/dev/zero, /dev/full, /dev/null, configfs, hugetlbfs, a CUSE device,
 * and files on minix, bfs, hfs, hfsplus, ufs, sysv, affs, omfs, hpfs,
 * ecryptfs and coda), and for regular files on jffs2, 9p and nilfs2:
 * read(2) it, splice(2) and sendfile(2) it into a pipe, splice a pipe into
 * it where it takes writes, sendfile(2) and copy_file_range(2) a file into
 * a new one beside it on a filesystem, and print the results as KTAP
 * through the tree's kselftest.h, one subtest per file type with a line
 * per case, for kunit.py to parse. Counts are checked against
 * what read(2) returns, and bytes against what read(2) reads wherever they
 * are known.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/keyctl.h>

#include "kselftest.h"
#include "matrix.h"

#define PIPE_CAPACITY	65536	/* 16 pages of 4 KiB: the default pipe size */
#define MAX_CASES	32
#define MAX_CONTENT	65536
#define ECRYPTFS_SIG	"0123456789abcdef"	/* the key add_ecryptfs_key() adds */

struct result {
	char name[48];
	char diag[160];		/* empty when the case passed */
};

static struct result results[MAX_CASES];
static int nresults;
static unsigned char want[MAX_CONTENT], got[MAX_CONTENT + 4096];

static void on_alarm(int sig)
{
	(void)sig;	/* only there to interrupt a blocked call with EINTR */
}

/* Record one case: @fmt says what went wrong, or is NULL when it passed. */
static void report(const char *name, const char *fmt, ...)
{
	struct result *r = &results[nresults++];
	va_list ap;

	snprintf(r->name, sizeof(r->name), "%s", name);
	r->diag[0] = '\0';
	if (!fmt)
		return;
	va_start(ap, fmt);
	vsnprintf(r->diag, sizeof(r->diag), fmt, ap);
	va_end(ap);
}

/*
 * One file type's cases, as a subtest: kselftest.h's lines are the top
 * level, and it has no nesting, so the cases are printed here, indented.
 */
static void print_suite(const char *suite)
{
	int failed = 0;

	printf("    KTAP version 1\n    # Subtest: %s\n    1..%d\n", suite, nresults);
	for (int i = 0; i < nresults; i++) {
		if (results[i].diag[0]) {
			printf("    # %s: %s\n", results[i].name, results[i].diag);
			failed = 1;
		}
		printf("    %sok %d %s\n", results[i].diag[0] ? "not " : "", i + 1,
		       results[i].name);
	}
	ksft_test_result(!failed, "%s\n", suite);
	fflush(stdout);
	nresults = 0;
}

const char *err(ssize_t ret)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%zd (%s)", ret, ret < 0 ? strerror(errno) : "no error");
	return buf;
}

/* Read everything the pipe holds, without blocking. */
static ssize_t drain(int fd, unsigned char *buf, size_t size)
{
	size_t total = 0;
	ssize_t n;

	fcntl(fd, F_SETFL, O_NONBLOCK);
	while (total < size && (n = read(fd, buf + total, size - total)) > 0)
		total += n;
	return total;
}

/* A file type: how to open it, and what reading it gives. */
struct target {
	const char *suite;
	const char *path;
	int flags;
	enum { STREAM, ZEROS, EMPTY, CONTENT } kind;
	/*
	 * How splice into it is checked: the count taken and the pipe
	 * emptied (SPLICE_IN), an attribute's new value read back
	 * (SPLICE_VALUE: @value, or a bool's other value), or the bytes read
	 * back from new files beside it, spliced from a pipe and copied from
	 * it with sendfile(2) and copy_file_range(2) (SPLICE_FILE).
	 */
	enum { READ_ONLY, SPLICE_IN, SPLICE_VALUE, SPLICE_FILE } write;
	const char *value;
	int sendfile_to_file;	/* a regular file: sendfile(2) into a file too */
};

static int open_target(const struct target *t)
{
	int fd = open(t->path, t->flags);

	if (fd < 0)
		printf("# %s: open %s: %s\n", t->suite, t->path, strerror(errno));
	return fd;
}

/* What a transfer of @len from offset 0 must return, for @t with @size bytes known. */
static size_t expected(const struct target *t, size_t len, size_t size, size_t room)
{
	size_t n = len < room ? len : room;

	if (t->kind == EMPTY)
		return 0;
	if (t->kind == CONTENT && size < n)
		return size;
	return n;
}

/* The bytes that came out of the pipe must be what read(2) gives. */
static const char *check_bytes(const struct target *t, const unsigned char *buf, size_t n)
{
	static char msg[96];

	for (size_t i = 0; i < n; i++) {
		if ((t->kind == ZEROS && buf[i]) || (t->kind == CONTENT && buf[i] != want[i])) {
			snprintf(msg, sizeof(msg), "byte %zu is 0x%02x, read(2) gives 0x%02x",
				 i, buf[i], t->kind == ZEROS ? 0 : want[i]);
			return msg;
		}
	}
	return NULL;
}

enum { SPLICE, SENDFILE };

static void transfer_case(const struct target *t, int how, size_t len, size_t size,
			  const char *name)
{
	int fd = open_target(t), p[2];
	size_t want_n = expected(t, len, size, PIPE_CAPACITY);
	const char *bad;
	ssize_t ret;

	if (fd < 0 || pipe(p)) {
		report(name, "cannot open the file or a pipe: %s", strerror(errno));
		return;
	}
	alarm(10);
	ret = how == SPLICE ? splice(fd, NULL, p[1], NULL, len, 0) :
			      sendfile(p[1], fd, NULL, len);
	alarm(0);
	if (ret < 0 || (size_t)ret != want_n)
		report(name, "returned %s, expected %zu", err(ret), want_n);
	else if (drain(p[0], got, sizeof(got)) != ret)
		report(name, "returned %zd, but the pipe held another count", ret);
	else if ((bad = check_bytes(t, got, ret)))
		report(name, "%s", bad);
	else
		report(name, NULL);
	close(p[0]);
	close(p[1]);
	close(fd);
}

/* sendfile(2) a regular file into a file on the initramfs: the whole of it. */
static void sendfile_file_case(const struct target *t, size_t size)
{
	int fd = open_target(t), out = open("/sendfile.out", O_RDWR | O_CREAT | O_TRUNC, 0600);
	const char *bad;
	ssize_t ret;

	if (fd < 0 || out < 0) {
		report("sendfile_file", "cannot open the file or the output: %s", strerror(errno));
		return;
	}
	alarm(10);
	ret = sendfile(out, fd, NULL, size + 4096);
	alarm(0);
	if (ret != (ssize_t)size)
		report("sendfile_file", "returned %s, expected %zu", err(ret), size);
	else if (pread(out, got, sizeof(got), 0) != ret)
		report("sendfile_file", "the output file holds another count than %zd", ret);
	else if ((bad = check_bytes(t, got, ret)))
		report("sendfile_file", "%s", bad);
	else
		report("sendfile_file", NULL);
	close(out);
	close(fd);
}

/* tee(2) the spliced bytes into a second pipe: both must hold the same. */
static void tee_case(const struct target *t, size_t len)
{
	int fd = open_target(t), p[2], q[2];
	ssize_t ret, teed;

	if (fd < 0 || pipe(p) || pipe(q)) {
		report("tee", "cannot open the file or the pipes: %s", strerror(errno));
		return;
	}
	alarm(10);
	ret = splice(fd, NULL, p[1], NULL, len, 0);
	teed = ret > 0 ? tee(p[0], q[1], ret, 0) : -1;
	alarm(0);
	if (ret != (ssize_t)len || teed != ret)
		report("tee", "splice returned %zd, tee %s, expected %zu each", ret, err(teed), len);
	else if (drain(p[0], want, len) != ret || drain(q[0], got, len) != ret ||
		 memcmp(want, got, ret))
		report("tee", "the two pipes differ");
	else
		report("tee", NULL);
	close(p[0]); close(p[1]); close(q[0]); close(q[1]);
	close(fd);
}

/* Fill a pipe with @len known bytes and splice them into @fd. */
static ssize_t splice_in(int fd, const unsigned char *data, size_t len, int *left)
{
	int p[2];
	ssize_t ret;

	if (pipe(p))
		return -1;
	if (write(p[1], data, len) != (ssize_t)len) {
		close(p[0]); close(p[1]);
		return -1;
	}
	alarm(10);
	ret = splice(p[0], NULL, fd, NULL, len, 0);
	alarm(0);
	if (ioctl(p[0], FIONREAD, left))
		*left = -1;
	close(p[0]);
	close(p[1]);
	return ret;
}

static void splice_write_case(const struct target *t, size_t len, const unsigned char *data,
			      const char *name)
{
	int fd = open_target(t), left;
	ssize_t ret;

	if (fd < 0) {
		report(name, "cannot open: %s", strerror(errno));
		return;
	}
	ret = splice_in(fd, data, len, &left);
	if (ret != (ssize_t)len)
		report(name, "returned %s, expected %zu", err(ret), len);
	else if (left != 0)
		report(name, "the pipe still holds %d bytes", left);
	else
		report(name, NULL);
	close(fd);
}

/*
 * An attribute: splice a new value into it (@t->value, or the value a bool
 * does not have), read it back, then put the old value back with write(2).
 */
static void splice_write_value(const struct target *t, size_t size)
{
	const char *value = t->value ? t->value : want[0] == 'Y' ? "N\n" : "Y\n";
	size_t len = strlen(value);
	int fd;

	splice_write_case(t, len, (const unsigned char *)value, "splice_write");
	fd = open_target(t);
	if (fd < 0 || results[nresults - 1].diag[0])
		report("splice_write_read_back", "splice_write failed: nothing to read back");
	else if (read(fd, got, sizeof(got)) != (ssize_t)len || memcmp(got, value, len))
		report("splice_write_read_back", "reading it back does not give what was spliced");
	else
		report("splice_write_read_back", NULL);
	if (fd >= 0) {
		if (pwrite(fd, want, size, 0) != (ssize_t)size)
			printf("# %s: cannot restore its value\n", t->suite);
		close(fd);
	}
}

/* Splice known bytes into a new file beside @t, and read them back. */
static void splice_write_file(const struct target *t)
{
	static const char name[] = "splice_write_file";
	unsigned char data[5000];
	char path[64];
	int fd, left;
	ssize_t ret;

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = i * 13 + 5;
	snprintf(path, sizeof(path), "%s.spliced", t->path);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		report(name, "cannot create %s: %s", path, strerror(errno));
		return;
	}
	ret = splice_in(fd, data, sizeof(data), &left);
	if (ret != sizeof(data) || left)
		report(name, "returned %s, pipe holds %d, expected %zu and 0", err(ret), left,
		       sizeof(data));
	else if (pread(fd, got, sizeof(got), 0) != ret || memcmp(got, data, ret))
		report(name, "reading the file back does not give what was spliced");
	else
		report(name, NULL);
	close(fd);
}

enum { SENDFILE_INTO, COPY_FILE_RANGE };

/*
 * Copy @t, @size bytes, into a new file beside it with sendfile(2) or
 * copy_file_range(2): without a ->copy_file_range or ->remap_file_range,
 * both go through the new file's ->splice_write.
 */
static void copy_into_file_case(const struct target *t, int how, size_t size)
{
	const char *name = how == SENDFILE_INTO ? "sendfile_into_file" : "copy_file_range";
	int in = open_target(t), out;
	char path[64];
	ssize_t ret;

	/* bfs takes names of up to 14 bytes */
	snprintf(path, sizeof(path), "%s.%s", t->path, how == SENDFILE_INTO ? "sent" : "copied");
	out = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (in < 0 || out < 0) {
		report(name, "cannot open the file or %s: %s", path, strerror(errno));
	} else {
		alarm(10);
		ret = how == SENDFILE_INTO ? sendfile(out, in, NULL, size + 4096) :
					     copy_file_range(in, NULL, out, NULL, size + 4096, 0);
		alarm(0);
		if (ret != (ssize_t)size)
			report(name, "returned %s, expected %zu", err(ret), size);
		else if (pread(out, got, sizeof(got), 0) != ret || check_bytes(t, got, ret))
			report(name, "reading %s back does not give the file", path);
		else
			report(name, NULL);
	}
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
}

static void run_target(const struct target *t)
{
	static const size_t sizes[] = { 2, 4096 };
	unsigned char data[4096];
	size_t size = 0;
	char name[48];
	ssize_t n;
	int fd;

	fd = open_target(t);
	if (fd >= 0) {
		alarm(10);
		while (size < sizeof(want) && (n = read(fd, want + size, sizeof(want) - size)) > 0)
			size += n;
		alarm(0);
		close(fd);
	}
	if (t->kind == CONTENT ? size == 0 : size != (t->kind == EMPTY ? 0 : sizeof(want)))
		report("read", "read(2) gave %zu bytes", size);
	else if (t->kind == ZEROS && check_bytes(t, want, size))
		report("read", "read(2) gave a byte that is not zero");
	else
		report("read", NULL);

	for (int how = SPLICE; how <= SENDFILE; how++) {
		const char *op = how == SPLICE ? "splice_read" : "sendfile_pipe";

		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			snprintf(name, sizeof(name), "%s_%zu", op, sizes[i]);
			transfer_case(t, how, sizes[i], size, name);
		}
		/* Larger than the file, and larger than the pipe holds. */
		snprintf(name, sizeof(name), "%s_%s", op,
			 t->kind == CONTENT ? "past_eof" : "past_pipe");
		transfer_case(t, how, t->kind == CONTENT ? size + 4096 : PIPE_CAPACITY + 1,
			      size, name);
	}
	if (t->sendfile_to_file)
		sendfile_file_case(t, size);
	if (t->kind == STREAM)
		tee_case(t, 4096);
	if (t->write == SPLICE_VALUE)
		splice_write_value(t, size);
	else if (t->write == SPLICE_FILE) {
		splice_write_file(t);
		copy_into_file_case(t, SENDFILE_INTO, size);
		copy_into_file_case(t, COPY_FILE_RANGE, size);
	} else if (t->write == SPLICE_IN) {
		memset(data, 'x', sizeof(data));
		splice_write_case(t, 1, data, "splice_write_1");
		splice_write_case(t, sizeof(data), data, "splice_write_4096");
	}
	print_suite(t->suite);
}

/*
 * A pty pair in raw mode: what is spliced into the master comes out of the
 * slave unchanged, and the slave splices what the master wrote. A tty may
 * hand over what it has in pieces, so both sides collect up to @len bytes
 * over several calls, each bounded by the alarm.
 */
static ssize_t collect(int fd, int to_pipe, unsigned char *buf, size_t len)
{
	size_t total = 0;
	ssize_t n = 0;

	alarm(10);
	while (total < len) {
		n = to_pipe >= 0 ? splice(fd, NULL, to_pipe, NULL, len - total, 0) :
				   read(fd, buf + total, len - total);
		if (n <= 0)
			break;
		total += n;
	}
	alarm(0);
	return total ? (ssize_t)total : n;
}

static void run_pty(void)
{
	static const char msg[] = "spliced through a pty\n";
	const size_t len = sizeof(msg) - 1;
	int master, slave, left, p[2];
	struct termios tio;
	ssize_t ret;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master) ||
	    (slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0) {
		report("open", "cannot open a pty pair: %s", strerror(errno));
		print_suite("splice_pty");
		return;
	}
	tcgetattr(slave, &tio);
	cfmakeraw(&tio);
	tcsetattr(slave, TCSANOW, &tio);

	ret = splice_in(master, (const unsigned char *)msg, len, &left);
	if (ret != (ssize_t)len || left)
		report("splice_write", "returned %s, pipe holds %d, expected %zu and 0",
		       err(ret), left, len);
	else if (collect(slave, -1, got, len) != ret || memcmp(got, msg, len))
		report("splice_write", "the slave did not read what was spliced");
	else
		report("splice_write", NULL);

	if (write(master, msg, len) != (ssize_t)len || pipe(p)) {
		report("splice_read", "cannot write to the master: %s", strerror(errno));
	} else {
		ret = collect(slave, p[1], NULL, len);
		if (ret != (ssize_t)len)
			report("splice_read", "spliced %s in all, expected %zu", err(ret), len);
		else if (drain(p[0], got, sizeof(got)) != ret || memcmp(got, msg, len))
			report("splice_read", "the pipe does not hold what the master wrote");
		else
			report("splice_read", NULL);
		close(p[0]);
		close(p[1]);
	}
	close(slave);
	close(master);
	print_suite("splice_pty");
}

/* The file put_file() writes on /mnt/FS: read, spliced both ways, copied. */
#define FILE_ON(fs) { .suite = "splice_" fs, .path = "/mnt/" fs "/file", \
		      .flags = O_RDWR, .kind = CONTENT, .write = SPLICE_FILE, \
		      .sendfile_to_file = 1 }

static const struct target targets[] = {
	{ .suite = "splice_urandom", .path = "/dev/urandom", .flags = O_RDWR,
	  .kind = STREAM, .write = SPLICE_IN },
	{ .suite = "splice_random", .path = "/dev/random", .flags = O_RDWR,
	  .kind = STREAM, .write = SPLICE_IN },
	/* Both ways since 5.10 only with the series (topic char-mem). */
	{ .suite = "splice_zero", .path = "/dev/zero", .flags = O_RDWR,
	  .kind = ZEROS, .write = SPLICE_IN },
	{ .suite = "splice_full", .path = "/dev/full", .kind = ZEROS },
	{ .suite = "splice_null", .path = "/dev/null", .flags = O_RDWR,
	  .kind = EMPTY, .write = SPLICE_IN },
	{ .suite = "splice_proc_mountinfo", .path = "/proc/self/mountinfo",
	  .kind = CONTENT, .sendfile_to_file = 1 },
	{ .suite = "splice_proc_mounts", .path = "/proc/self/mounts",
	  .kind = CONTENT, .sendfile_to_file = 1 },
	{ .suite = "splice_proc_mountstats", .path = "/proc/self/mountstats",
	  .kind = CONTENT, .sendfile_to_file = 1 },
	/* A module parameter is a kernfs file, as every sysfs attribute. */
	{ .suite = "splice_sysfs", .path = "/sys/module/printk/parameters/time",
	  .flags = O_RDWR, .kind = CONTENT, .write = SPLICE_VALUE, .sendfile_to_file = 1 },
	/* A configfs attribute of the netconsole target that main() makes. */
	{ .suite = "splice_configfs", .path = "/sys/kernel/config/netconsole/matrix/dev_name",
	  .flags = O_RDWR, .kind = CONTENT, .write = SPLICE_VALUE, .value = "eth7\n",
	  .sendfile_to_file = 1 },
	/* Files on jffs2, 9p and nilfs2 (see mounts[]). */
	FILE_ON("jffs2"),
	FILE_ON("9p"),
	FILE_ON("nilfs2"),
	/* Splice and sendfile into them, and both ways for CUSE, only with the series. */
	FILE_ON("minix"),
	FILE_ON("bfs"),
	FILE_ON("hfs"),
	FILE_ON("ufs"),
	FILE_ON("sysv"),
	FILE_ON("hfsplus"),
	FILE_ON("affs"),
	FILE_ON("omfs"),
	FILE_ON("hpfs"),
	FILE_ON("ecryptfs"),
	FILE_ON("coda"),
	/* A device: no sendfile(2) into a file, which wants a regular file in. */
	{ .suite = "splice_cuse", .path = "/dev/" CUSE_DEVICE, .flags = O_RDWR,
	  .kind = CONTENT, .write = SPLICE_IN },
	/* No write(2) on hugetlbfs, so no splice into it (see fill_hugetlbfs()). */
	{ .suite = "splice_hugetlbfs", .path = "/mnt/hugetlbfs/file", .kind = CONTENT,
	  .sendfile_to_file = 1 },
};

/*
 * Each filesystem under test, mounted on /mnt/NAME with a file of 6000
 * known bytes put on it: mtdram starts out erased, which jffs2 mounts as
 * empty; tools/splice-matrix/run hands QEMU an empty 9p folder and new
 * images of the others, as virtio disks in the order they have here. A
 * failure here shows in every case of that filesystem.
 */
static const struct mount_point {
	const char *name, *source, *type, *options;
} mounts[] = {
	{ "jffs2", "mtd0", "jffs2", NULL },
	{ "9p", "share", "9p", "trans=virtio,version=9p2000.L" },
	{ "nilfs2", "/dev/vda", "nilfs2", NULL },
	{ "minix", "/dev/vdb", "minix", NULL },
	{ "bfs", "/dev/vdc", "bfs", NULL },
	{ "hfs", "/dev/vdd", "hfs", NULL },
	{ "ufs", "/dev/vde", "ufs", "ufstype=44bsd" },
	{ "sysv", "/dev/vdf", "v7", NULL },
	{ "hfsplus", "/dev/vdg", "hfsplus", NULL },
	{ "affs", "/dev/vdh", "affs", NULL },
	{ "omfs", "/dev/vdi", "omfs", NULL },
	{ "hpfs", "/dev/vdj", "hpfs", NULL },
	/* over a folder of the initramfs, with the key of add_ecryptfs_key() */
	{ "ecryptfs", "/ecryptfs", "ecryptfs",
	  "ecryptfs_sig=" ECRYPTFS_SIG ",ecryptfs_cipher=aes,ecryptfs_key_bytes=16" },
};

/* The known bytes of every file the matrix puts on a filesystem. */
void fill_pattern(unsigned char *buf)
{
	for (size_t i = 0; i < FILE_SIZE; i++)
		buf[i] = i * 7 + 3;
}

/*
 * eCryptfs takes a file's key from a passphrase token in the keyring,
 * which ecryptfs-utils derives from a passphrase; any 16 bytes will do.
 * The token is struct ecryptfs_auth_tok of include/linux/ecryptfs.h,
 * which is not a uapi header, down to its password.
 */
static void add_ecryptfs_key(void)
{
	struct {
		uint16_t version, token_type;	/* 0x0004, ECRYPTFS_PASSWORD */
		uint32_t flags;
		uint32_t session_key_flags, encrypted_key_size, decrypted_key_size;
		uint8_t encrypted_key[512], decrypted_key[64], reserved[32];
		uint32_t password_bytes, hash_algo, hash_iterations, key_bytes;
		uint32_t password_flags;	/* ECRYPTFS_SESSION_KEY_ENCRYPTION_KEY_SET */
		uint8_t key[64], signature[17], salt[8];
	} __attribute__((packed)) tok = {
		.version = 0x0004, .key_bytes = 16, .password_flags = 0x02,
		.key = "matrix key 16 B", .signature = ECRYPTFS_SIG,
	};

	mkdir("/ecryptfs", 0755);
	if (syscall(SYS_add_key, "user", ECRYPTFS_SIG, &tok, sizeof(tok),
		    KEY_SPEC_USER_KEYRING) < 0)
		printf("# ecryptfs: add_key: %s\n", strerror(errno));
}

void put_file(const char *dir)
{
	unsigned char data[FILE_SIZE];
	char file[40];
	int fd;

	fill_pattern(data);
	snprintf(file, sizeof(file), "%s/file", dir);
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	/* bfs has no fsync(2): EINVAL */
	if (fd < 0 || write(fd, data, sizeof(data)) != sizeof(data) ||
	    (fsync(fd) && errno != EINVAL))
		printf("# write %s: %s\n", file, strerror(errno));
	if (fd >= 0)
		close(fd);
}

static void mount_and_fill(const struct mount_point *m)
{
	char dir[32];

	snprintf(dir, sizeof(dir), "/mnt/%s", m->name);
	mkdir(dir, 0755);
	if (mount(m->source, dir, m->type, 0, m->options)) {
		printf("# mount %s on %s: %s\n", m->type, m->source, strerror(errno));
		return;
	}
	put_file(dir);
}

/*
 * hugetlbfs has no write(2). fallocate(2) gives the file one huge page and
 * a size of 6000, and the bytes go in through a mapping; a mapping made
 * writable by mmap(2) would grow the size to the huge page, one made
 * writable later by mprotect(2) leaves it.
 */
static void fill_hugetlbfs(void)
{
	const size_t huge = 2 << 20;	/* x86_64's and 4K-page arm64's */
	unsigned char *map;
	int fd;

	mkdir("/mnt/hugetlbfs", 0755);
	if (mount("hugetlbfs", "/mnt/hugetlbfs", "hugetlbfs", 0, NULL) ||
	    (fd = open("/mnt/hugetlbfs/file", O_RDWR | O_CREAT, 0600)) < 0 ||
	    fallocate(fd, 0, 0, FILE_SIZE) ||
	    (map = mmap(NULL, huge, PROT_READ, MAP_SHARED, fd, 0)) == MAP_FAILED ||
	    mprotect(map, huge, PROT_READ | PROT_WRITE)) {
		printf("# hugetlbfs file: %s\n", strerror(errno));
		return;
	}
	fill_pattern(map);
	munmap(map, huge);
	close(fd);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	int console;

	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mkdir("/dev/pts", 0755);
	mount("devpts", "/dev/pts", "devpts", 0, "ptmxmode=0666");
	console = open("/dev/console", O_RDWR);
	dup2(console, 1);
	dup2(console, 2);
	setvbuf(stdout, NULL, _IOLBF, 0);
	sigaction(SIGALRM, &sa, NULL);	/* no SA_RESTART: a hang becomes EINTR */
	mkdir("/mnt", 0755);
	add_ecryptfs_key();
	for (size_t i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++)
		mount_and_fill(&mounts[i]);
	if (mount("configfs", "/sys/kernel/config", "configfs", 0, NULL) ||
	    mkdir("/sys/kernel/config/netconsole/matrix", 0755))
		printf("# configfs netconsole target: %s\n", strerror(errno));
	fill_hugetlbfs();
	start_cuse();
	mount_coda();

	ksft_print_header();
	ksft_set_plan(sizeof(targets) / sizeof(targets[0]) + 1);	/* and the pty */
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++)
		run_target(&targets[i]);
	run_pty();
	ksft_print_cnts();
	sync();
	reboot(RB_AUTOBOOT);	/* QEMU runs with -no-reboot: this ends it */
	return 0;
}
