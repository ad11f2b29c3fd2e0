# shellcheck shell=bash disable=SC2034  # SOURCE, RESULTS and STEP_START are for the sourcing script
# What the two by-hand emulation checks share (arm64-check.sh, boot-check.sh): their messages,
# the binfmt handler that lets this machine run arm64 programs, and the timing of their steps.
# Sourced after the script sets HERE (its folder) and PROGRAM.

umask 022
SOURCE=$(cd "$HERE/.." && pwd)  # the checkout

die() { printf '%s: %s\n' "$PROGRAM" "$*" >&2; exit 1; }
say() { printf '%s\n' "$*"; }

register_binfmt() {
    [ "$(uname -m)" = aarch64 ] && return 0
    local misc=/proc/sys/fs/binfmt_misc
    if [ ! -e "$misc/register" ]; then
        mount -t binfmt_misc binfmt_misc "$misc" \
            || die "cannot mount binfmt_misc (a container without it cannot run arm64 programs)"
    fi
    if [ ! -e "$misc/qemu-aarch64" ]; then
        say "Registering the qemu-aarch64 binfmt handler"
        update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 \
            || update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
    fi
    [ -e "$misc/qemu-aarch64" ] || die "the qemu-aarch64 binfmt handler could not be registered"
}

# Remove a root folder that a chroot may have left things mounted in (a run stopped inside it,
# debootstrap's own /proc): every mount below it is detached first, deepest first, and rm never
# crosses into another file system, so the host's /dev or /proc can never be what is removed.
remove_tree() {
    local dir mounts
    dir=$(realpath -m "$1")
    mounts=$(awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r)
    local point
    for point in $mounts; do umount -l "$point" 2>/dev/null || true; done
    rm -rf --one-file-system "$dir"
}

# Seconds since a `date +%s.%N` stamp, rounded.
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }
RESULTS=()
STEP_START=0
step_begin() { STEP_START=$(date +%s.%N); say ""; say "== $1"; }
