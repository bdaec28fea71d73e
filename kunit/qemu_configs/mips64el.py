# SPDX-License-Identifier: GPL-2.0
# 64-bit little-endian MIPS: QEMU's Malta board with a MIPS64 release 2
# core and a 64-bit kernel; the console is the Super I/O's 16550, and
# the board's reset register (syscon-reboot) ends the run.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='mips',
			   kconfig='''
CONFIG_MIPS_MALTA=y
CONFIG_CPU_LITTLE_ENDIAN=y
CONFIG_CPU_MIPS64_R2=y
CONFIG_64BIT=y
CONFIG_PCI=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_POWER_RESET=y
CONFIG_POWER_RESET_SYSCON=y''',
			   qemu_arch='mips64el',
			   kernel_path='vmlinux',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-machine', 'malta',
					      '-cpu', 'MIPS64R2-generic',
					      '-m', '256'])
