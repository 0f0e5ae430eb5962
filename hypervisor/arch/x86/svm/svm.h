/* SPDX-License-Identifier: GPL-2.0 */
/* The SVM run loop (entry.S) and the #VMEXIT handler it calls (svm.c). */
#ifndef SVM_SVM_H
#define SVM_SVM_H

#include <hv/types.h>

struct guest_regs;

/* entry.S: runs the guest of regs' VMCB forever. */
void __noreturn svm_run_loop(struct guest_regs *regs);
/* Called by svm_run_loop after each #VMEXIT. */
void svm_handle_exit(struct guest_regs *regs);

#endif /* SVM_SVM_H */
