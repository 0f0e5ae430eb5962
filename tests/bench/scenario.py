#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Bench scenarios: parse a .scn file, turn it into a guest shell script,
and judge the serial log the emulator (QEMU or Bochs) captured.

Format (one directive per line, '#' starts a comment line):

  arch: arm64 x86        arches the scenario runs on (default: both)
  timeout: 120           seconds of wall time for the whole boot
  append: ARGS           extra kernel command-line arguments
  qemu: ARGS             extra QEMU arguments
  qemu-version: 10       boot under QEMU 10 from Debian's bookworm-backports
                         (tests/bench/fetch-qemu, cached) instead of the
                         host's QEMU 7.2 (arm64: its SMMUv3 has stage 2;
                         x86: its TCG has an x2APIC)
  machines: qemu bochs   emulators the scenario runs under (default: qemu);
                         bochs (Intel VMX, tests/bench/run-bochs) is x86 only
  bochs-skip: REASON     why a scenario does not run under Bochs (printed
                         by run-bochs with the skip)
  bochs-timeout: 600     seconds of wall time for a Bochs boot (default 600;
                         Bochs is about 13 times slower than QEMU)
  needs: python3         extras the guest image must hold (see NEEDS:
                         python3, linux-cell, linux-cell-rt); a
                         scenario that needs none boots the plain image
  board: zcu102          the machine model QEMU boots (see BOARDS; default
                         virt on arm64, q35 on x86). On zcu102 the guest's
                         output reaches the log through the kernel's log
                         (earlycon), so the judge takes the kernel's
                         timestamps off every line first. rpi4 (QEMU 10's
                         raspi4b, with "qemu-version: 10") prints on a tty
                         as virt does; so does sdei (virt with TF-A at
                         EL3 and SDEI, tests/bench/fetch-tfa). x2apic (x86, "qemu-version: 10"):
                         q35 with an x2APIC and a VT-d unit that remaps
                         interrupts (EIM), so Linux runs in x2APIC mode
  run: CMD               run CMD in the guest, exit status ignored
  ok: CMD                run CMD, it must exit 0
  fail: CMD              run CMD, it must exit non-zero
  expect: REGEX          a line matching REGEX must appear after the point
                         reached so far (the last run/ok/fail started or
                         the last expect matched). An expect after the
                         final step therefore sees only that step's output:
                         one that follows a step printing nothing (sleep,
                         true, :) is refused when the file is read, and one
                         whose line was printed before the final step
                         began fails with a message saying so
  expect-not: REGEX      no line anywhere in the log may match REGEX
  expect-com2: REGEX     a line of the second serial port's log (x86: COM2,
                         which a cell can own; arm64: the chardev com2, for
                         a "-device pci-serial,chardev=com2" the scenario
                         adds) must match REGEX, in the order of the
                         expect-com2 lines

A step line may start with "[arm64]" or "[x86]" to apply to one arch only.
Every scenario also fails on kernel oopses, panics and warnings.
"""
import re
import shlex
import sys

ARCHES = ("arm64", "x86")
MACHINES = ("qemu", "bochs")
# Arches each machine emulates.
MACHINE_ARCHES = {"qemu": ARCHES, "bochs": ("x86",)}
BOCHS_TIMEOUT = 600
STEP_KINDS = ("run", "ok", "fail", "expect", "expect-not", "expect-com2")
DEFAULT_FORBIDDEN = [
    r"Kernel panic",
    r"Internal error: Oops",
    r"\bBUG: ",
    r"WARNING: CPU: \d+ PID:",
    r"Call [Tt]race:",
]
MARK = "@@@"
# What a scenario may ask to have in its initramfs, beyond busybox and the
# project; tests/bench/run builds a second image with it.
NEEDS = ("python3", "linux-cell", "linux-cell-rt")
# QEMU versions a scenario may ask for beside the host's (tests/bench/run
# fetches them), and the arches each is fetched for.
QEMU_VERSIONS = {"10": ("arm64", "x86")}
# Machine models beside the default one of each arch (tests/bench/run
# knows their QEMU arguments), the arch each one is, and whether the
# guest's output goes through the kernel log (no tty driver of the board's
# UART comes up under QEMU, only earlycon) rather than a console tty.
# "qemu": the QEMU version the model needs, if not the host's.
BOARDS = {"zcu102": {"arch": "arm64", "kmsg": True},
          "rpi4": {"arch": "arm64", "kmsg": False, "qemu": "10"},
          "sdei": {"arch": "arm64", "kmsg": False},
          "x2apic": {"arch": "x86", "kmsg": False, "qemu": "10"}}
# The kernel's timestamp in front of a printk line.
KMSG_STAMP = re.compile(r"(?m)^\[ *\d+\.\d+\] ")
STAMP = re.compile(r"\[ *\d+\.\d{6}\] ")


def lift_kmsg_records(text):
    """On a kmsg board the kernel prints whole records ("[stamp] text\n")
    through earlycon while the hypervisor prints on the same UART, so a
    record can land inside a hypervisor line. Such a record (a stamp
    after the start of a line that is not itself a record) becomes a line
    of its own, before the line it interrupted, whose two halves are
    joined again."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = STAMP.search(line, 1)
        if m and not STAMP.match(line) and i + 1 < len(lines):
            out.append(line[m.start():])
            lines[i + 1] = line[:m.start()] + lines[i + 1]
        else:
            out.append(line)
        i += 1
    return "\n".join(out)


class ScenarioError(Exception):
    pass


class Scenario:
    def __init__(self, path):
        self.path = path
        self.arches = list(ARCHES)
        self.timeout = 120
        self.append = ""
        self.qemu = ""
        self.qemu_version = ""
        self.needs = []
        self.board = ""
        self.machines = ["qemu"]
        self.bochs_skip = ""
        self.bochs_timeout = BOCHS_TIMEOUT
        self.steps = []  # (kind, text, lineno)
        self._parse()

    def _parse(self):
        with open(self.path) as f:
            lines = f.read().splitlines()
        raw_steps = []
        for no, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            only = None
            m = re.match(r"\[(\w+)\]\s*(.*)", line)
            if m:
                only, line = m.group(1), m.group(2)
                if only not in ARCHES:
                    raise ScenarioError(f"{self.path}:{no}: unknown arch '{only}'")
            key, sep, value = line.partition(":")
            key, value = key.strip(), value.strip()
            if not sep:
                raise ScenarioError(f"{self.path}:{no}: expected 'key: value'")
            if key == "arch":
                self.arches = value.split()
                bad = [a for a in self.arches if a not in ARCHES]
                if bad:
                    raise ScenarioError(f"{self.path}:{no}: unknown arch {bad}")
            elif key == "timeout":
                self.timeout = int(value)
            elif key == "append":
                self.append = value
            elif key == "qemu":
                self.qemu = value
            elif key == "qemu-version":
                if value not in QEMU_VERSIONS:
                    raise ScenarioError(f"{self.path}:{no}: unknown QEMU version '{value}' (known: {' '.join(QEMU_VERSIONS)})")
                self.qemu_version = value
            elif key == "needs":
                self.needs = value.split()
                bad = [n for n in self.needs if n not in NEEDS]
                if bad:
                    raise ScenarioError(f"{self.path}:{no}: unknown need {bad} (known: {' '.join(NEEDS)})")
            elif key == "board":
                if value not in BOARDS:
                    raise ScenarioError(f"{self.path}:{no}: unknown board '{value}' (known: {' '.join(BOARDS)})")
                self.board = value
            elif key == "machines":
                self.machines = value.split()
                bad = [m for m in self.machines if m not in MACHINES]
                if bad or not self.machines:
                    raise ScenarioError(f"{self.path}:{no}: unknown machine {bad} (known: {' '.join(MACHINES)})")
            elif key == "bochs-skip":
                if not value:
                    raise ScenarioError(f"{self.path}:{no}: empty 'bochs-skip'")
                self.bochs_skip = value
            elif key == "bochs-timeout":
                self.bochs_timeout = int(value)
            elif key in STEP_KINDS:
                if not value:
                    raise ScenarioError(f"{self.path}:{no}: empty '{key}'")
                if key.startswith("expect"):
                    try:
                        re.compile(value)
                    except re.error as e:
                        raise ScenarioError(f"{self.path}:{no}: bad regex: {e}")
                raw_steps.append((only, key, value, no))
            else:
                raise ScenarioError(f"{self.path}:{no}: unknown directive '{key}'")
        self.raw_steps = raw_steps
        self._check_trailing_expects()
        for m in self.machines:
            if not set(self.arches) & set(MACHINE_ARCHES[m]):
                raise ScenarioError(f"{self.path}: machine {m} emulates none of the arches {self.arches}")
        if self.qemu_version:
            bad = [a for a in self.arches if a not in QEMU_VERSIONS[self.qemu_version]]
            if bad:
                raise ScenarioError(f"{self.path}: 'qemu-version: {self.qemu_version}' is for {' '.join(QEMU_VERSIONS[self.qemu_version])} only, not {' '.join(bad)} (add 'arch:')")
            if self.machines != ["qemu"]:
                raise ScenarioError(f"{self.path}: 'qemu-version' on a scenario that runs under {' '.join(m for m in self.machines if m != 'qemu')}")
        if self.board:
            bad = [a for a in self.arches if a != BOARDS[self.board]["arch"]]
            if bad:
                raise ScenarioError(f"{self.path}: 'board: {self.board}' is an {BOARDS[self.board]['arch']} machine, not {' '.join(bad)} (add 'arch:')")
            if self.machines != ["qemu"]:
                raise ScenarioError(f"{self.path}: 'board' on a scenario that runs under {' '.join(m for m in self.machines if m != 'qemu')}")
            need = BOARDS[self.board].get("qemu", "")
            if need and need != self.qemu_version:
                raise ScenarioError(f"{self.path}: 'board: {self.board}' needs 'qemu-version: {need}'")
        if self.bochs_skip and "bochs" in self.machines:
            raise ScenarioError(f"{self.path}: 'bochs-skip' on a scenario that runs under bochs")

    # Commands that print nothing, so an expect can never match after them.
    SILENT = re.compile(r"^(sleep\s+[0-9.]+|true|:)\s*;?\s*$")

    def _check_trailing_expects(self):
        """An expect after the final step sees only that step's output; a
        final step that prints nothing leaves it nothing to match."""
        for arch in self.arches:
            steps = self.steps_for(arch)
            runs = [i for i, (k, _, _) in enumerate(steps) if k in ("run", "ok", "fail")]
            if not runs:
                continue
            kind, text, no = steps[runs[-1]]
            if not self.SILENT.match(text):
                continue
            for k, t, n in steps[runs[-1] + 1:]:
                if k == "expect":
                    raise ScenarioError(
                        f"{self.path}:{n}: 'expect: {t}' follows the final step "
                        f"'{kind}: {text}' (line {no}), which prints nothing; an "
                        "expect after the final step sees only that step's output, "
                        "so move it up after the step that prints its line")

    def arches_on(self, machine):
        """The scenario's arches that run under MACHINE (none if it does
        not list MACHINE)."""
        if machine not in self.machines:
            return []
        return [a for a in self.arches if a in MACHINE_ARCHES[machine]]

    def steps_for(self, arch):
        return [(k, v, no) for only, k, v, no in self.raw_steps
                if only is None or only == arch]

    def guest_script(self, arch, machine="qemu"):
        out = ["#!/bin/sh", "# generated from " + self.path]
        # On a kmsg board every line goes to the kernel log (to-kmsg), the
        # markers straight from here and each step's output once the step
        # is over, before its RC marker: a pipe through one forwarder for
        # the whole script would let the hypervisor's lines overtake the
        # RUN marker of the step that caused them.
        kmsg = bool(self.board) and BOARDS[self.board]["kmsg"]
        say = "to-kmsg" if kmsg else "echo"
        for i, (kind, text, no) in enumerate(self.steps_for(arch)):
            if kind not in ("run", "ok", "fail"):
                continue
            # Each marker twice: the hypervisor's bytes can land inside
            # one (byte-level interleave on the shared UART); the judge
            # takes the first intact copy. The short second RUN marker
            # keeps the demo's transcript readable.
            out.append(f"{say} {shlex.quote(f'{MARK} {i} RUN: {text}')}")
            out.append(f"{say} '{MARK} {i} RUN'")
            if kmsg:
                out.append(f"{{ ( {text} ) </dev/null 2>&1; echo $? >/tmp/.jh-rc; }} | to-kmsg")
                out.append("rc=$(cat /tmp/.jh-rc)")
            else:
                out.append(f"( {text} ) </dev/null 2>&1")
                out.append("rc=$?")
            out.append(f'{say} "{MARK} {i} RC=$rc"; {say} "{MARK} {i} RC=$rc"')
            out.append(f'rcs="$rcs {i}=$rc"')
        # Both copies of an RC marker can drown in one long line a cell
        # prints at the same time; the summary at the end, when cells have
        # usually gone quiet, is the judge's fallback for them.
        out.append(f'{say} "{MARK} RCS$rcs"; {say} "{MARK} RCS$rcs"')
        out.append(f"{say} '{MARK} DONE'")
        if machine == "bochs":
            # Bochs sends serial output at the programmed baud rate, and
            # the power-off that follows the script does not wait for the
            # tty to drain: give it the time for a full 4 KiB buffer at
            # 115200 baud (run-bochs sets that rate) before init goes on.
            out.append("sleep 1")
        return "\n".join(out) + "\n"

    # How far after a split marker's first part its rest is looked for.
    SPLIT_WINDOW = 2000

    def _marker_spans(self, arch, text):
        """Where the markers of arch's guest script are in text, in script
        order: (start, end, marker) for a marker printed in one piece, and
        for one that another writer's bytes split in two, the second part
        as (start, end, None)."""
        expected = []
        for i, (kind, t, no) in enumerate(self.steps_for(arch)):
            if kind in ("run", "ok", "fail"):
                expected.append((f"{MARK} {i} RUN", f": {t}", False))
                expected.append((f"{MARK} {i} RC", None, True))
        expected.append((f"{MARK} DONE", "", False))
        spans, pos = [], 0
        for head, tail, is_rc in expected:
            if is_rc:
                m = re.compile(re.escape(head) + r"=\d+\n").search(text, pos)
                if m:
                    spans.append((m.start(), m.end(), m.group(0)[:-1]))
                    pos = m.end()
                continue
            whole = head + tail + "\n"
            at = text.find(whole, pos)
            if at >= 0:
                spans.append((at, at + len(whole), whole[:-1]))
                pos = at + len(whole)
                continue
            at = text.find(head, pos)
            if at < 0:
                continue
            # Split: the longest start of the rest that is there, then
            # someone else's text, then the rest of the marker.
            k, rest = len(head), tail + "\n"
            n = 0
            while n < len(rest) - 1 and text.startswith(rest[:n + 1], at + k):
                n += 1
            cont = text.find(rest[n:], at + k + n, at + k + n + self.SPLIT_WINDOW)
            if cont < 0:
                continue
            spans.append((at, at + k + n, head + tail))
            spans.append((cont, cont + len(rest) - n, None))
            pos = cont + len(rest) - n
        return sorted(spans)

    def untangle(self, arch, text):
        """Splits a serial log into lines, with every marker the guest
        script printed taken out of whatever line it landed in.

        The hypervisor, the kernel and the guest shell share one UART, so
        the shell's marker can arrive in the middle of another writer's
        line, and that writer's bytes can arrive in the middle of the
        marker. The marker becomes a line of its own (placed before the
        line it interrupted) and the pieces of the other line are joined
        again. What is left over, the judge's patterns still tolerate."""
        text = text.replace("\r", "")
        if self.board and BOARDS[self.board]["kmsg"]:
            text = KMSG_STAMP.sub("", lift_kmsg_records(text))
        lines, buf, pos = [], "", 0
        for start, end, marker in self._marker_spans(arch, text):
            if start < pos:
                continue
            buf += text[pos:start]
            if marker is not None:
                *whole, buf = buf.split("\n")
                lines.extend(whole)
                lines.append(marker)
            pos = end
        lines.extend((buf + text[pos:]).split("\n"))
        if lines and lines[-1] == "":
            lines.pop()
        return lines

    def judge(self, arch, log_lines, com2_lines=None):
        """Returns a list of failure messages; empty means pass.
        com2_lines: the second serial port's log, for expect-com2."""
        failures = []
        steps = self.steps_for(arch)
        # Markers are searched anywhere in a line: the hypervisor and the
        # kernel print on the same UART as the guest shell, so a marker can
        # land in the middle of someone else's line.
        # Even a marker can be split by another writer's characters, so
        # only "@@@ N RUN" is required of it.
        run_re = re.compile(rf"{MARK} (\d+) RUN")
        rc_re = re.compile(rf"{MARK} (\d+) RC=(\d+)")
        # Marker lines are not output, unless someone else's text got
        # mixed into one (then that text may be what an expect wants).
        pure_marker = re.compile(
            rf"^{MARK} (\d+ RUN(: .*)?|\d+ RC=\d+|RCS( \d+=\d+)*|DONE|SCENARIO .*)\s*$")
        summary_re = re.compile(rf"^{MARK} RCS((?: \d+=\d+)*)\s*$")
        run_at, rc_of, rc_pure = {}, {}, {}
        for n, line in enumerate(log_lines):
            m = run_re.search(line)
            if m:
                run_at.setdefault(int(m.group(1)), n)
            m = rc_re.search(line)
            if m:
                # Each RC marker comes twice; a digit of another writer's
                # can stick to one, so a marker alone on its line wins.
                step = int(m.group(1))
                if pure_marker.match(line):
                    rc_pure.setdefault(step, int(m.group(2)))
                rc_of.setdefault(step, int(m.group(2)))
        rc_of.update(rc_pure)
        # Only an intact summary line fills in RC markers that were lost.
        for line in log_lines:
            m = summary_re.match(line)
            if m:
                for pair in m.group(1).split():
                    step, rc = pair.split("=")
                    rc_of.setdefault(int(step), int(rc))
                break
        if not any(f"{MARK} DONE" in line for line in log_lines):
            failures.append("the guest script did not finish (timeout, hang or crash)")

        cursor = com2_cursor = 0
        last_run = max((i for i, (k, _, _) in enumerate(steps)
                        if k in ("run", "ok", "fail")), default=-1)
        for i, (kind, text, no) in enumerate(steps):
            where = f"line {no} '{kind}: {text}'"
            if kind in ("run", "ok", "fail"):
                if i not in run_at:
                    failures.append(f"{where}: never started")
                    continue
                cursor = run_at[i] + 1
                rc = rc_of.get(i)
                if rc is None:
                    failures.append(f"{where}: never finished")
                elif kind == "ok" and rc != 0:
                    failures.append(f"{where}: exit status {rc}, expected 0")
                elif kind == "fail" and rc == 0:
                    failures.append(f"{where}: exit status 0, expected failure")
            elif kind == "expect":
                pat = re.compile(text)
                for n in range(cursor, len(log_lines)):
                    line = log_lines[n]
                    if not pure_marker.match(line) and pat.search(line):
                        cursor = n + 1
                        break
                else:
                    earlier = next((n for n in range(cursor) if
                                    not pure_marker.match(log_lines[n]) and
                                    pat.search(log_lines[n])), None)
                    if i > last_run >= 0 and earlier is not None:
                        failures.append(
                            f"{where}: follows the final step, so it sees only that "
                            f"step's output, but its line was printed before that "
                            f"step began (log line {earlier + 1}): move the expect "
                            "up after the step that prints it")
                    else:
                        failures.append(f"{where}: no matching line after log line {cursor + 1}")
            elif kind == "expect-com2":
                pat = re.compile(text)
                lines = com2_lines or []
                for n in range(com2_cursor, len(lines)):
                    if pat.search(lines[n]):
                        com2_cursor = n + 1
                        break
                else:
                    failures.append(f"{where}: no matching line in the second serial port's log" +
                                    (f" after its line {com2_cursor}" if com2_cursor else ""))
            elif kind == "expect-not":
                pass
        forbidden = [(t, f"line {no} 'expect-not: {t}'")
                     for k, t, no in steps if k == "expect-not"]
        forbidden += [(t, f"built-in check '{t}'") for t in DEFAULT_FORBIDDEN]
        for text, where in forbidden:
            pat = re.compile(text)
            for n, line in enumerate(log_lines):
                if pat.search(line) and not line.startswith(MARK):
                    failures.append(f"{where}: matched log line {n + 1}: {line.strip()}")
                    break
        return failures


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: scenario.py info FILE [MACHINE] | script FILE ARCH [MACHINE] | judge FILE ARCH LOG [COM2LOG]")
    cmd, path = argv[1], argv[2]
    try:
        scn = Scenario(path)
    except (OSError, ScenarioError) as e:
        sys.exit(f"scenario: {e}")
    if cmd == "info":
        # Shell-readable settings for the runner of MACHINE (default qemu):
        # SCN_ARCHES holds only the arches that run under it, and
        # SCN_TIMEOUT is its timeout.
        machine = argv[3] if len(argv) > 3 else "qemu"
        if machine not in MACHINES:
            sys.exit(f"scenario: unknown machine {machine}")
        timeout = scn.bochs_timeout if machine == "bochs" else scn.timeout
        print(f"SCN_ARCHES={shlex.quote(' '.join(scn.arches_on(machine)))}")
        print(f"SCN_TIMEOUT={timeout}")
        print(f"SCN_APPEND={shlex.quote(scn.append)}")
        print(f"SCN_QEMU={shlex.quote(scn.qemu)}")
        print(f"SCN_QEMU_VERSION={shlex.quote(scn.qemu_version)}")
        print(f"SCN_NEEDS={shlex.quote(' '.join(scn.needs))}")
        print(f"SCN_BOARD={shlex.quote(scn.board)}")
        print(f"SCN_MACHINES={shlex.quote(' '.join(scn.machines))}")
        print(f"SCN_BOCHS_SKIP={shlex.quote(scn.bochs_skip)}")
    elif cmd == "script":
        machine = argv[4] if len(argv) > 4 else "qemu"
        if machine not in MACHINES:
            sys.exit(f"scenario: unknown machine {machine}")
        sys.stdout.write(scn.guest_script(argv[3], machine))
    elif cmd == "judge":
        with open(argv[4], errors="replace", newline="") as f:
            lines = scn.untangle(argv[3], f.read())
        com2 = None
        if len(argv) > 5:
            try:
                with open(argv[5], errors="replace") as f:
                    com2 = f.read().replace("\r", "").splitlines()
            except OSError:
                com2 = None
        failures = scn.judge(argv[3], lines, com2)
        for msg in failures:
            print(f"  FAIL: {msg}")
        sys.exit(1 if failures else 0)
    else:
        sys.exit(f"scenario: unknown command {cmd}")


if __name__ == "__main__":
    main(sys.argv)
