// SPDX-License-Identifier: GPL-2.0
/*
 * The splice matrix's Coda (see matrix.c): a cache manager in a child of
 * /init, and the mount it serves.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/types.h>
#define _LINUX_TIME_H	/* <linux/coda.h> needs nothing of it, and it clashes with glibc */
#include <linux/coda.h>

#include "matrix.h"

/*
 * Coda's cache manager, venus, for a folder of regular files: the kernel
 * asks it through /dev/cfs0 for the root, attributes, lookups and new
 * files, and opens a file by asking for a descriptor of a container file
 * (venus keeps them in its cache), which the kernel reads and writes
 * itself. Here the containers are /coda/FID on the initramfs, and a fid is
 * 1 for the root folder and 2 on for the files, in coda_names[] order.
 */
#define CODA_ROOT_FID	1
#define CODA_FIRST_FID	2
#define CODA_FILES	8

static char coda_names[CODA_FILES][32];

static void coda_container(uint32_t fid, char *path, size_t size)
{
	snprintf(path, size, "/coda/%" PRIu32, fid);
}

static void coda_attr(uint32_t fid, struct coda_vattr *attr)
{
	struct stat st = { .st_size = 0 };
	char path[32];

	memset(attr, 0, sizeof(*attr));
	attr->va_fileid = fid;
	attr->va_blocksize = 4096;
	if (fid == CODA_ROOT_FID) {
		attr->va_type = C_VDIR;
		attr->va_mode = 0755;
		attr->va_nlink = 2;
		return;
	}
	coda_container(fid, path, sizeof(path));
	stat(path, &st);
	attr->va_type = C_VREG;
	attr->va_mode = 0600;
	attr->va_nlink = 1;
	attr->va_size = st.st_size;
}

/* The fid of @name in the folder, 0 if none; a new one if @create. */
static uint32_t coda_lookup(const char *name, int create)
{
	char path[32];
	int i, fd;

	for (i = 0; i < CODA_FILES && coda_names[i][0]; i++)
		if (!strcmp(coda_names[i], name))
			return CODA_FIRST_FID + i;
	if (!create || i == CODA_FILES || strlen(name) >= sizeof(coda_names[i]))
		return 0;
	strcpy(coda_names[i], name);
	coda_container(CODA_FIRST_FID + i, path, sizeof(path));
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd >= 0)
		close(fd);
	return CODA_FIRST_FID + i;
}

/* Answer upcall @in in place: the reply's size, 0 for none. */
static size_t coda_answer(union inputArgs *in)
{
	union outputArgs *out = (union outputArgs *)in;
	uint32_t fid = in->coda_getattr.VFid.opaque[3];
	int opcode = in->ih.opcode, fd;
	size_t size = sizeof(out->oh);
	char path[32];

	out->oh.result = 0;	/* over the upcall's pid: its fid and name stay */
	switch (opcode) {
	case CODA_ROOT:
		out->coda_root.VFid = (struct CodaFid){ .opaque = { 0, 0, 0, CODA_ROOT_FID } };
		size = sizeof(out->coda_root);
		break;
	case CODA_GETATTR:
		coda_attr(fid, &out->coda_getattr.attr);
		size = sizeof(out->coda_getattr);
		break;
	case CODA_SETATTR:	/* only O_TRUNC and ftruncate(2) change anything */
		coda_container(fid, path, sizeof(path));
		if (in->coda_setattr.attr.va_size != (u_quad_t)-1 &&
		    truncate(path, in->coda_setattr.attr.va_size))
			out->oh.result = errno;
		break;
	case CODA_LOOKUP:
		fid = coda_lookup((char *)in + in->coda_lookup.name, 0);
		out->coda_lookup.VFid = (struct CodaFid){ .opaque = { 0, 0, 0, fid } };
		out->coda_lookup.vtype = C_VREG;
		out->oh.result = fid ? 0 : ENOENT;
		size = fid ? sizeof(out->coda_lookup) : size;
		break;
	case CODA_CREATE:
		fid = coda_lookup((char *)in + in->coda_create.name, 1);
		out->coda_create.VFid = (struct CodaFid){ .opaque = { 0, 0, 0, fid } };
		coda_attr(fid, &out->coda_create.attr);
		out->oh.result = fid ? 0 : ENOSPC;
		size = fid ? sizeof(out->coda_create) : size;
		break;
	case CODA_OPEN_BY_FD:	/* the kernel takes its own reference as it reads the reply */
		coda_container(fid, path, sizeof(path));
		fd = open(path, O_RDWR);
		out->coda_open_by_fd.fd = fd;
		out->oh.result = fd < 0 ? errno : 0;
		size = sizeof(out->coda_open_by_fd);
		break;
	case CODA_ACCESS_INTENT:	/* those that finish an access want no reply */
		if (in->coda_access_intent.type == CODA_ACCESS_TYPE_READ_FINISH ||
		    in->coda_access_intent.type == CODA_ACCESS_TYPE_WRITE_FINISH)
			return 0;
		break;
	case CODA_ACCESS:
	case CODA_CLOSE:
	case CODA_FSYNC:
		break;
	default:
		printf("# coda: upcall %d not served\n", opcode);
		out->oh.result = EOPNOTSUPP;
	}
	return size;
}

static void serve_coda(int fd)
{
	static union {
		union inputArgs in;
		union outputArgs out;
		char buf[8192];	/* the largest upcall: a lookup of a 255-byte name */
	} msg;
	size_t size;
	ssize_t n;

	for (;;) {
		n = read(fd, &msg, sizeof(msg));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		size = coda_answer(&msg.in);
		if (size && write(fd, &msg, size) != (ssize_t)size)
			printf("# coda: reply to %d: %s\n", msg.in.ih.opcode, strerror(errno));
		if (msg.in.ih.opcode == CODA_OPEN_BY_FD && msg.out.coda_open_by_fd.fd >= 0)
			close(msg.out.coda_open_by_fd.fd);
	}
	printf("# coda: read /dev/cfs0: %s\n", err(n));
	exit(1);
}

/* Serve Coda from a child, and mount it on /mnt/coda with a file on it. */
void mount_coda(void)
{
	struct coda_mount_data data = { .version = CODA_MOUNT_VERSION };

	mkdir("/coda", 0755);
	mkdir("/mnt/coda", 0755);
	data.fd = open("/dev/cfs0", O_RDWR);
	if (data.fd < 0) {
		printf("# coda: open /dev/cfs0: %s\n", strerror(errno));
		return;
	}
	if (fork() == 0)
		serve_coda(data.fd);
	if (mount("coda", "/mnt/coda", "coda", 0, &data))
		printf("# mount coda: %s\n", strerror(errno));
	else
		put_file("/mnt/coda");
	close(data.fd);
}
