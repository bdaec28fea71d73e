# SPDX-License-Identifier: GPL-2.0
# 32-bit PowerPC: QEMU's ppce500 machine with an e500mc core and the
# kernel's QEMU e500 platform (a 32-bit Book E kernel; Debian's compiler
# has no SPE for the e500v2 QEMU would default to); the console is the
# CCSR's 16550, described by the device tree QEMU passes. QEMU puts the
# CCSR above 4 GiB (0xfe0000000), so the kernel needs 36-bit physical
# addresses to reach it: without them it boots silent.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='powerpc',
			   kconfig='''
CONFIG_PPC64=n
CONFIG_PPC_85xx=y
CONFIG_PPC_E500MC=y
CONFIG_PPC_QEMU_E500=y
CONFIG_PHYS_64BIT=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_SERIAL_OF_PLATFORM=y''',
			   qemu_arch='ppc',
			   kernel_path='vmlinux',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-machine', 'ppce500',
					      '-cpu', 'e500mc'])
