# SPDX-License-Identifier: GPL-2.0
# PA-RISC: QEMU 7.2's hppa machine, a 32-bit PA-RISC 1.1 system (QEMU
# emulates 64-bit PA-RISC from 8.2 on), booted by its SeaBIOS. QEMU's
# standard output is the serial port of the LASI chip, which the firmware
# uses too; without CONFIG_GSC_LASI the kernel finds only the Dino
# bridge's, and once it hands its console from the firmware's to that
# one, nothing more reaches QEMU's output (measured on 6.1.192: no KTAP).
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='parisc',
			   kconfig='''
CONFIG_PCI=y
CONFIG_GSC_DINO=y
CONFIG_GSC_LASI=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y''',
			   qemu_arch='hppa',
			   kernel_path='vmlinux',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-m', '512'])
