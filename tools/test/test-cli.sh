#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# test-cli.sh CLI SHIM [CONFIG_DIR...]
#
# Host tests of the jailhouse CLI: argument parsing, messages and exit
# statuses, "config check" on the built configs and on broken copies of
# them, cell lookup and "cell list" against a fake sysfs tree, and the
# ioctl arguments the CLI passes (through the LD_PRELOAD driver stand-in
# SHIM). Prints one line per failure and "N passed, N failed".
set -u

cli=$1
shim=$2
shift 2
work=$(mktemp -d /tmp/jh-cli-test.XXXXXX)
# Which cells are checked against which system config (as configs/Makefile).
cells_for=$(cd "$(dirname "$0")/../../configs" && pwd)/cells-for
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# check NAME RC STDOUT_REGEX STDERR_REGEX -- CMD...
# A regex of "" means the stream must be empty; "*" means anything.
check() {
	local name=$1 want_rc=$2 want_out=$3 want_err=$4 rc out err why=
	shift 5
	"$@" >"$work/out" 2>"$work/err"
	rc=$?
	out=$(cat "$work/out")
	err=$(grep -v '^SHIM' "$work/err")
	[ "$rc" = "$want_rc" ] || why="exit status $rc, expected $want_rc"
	if [ "$want_out" != "*" ]; then
		if [ -z "$want_out" ]; then
			[ -z "$out" ] || why="$why; unexpected stdout"
		else
			grep -Eq -- "$want_out" "$work/out" ||
				why="$why; stdout lacks /$want_out/"
		fi
	fi
	if [ "$want_err" != "*" ]; then
		if [ -z "$want_err" ]; then
			[ -z "$err" ] || why="$why; unexpected stderr"
		else
			# Failures are exactly one line.
			[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] ||
				why="$why; stderr is not one line"
			printf '%s\n' "$err" | grep -Eq -- "$want_err" ||
				why="$why; stderr lacks /$want_err/"
		fi
	fi
	if [ -z "$why" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $name: ${why#; }"
		sed 's/^/  stdout: /' "$work/out"
		sed 's/^/  stderr: /' "$work/err"
	fi
}

# shim_log NAME REGEX: the last command's SHIM lines must match.
shim_log() {
	if grep '^SHIM' "$work/err" | grep -Eq -- "$2"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1: no SHIM line matches /$2/"
		sed 's/^/  stderr: /' "$work/err"
	fi
}

J=$cli
export JAILHOUSE_SYSFS=$work/sys JAILHOUSE_DEVICE=$work/dev

echo "== arguments and help"
check version 0 '^jailhouse [^ ]+$' '' -- $J --version
check help 0 'Exit status' '' -- $J --help
check config-help-verbs 0 '^  create ' '' -- $J config --help
check no-verb 1 '' '^jailhouse: no verb given' -- $J
check bad-verb 1 '' "^jailhouse: unknown verb 'frob'" -- $J frob
for v in enable disable status console cell config "cell create" \
	 "cell list" "cell load" "cell start" "cell shutdown" \
	 "cell destroy" "cell stats" "cell monitor" "cell linux" "config check"; do
	# shellcheck disable=SC2086
	check "help $v" 0 '^Usage: jailhouse' '' -- $J $v --help
done
check enable-noarg 1 '' '^jailhouse: enable: missing SYSTEM.cell' -- $J enable
check enable-2args 1 '' "^jailhouse: enable: unexpected argument 'b'" -- $J enable a b
check disable-arg 1 '' "^jailhouse: disable: unexpected argument" -- $J disable x
check cell-noverb 1 '' '^jailhouse: cell: missing cell verb' -- $J cell
check cell-badverb 1 '' "^jailhouse: cell: unknown cell verb 'x'" -- $J cell x
check console-opt 1 '' "^jailhouse: console: unknown option '-x'" -- $J console -x
check load-noimage 1 '' '^jailhouse: cell load: missing IMAGE' -- $J cell load c1
check load-a-first 1 '' '^jailhouse: cell load: -a before any IMAGE' -- $J cell load c1 -a 0
check load-a-noaddr 1 '' '^jailhouse: cell load: -a needs an ADDR' -- $J cell load c1 -s x -a
check load-a-bad 1 '' "^jailhouse: cell load: bad address 'zz'" -- $J cell load c1 -s x -a zz
check load-a-twice 1 '' '^jailhouse: cell load: two addresses for -s' -- $J cell load c1 -s x -a 1 -a 2
long=$(printf 'x%.0s' $(seq 300))
check load-s-long 2 '' '^jailhouse: cell load: -s: the string is 301 bytes' -- $J cell load c1 -s "$long"
check load-nofile 2 '' '^jailhouse: cell load: nofile: No such file' -- $J cell load c1 nofile
check check-noarg 1 '' '^jailhouse: config check: missing SYSTEM.cell' -- $J config check
check check-badarch 1 '' "^jailhouse: config check: unknown arch 'mips'" -- $J config check --arch mips x

echo "== driver missing"
check status-nodrv 4 '' "^jailhouse: status: $work/dev missing: the jailhouse driver is not loaded" -- $J status
check list-nodrv 4 '' "^jailhouse: cell list: $work/sys missing" -- $J cell list
check enable-nofile 2 '' '^jailhouse: enable: /nonexistent: No such file' -- $J enable /nonexistent
: >"$work/empty.cell"
check enable-empty 2 '' "^jailhouse: enable: $work/empty.cell: file is empty" -- $J enable "$work/empty.cell"
check enable-dir 2 '' "^jailhouse: enable: /tmp: not a regular file" -- $J enable /tmp

echo "== cells in a fake sysfs"
mkdir -p "$work"/sys/cells/{0,1,12}
echo 1 >"$work/sys/enabled"
cell() {	# id name state cpus failed
	printf '%s\n' "$2" >"$work/sys/cells/$1/name"
	printf '%s\n' "$3" >"$work/sys/cells/$1/state"
	printf '%s\n' "$4" >"$work/sys/cells/$1/cpus_assigned"
	printf '%s\n' "$5" >"$work/sys/cells/$1/cpus_failed"
}
cell 0 qemu-virt running 0-2 ""
cell 1 heartbeat "shut down" 3 3
cell 12 a-longer-cell-name failed 4-7 ""
check list 0 '^ID  NAME                STATE      ASSIGNED CPUS  FAILED CPUS$' '' -- $J cell list
check list-row 0 '^1   heartbeat           shut down  3              3$' '' -- $J cell list
check list-sorted 0 '^12  a-longer-cell-name  failed     4-7$' '' -- $J cell list
check start-noname 3 '' "^jailhouse: cell start: no cell named 'nope' \(cells: 0 qemu-virt, 1 heartbeat, 12 a-longer-cell-name\)" -- $J cell start nope
check start-noid 3 '' "^jailhouse: cell start: no cell with id '5'" -- $J cell start 5
check stats-none 3 '' "^jailhouse: cell stats: cell 'heartbeat' \(id 1\): the driver exposes no per-CPU statistics" -- $J cell stats heartbeat
mkdir -p "$work"/sys/cells/1/statistics/cpu{2,3}
for c in total mmio hypercall; do
	echo 7 >"$work/sys/cells/1/statistics/cpu2/$c"
	echo 1234 >"$work/sys/cells/1/statistics/cpu3/$c"
done
check stats 0 '^total      7      1234$' '' -- $J cell stats 1
check stats-header 0 '^COUNTER    CPU 2  CPU 3$' '' -- $J cell stats heartbeat
check stats-once 0 '^hypercall  7      1234$' '' -- $J cell stats -1 heartbeat
check stats-live 0 '^EXITS/S    CPU 2  CPU 3$' '' -- $J cell stats -n 2 -d 0.1 heartbeat
check stats-live-zero 0 '^total      0\.0    0\.0$' '' -- $J cell stats -n 1 -d 0.1 1
check stats-live-title 0 '^cell heartbeat \(id 1\): exits per second over 0\.10 s, refresh 2$' '' -- $J cell stats -d 0.1 -n 2 1
# 500 more exits on CPU 3 within an interval of at least 0.5 s.
( sleep 0.2; echo 1734 >"$work/sys/cells/1/statistics/cpu3/total" ) &
check stats-live-rate 0 '^total      0\.0    [1-9][0-9]{2}\.[0-9]$' '' -- $J cell stats -n 1 -d 0.5 1
wait
check stats-bad-interval 1 '' "^jailhouse: cell stats: -d takes seconds from 0\.1 to 3600, not '0'" -- $J cell stats -d 0 1
check stats-bad-count 1 '' "^jailhouse: cell stats: -n takes a count from 1 to 1000000, not 'x'" -- $J cell stats -n x 1
check stats-once-live 1 '' "^jailhouse: cell stats: -1 and -n exclude each other" -- $J cell stats -1 -n 2 1
check stats-unknown-option 1 '' "^jailhouse: cell stats: unknown option '-x'" -- $J cell stats -x 1
# cell monitor: regular files raise no POLLPRI, so these changes come from
# its rescan each second (the driver's poll() wakeup needs a real one).
check monitor-start 0 '^cell "heartbeat" \(id 1\): shut down$' '' -- $J cell monitor -t 1
check monitor-count 0 '^monitor: watching 3 cell\(s\)$' '' -- $J cell monitor -t 1
check monitor-change 0 '^cell "heartbeat" \(id 1\): shut down -> failed$' '' -- sh -c "(sleep 0.3; echo failed >$work/sys/cells/1/state) & exec $J cell monitor -n 1 -t 10"
check monitor-gone 0 '^cell "a-longer-cell-name" \(id 12\): failed -> destroyed$' '' -- sh -c "(sleep 0.3; rm -r $work/sys/cells/12) & exec $J cell monitor -n 1 -t 10"
check monitor-timeout 3 '*' "^jailhouse: cell monitor: 0 change\(s\) within 1 s, 2 expected" -- $J cell monitor -n 2 -t 1
check monitor-bad-count 1 '' "^jailhouse: cell monitor: -n takes a number from 1 to 1000000, not '0'" -- $J cell monitor -n 0
check monitor-arg 1 '' "^jailhouse: cell monitor: unexpected argument 'x'" -- $J cell monitor x
rm -rf "$work/sys/cells"
echo 0 >"$work/sys/enabled"
check start-disabled 3 '' "^jailhouse: cell start: no cell 'x': the hypervisor is not enabled" -- $J cell start x
check list-disabled 0 '^ID  NAME' '' -- $J cell list
mkdir -p "$work/sys/cells/0" "$work/sys/cells/1"
cell 0 qemu-virt running 0-2 ""
cell 1 heartbeat "shut down" 3 ""

echo "== ioctl arguments (driver stand-in)"
touch "$work/dev"
echo hello >"$work/img.bin"
export LD_PRELOAD=$shim
check status 0 '^enabled: no$' '' -- $J status
check status-fw 0 '^firmware: jailhouse-arm64.bin 0.1-shim \(12345 bytes\)$' '' -- $J status
SHIM_ENABLED=1 check status-mem 0 '^memory: 0x7f000000\+0x1000000, pool 12/3000 pages$' '' -- $J status
check start 0 '' '' -- $J cell start heartbeat
shim_log start-arg 'START id=1 name=heartbeat'
check shutdown 0 '' '' -- $J cell shutdown 1
shim_log shutdown-arg 'SHUTDOWN id=1 name=heartbeat'
check destroy 0 '' '' -- $J cell destroy heartbeat
shim_log destroy-arg 'DESTROY id=1 .*flags=0$'
check destroy-force 0 '' '' -- $J cell destroy --force heartbeat
shim_log destroy-force-arg 'DESTROY id=1 .*flags=1$'
check shutdown-force 0 '' '' -- $J cell shutdown -f 1
shim_log shutdown-force-arg 'SHUTDOWN id=1 name=heartbeat flags=1$'
check disable 0 '' '' -- $J disable
shim_log disable-arg 'DISABLE'
check load 0 '' '' -- $J cell load heartbeat "$work/img.bin" -a 0x1000 -s "a=1" "$work/img.bin"
shim_log load-arg 'LOAD id=1 name=heartbeat images=3'
shim_log load-img0 'image 0 size=6 target=0x1000 first=hell'
shim_log load-img1 'image 1 size=4 target=0x1000 first=a=1'
shim_log load-img2 'image 2 size=6 target=0x0 first=hell'
check load-s-addr 0 '' '' -- $J cell load 1 --string "x" --address 4096
shim_log load-s-addr-arg 'image 0 size=2 target=0x1000'
SHIM_FAIL="cell 'heartbeat' is running: shut it down first" \
	check refused 3 '' "^jailhouse: cell destroy: cell 'heartbeat' is running: shut it down first$" -- $J cell destroy heartbeat
SHIM_FAIL="x" check refused-status 3 '' '^jailhouse: status: x$' -- $J status
unset LD_PRELOAD
check enotty 4 '' 'does not know this request' -- $J status

echo "== config check"
for dir in "$@"; do
	systems=$(grep -l '^JHSYST' "$dir"/*.cell 2>/dev/null)
	if [ -z "$systems" ]; then
		echo "(no system config in $dir: skipped; build it with make ARCH=... configs)"
		continue
	fi
	arch=$(basename "$(dirname "$dir")")
	# Each system config alone, then with the cells configs/cells-for
	# names for it (as configs/Makefile).
	cells=$(grep -L '^JHSYST' "$dir"/*.cell)
	for sys in $systems; do
		check "$arch ok $(basename "$sys") alone" 0 "^$sys: ok$" '' -- $J config check "$sys"
		# shellcheck disable=SC2086
		for c in $("$cells_for" "$sys" $cells); do
			check "$arch ok $(basename "$sys") $(basename "$c")" 0 "^$c: ok$" '' -- $J config check "$sys" "$c"
		done
	done
	sys=$(echo "$systems" | grep -v '/board-' | head -n1)
	check "$arch system alone" 0 "^$sys: ok$" '' -- $J config check "$sys"
	other=x86
	[ "$arch" = x86 ] && other=arm64
	check "$arch wrong arch" 2 "^$sys: header: arch [0-9] is not $other" '' -- $J config check --arch $other "$sys"
	head -c 100 "$sys" >"$work/t1.cell"
	check "$arch short" 2 "^$work/t1.cell: header: size 100 is smaller than a system config header" '' -- $J config check "$work/t1.cell"
	head -c 400 "$sys" >"$work/t2.cell"
	check "$arch truncated" 2 "^$work/t2.cell: root cell: size 400 \(expected [0-9]+\) is truncated$" '' -- $J config check "$work/t2.cell"
	{ cat "$sys"; printf '12345678'; } >"$work/t3.cell"
	check "$arch trailing" 2 "^$work/t3.cell: .*has trailing bytes$" '' -- $J config check "$work/t3.cell"
	head -c 4096 /dev/urandom >"$work/garbage.cell"
	check "$arch garbage" 2 "^$work/garbage.cell: header: signature is not JHSYST" '' -- $J config check "$work/garbage.cell"
	check "$arch two systems" 2 "^$sys: is a second system config" '' -- $J config check "$sys" "$sys"
	check "$arch enable garbage" 2 '' "^jailhouse: enable: $work/garbage.cell: header: signature is not JHSYST" -- $J enable "$work/garbage.cell"
done

echo "== cell linux (device tree from the QEMU virt fixture)"
fixture=$(cd "$(dirname "$0")/../../tests/config-create/fixtures/arm64" && pwd)/sys/firmware/devicetree/base
lcell=
for dir in "$@"; do
	[ -f "$dir/linux-cell.cell" ] && lcell=$dir/linux-cell.cell
done
# image FILE TEXT_OFFSET IMAGE_SIZE: an arm64 Image header, 64 bytes.
image() {
	python3 -c 'import struct,sys; open(sys.argv[1],"wb").write(struct.pack("<IIQQQQQQI4x", 0x14000010, 0, int(sys.argv[2]), int(sys.argv[3]), 0xa, 0, 0, 0, 0x644d5241))' "$@"
}
if [ -z "$lcell" ]; then
	echo "(no arm64 linux-cell.cell: skipped; build it with make ARCH=arm64 configs)"
else
	export JAILHOUSE_DEVICETREE=$fixture
	image "$work/Image" 0 $((32 << 20))
	image "$work/Huge" 0 $((200 << 20))
	image "$work/OddOffset" 8 $((32 << 20))
	# 64 MiB would fit alone, not with its copy in the stash.
	image "$work/Big" 0 $((64 << 20)) && truncate -s 64M "$work/Big"
	printf '\037\213\010' >"$work/Image.gz"
	head -c 64 /dev/zero >"$work/NotImage"
	printf 'JHLNXLDR%088d' 0 >"$work/loader.bin"
	printf 'initrd' >"$work/initrd"
	L=(-l "$work/loader.bin")
	check linux-help 0 '^Usage: jailhouse cell linux' '' -- $J cell linux --help
	check linux-noarg 1 '' '^jailhouse: cell linux: missing CELL.cell' -- $J cell linux
	check linux-nokernel 1 '' '^jailhouse: cell linux: missing KERNEL' -- $J cell linux "$lcell"
	check linux-opt-noarg 1 '' '^jailhouse: cell linux: -i needs an argument' -- $J cell linux "$lcell" "$work/Image" -i
	check linux-gzip 2 '' "^jailhouse: cell linux: $work/Image.gz is gzip-compressed: give the Image itself" -- $J cell linux "$lcell" "$work/Image.gz" "${L[@]}" -w "$work/o.dtb"
	check linux-text-offset 2 '' "^jailhouse: cell linux: $work/OddOffset: header's text_offset 0x8 is not a multiple of 4 KiB\$" -- $J cell linux "$lcell" "$work/OddOffset" "${L[@]}" -w "$work/o.dtb"
	check linux-magic 2 '' "^jailhouse: cell linux: $work/NotImage is not an arm64 Linux Image \\(no \"ARM\\\\x64\" magic at offset 0x38\\)" -- $J cell linux "$lcell" "$work/NotImage" "${L[@]}" -w "$work/o.dtb"
	check linux-too-big 2 '' '^jailhouse: cell linux: the kernel \(200 MiB with its bss, at 0x72200000\), the initrd \(0 MiB\) and the stash of their copies for a reboot \(0 MiB\) do not fit into the cell.s RAM region 0x72000000-0x79ffffff \(128 MiB\)' -- $J cell linux "$lcell" "$work/Huge" "${L[@]}" -w "$work/o.dtb"
	check linux-stash-too-big 2 '' '^jailhouse: cell linux: the kernel \(64 MiB with its bss, at 0x72200000\), the initrd \(0 MiB\) and the stash of their copies for a reboot \(64 MiB\) do not fit into the cell.s RAM region 0x72000000-0x79ffffff \(128 MiB\)' -- $J cell linux "$lcell" "$work/Big" "${L[@]}" -w "$work/o.dtb"
	check linux-bad-loader 2 '' "^jailhouse: cell linux: $work/initrd is not the Linux boot loader \\(no JHLNXLDR parameter block\\)" -- $J cell linux "$lcell" "$work/Image" -l "$work/initrd" -w "$work/o.dtb"
	for c in "$@"; do
		[ -f "$c/heartbeat.cell" ] && [ "$c" != "${lcell%/*}" ] &&
			check linux-x86-cell 2 '' "^jailhouse: cell linux: $c/heartbeat.cell: not an arm64 cell config" -- $J cell linux "$c/heartbeat.cell" "$work/Image" "${L[@]}" -w "$work/o.dtb"
	done
	check linux-no-uart 2 '' '^jailhouse: cell linux: the cell has no UART: its config names no console and no PCI device' -- $J cell linux "${lcell%/*}/heartbeat.cell" "$work/Image" "${L[@]}" -w "$work/o.dtb"
	check linux-no-dt 2 '' "^jailhouse: cell linux: cannot read the root cell's device tree /nonexistent" -- env JAILHOUSE_DEVICETREE=/nonexistent $J cell linux "$lcell" "$work/Image" "${L[@]}" -w "$work/o.dtb"
	# Linux's RAM between the loader's 2 MiB and the stash of pristine
	# copies at the top (cell_linux_layout.c).
	check linux-layout 0 '^cell "linux-cell": loader 0x72000000, Linux RAM 0x72200000-0x79fdffff: kernel 0x72200000-0x741fffff, initrd 0x79fcf000-0x79fcf005, device tree 0x79fd0000 \([0-9]+ bytes\); stash 0x79fe0000-0x79ffffff$' '' -- $J cell linux "$lcell" "$work/Image" -i "$work/initrd" "${L[@]}" -w "$work/cell.dtb"
	# The blob parsed back by dtc (device-tree-compiler), if installed.
	if command -v dtc >/dev/null; then
		check linux-dtc 0 '*' '' -- dtc -q -I dtb -O dts -o "$work/cell.dts" "$work/cell.dtb"
		for want in 'cpu@2 {' 'cpu@3 {' 'reg = <0x00 0x03>;' \
			'enable-method = "psci";' 'method = "smc";' \
			'compatible = "arm,psci-0.2";' \
			'reg = <0x00 0x72200000 0x00 0x7de0000>;' \
			'compatible = "arm,gic-v3";' 'phandle = <0x01>;' \
			'reg = <0x00 0x8000000 0x00 0x10000 0x00 0x80a0000 0x00 0xf60000>;' \
			'interrupts = <0x01 0x0d 0x04 0x01 0x0e 0x04 0x01 0x0b 0x04 0x01 0x0a 0x04>;' \
			'compatible = "pci-host-ecam-generic";' \
			'reg = <0x40 0x10000000 0x00 0x100000>;' 'bus-range = <0x00 0x00>;' \
			'interrupt-map = <0x1800 0x00 0x00 0x01 0x01 0x00 0x00 0x00 0x06 0x04 ' \
			'interrupt-map-mask = <0x1800 0x00 0x00 0x07>;' \
			'bootargs = "console=ttyS0";' \
			'linux,initrd-start = <0x00 0x79fcf000>;' \
			'linux,initrd-end = <0x00 0x79fcf006>;' \
			'linux,pci-probe-only = <0x01>;'; do
			check "linux-dts $want" 0 '*' '' -- grep -qF -- "$want" "$work/cell.dts"
		done
		# Only the cell's slot (3) in the interrupt map: 4 entries.
		check linux-dts-map-slot 0 '^4$' '' -- sh -c "grep -o '0x1800 0x00 0x00 0x0[1-4] 0x01' '$work/cell.dts' | wc -l"
		check linux-dts-map-only 1 '' '' -- grep -q '0x800 0x00 0x00' "$work/cell.dts"
		# 64 bytes of entropy for the cell's CRNG, new for every tree.
		check linux-dts-rng-seed 0 '^rng-seed = <(0x[0-9a-f]+ ){15}0x[0-9a-f]+>;$' '' -- sh -c "grep -o 'rng-seed = <.*' '$work/cell.dts'"
		check linux-dts-rng-fresh 0 '*' '' -- sh -c "$J cell linux '$lcell' '$work/Image' -i '$work/initrd' ${L[*]} -w '$work/r.dtb' >/dev/null && dtc -q -I dtb -O dts '$work/r.dtb' | grep 'rng-seed' >'$work/r.seed' && grep -q rng-seed '$work/r.seed' && ! grep -qF -f '$work/r.seed' '$work/cell.dts'"
		check linux-dts-cmdline 0 '*' '' -- sh -c "$J cell linux '$lcell' '$work/Image' -c 'console=ttyS0 quiet' ${L[*]} -w '$work/c.dtb' >/dev/null && dtc -q -I dtb -O dts '$work/c.dtb' | grep -q 'bootargs = \"console=ttyS0 quiet\";'"
	else
		echo "(dtc not installed: the blob is not parsed back)"
	fi
	unset JAILHOUSE_DEVICETREE
fi

echo "== cell linux on the ZCU102's device tree (GIC-400, Cadence UART)"
# The board's DTB from Debian's arm64 kernel package (as
# tests/config-create/boards gets it), unflattened by dtb-tree.
src=$(cd "$(dirname "$0")/../.." && pwd)
cell_dirs=("$@")
# board_tree NAME DTB DIR: finds NAME.cell among the built configs (in
# $bcell) and unflattens DTB (its path in Debian's arm64 kernel package)
# into $work/DIR, which becomes the device tree cell linux reads; else
# says why the board's checks are skipped and fails.
board_tree() {
	local dir dtb= kvars
	bcell=
	for dir in "${cell_dirs[@]}"; do
		[ -f "$dir/$1.cell" ] && bcell=$dir/$1.cell
	done
	if [ -z "$bcell" ]; then
		echo "(no arm64 $1.cell: skipped; build it with make ARCH=arm64 configs)"
		return 1
	fi
	if kvars=$("$src/tests/bench/fetch-kernel" arm64 2>/dev/null); then
		dtb=$(eval "$kvars"; echo "${KERNEL%/boot/*}/usr/lib/linux-image-$KVER/$2")
	fi
	if [ ! -f "$dtb" ] || ! "$src/tests/config-create/dtb-tree" --all "$dtb" "$work/$3" >/dev/null; then
		echo "(no ${2##*/}: Debian's arm64 kernel package is not cached and cannot be fetched; skipped)"
		return 1
	fi
	export JAILHOUSE_DEVICETREE=$work/$3/sys/firmware/devicetree/base
}
# patch IN OUT OLD NEW: a copy of a config with one byte string (hex,
# found exactly once) replaced.
patch_cell() {
	python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); o=bytes.fromhex(sys.argv[3]); assert d.count(o)==1; open(sys.argv[2],"wb").write(d.replace(o,bytes.fromhex(sys.argv[4])))' "$@"
}
if board_tree zcu102-linux xilinx/zynqmp-zcu102-rev1.0.dtb zcu; then
	zcell=$bcell
	ZL=(-i "$work/initrd" -l "$work/loader.bin")
	check zcu-layout 0 '^cell "zcu102-linux": loader 0x72000000, Linux RAM 0x72200000-0x7dfdffff: kernel 0x72200000-0x[0-9a-f]+, initrd 0x[0-9a-f]+-0x[0-9a-f]+, device tree 0x7[0-9a-f]+ \([0-9]+ bytes\); stash 0x7dfe0000-0x7dffffff$' '' -- $J cell linux "$zcell" "$work/Image" "${ZL[@]}" -w "$work/zcu.dtb"
	if command -v dtc >/dev/null; then
		check zcu-dtc 0 '*' '' -- dtc -q -I dtb -O dts -o "$work/zcu.dts" "$work/zcu.dtb"
		# GIC-400: 4 KiB distributor, the 8 KiB CPU interface at GICC +
		# 0xf000 (the board aliases it over 64 KiB pages).
		for want in 'compatible = "arm,gic-400";' \
			'reg = <0x00 0xf9010000 0x00 0x1000 0x00 0xf902f000 0x00 0x2000>;' \
			'cpu@2 {' 'cpu@3 {' 'compatible = "arm,cortex-a53";' \
			'reg = <0x00 0x72200000 0x00 0xbde0000>;' \
			'interrupts = <0x01 0x0d 0xf08 0x01 0x0e 0xf08 ' \
			'compatible = "fixed-clock";' 'clock-frequency = <0x5f5e100>;' \
			'serial@ff010000 {' 'cdns,uart-r1p12' \
			'reg = <0x00 0xff010000 0x00 0x1000>;' \
			'interrupts = <0x00 0x16 0x04>;' \
			'clocks = <0x02 0x02>;' \
			'serial0 = "/serial@ff010000";' 'stdout-path = "serial0";' \
			'bootargs = "console=ttyPS0,115200 earlycon=cdns,mmio,0xff010000,115200";'; do
			check "zcu-dts $want" 0 '*' '' -- grep -qF -- "$want" "$work/zcu.dts"
		done
		check zcu-dts-clock-names 0 '*' '' -- grep -qE 'clock-names = "uart_clk(\\0|", ")pclk";' "$work/zcu.dts"
		# Only the cell's CPUs; no GICH/GICV frames, no firmware clocks.
		check zcu-dts-no-cpu0 1 '' '' -- grep -qE 'cpu@[01] \{|0xf9040000|power-domains|zynqmp-clk' "$work/zcu.dts"
		# A GIC-400 without the 64 KiB aliasing (GICC listed as 8 KiB):
		# its CPU interface stays where the tree has it.
		gic=$(echo "$JAILHOUSE_DEVICETREE"/axi/interrupt-controller@f9010000)
		cp -r "$work/zcu" "$work/zcu8k"
		printf '\0\0\0\0\371\001\0\0\0\0\0\0\0\0\020\0\0\0\0\0\371\002\0\0\0\0\0\0\0\0\040\0' >"$work/zcu8k/${gic#"$work/zcu/"}/reg"
		check zcu-gic-8k 0 '*' '' -- sh -c "JAILHOUSE_DEVICETREE='$work/zcu8k/sys/firmware/devicetree/base' $J cell linux '$zcell' '$work/Image' ${ZL[*]} -w '$work/z8.dtb' >/dev/null && dtc -q -I dtb -O dts '$work/z8.dtb' | grep -qF 'reg = <0x00 0xf9010000 0x00 0x1000 0x00 0xf9020000 0x00 0x2000>;'"
	fi
	# Refusals: no UART; a UART whose SPI the cell does not own (SPI 22 =
	# INTID 54 cleared in the irqchip's bitmap); a console that is no
	# Cadence UART (type PL011); a console the root's tree has no node
	# for (the QEMU virt tree).
	check zcu-no-uart 2 '' '^jailhouse: cell linux: the cell has no UART: its config names no console and no PCI device' -- $J cell linux "${zcell%/*}/zcu102-heartbeat.cell" "$work/Image" "${ZL[@]}" -w "$work/o.dtb"
	patch_cell "$zcell" "$work/nospi.cell" 000001f900000000000000002000000000004000 000001f900000000000000002000000000000000
	check zcu-spi-not-owned 2 '' '^jailhouse: cell linux: the cell.s UART axi/serial@ff010000 interrupts on INTID 54 \(SPI 22\), which the cell config does not own$' -- $J cell linux "$work/nospi.cell" "$work/Image" "${ZL[@]}" -w "$work/o.dtb"
	patch_cell "$zcell" "$work/pl011.cell" 000001ff00000000001000000400 000001ff00000000001000000100
	check zcu-not-cadence 2 '' '^jailhouse: cell linux: the cell.s console is axi/serial@ff010000 in the root.s device tree, which is not a PL011 as the config says' -- $J cell linux "$work/pl011.cell" "$work/Image" "${ZL[@]}" -w "$work/o.dtb"
	patch_cell "$zcell" "$work/imx.cell" 000001ff00000000001000000400 000001ff00000000001000000500
	check zcu-imx 2 '' '^jailhouse: cell linux: the cell.s console at 0xff010000 is an i.MX UART: cell linux describes a Cadence UART .*, a PL011 \(arm,pl011\), an 8250 \(brcm,bcm2835-aux-uart, ns16550a, ns16550\) only' -- $J cell linux "$work/imx.cell" "$work/Image" "${ZL[@]}" -c console=ttymxc0 -w "$work/o.dtb"
	check zcu-no-node 2 '' '^jailhouse: cell linux: the cell.s console 0xff010000 is no node of the root.s device tree' -- env JAILHOUSE_DEVICETREE="$fixture" $J cell linux "$zcell" "$work/Image" "${ZL[@]}" -w "$work/o.dtb"
	unset JAILHOUSE_DEVICETREE
fi

echo "== cell linux on the Raspberry Pi 4's device tree (GIC-400 behind /soc's ranges, mini UART)"
# Debian's bcm2711-rpi-4-b.dtb, unflattened by dtb-tree; the root's tree
# on the model differs from it only by the fix-ups of tests/bench/rpi4-boot.
if board_tree rpi4-linux broadcom/bcm2711-rpi-4-b.dtb rpi; then
	rcell=$bcell
	ZL=(-i "$work/initrd" -l "$work/loader.bin")
	check rpi-layout 0 '^cell "rpi4-linux": loader 0x32000000, Linux RAM 0x32200000-0x3dfdffff: kernel 0x32200000-0x[0-9a-f]+, initrd 0x[0-9a-f]+-0x[0-9a-f]+, device tree 0x3[0-9a-f]+ \([0-9]+ bytes\); stash 0x3dfe0000-0x3dffffff$' '' -- $J cell linux "$rcell" "$work/Image" "${ZL[@]}" -w "$work/rpi.dtb"
	if command -v dtc >/dev/null; then
		check rpi-dtc 0 '*' '' -- dtc -q -I dtb -O dts -o "$work/rpi.dts" "$work/rpi.dtb"
		# The GIC-400 at its CPU addresses (the tree's are /soc bus
		# addresses, 0x40041000: translated through /soc's ranges); the
		# mini UART (bus 0x7e215040) with one fixed 500 MHz clock and
		# the aux block's SPI 93; ttyS0 with earlycon on its 32-bit
		# registers.
		for want in 'compatible = "arm,gic-400";' \
			'reg = <0x00 0xff841000 0x00 0x1000 0x00 0xff842000 0x00 0x2000>;' \
			'cpu@2 {' 'cpu@3 {' 'compatible = "arm,cortex-a72";' \
			'reg = <0x00 0x32200000 0x00 0xbde0000>;' \
			'compatible = "fixed-clock";' 'clock-frequency = <0x1dcd6500>;' \
			'serial@fe215040 {' 'compatible = "brcm,bcm2835-aux-uart";' \
			'reg = <0x00 0xfe215040 0x00 0x40>;' \
			'interrupts = <0x00 0x5d 0x04>;' \
			'clocks = <0x02>;' \
			'serial0 = "/serial@fe215040";' 'stdout-path = "serial0";' \
			'bootargs = "console=ttyS0 earlycon=uart8250,mmio32,0xfe215040";'; do
			check "rpi-dts $want" 0 '*' '' -- grep -qF -- "$want" "$work/rpi.dts"
		done
		check rpi-dts-no-names 1 '' '' -- grep -qE 'clock-names|pinctrl|0x7e2|0x4004' "$work/rpi.dts"
		# UART0 (PL011) as the console instead, region and SPI 121 (INTID
		# 153) patched in: arm,primecell, uartclk and apb_pclk both on a
		# 48 MHz fixed clock, console=ttyAMA0.
		patch_cell "$rcell" "$work/p1.cell" 405021fe000000004000000003000600 001020fe000000000010000001000000
		patch_cell "$work/p1.cell" "$work/p2.cell" 005021fe00000000005021fe00000000 001020fe00000000001020fe00000000
		patch_cell "$work/p2.cell" "$work/rpi-pl011.cell" 6000000000000020 8000000000000002
		check rpi-pl011 0 '*' '' -- sh -c "$J cell linux '$work/rpi-pl011.cell' '$work/Image' ${ZL[*]} -w '$work/p.dtb' >/dev/null && dtc -q -I dtb -O dts '$work/p.dtb' >'$work/p.dts'"
		for want in 'serial@fe201000 {' 'compatible = "arm,pl011\0arm,primecell";' \
			'reg = <0x00 0xfe201000 0x00 0x200>;' \
			'interrupts = <0x00 0x79 0x04>;' 'clocks = <0x02 0x02>;' \
			'clock-names = "uartclk\0apb_pclk";' \
			'clock-frequency = <0x2dc6c00>;' 'arm,primecell-periphid = <0x341011>;' \
			'bootargs = "console=ttyAMA0 earlycon=pl011,0xfe201000";'; do
			check "rpi-pl011-dts $want" 0 '*' '' -- grep -qF -- "$want" "$work/p.dts"
		done
		# The mini UART's node as a generic 16550 has no clock rate:
		# refused (ns16550a needs clock-frequency or a fixed-clock).
		uart=$(echo "$JAILHOUSE_DEVICETREE"/soc/serial@7e215040)
		cp -r "$work/rpi" "$work/rpi16550"
		printf 'ns16550a\0' >"$work/rpi16550/${uart#"$work/rpi/"}/compatible"
		check rpi-16550-no-rate 2 '' '^jailhouse: cell linux: the cell.s UART soc/serial@7e215040 has no clock rate in the root.s device tree' -- env JAILHOUSE_DEVICETREE="$work/rpi16550/sys/firmware/devicetree/base" $J cell linux "$rcell" "$work/Image" "${ZL[@]}" -w "$work/o.dtb"
		printf '\0\0\0\2' >"$work/rpi16550/${uart#"$work/rpi/"}/reg-shift"
		printf '\0\0\0\4' >"$work/rpi16550/${uart#"$work/rpi/"}/reg-io-width"
		printf '\2\372\360\200' >"$work/rpi16550/${uart#"$work/rpi/"}/clock-frequency"
		check rpi-16550 0 '*' '' -- sh -c "JAILHOUSE_DEVICETREE='$work/rpi16550/sys/firmware/devicetree/base' $J cell linux '$rcell' '$work/Image' ${ZL[*]} -w '$work/n.dtb' >/dev/null && dtc -q -I dtb -O dts '$work/n.dtb' | tr -d '\n\t' | grep -qF 'serial@fe215040 {compatible = \"ns16550a\";reg = <0x00 0xfe215040 0x00 0x40>;interrupts = <0x00 0x5d 0x04>;clocks = <0x02>;clock-frequency = <0x2faf080>;reg-shift = <0x02>;reg-io-width = <0x04>;}'"
	fi
	unset JAILHOUSE_DEVICETREE
fi

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
