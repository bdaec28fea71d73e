// SPDX-License-Identifier: GPL-2.0
/*
 * The splice matrix's CUSE device (see matrix.c): a server in a child of
 * /init, as a CUSE driver would be.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>
#include <linux/fuse.h>

#include "matrix.h"

/*
 * A character device served from userspace through /dev/cuse, as CUSE
 * drivers such as osspd serve theirs: each open reads the FILE_SIZE known
 * bytes, then end of file, and a write is taken whole when every byte is
 * 'x', the byte the matrix splices into devices (-EIO otherwise). A child
 * serves it until the matrix reboots; the kernel hands every request to
 * it and waits for the answer.
 */
#define CUSE_MAX_IO	65536

static void cuse_reply(int fd, uint64_t unique, int error, const void *arg, size_t len)
{
	struct fuse_out_header out = { .len = sizeof(out) + len, .error = error,
				       .unique = unique };
	struct iovec iov[] = { { &out, sizeof(out) }, { (void *)arg, len } };

	if (writev(fd, iov, 2) != (ssize_t)out.len)
		printf("# cuse: reply %" PRIu64 ": %s\n", unique, strerror(errno));
}

static void serve_cuse(int fd)
{
	static unsigned char req[FUSE_MIN_READ_BUFFER + CUSE_MAX_IO];
	const struct fuse_in_header *in = (const void *)req;
	const void *arg = in + 1;
	unsigned char content[FILE_SIZE];
	size_t offset[16] = { 0 };	/* how far each open has read */
	uint64_t opens = 0;

	fill_pattern(content);
	for (;;) {
		ssize_t n = read(fd, req, sizeof(req));

		if (n < 0 && (errno == EINTR || errno == ENOENT))	/* an interrupted request */
			continue;
		if (n < (ssize_t)sizeof(*in)) {
			printf("# cuse: read %s\n", err(n));
			_exit(1);
		}
		switch (in->opcode) {
		case CUSE_INIT: {
			const struct cuse_init_in *init = arg;
			struct {
				struct cuse_init_out out;
				char info[sizeof("DEVNAME=" CUSE_DEVICE)];
			} reply = { { .major = init->major, .minor = init->minor,
				      .max_read = CUSE_MAX_IO, .max_write = CUSE_MAX_IO },
				    "DEVNAME=" CUSE_DEVICE };

			cuse_reply(fd, in->unique, 0, &reply, sizeof(reply));
			break;
		}
		case FUSE_OPEN: {
			struct fuse_open_out out = { .fh = opens++ % 16 };

			offset[out.fh] = 0;
			cuse_reply(fd, in->unique, 0, &out, sizeof(out));
			break;
		}
		case FUSE_READ: {
			const struct fuse_read_in *r = arg;
			size_t *off = &offset[r->fh % 16];
			size_t len = r->size < FILE_SIZE - *off ? r->size : FILE_SIZE - *off;

			cuse_reply(fd, in->unique, 0, content + *off, len);
			*off += len;
			break;
		}
		case FUSE_WRITE: {
			const struct fuse_write_in *w = arg;
			const unsigned char *data = (const void *)(w + 1);
			struct fuse_write_out out = { .size = w->size };
			int error = 0;

			for (size_t i = 0; i < w->size; i++)
				if (data[i] != 'x')
					error = -EIO;
			cuse_reply(fd, in->unique, error, &out, error ? 0 : sizeof(out));
			break;
		}
		case FUSE_INTERRUPT:	/* the request it names is answered anyway */
			break;
		case FUSE_RELEASE:
			cuse_reply(fd, in->unique, 0, NULL, 0);
			break;
		default:
			cuse_reply(fd, in->unique, -ENOSYS, NULL, 0);
		}
	}
}

/* Serve the device from a child, and wait for devtmpfs to show it. */
void start_cuse(void)
{
	int fd = open("/dev/cuse", O_RDWR);

	if (fd < 0) {
		printf("# cuse: open /dev/cuse: %s\n", strerror(errno));
		return;
	}
	if (fork() == 0)
		serve_cuse(fd);
	close(fd);
	for (int i = 0; i < 100 && access("/dev/" CUSE_DEVICE, F_OK); i++)
		usleep(50000);
}
