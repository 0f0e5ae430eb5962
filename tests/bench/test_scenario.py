#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of the scenario judge (scenario.py): the logs are made up
here, the way a shared UART mixes the writers, and the judge must neither
miss a line that is there nor accept one that is not."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenario  # noqa: E402

SCN = """\
arch: arm64
ok: jailhouse cell start demo
expect: ^\\[demo\\] heartbeat 2$
ok: jailhouse console
expect: ^Cell "demo" FAILED on CPU 3: data abort$
fail: false
"""

HV_LINE = 'Cell "demo" FAILED on CPU 3: data abort'


def marker_run(i, text):
    return f"@@@ {i} RUN: {text}\n"


def marker_rc(i, rc):
    return f"@@@ {i} RC={rc}\n"


# Step numbers count every step line: the commands are steps 0, 2 and 4.
class JudgeTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".scn")
        with os.fdopen(fd, "w") as f:
            f.write(SCN)
        self.scn = scenario.Scenario(self.path)

    def tearDown(self):
        os.unlink(self.path)

    def judge(self, log):
        return self.scn.judge("arm64", self.scn.untangle("arm64", log))

    def clean_log(self, hv_line=HV_LINE):
        return ("boot noise\r\n@@@ SCENARIO x\n" +
                marker_run(0, "jailhouse cell start demo") +
                "[demo] heartbeat 1\n[demo] heartbeat 2\n" +
                marker_rc(0, 0) +
                marker_run(2, "jailhouse console") +
                hv_line + "\n" + marker_rc(2, 0) +
                marker_run(4, "false") + marker_rc(4, 1) +
                "@@@ DONE\n")

    def test_clean_log_passes(self):
        self.assertEqual(self.judge(self.clean_log()), [])

    def test_missing_line_fails(self):
        failures = self.judge(self.clean_log(hv_line="something else"))
        self.assertEqual(len(failures), 1)
        self.assertIn("no matching line", failures[0])

    def test_marker_inside_hypervisor_line(self):
        # The shell's next marker lands in the middle of the line.
        log = self.clean_log().replace(
            HV_LINE + "\n" + marker_rc(2, 0),
            'Cell "demo" FAILED on ' + marker_rc(2, 0) + "CPU 3: data abort\n")
        self.assertEqual(self.judge(log), [])

    def test_run_marker_inside_inmate_line(self):
        log = self.clean_log().replace(
            "[demo] heartbeat 2\n" + marker_rc(0, 0) +
            marker_run(2, "jailhouse console"),
            marker_rc(0, 0) + "[demo] heart" +
            marker_run(2, "jailhouse console") + "beat 2\n")
        self.assertEqual(self.judge(log), [])

    def test_marker_and_line_split_each_other(self):
        # Seen in x86-ipi: the marker's head, the rest of the hypervisor's
        # line, then the marker's tail.
        log = self.clean_log().replace(
            HV_LINE + "\n" + marker_rc(2, 0) + marker_run(4, "false"),
            'Cell "demo" FAILED ' + marker_rc(2, 0) +
            '@@@ 4 RUNon CPU 3: data abort\n: false\n')
        lines = self.scn.untangle("arm64", log)
        self.assertIn(HV_LINE, lines)
        self.assertIn("@@@ 4 RUN: false", lines)
        self.assertEqual(self.scn.judge("arm64", lines), [])

    def test_garbled_first_rc_copy(self):
        # Seen in x86-fault: "t@@r@ 4 RC=0"; the script prints each RC
        # marker twice, and the judge takes the intact copy.
        log = self.clean_log().replace(
            marker_rc(0, 0), "[demo@@] @ 0 RC=0\n" + marker_rc(0, 0))
        self.assertEqual(self.judge(log), [])
        log = self.clean_log().replace(marker_rc(0, 0), "[demo@@] @ 0 RC=0\n")
        self.assertIn("never finished", " ".join(self.judge(log)))

    def test_digits_stuck_to_the_first_rc_copy(self):
        # Seen in x86-x2apic-root: "... timer 10@@@ 22 RC=003926340 Hz";
        # the intact second copy is the step's status, not the first.
        log = self.clean_log().replace(
            marker_rc(0, 0),
            "[demo] timer 10@@@ 0 RC=003926340 Hz\n" + marker_rc(0, 0))
        self.assertEqual(self.judge(log), [])

    def test_lost_rc_markers_from_the_summary(self):
        # Seen in demo x86: both copies inside the heartbeat's first line.
        lost = self.clean_log().replace(
            marker_rc(0, 0), "[demo] started, timer 1000@@@  Hz, deny0 RC=0\n")
        self.assertIn("never finished", " ".join(self.judge(lost)))
        summary = "@@@ RCS 0=0 4=1\n"
        log = lost.replace("@@@ DONE\n", summary + "@@@ DONE\n")
        self.assertEqual(self.judge(log), [])
        # The summary only fills gaps, and only an intact one counts.
        self.assertIn("exit status 1, expected 0", " ".join(self.judge(
            lost.replace("@@@ DONE\n", "@@@ RCS 0=1\n@@@ DONE\n"))))
        self.assertIn("never finished", " ".join(self.judge(
            lost.replace("@@@ DONE\n", "@@@ RCS 0=0 x\n@@@ DONE\n"))))

    def test_script_prints_markers_twice(self):
        script = self.scn.guest_script("arm64")
        self.assertIn("echo '@@@ 0 RUN: jailhouse cell start demo'", script)
        self.assertIn("echo '@@@ 0 RUN'", script)
        self.assertIn('echo "@@@ 0 RC=$rc"; echo "@@@ 0 RC=$rc"', script)
        self.assertIn('rcs="$rcs 0=$rc"', script)
        self.assertIn('echo "@@@ RCS$rcs"; echo "@@@ RCS$rcs"', script)

    def test_untangled_lines(self):
        lines = self.scn.untangle(
            "arm64", "ab" + marker_rc(4, 0) + "cd\nnext\n")
        self.assertEqual(lines, ["@@@ 4 RC=0", "abcd", "next"])

    def test_split_marker_still_found(self):
        # Someone else's bytes inside the marker: only "@@@ N RUN" counts.
        log = self.clean_log().replace(
            marker_run(4, "false"), "@@@ 4 RUN[demo] x\n: false\n")
        self.assertEqual(self.judge(log), [])

    def test_no_done_fails(self):
        log = self.clean_log().replace("@@@ DONE\n", "")
        self.assertIn("the guest script did not finish (timeout, hang or crash)",
                      self.judge(log))

    def test_exit_status_checked(self):
        log = self.clean_log().replace(marker_rc(4, 1), marker_rc(4, 0))
        failures = self.judge(log)
        self.assertEqual(len(failures), 1)
        self.assertIn("expected failure", failures[0])

    def test_kernel_oops_fails(self):
        log = self.clean_log().replace("boot noise", "Internal error: Oops: 96")
        self.assertTrue(any("built-in check" in f for f in self.judge(log)))


class Com2Test(unittest.TestCase):
    def test_expect_com2(self):
        fd, path = tempfile.mkstemp(suffix=".scn")
        with os.fdopen(fd, "w") as f:
            f.write("ok: true\nexpect-com2: ^beat 1$\nexpect-com2: ^beat 2$\n")
        try:
            scn = scenario.Scenario(path)
        finally:
            os.unlink(path)
        com1 = scn.untangle("x86", marker_run(0, "true") + marker_rc(0, 0) +
                            "beat 1\nbeat 2\n@@@ DONE\n")
        self.assertEqual(scn.judge("x86", com1, ["junk", "beat 1", "beat 2"]), [])
        # On COM1 only, or in the wrong order, or without a COM2 log: no.
        self.assertEqual(len(scn.judge("x86", com1, [])), 2)
        self.assertEqual(len(scn.judge("x86", com1, ["beat 2", "beat 1"])), 1)
        self.assertEqual(len(scn.judge("x86", com1, None)), 2)


TRAILING_SCN = """\
arch: arm64
ok: jailhouse cell start demo
ok: jailhouse disable
expect: heartbeat 3
"""


class ScnFileTest(unittest.TestCase):
    """Base: scenario files written for one test, removed after it."""

    def write(self, text):
        fd, path = tempfile.mkstemp(suffix=".scn")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        self.addCleanup(os.unlink, path)
        return path


class TrailingExpectTest(ScnFileTest):
    """An expect after the final step sees only that step's output."""

    def test_after_a_silent_final_step_is_refused_when_read(self):
        path = self.write("arch: arm64\nok: jailhouse cell start demo\n"
                          "ok: sleep 5\nexpect: heartbeat 3\n")
        with self.assertRaisesRegex(scenario.ScenarioError,
                                    r":4: 'expect: heartbeat 3' follows the final step "
                                    r"'ok: sleep 5' \(line 3\), which prints nothing"):
            scenario.Scenario(path)

    def test_after_a_final_step_that_prints_is_accepted(self):
        path = self.write("arch: arm64\nok: sleep 5\nok: echo done\nexpect: ^done$\n")
        scn = scenario.Scenario(path)
        log = ("@@@ SCENARIO x\n" + marker_run(0, "sleep 5") + marker_rc(0, 0) +
               marker_run(1, "echo done") + "done\n" + marker_rc(1, 0) + "@@@ DONE\n")
        self.assertEqual(scn.judge("arm64", scn.untangle("arm64", log)), [])

    def test_line_printed_before_the_final_step_is_named(self):
        scn = scenario.Scenario(self.write(TRAILING_SCN))
        log = ("@@@ SCENARIO x\n" + marker_run(0, "jailhouse cell start demo") +
               marker_rc(0, 0) + "heartbeat 3\n" +
               marker_run(1, "jailhouse disable") + marker_rc(1, 0) + "@@@ DONE\n")
        failures = scn.judge("arm64", scn.untangle("arm64", log))
        self.assertEqual(len(failures), 1)
        self.assertIn("its line was printed before that step began (log line 4)",
                      failures[0])

    def test_line_missing_everywhere_is_plain_failure(self):
        scn = scenario.Scenario(self.write(TRAILING_SCN))
        log = ("@@@ SCENARIO x\n" + marker_run(0, "jailhouse cell start demo") +
               marker_rc(0, 0) + marker_run(1, "jailhouse disable") +
               marker_rc(1, 0) + "@@@ DONE\n")
        failures = scn.judge("arm64", scn.untangle("arm64", log))
        self.assertEqual(len(failures), 1)
        self.assertIn("no matching line after", failures[0])


class QemuVersionTest(ScnFileTest):
    """qemu-version picks a fetched QEMU, for the arches it exists for."""

    def test_default_is_the_hosts(self):
        self.assertEqual(scenario.Scenario(self.write("ok: true\n")).qemu_version, "")

    def test_arm64_qemu_10(self):
        scn = scenario.Scenario(self.write("arch: arm64\nqemu-version: 10\nok: true\n"))
        self.assertEqual(scn.qemu_version, "10")

    def test_unknown_version_refused(self):
        with self.assertRaisesRegex(scenario.ScenarioError, r":2: unknown QEMU version '9'"):
            scenario.Scenario(self.write("arch: arm64\nqemu-version: 9\nok: true\n"))

    def test_rpi4_needs_qemu_10(self):
        with self.assertRaisesRegex(scenario.ScenarioError, r"'board: rpi4' needs 'qemu-version: 10'"):
            scenario.Scenario(self.write("arch: arm64\nboard: rpi4\nok: true\n"))
        scenario.Scenario(self.write("arch: arm64\nboard: rpi4\nqemu-version: 10\nok: true\n"))

    def test_both_arches(self):
        # fetch-qemu fetches QEMU 10 for either arch (x86: the x2APIC).
        self.assertEqual(scenario.Scenario(self.write("qemu-version: 10\nok: true\n")).qemu_version, "10")

    def test_x2apic_board(self):
        with self.assertRaisesRegex(scenario.ScenarioError, r"'board: x2apic' needs 'qemu-version: 10'"):
            scenario.Scenario(self.write("arch: x86\nboard: x2apic\nok: true\n"))
        with self.assertRaisesRegex(scenario.ScenarioError, r"'board: x2apic' is an x86 machine, not arm64"):
            scenario.Scenario(self.write("arch: arm64\nboard: x2apic\nqemu-version: 10\nok: true\n"))
        scenario.Scenario(self.write("arch: x86\nboard: x2apic\nqemu-version: 10\nok: true\n"))


class BoardTest(ScnFileTest):
    """board: picks a machine model; on zcu102 the guest's lines come
    through the kernel log, each behind a timestamp."""

    SCN = "arch: arm64\nboard: zcu102\nok: cat /state\nexpect: ^failed$\n"

    def log(self, state):
        return ("[    3.100000] @@@ SCENARIO x\n"
                "[    3.200000] " + marker_run(0, "cat /state") +
                "[    3.210000] @@@ 0 RUN\n"
                "[    3.220000] " + state + "\n"
                'Cell "x" FAILED on CPU 3: data abort\n'
                "[    3.230000] " + marker_rc(0, 0) +
                "[    3.240000] @@@ DONE\n")

    def test_default_is_none(self):
        self.assertEqual(scenario.Scenario(self.write("ok: true\n")).board, "")

    def test_zcu102_stamps_are_taken_off(self):
        scn = scenario.Scenario(self.write(self.SCN))
        self.assertEqual(scn.judge("arm64", scn.untangle("arm64", self.log("failed"))), [])

    def test_zcu102_wrong_line_still_fails(self):
        scn = scenario.Scenario(self.write(self.SCN))
        failures = scn.judge("arm64", scn.untangle("arm64", self.log("running")))
        self.assertEqual(len(failures), 1)
        self.assertIn("no matching line after", failures[0])

    def test_zcu102_record_inside_a_hypervisor_line(self):
        # Seen: the driver's printk landed inside an inmate's line.
        scn = scenario.Scenario(self.write(
            "arch: arm64\nboard: zcu102\nok: jailhouse cell start f\n"
            "expect: ^jailhouse: cell 'f' started$\n"
            "expect: \\[f\\] writing outside my memory at 0x40000000$\n"))
        log = ("[    3.200000] " + marker_run(0, "jailhouse cell start f") +
               "[    3.210000] @@@ 0 RUN\n"
               "[f] writing outside my memory[   3.300000] jailhouse: cell 'f' started\n"
               " at 0x40000000\n"
               "[    3.400000] " + marker_rc(0, 0) +
               "[    3.500000] @@@ DONE\n")
        lines = scn.untangle("arm64", log)
        self.assertIn("[f] writing outside my memory at 0x40000000", lines)
        self.assertIn("jailhouse: cell 'f' started", lines)
        self.assertEqual(scn.judge("arm64", lines), [])

    def test_zcu102_stamp_inside_a_record_stays(self):
        # A record's own text with a stamp in it (dmesg output sent to
        # the kernel log) is not cut.
        text = "[    3.000000] [    1.000000] old line\nnext\n"
        self.assertEqual(scenario.lift_kmsg_records(text), text)

    def test_stamps_stay_on_virt(self):
        scn = scenario.Scenario(self.write(self.SCN.replace("board: zcu102\n", "")))
        failures = scn.judge("arm64", scn.untangle("arm64", self.log("failed")))
        self.assertIn("no matching line after", failures[0])

    def test_zcu102_script_writes_to_the_kernel_log(self):
        # Markers straight to the kernel log, each step's output forwarded
        # before its RC marker, and the step's own status kept.
        script = scenario.Scenario(self.write(self.SCN)).guest_script("arm64")
        self.assertIn("to-kmsg '@@@ 0 RUN: cat /state'", script)
        self.assertIn("{ ( cat /state ) </dev/null 2>&1; echo $? >/tmp/.jh-rc; } | to-kmsg", script)
        self.assertLess(script.index("rc=$(cat /tmp/.jh-rc)"), script.index('to-kmsg "@@@ 0 RC=$rc"'))
        self.assertNotIn("echo '@@@", script)

    def test_virt_script_echoes(self):
        script = scenario.Scenario(self.write(self.SCN.replace("board: zcu102\n", ""))).guest_script("arm64")
        self.assertIn("echo '@@@ 0 RUN: cat /state'", script)
        self.assertNotIn("to-kmsg", script)

    def test_unknown_board_refused(self):
        with self.assertRaisesRegex(scenario.ScenarioError, r":2: unknown board 'imx8mq'"):
            scenario.Scenario(self.write("arch: arm64\nboard: imx8mq\nok: true\n"))

    def test_x86_refused(self):
        with self.assertRaisesRegex(scenario.ScenarioError, r"an arm64 machine, not x86"):
            scenario.Scenario(self.write("board: zcu102\nok: true\n"))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    bad = len(result.failures) + len(result.errors)
    print(f"{result.testsRun - bad} passed, {bad} failed")
    sys.exit(1 if bad else 0)
