#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boots one x86 inmate on bare QEMU q35 for tests/x86-baremetal/run.

boot.py OUTDIR BIOS INMATE [options]

The inmate's raw binary goes to guest-physical 0 (-device loader), with
the command line patched into its area at 0x1000 as "jailhouse cell load
-s" would write it; bios.S starts it in real mode. COM1 goes to
OUTDIR/com1.log, COM2 to OUTDIR/com2.log (CR removed); every console line
is also logged with the host time it appeared in OUTDIR/events.log.

--comm puts a comm region at 0x80000000: an ivshmem-plain device whose
memory is a file this script maps too, so that it can play the
hypervisor's side of the shutdown handshake (--requests) and read what
the inmate wrote (cell_state). Its report lines go to OUTDIR/fake-hv.log.

QEMU is stopped when --until has matched a console line --count times,
after the handshake, or after --timeout seconds, whichever comes first.
Exits non-zero only if QEMU could not be run.
"""
import argparse
import ctypes
import mmap
import os
import re
import signal
import struct
import subprocess
import sys
import time

CMDLINE_ADDR = 0x1000
CMDLINE_MAX = 256
COMM_SIZE = 4096
# struct jh_comm_region (include/jailhouse/comm-region.h)
COMM_FORMAT = '<6sHIIIIIIQQQIHH'
OFF_CELL_STATE = 8
OFF_MSG = 12
OFF_REPLY = 16
MSG_NONE, MSG_SHUTDOWN_REQUEST = 0, 1
REPLY_NONE, REPLY_APPROVED = 0, 3
# Not a JH_CELL_* value: shows whether the inmate wrote its state.
STATE_UNTOUCHED = 0x5a5a5a5a
POLL = 0.05


class Consoles:
    """Follows the QEMU serial files and collects complete lines."""

    def __init__(self, outdir):
        self.outdir = outdir
        self.start = time.monotonic()
        self.lines = {1: [], 2: []}
        self.partial = {1: '', 2: ''}
        self.events = open(os.path.join(outdir, 'events.log'), 'w')

    def raw(self, port):
        return os.path.join(self.outdir, 'com%d.raw' % port)

    def poll(self):
        for port in (1, 2):
            try:
                with open(self.raw(port), 'rb') as f:
                    data = f.read().decode('latin-1').replace('\r', '')
            except FileNotFoundError:
                continue
            done = ''.join(self.lines[port])
            new = data[len(done) + len(self.partial[port]):]
            text = self.partial[port] + new
            parts = text.split('\n')
            self.partial[port] = parts.pop()
            for line in parts:
                self.lines[port].append(line + '\n')
                self.events.write('%.3f com%d %s\n' %
                                  (time.monotonic() - self.start, port,
                                   line))
            self.events.flush()

    def count(self, regex):
        return sum(1 for port in (1, 2) for line in self.lines[port]
                   if regex.search(line))

    def total(self):
        return len(self.lines[1]) + len(self.lines[2])

    def save(self):
        for port in (1, 2):
            with open(os.path.join(self.outdir, 'com%d.log' % port),
                      'w') as f:
                f.write(''.join(self.lines[port]) + self.partial[port])
        self.events.close()


def make_image(src, dst, cmdline):
    data = bytearray(open(src, 'rb').read())
    arg = cmdline.encode()
    if len(arg) >= CMDLINE_MAX:
        sys.exit('boot.py: command line longer than %d bytes' %
                 (CMDLINE_MAX - 1))
    data[CMDLINE_ADDR:CMDLINE_ADDR + len(arg) + 1] = arg + b'\0'
    open(dst, 'wb').write(data)


def make_comm(path, console_type, console_addr, tsc_hz, apic_hz):
    region = struct.pack(COMM_FORMAT, b'JHCOMM', 1, STATE_UNTOUCHED,
                         MSG_NONE, REPLY_NONE, 0, 1, 0, tsc_hz, apic_hz,
                         console_addr, 8, console_type, 0)
    with open(path, 'wb') as f:
        f.write(region.ljust(COMM_SIZE, b'\0'))


def wait_until(deadline, consoles, proc, pred):
    while time.monotonic() < deadline and proc.poll() is None:
        consoles.poll()
        if pred():
            return True
        time.sleep(POLL)
    consoles.poll()
    return pred()


def handshake(args, comm, consoles, proc, deadline, log):
    """Sends up to args.requests shutdown requests, as fake-hv.c does on
    arm64: each is answered within 1 s or reported as "reply 0"."""
    u32 = lambda off: struct.unpack_from('<I', comm, off)[0]
    put = lambda off, v: struct.pack_into('<I', comm, off, v)
    for n in range(1, args.requests + 1):
        put(OFF_REPLY, REPLY_NONE)
        put(OFF_MSG, MSG_SHUTDOWN_REQUEST)
        limit = min(deadline, time.monotonic() + 1.0)
        wait_until(limit, consoles, proc, lambda: u32(OFF_REPLY) != 0)
        reply = u32(OFF_REPLY)
        put(OFF_MSG, MSG_NONE)
        log('request %d: reply %d' % (n, reply))
        if reply == REPLY_APPROVED:
            # Whatever the inmate prints after approving is wrong.
            before = consoles.total()
            wait_until(min(deadline, time.monotonic() + 1.5), consoles,
                       proc, lambda: False)
            log('lines after the approval: %d' % (consoles.total() - before))
            break
        time.sleep(0.3)


def die_with_parent():
    """Runs in the QEMU child: it gets SIGKILL when this script ends in
    any way, so that no QEMU outlives a killed test."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG,
                                            signal.SIGKILL)


def stop(signum, frame):
    raise SystemExit('boot.py: stopped by signal %d' % signum)


def main():
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    p = argparse.ArgumentParser()
    p.add_argument('outdir')
    p.add_argument('bios')
    p.add_argument('inmate')
    p.add_argument('--cmdline', default='')
    p.add_argument('--smp', type=int, default=1)
    p.add_argument('--timeout', type=float, default=20)
    p.add_argument('--until', help='stop once a line matches this')
    p.add_argument('--count', type=int, default=1)
    p.add_argument('--comm', action='store_true')
    p.add_argument('--console-type', type=int, default=0)
    p.add_argument('--console-addr', type=lambda s: int(s, 0), default=0)
    p.add_argument('--tsc-hz', type=int, default=0)
    p.add_argument('--apic-hz', type=int, default=0)
    p.add_argument('--requests', type=int, default=0)
    p.add_argument('--after', help='start the handshake after this line')
    p.add_argument('--qemu-args', default='',
                   help='more QEMU arguments, e.g. -icount (make bench)')
    args = p.parse_args()

    os.makedirs(args.outdir, exist_ok=True)
    for name in os.listdir(args.outdir):
        os.unlink(os.path.join(args.outdir, name))
    image = os.path.join(args.outdir, 'inmate.bin')
    make_image(args.inmate, image, args.cmdline)

    cmd = ['qemu-system-x86_64', '-machine', 'q35', '-cpu', 'EPYC',
           '-m', '1G', '-smp', str(args.smp), '-nographic',
           '-monitor', 'none', '-nic', 'none', '-bios', args.bios,
           '-serial', 'file:' + os.path.join(args.outdir, 'com1.raw'),
           '-serial', 'file:' + os.path.join(args.outdir, 'com2.raw'),
           '-device', 'loader,file=%s,addr=0,force-raw=on' % image]
    cmd += args.qemu_args.split()
    comm = None
    comm_path = os.path.join(args.outdir, 'comm.bin')
    if args.comm:
        make_comm(comm_path, args.console_type, args.console_addr,
                  args.tsc_hz, args.apic_hz)
        cmd += ['-object', 'memory-backend-file,id=comm,size=%d,'
                'mem-path=%s,share=on' % (COMM_SIZE, comm_path),
                '-device', 'ivshmem-plain,memdev=comm,bus=pcie.0,addr=0x5']

    hv_log = open(os.path.join(args.outdir, 'fake-hv.log'), 'w')

    def log(msg):
        hv_log.write('[fake-hv] %s\n' % msg)
        hv_log.flush()

    consoles = Consoles(args.outdir)
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                stdout=open(os.path.join(args.outdir,
                                                         'qemu.out'), 'w'),
                                stderr=subprocess.STDOUT,
                                preexec_fn=die_with_parent)
    except OSError as e:
        sys.exit('boot.py: cannot run QEMU: %s' % e)
    deadline = time.monotonic() + args.timeout
    try:
        if args.comm:
            fd = os.open(comm_path, os.O_RDWR)
            comm = mmap.mmap(fd, COMM_SIZE, mmap.MAP_SHARED)
            os.close(fd)
        if args.requests:
            after = re.compile(args.after or '.')
            if wait_until(deadline, consoles, proc,
                          lambda: consoles.count(after) > 0):
                handshake(args, comm, consoles, proc, deadline, log)
            else:
                log('"%s" never appeared: no request sent' % args.after)
        elif args.until:
            until = re.compile(args.until)
            wait_until(deadline, consoles, proc,
                       lambda: consoles.count(until) >= args.count)
        else:
            wait_until(deadline, consoles, proc, lambda: False)
        if comm is not None:
            log('cell_state 0x%x' %
                struct.unpack_from('<I', comm, OFF_CELL_STATE)[0])
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        consoles.poll()
        consoles.save()
        if comm is not None:
            comm.close()
    if proc.returncode not in (0, -15):
        log('QEMU exited with %d (see qemu.out)' % proc.returncode)


if __name__ == '__main__':
    main()
