/* SPDX-License-Identifier: GPL-2.0 */
/* The VMCB's contents, built by svm_vmcb.c for svm.c. */
#ifndef SVM_SVM_VMCB_H
#define SVM_SVM_VMCB_H

#include <hv/types.h>
#include "vmcb.h"

struct cell;
struct per_cpu;

struct vmcb *svm_vmcb(struct per_cpu *pcpu);
void svm_set_intercepts(struct vmcb *vmcb, const struct cell *cell);
void svm_vmcb_init_root(struct per_cpu *pcpu);
void svm_vmcb_reset(struct per_cpu *pcpu, uint64_t entry);

#endif /* SVM_SVM_VMCB_H */
