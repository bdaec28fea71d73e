// SPDX-License-Identifier: GPL-2.0
/*
 * /init for make test-debug. The KUnit suites run before any
 * userspace; this runs after them and has kmemleak scan, then prints its
 * report and ends the boot. kmemleak reports only objects older than 5 s
 * and seen unreferenced by two scans, hence the wait and the second scan.
 * tools/kunit-run reads the last line: "kmemleak-init: N leaks" when the
 * scans ran, anything else when they did not.
 *
 * Objects that the idle task allocated in early boot (comm "swapper",
 * pid 0) are not counted: nothing under test runs there, and 6.1 has
 * eight of them, ACPI's object caches, on every x86_64 boot.
 *
 * Only the first PRINTED objects' reports are printed: a leak per write
 * makes thousands, and the serial console took minutes over them.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

#define KMEMLEAK "/sys/kernel/debug/kmemleak"
#define PRINTED 10

static int scan(void)
{
	int fd = open(KMEMLEAK, O_WRONLY);
	int ok = fd >= 0 && write(fd, "scan", 4) == 4;

	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

static int kmemleak_report(int *boot)
{
	char line[512];
	int leaks = 0, object = 0, objects = 0;
	FILE *f;

	if (mount("sysfs", "/sys", "sysfs", 0, NULL) ||
	    mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL)) {
		perror("kmemleak-init: mount");
		return -1;
	}
	sleep(6);
	if (scan() || scan()) {
		perror("kmemleak-init: " KMEMLEAK);
		return -1;
	}
	f = fopen(KMEMLEAK, "r");
	if (!f) {
		perror("kmemleak-init: " KMEMLEAK);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (object && strstr(line, "comm \"swapper\", pid 0,")) {
			leaks--;
			++*boot;
		}
		object = !strncmp(line, "unreferenced object", 19);
		leaks += object;
		objects += object;
		if (objects <= PRINTED)
			fputs(line, stdout);
	}
	fclose(f);
	if (objects > PRINTED)
		printf("kmemleak-init: %d more objects' reports not printed\n",
		       objects - PRINTED);
	return leaks;
}

int main(void)
{
	int boot = 0, leaks = kmemleak_report(&boot);

	if (leaks >= 0)
		printf("kmemleak-init: %d early boot objects not counted\n"
		       "kmemleak-init: %d leaks\n", boot, leaks);
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);	/* QEMU runs with -no-reboot: this ends it */
	return 1;
}
