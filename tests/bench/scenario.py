#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Bench scenarios: parse a .scn file, turn it into a guest shell script,
and judge the serial log QEMU captured.

Format (one directive per line, '#' starts a comment line):

  arch: arm64 x86        arches the scenario runs on (default: both)
  timeout: 120           seconds of wall time for the whole boot
  append: ARGS           extra kernel command-line arguments
  qemu: ARGS             extra QEMU arguments
  needs: python3         extras the guest image must hold (see NEEDS); a
                         scenario that needs none boots the plain image
  run: CMD               run CMD in the guest, exit status ignored
  ok: CMD                run CMD, it must exit 0
  fail: CMD              run CMD, it must exit non-zero
  expect: REGEX          a line matching REGEX must appear after the point
                         reached so far (the last run/ok/fail started or
                         the last expect matched)
  expect-not: REGEX      no line anywhere in the log may match REGEX

A step line may start with "[arm64]" or "[x86]" to apply to one arch only.
Every scenario also fails on kernel oopses, panics and warnings.
"""
import re
import shlex
import sys

ARCHES = ("arm64", "x86")
STEP_KINDS = ("run", "ok", "fail", "expect", "expect-not")
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
NEEDS = ("python3",)


class ScenarioError(Exception):
    pass


class Scenario:
    def __init__(self, path):
        self.path = path
        self.arches = list(ARCHES)
        self.timeout = 120
        self.append = ""
        self.qemu = ""
        self.needs = []
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
            elif key == "needs":
                self.needs = value.split()
                bad = [n for n in self.needs if n not in NEEDS]
                if bad:
                    raise ScenarioError(f"{self.path}:{no}: unknown need {bad} (known: {' '.join(NEEDS)})")
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

    def steps_for(self, arch):
        return [(k, v, no) for only, k, v, no in self.raw_steps
                if only is None or only == arch]

    def guest_script(self, arch):
        out = ["#!/bin/sh", "# generated from " + self.path]
        for i, (kind, text, no) in enumerate(self.steps_for(arch)):
            if kind not in ("run", "ok", "fail"):
                continue
            out.append(f"echo {shlex.quote(f'{MARK} {i} RUN: {text}')}")
            out.append(f"( {text} ) </dev/null 2>&1")
            out.append(f'echo "{MARK} {i} RC=$?"')
        out.append(f"echo '{MARK} DONE'")
        return "\n".join(out) + "\n"

    def judge(self, arch, log_lines):
        """Returns a list of failure messages; empty means pass."""
        failures = []
        steps = self.steps_for(arch)
        # Markers are searched anywhere in a line: the hypervisor and the
        # kernel print on the same UART as the guest shell, so a marker can
        # land in the middle of someone else's line.
        run_re = re.compile(rf"{MARK} (\d+) RUN: ")
        rc_re = re.compile(rf"{MARK} (\d+) RC=(\d+)")
        run_at, rc_of = {}, {}
        for n, line in enumerate(log_lines):
            m = run_re.search(line)
            if m:
                run_at.setdefault(int(m.group(1)), n)
            m = rc_re.search(line)
            if m:
                rc_of.setdefault(int(m.group(1)), int(m.group(2)))
        if not any(f"{MARK} DONE" in line for line in log_lines):
            failures.append("the guest script did not finish (timeout, hang or crash)")

        cursor = 0
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
                    if not line.startswith(MARK) and pat.search(line):
                        cursor = n + 1
                        break
                else:
                    failures.append(f"{where}: no matching line after log line {cursor + 1}")
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
        sys.exit("usage: scenario.py info|script|judge FILE [ARCH [LOG]]")
    cmd, path = argv[1], argv[2]
    try:
        scn = Scenario(path)
    except (OSError, ScenarioError) as e:
        sys.exit(f"scenario: {e}")
    if cmd == "info":
        # Shell-readable settings for the runner.
        print(f"SCN_ARCHES={shlex.quote(' '.join(scn.arches))}")
        print(f"SCN_TIMEOUT={scn.timeout}")
        print(f"SCN_APPEND={shlex.quote(scn.append)}")
        print(f"SCN_QEMU={shlex.quote(scn.qemu)}")
        print(f"SCN_NEEDS={shlex.quote(' '.join(scn.needs))}")
    elif cmd == "script":
        sys.stdout.write(scn.guest_script(argv[3]))
    elif cmd == "judge":
        with open(argv[4], errors="replace") as f:
            lines = [l.replace("\r", "") for l in f.read().splitlines()]
        failures = scn.judge(argv[3], lines)
        for msg in failures:
            print(f"  FAIL: {msg}")
        sys.exit(1 if failures else 0)
    else:
        sys.exit(f"scenario: unknown command {cmd}")


if __name__ == "__main__":
    main(sys.argv)
