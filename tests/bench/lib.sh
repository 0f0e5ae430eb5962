# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers of the test bench (run, run-bochs, fetch-kernel, ...).
# Sourced, not executed.

# Run from "make check-kernels" or "make check", the top-level Makefile's
# exported variables (ARCH, CROSS_COMPILE, BUILDDIR, ... of the host arch)
# would leak into the builds for other arches and kernels made here.
unset ARCH CROSS_COMPILE KDIR SRCDIR BUILDDIR CC LD OBJCOPY HOSTCC JH_VERSION \
	WARN_CFLAGS prefix DESTDIR MAKEFLAGS MAKELEVEL MFLAGS

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(cd "$BENCH_DIR/../.." && pwd)
CACHE_DIR=${JH_CACHE_DIR:-$HOME/.cache/jailhouse-test}
# Per-run output (logs, initramfs); outside the clone's sources.
OUT_DIR=${JH_OUT_DIR:-$SRC_DIR/build/bench}

log() { printf '[bench] %s\n' "$*" >&2; }
die() { printf '[bench] error: %s\n' "$*" >&2; exit 1; }

# Debian's names for the two bench arches.
deb_arch() {
	case "$1" in
	arm64) echo arm64 ;;
	x86) echo amd64 ;;
	*) die "unknown arch '$1' (arm64 or x86)" ;;
	esac
}

apt_updated=
apt_update_once() {
	[ -n "$apt_updated" ] && return 0
	log "apt-get update"
	apt-get update -q >/dev/null || die "apt-get update failed"
	apt_updated=1
}

# apt_suite SUITE [src]: sets the array "apt_opts" to the apt options that
# read SUITE. Debian 12's own suite is the host's configuration (empty);
# another suite (bookworm-backports, trixie) gets a private sources list,
# lists and cache under $CACHE_DIR/apt/SUITE, so the host's apt
# configuration stays untouched. With "src", the list names the suite's
# source packages instead (deb-src, under $CACHE_DIR/apt/SUITE-src), for
# "apt-get source".
apt_suite() {
	local suite=$1 kind=deb state

	apt_opts=()
	[ "${2:-}" = src ] && kind=deb-src
	[ "$suite" = bookworm ] && [ $kind = deb ] && return 0
	state=$CACHE_DIR/apt/$suite${2:+-$2}
	apt_state=$state
	mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
	[ -e "$state/sources.list" ] ||
		echo "$kind [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
			>"$state/sources.list"
	apt_opts=(-o "Dir::Etc::sourcelist=$state/sources.list"
		  -o Dir::Etc::sourceparts=-
		  -o "Dir::State::Lists=$state/lists"
		  -o "Dir::Cache=$state/cache"
		  -o APT::Get::List-Cleanup=0)
}

# apt_suite_update SUITE: refreshes the lists the last apt_suite SUITE
# set up.
apt_suite_update() {
	if [ ${#apt_opts[@]} -eq 0 ]; then
		apt_update_once
		return
	fi
	log "apt-get update ($1, private lists in $apt_state)"
	apt-get "${apt_opts[@]}" update -q >/dev/null 2>&1 ||
		die "apt-get update of $1 failed"
}

# apt_version SUITE PKG: the version of PKG (with :arch) to fetch from
# SUITE, empty if none. For Debian 12 itself that is apt's candidate (its
# security updates included); a private suite's own line of madison
# decides there, because the host's status file is read too and could
# name an installed version from elsewhere.
apt_version() {
	local v
	if [ "$1" = bookworm ]; then
		v=$(apt-cache policy "$2" 2>/dev/null | sed -n 's/^ *Candidate: //p')
		[ "$v" = "(none)" ] || echo "$v"
		return
	fi
	apt-cache "${apt_opts[@]}" madison "$2" 2>/dev/null |
		awk -F'|' -v s="$1" '$3 ~ " " s "/" { gsub(/ /, "", $2); print $2; exit }'
}

# apt_depends PKG VERSION: the package names in PKG=VERSION's Depends
# field, one per line, alternatives included.
apt_depends() {
	apt-cache "${apt_opts[@]}" show "$1=$2" 2>/dev/null |
		sed -n 's/^Depends: //p' | head -n1 | tr ',|' '\n\n' |
		sed 's/^ *//; s/[ (].*//' | grep -v '^$'
}

# apt_fetch DIR SPEC...: downloads the packages SPEC (name=version) into
# DIR/debs and unpacks them into DIR/root.
apt_fetch() {
	local dir=$1 deb
	shift
	rm -rf "$dir"
	mkdir -p "$dir/debs" "$dir/root"
	(cd "$dir/debs" &&
	 apt-get "${apt_opts[@]}" download -q "$@" 2>&1 |
		grep -v '^W: Download is performed unsandboxed' >&2) ||
		die "apt-get download $* failed"
	for deb in "$dir"/debs/*.deb; do
		dpkg-deb -x "$deb" "$dir/root"
	done
	rm -rf "$dir/debs" "$dir/root/usr/share/doc" "$dir/root/usr/share/man"
}

# The kernels fetch-kernel can fetch; the first is the reference kernel
# the whole suite runs on (Documentation/kernels.md).
KERNELS="6.1 6.1-rt 6.12 6.12-rt"

# The kernel arguments every x86 machine of the bench boots with: memmap=
# keeps 0x3b000000-0x3cffffff (just below 1 GiB) from Linux for the
# hypervisor and the cells, so x86 machines need 1 GiB of RAM.
X86_KARGS='memmap=32M$0x3b000000'

# board_dtb BOARD: the path of BOARD's device tree in the kernel package
# fetch-kernel unpacked ($KERNEL, $KVER): the board models boot with the
# DTB of the kernel they boot, as a real board's boot loader would pass.
board_dtb() {
	local root dtb
	root=$(dirname "$(dirname "$KERNEL")")
	case $1 in
	zcu102) dtb=xilinx/zynqmp-zcu102-rev1.0.dtb ;;
	rpi4) dtb=broadcom/bcm2711-rpi-4-b.dtb ;;
	*) die "no device tree known for board '$1'" ;;
	esac
	dtb=$root/usr/lib/linux-image-$KVER/$dtb
	[ -f "$dtb" ] || die "$KVER's package has no $dtb"
	echo "$dtb"
}

# bench_build ARCH WORK: builds the project for ARCH against $KDIR (from
# fetch-kernel) and installs it into WORK/staging.
bench_build() {
	local arch=$1 work=$2

	log "building for $arch against $KDIR"
	# shellcheck disable=SC2046
	make -C "$SRC_DIR" --no-print-directory -s ARCH="$arch" KDIR="$KDIR" \
		$([ "${JH_COVERAGE:-}" = 1 ] && echo COVERAGE=1) \
		DESTDIR="$work/staging" prefix=/usr install >"$work/build.log" 2>&1 ||
		{ tail -n 40 "$work/build.log" >&2; die "build for $arch failed (log: $work/build.log)"; }
	[ -f "$work/staging/lib/modules/$KVER/extra/jailhouse.ko" ] ||
		die "build did not install jailhouse.ko for $KVER"
}

# busybox_for_arch ARCH: path of a static busybox for the guest.
busybox_for_arch() {
	if [ "$1" = x86 ]; then
		echo /bin/busybox
		return
	fi
	local dir=$CACHE_DIR/busybox-arm64
	if [ ! -x "$dir/bin/busybox" ]; then
		log "fetching busybox-static:arm64"
		rm -rf "$dir" && mkdir -p "$dir/deb"
		(cd "$dir/deb" && apt-get download -q busybox-static:arm64 2>&1 |
			grep -v '^W: Download is performed unsandboxed' >&2) ||
			die "apt-get download busybox-static:arm64 failed"
		dpkg-deb -x "$dir"/deb/*.deb "$dir"
	fi
	echo "$dir/bin/busybox"
}

# scenario_files [SCENARIO...]: sets the array "scenarios" to the named
# scenarios (a path, or a name in tests/scenarios), default all of them.
scenario_files() {
	local s
	if [ $# -gt 0 ]; then
		scenarios=()
		for s in "$@"; do
			[ -f "$s" ] || s=$SRC_DIR/tests/scenarios/${s%.scn}.scn
			[ -f "$s" ] || die "no scenario $s"
			scenarios+=("$s")
		done
	else
		scenarios=("$SRC_DIR"/tests/scenarios/*.scn)
	fi
}

# pack_initramfs ARCH WORK [MACHINE]: the initramfs WORK/initramfs.cpio.gz
# from WORK/staging: busybox, the installed project, one script per
# scenario of "scenarios" that runs on ARCH under MACHINE (qemu or bochs,
# default qemu; scenario.py decides which, and ends the scripts for Bochs
# with a wait for the serial port to drain). Sets the array "selected" to those
# scenarios. If one of them says "needs: python3", also writes
# WORK/initramfs-python.cpio.gz: the same image with a second archive
# appended (the kernel unpacks concatenated archives in turn), so only
# those boots pay.
pack_initramfs() {
	local arch=$1 work=$2 machine=${3:-} root=$2/initramfs s name need_python=
	local need_linux_cell= need_linux_cell_rt=

	mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,scenarios}
	cp -a "$work/staging/." "$root/"
	cp "$(busybox_for_arch "$arch")" "$root/bin/busybox"
	# The stock modules fetch-kernel keeps (uio_pci_generic for links).
	[ -d "${KMODS:-}/kernel" ] && cp -a "$KMODS/kernel" "$root/lib/modules/$KVER/"
	depmod -b "$root" "$KVER" 2>/dev/null
	selected=()
	for s in "${scenarios[@]}"; do
		# shellcheck disable=SC2086
		eval "$("$BENCH_DIR/scenario.py" info "$s" $machine)"
		case " $SCN_ARCHES " in *" $arch "*) ;; *) continue ;; esac
		name=$(basename "$s" .scn)
		# shellcheck disable=SC2086
		"$BENCH_DIR/scenario.py" script "$s" "$arch" $machine >"$root/scenarios/$name.sh"
		selected+=("$s")
		case " $SCN_NEEDS " in *" python3 "*) need_python=1 ;; esac
		case " $SCN_NEEDS " in *" linux-cell "*) need_linux_cell=1 ;; esac
		case " $SCN_NEEDS " in *" linux-cell-rt "*) need_linux_cell_rt=1 ;; esac
	done
	install -m 755 "$BENCH_DIR/guest-init" "$root/init"
	install -m 755 "$BENCH_DIR"/guest-bin/* "$root/bin/"
	# Scenarios name the machine's system config generically.
	case $arch in
	arm64) ln -s qemu-virt.cell "$root/usr/share/jailhouse/cells/system.cell" ;;
	x86) ln -s qemu-q35.cell "$root/usr/share/jailhouse/cells/system.cell" ;;
	esac
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$work/initramfs.cpio.gz"
	if [ -n "$need_linux_cell" ]; then
		linux_cell_archive "$arch" "$work" | cat "$work/initramfs.cpio.gz" - \
			>"$work/initramfs-linux-cell.cpio.gz"
	fi
	if [ -n "$need_linux_cell_rt" ]; then
		linux_cell_archive "$arch" "$work" rt | cat "$work/initramfs.cpio.gz" - \
			>"$work/initramfs-linux-cell-rt.cpio.gz"
	fi
	if [ -n "$need_python" ]; then
		mkdir -p "$work/python"
		"$BENCH_DIR/guest-python" "$arch" "$work/python"
		(cd "$work/python" && find . | cpio -o -H newc --quiet | gzip -1) |
			cat "$work/initramfs.cpio.gz" - >"$work/initramfs-python.cpio.gz"
	fi
}

# linux_cell_archive ARCH WORK [rt]: on stdout, a gzipped cpio archive
# with what a Linux cell boots (Documentation/linux-cell.md), under
# /usr/share/jailhouse/linux-cell/: Image, the root's own stock kernel
# ($KERNEL, an uncompressed Image on arm64), and initramfs.cpio.gz,
# busybox with tests/bench/linux-cell-init as its init. With "rt" also
# Image-rt, Debian's PREEMPT_RT kernel of the same release
# (fetch-kernel ARCH 6.1-rt), and cyclictest with its libraries in the
# cell's initramfs and in the root's image (tests/bench/guest-cyclictest).
linux_cell_archive() {
	local arch=$1 work=$2 rt=${3:-} dir=$2/linux-cell${3:+-$3}
	local cell=$dir/root/usr/share/jailhouse/linux-cell

	rm -rf "$dir" && mkdir -p "$dir/cellroot/bin" "$cell"
	mkdir -p "$dir/cellroot"/{dev,proc,sys,tmp}
	cp "$(busybox_for_arch "$arch")" "$dir/cellroot/bin/busybox"
	install -m 755 "$BENCH_DIR/linux-cell-init" "$dir/cellroot/init"
	if [ -n "$rt" ]; then
		"$BENCH_DIR/guest-cyclictest" "$arch" "$dir/cellroot"
		"$BENCH_DIR/guest-cyclictest" "$arch" "$dir/root"
		# shellcheck disable=SC2016
		cp "$(eval "$("$BENCH_DIR/fetch-kernel" "$arch" 6.1-rt)" && echo "$KERNEL")" \
			"$cell/Image-rt"
	fi
	(cd "$dir/cellroot" && find . | cpio -o -H newc --quiet | gzip -1) \
		>"$cell/initramfs.cpio.gz"
	cp "$KERNEL" "$cell/Image"
	(cd "$dir/root" && find . | cpio -o -H newc --quiet | gzip -1)
}

# run_lanes JOBS FUNC SCENARIO...: runs "FUNC SCENARIO" for every scenario,
# at most JOBS at a time, each with its output in $work/logs/NAME.result;
# FUNC writes 0 to $work/logs/NAME.status when the scenario passed. The
# scenarios with the longest timeout start first (the long ones would
# otherwise finish alone at the end). Then prints every result in the
# scenarios' own order and sets lanes_passed and lanes_failed.
run_lanes() {
	local jobs=$1 func=$2 s name running=0 order
	shift 2
	mapfile -t order < <(for s in "$@"; do
		printf '%s %s\n' "$(sed -n 's/^timeout: *\([0-9]*\).*/\1/p' "$s" | tail -n1)" "$s"
	done | sort -s -k1,1nr | cut -d' ' -f2-)
	for s in "${order[@]}"; do
		if [ "$running" -ge "$jobs" ]; then
			wait -n || true
			running=$((running - 1))
		fi
		name=$(basename "$s" .scn)
		rm -f "$work/logs/$name.status"
		"$func" "$s" >"$work/logs/$name.result" 2>&1 &
		running=$((running + 1))
	done
	wait || true
	lanes_passed=0
	lanes_failed=0
	for s in "$@"; do
		name=$(basename "$s" .scn)
		cat "$work/logs/$name.result"
		if [ "$(cat "$work/logs/$name.status" 2>/dev/null)" = 0 ]; then
			lanes_passed=$((lanes_passed + 1))
		else
			lanes_failed=$((lanes_failed + 1))
		fi
	done
}

# lane_count VAR: the number of side-by-side boots VAR asks for, or by
# default one per host CPU, at most 2.
lane_count() {
	local jobs=${!1:-}
	if [ -z "$jobs" ]; then
		jobs=$(nproc)
		[ "$jobs" -le 2 ] || jobs=2
	fi
	[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
	echo "$jobs"
}
