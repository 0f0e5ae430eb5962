# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers of the QEMU test bench. Sourced, not executed.

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
