# SPDX-License-Identifier: GPL-2.0
# 32-bit big-endian MIPS: QEMU's Malta board with its default 24Kf, a
# MIPS32 release 2 core, so that the arch ChaCha20 (chacha-core.S, for
# MIPS32r2) is built; the console is the Super I/O's 16550, and the
# board's reset register (syscon-reboot) ends the run.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='mips',
			   kconfig='''
CONFIG_MIPS_MALTA=y
CONFIG_CPU_BIG_ENDIAN=y
CONFIG_CPU_MIPS32_R2=y
CONFIG_PCI=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_POWER_RESET=y
CONFIG_POWER_RESET_SYSCON=y''',
			   qemu_arch='mips',
			   kernel_path='vmlinux',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-machine', 'malta', '-m', '256'])
