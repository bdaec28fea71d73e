# SPDX-License-Identifier: GPL-2.0
# 32-bit SPARC: QEMU's SPARCstation 5 (sun4m), whose console is its Zilog
# serial port. 6.12's kunit.py boots it so; 6.1's builds no Zilog driver,
# so its console is the PROM's, which ends each line with a blank one,
# and kunit.py then reads the KTAP as broken.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='sparc',
			   kconfig='''
CONFIG_SPARC32=y
CONFIG_SERIAL_SUNZILOG=y
CONFIG_SERIAL_SUNZILOG_CONSOLE=y
''',
			   qemu_arch='sparc',
			   kernel_path='arch/sparc/boot/zImage',
			   kernel_command_line='console=ttyS0 mem=256M',
			   extra_qemu_params=['-m', '256'])
