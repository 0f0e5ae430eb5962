# SPDX-License-Identifier: GPL-2.0
#
# x86 (AMD SVM and Intel VMX, one image) part of the hypervisor: objects
# and flags (included by hypervisor/Makefile).

arch-objs := \
	arch/x86/entry.o \
	arch/x86/setup.o \
	arch/x86/descriptors.o \
	arch/x86/exception.o \
	arch/x86/paging.o \
	arch/x86/cell.o \
	arch/x86/vendor.o \
	arch/x86/cpu_scrub.o \
	arch/x86/cpuid.o \
	arch/x86/msr_bitmap.o \
	arch/x86/msr_policy.o \
	arch/x86/xcr0.o \
	arch/x86/intercepts.o \
	arch/x86/svm/svm.o \
	arch/x86/svm/svm_vmcb.o \
	arch/x86/vmx/vmx.o \
	arch/x86/vmx/vmx_segments.o \
	arch/x86/vmx/vmx_vcpu.o \
	arch/x86/vmx/vmx_exit.o \
	arch/x86/vmx/vmx_guest.o \
	arch/x86/vmx/vmx_vmcs.o \
	arch/x86/vmx/vmx_caps.o \
	arch/x86/vmx/vmx_entry.o \
	arch/x86/apic/apic_hw.o \
	arch/x86/apic/apic.o \
	arch/x86/apic/apic_guest.o \
	arch/x86/apic/apic_dest.o \
	arch/x86/apic/apic_ipi.o \
	arch/x86/apic/apic_x2apic.o \
	arch/x86/ivshmem.o \
	arch/x86/emulate/emulate.o \
	arch/x86/guest_mem.o \
	arch/x86/emulate/insn_cache.o \
	arch/x86/timer.o \
	console/uart_8250_pio.o \
	arch/x86/emulate/insn_decode.o \
	arch/x86/emulate/guest_walk.o \
	arch/x86/pci/pci_cfg.o \
	arch/x86/pci/pci_filter_hw.o \
	arch/x86/pci/pci_devices.o \
	arch/x86/pci/pci_msix.o \
	arch/x86/pci/pci_root.o \
	arch/x86/pci/pci_view.o \
	arch/x86/pci/pci_trap.o \
	arch/x86/pci/pci.o \
	arch/x86/ioapic/ioapic_hw.o \
	arch/x86/ioapic/ioapic_ir.o \
	arch/x86/ioapic/ioapic_chips.o \
	arch/x86/ioapic/ioapic.o \
	arch/x86/ioapic/ioapic_cells.o \
	arch/x86/iommu/amd/amd_iommu.o \
	arch/x86/iommu/amd/amd_iommu_unit.o \
	arch/x86/iommu/amd/amd_iommu_cmd.o \
	arch/x86/iommu/amd/amd_iommu_pt.o \
	arch/x86/iommu/amd/amd_iommu_ir.o \
	arch/x86/iommu/vtd/vtd.o \
	arch/x86/iommu/vtd/vtd_unit.o \
	arch/x86/iommu/vtd/vtd_tables.o \
	arch/x86/iommu/vtd/vtd_qi.o \
	arch/x86/iommu/vtd/vtd_ir.o \
	arch/x86/iommu/vtd/vtd_fault.o

# Linked in the top 2 GiB (asm/layout.h). No FP/SIMD: guest FP state is
# never saved, so the hypervisor must not touch it.
arch-cflags := -m64 -mno-red-zone -mgeneral-regs-only -mcmodel=kernel
arch-ldflags := -m elf_x86_64
