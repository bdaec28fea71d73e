# SPDX-License-Identifier: GPL-2.0
# m68k for a kunit.py without its own (6.1's): QEMU's virt machine, whose
# Goldfish TTY is the console (hvc0), as 6.12's kunit.py boots it.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='m68k',
			   kconfig='''
CONFIG_VIRT=y''',
			   qemu_arch='m68k',
			   kernel_path='vmlinux',
			   kernel_command_line='console=hvc0',
			   extra_qemu_params=['-machine', 'virt'])
