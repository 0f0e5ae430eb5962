/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SDEI (Arm DEN0054): the firmware-owned event the hypervisor uses to take
 * back a CPU whose cell owns its physical GIC CPU interface (direct
 * interrupt delivery). sdei.c makes the calls; exception.S has the EL2
 * handler the firmware enters.
 */
#ifndef ASM_SDEI_H
#define ASM_SDEI_H

/* SMC64 function IDs (DEN0054 5.1) used by exception.S too. */
#define SDEI_FN_COMPLETE		0xc4000025
#define SDEI_FN_COMPLETE_AND_RESUME	0xc4000026

#ifndef __ASSEMBLER__
#include <hv/types.h>

struct per_cpu;

/*
 * What sdei_probe() found; present: SDEI_VERSION answered 1.x. failed: a
 * CPU could not register or unmask the event, so no cell gets direct
 * delivery (a CPU the hypervisor could not take back).
 */
struct sdei_info {
	bool present;
	bool failed;
};
extern struct sdei_info sdei;

/* At enable, on the first CPU: asks SDEI_VERSION and says what it got. */
void sdei_probe(void);
/* Per CPU at enable and disable: the management event ready, or gone. */
void sdei_cpu_init(struct per_cpu *pcpu);
void sdei_cpu_exit(struct per_cpu *pcpu);
/* Sends the management event to target (SDEI_EVENT_SIGNAL). */
void sdei_signal(const struct per_cpu *target);

/* exception.S: the handler the firmware enters. */
extern char sdei_handler[];
#endif /* !__ASSEMBLER__ */

#endif /* ASM_SDEI_H */
