# SPDX-License-Identifier: GPL-2.0
#
# x86 part of the hypervisor (skeleton: entry refuses, hooks are empty).

arch-objs := \
	arch/x86/entry.o \
	arch/x86/setup.o

arch-cflags := -m64 -mno-red-zone -mgeneral-regs-only -mcmodel=small
arch-ldflags := -m elf_x86_64
