# SPDX-License-Identifier: GPL-2.0
# SuperH for a kunit.py without its own (6.1's): QEMU's r2d board, an
# SH7751R whose console is its SCIF, ttySC1, QEMU's second serial port.
# 6.1's kunit.py always gives QEMU -serial stdio, which the board wires to
# the SCI (ttySC0); the SCIF writes to the same standard output through
# /dev/stdout (6.12's kunit.py has a serial parameter for this instead).
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='sh',
			   kconfig='''
CONFIG_CPU_SUBTYPE_SH7751R=y
CONFIG_MEMORY_START=0x0c000000
CONFIG_SH_RTS7751R2D=y
CONFIG_RTS7751R2D_PLUS=y
CONFIG_SERIAL_SH_SCI=y
CONFIG_CMDLINE_EXTEND=y
''',
			   qemu_arch='sh4',
			   kernel_path='arch/sh/boot/zImage',
			   kernel_command_line='console=ttySC1',
			   extra_qemu_params=['-machine', 'r2d',
					      '-serial', 'file:/dev/stdout'])
