/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the splice matrix's /init (matrix.c) shares with the servers it
 * starts in children: its CUSE device (cuse.c) and its Coda (coda.c).
 */
#ifndef SPLICE_MATRIX_H
#define SPLICE_MATRIX_H

#include <sys/types.h>

#define FILE_SIZE	6000		/* the bytes of every file the matrix puts */
#define CUSE_DEVICE	"matrix_cuse"	/* /dev/CUSE_DEVICE, served by cuse.c */

void fill_pattern(unsigned char *buf);	/* FILE_SIZE known bytes */
void put_file(const char *dir);		/* DIR/file, with those bytes */
const char *err(ssize_t ret);		/* a return and errno, for a message */
void start_cuse(void);
void mount_coda(void);

#endif
