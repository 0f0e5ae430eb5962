// SPDX-License-Identifier: GPL-2.0
/*
 * The attack inmate's main: finds the attack named on the command line,
 * announces it, runs it, and waits for the shutdown request, so that a
 * contained attack leaves a cell that shuts down and is destroyed the
 * normal way.
 */
#include <attack.h>

#define NAME_MAX_LEN	48

extern const struct attack __attack_table_start[], __attack_table_end[];

static const struct attack *current;
static int64_t run_id;
static bool verdict_given;

static const char *expect_name(enum attack_expect e)
{
	switch (e) {
	case ATTACK_REFUSED:
		return "refused";
	case ATTACK_STOP:
		return "stop";
	default:
		return "either";
	}
}

static void verdict(const char *what, const char *fmt, va_list ap)
{
	if (verdict_given) {
		printk("attack-verdict run=%ld name=%s BREACH: second verdict "
		       "(runner bug)\n", run_id, current->name);
		return;
	}
	verdict_given = true;
	printk("attack-verdict run=%ld name=%s %s: ", run_id,
	       current ? current->name : "-", what);
	vprintk(fmt, ap);
	printk("\n");
}

void attack_contained(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verdict("contained", fmt, ap);
	va_end(ap);
}

void attack_breach(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verdict("BREACH", fmt, ap);
	va_end(ap);
}

void attack_note(const char *fmt, ...)
{
	va_list ap;

	printk("attack-note run=%ld name=%s: ", run_id,
	       current ? current->name : "-");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
}

int64_t attack_param(const char *name, int64_t default_value)
{
	return cmdline_parse_int(name, default_value);
}

void attack_delay_us(uint64_t us)
{
	uint64_t end = timer_now() + us * timer_frequency() / 1000000;

	while (timer_now() < end)
		;
}

static void list_attacks(void)
{
	const struct attack *a;
	unsigned int n = 0;

	for (a = __attack_table_start; a < __attack_table_end; a++, n++)
		printk("attack-list run=%ld %s %s\n", run_id, a->name,
		       expect_name(a->expect));
	printk("attack-list-end run=%ld count=%u\n", run_id, n);
}

static const struct attack *find_attack(const char *name)
{
	const struct attack *a;

	for (a = __attack_table_start; a < __attack_table_end; a++)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

void inmate_main(void)
{
	char name[NAME_MAX_LEN];
	int64_t no_denials = 0;

	comm_set_cell_state(JH_CELL_RUNNING);
	run_id = cmdline_parse_int("run", 0);
	cmdline_parse_word("attack", name, sizeof(name));
	if (!strcmp(name, "list")) {
		list_attacks();
	} else if (!(current = find_attack(name))) {
		printk("attack-verdict run=%ld name=%s BREACH: no such attack "
		       "(attack=list names them)\n", run_id, name);
	} else {
		printk("attack-begin run=%ld name=%s expect=%s: %s\n", run_id,
		       current->name, expect_name(current->expect),
		       current->goal);
		current->run();
		if (current->expect == ATTACK_STOP && !verdict_given)
			attack_breach("the cell was not stopped");
		else if (!verdict_given)
			attack_breach("the attack gave no verdict (test bug)");
	}
	attack_plant_secrets();
	while (!comm_shutdown_handshake("attack", &no_denials))
		attack_delay_us(1000);
}
