#!/usr/bin/env bash
# The boot check: a whole arm64 boot, emulated, with systemd, the unit, kmsdrm and poweroff.
#
# It builds (once, cached) a Debian arm64 root with a kernel, systemd and the libraries the
# hub needs, makes a disk image of it with this checkout and an offline wheelhouse inside, and
# boots it in qemu-system-aarch64 -M virt with a virtio GPU and no network. In the machine a
# check service runs, step by step:
#   install    the real installer: sudo hardware/install.sh --no-apt --wheels DIR (offline);
#              its restart waits for READY=1 from the unit (Type=notify);
#   ready      the unit is active; start to READY as systemd measured it;
#   screen     the hub draws through SDL's kmsdrm driver: the host takes QEMU's screendump of
#              the display and compares it with the same screen drawn by the installed code;
#   journal    the unit's journal has no error, no traceback;
#   sigterm    systemctl stop: a clean stop (status 0, no SIGKILL) and how long it took;
#   rollback   an update to a release that imports but fails at start: the installer switches
#              back, and the previous release runs again;
#   wifi       two simulated radios (mac80211_hwsim): the hub opens its own network, a phone in
#              another network namespace joins it with the passphrase from the Wi-Fi code and
#              loads the page by the hub's .local name (boot-check-wifi.sh);
#   poweroff   the 8 s hold (on the mock pin: a drop-in adds --mock-pins, SIGUSR1/2 press and
#              release it) makes the daemon exit with status 3, and the unit powers off.
# It prints each step's time. The times are emulated (TCG on this machine's cores): they show
# that it works, not how fast a Pi is. A script to run by hand, not part of `make test`.
#
#   sudo nice -n 10 hardware/boot-check.sh [--suite bookworm] [--cache DIR] [--keep] [--timeout S]
#
# Needs root, debootstrap, qemu-user-static, qemu-system-arm, qemu-efi-aarch64 and e2fsprogs
# (Debian packages: it installs them when missing), and Debian's archive and PyPI the first
# time (the root and the wheels are cached).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PROGRAM=boot-check.sh
# shellcheck source=hardware/emulation.sh
. "$HERE/emulation.sh"
MIRROR=${BOOT_CHECK_MIRROR:-http://deb.debian.org/debian}
CACHE=${BOOT_CHECK_CACHE:-/var/cache/chickenfoot-boot-check}
SUITE=bookworm
KEEP=0
TIMEOUT=5400   # the whole emulated boot, install and checks
# What a Raspberry Pi OS Lite image has, plus the libraries the installer would add with apt
# (the machine has no network; --no-apt says so). mesa's drivers give kmsdrm a GBM and EGL.
# The Wi-Fi step: NetworkManager with what Raspberry Pi OS has beside it (polkit, wpa_supplicant,
# dnsmasq for the phones' addresses, nftables for its shared mode's rules, Avahi), and for the
# phone iw, wpa_supplicant and busybox's DHCP client.
PACKAGES=linux-image-arm64,systemd,systemd-sysv,libpam-systemd,udev,dbus,kmod,python3,python3-venv,ca-certificates,libgbm1,libegl1,libegl-mesa0,libgles2,libgl1-mesa-dri,fonts-dejavu-core,alsa-utils,gpiod,espeak-ng,procps,network-manager,polkitd,wpasupplicant,dnsmasq-base,avahi-daemon,nftables,iw,iproute2,busybox

usage() {
    cat <<EOF
Usage: sudo hardware/boot-check.sh [options]

  --suite NAME   the Debian release to boot: bookworm (Python 3.11) or trixie (3.13)
  --cache DIR    where the root, the wheels and the logs are kept (default $CACHE)
  --keep         keep the disk image afterwards
  --timeout S    give up after S seconds of emulation (default $TIMEOUT)
  -h, --help     this text
EOF
}


while [ $# -gt 0 ]; do
    case $1 in
        --suite) SUITE=${2:-}; shift ;;
        --suite=*) SUITE=${1#*=} ;;
        --cache) CACHE=${2:-}; shift ;;
        --cache=*) CACHE=${1#*=} ;;
        --timeout) TIMEOUT=${2:-}; shift ;;
        --timeout=*) TIMEOUT=${1#*=} ;;
        --keep) KEEP=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
    shift
done
case $SUITE in bookworm) PY=cp311 ;; trixie) PY=cp313 ;; *) die "unknown suite '$SUITE'" ;; esac
case $TIMEOUT in '' | *[!0-9]*) die "--timeout needs a whole number of seconds" ;; esac
[ "$(id -u)" -eq 0 ] || die "run it as root (debootstrap, chroot and the image need it): sudo $0"

# --- timing ---------------------------------------------------------------------------------
T0=$(date +%s.%N)
STEP_START=$T0
step_end() {  # step, outcome, detail
    local seconds
    seconds=$(elapsed "$STEP_START")
    RESULTS+=("$(printf '%-9s %-5s %5s s  %s' "$1" "$2" "$seconds" "${3:-}")")
    say "-- $1: $2 in $seconds s${3:+ ($3)}"
}
summary() {
    say ""
    say "== boot check summary ($SUITE, emulated: the times show it works, not a Pi's speed)"
    printf '%s\n' "${RESULTS[@]}"
    say "total $(elapsed "$T0") s"
}

# --- tools ----------------------------------------------------------------------------------
need_tools() {
    local missing=()
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    command -v qemu-system-aarch64 >/dev/null 2>&1 || missing+=(qemu-system-arm)
    [ -e /usr/share/qemu-efi-aarch64/QEMU_EFI.fd ] || missing+=(qemu-efi-aarch64)
    [ -e /usr/bin/qemu-aarch64-static ] || [ "$(uname -m)" = aarch64 ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null 2>&1 || missing+=(binfmt-support)
    command -v mkfs.ext4 >/dev/null 2>&1 || missing+=(e2fsprogs)
    [ ${#missing[@]} -eq 0 ] && return 0
    say "Installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}


# --- the root, the wheels, the image ---------------------------------------------------------
ROOT_DIR=$CACHE/$SUITE-root
# The kernel's initramfs with only what this machine boots from (virtio disk, ext4) and gzip:
# made by qemu-user in the chroot, Debian's default (every module, zstd) took more than 40
# minutes on a loaded machine; this one takes a few.
initramfs_conf() {
    mkdir -p "$ROOT_DIR/etc/initramfs-tools/conf.d" "$ROOT_DIR/etc/initramfs-tools/hooks"
    printf 'MODULES=list\nCOMPRESS=gzip\n' >"$ROOT_DIR/etc/initramfs-tools/conf.d/boot-check"
    cat >"$ROOT_DIR/etc/initramfs-tools/hooks/boot-check" <<'EOF'
#!/bin/sh
[ "$1" = prereqs ] && exit 0
. /usr/share/initramfs-tools/hook-functions
for module in virtio_pci virtio_blk virtio_mmio ext4; do force_load "$module"; done
EOF
    chmod 0755 "$ROOT_DIR/etc/initramfs-tools/hooks/boot-check"
}
# In the chroot with /proc, /sys and /dev, by qemu-user: the packages' configuration.
in_root() {
    mount -t proc proc "$ROOT_DIR/proc"
    mount -t sysfs sys "$ROOT_DIR/sys"
    mount --bind /dev "$ROOT_DIR/dev"
    local status=0
    chroot "$ROOT_DIR" /usr/bin/env DEBIAN_FRONTEND=noninteractive "$@" || status=$?
    umount "$ROOT_DIR/dev" "$ROOT_DIR/sys" "$ROOT_DIR/proc"
    return "$status"
}
build_root() {
    step_begin "root: Debian $SUITE arm64 with a kernel and systemd (cached in $ROOT_DIR)"
    local log=$CACHE/$SUITE-debootstrap.log
    if [ -e "$ROOT_DIR/.boot-check-complete" ]; then
        add_packages || return 1
        step_end root cached
        return 0
    fi
    mkdir -p "$CACHE"
    # Two stages: the download and unpacking natively (--foreign), then the configuration by
    # qemu-user. A root whose first stage is done is resumed: an interrupted second stage is
    # finished by dpkg --configure -a. One unpacked from another package list starts over (its
    # second stage cannot find what the list now adds).
    if [ "$(cat "$ROOT_DIR/.boot-check-unpacked" 2>/dev/null)" != "$PACKAGES" ]; then
        remove_tree "$ROOT_DIR"
        if ! debootstrap --foreign --arch=arm64 --variant=minbase --include="$PACKAGES" \
            "$SUITE" "$ROOT_DIR" "$MIRROR" >"$log" 2>&1; then
            tail -n 20 "$log" >&2
            step_end root FAIL "first stage; log: $log"
            return 1
        fi
        printf '%s\n' "$PACKAGES" >"$ROOT_DIR/.boot-check-unpacked"
    fi
    initramfs_conf
    if [ -e "$ROOT_DIR/debootstrap/debootstrap" ] && [ ! -e "$ROOT_DIR/.boot-check-second" ]; then
        touch "$ROOT_DIR/.boot-check-second"
        chroot "$ROOT_DIR" /debootstrap/debootstrap --second-stage >>"$log" 2>&1 || true
    fi
    if ! in_root dpkg --configure -a >>"$log" 2>&1 || [ -n "$(chroot "$ROOT_DIR" dpkg --audit)" ]; then
        tail -n 20 "$log" >&2
        step_end root FAIL "second stage; log: $log"
        return 1
    fi
    rm -rf "$ROOT_DIR/debootstrap"
    printf '%s\n' "$PACKAGES" >"$ROOT_DIR/.boot-check-packages"
    touch "$ROOT_DIR/.boot-check-complete"
    step_end root ok "$(du -sh "$ROOT_DIR" | cut -f1)"
}

# A cached root built with fewer packages (an older PACKAGES) gets the ones it lacks, by apt in
# the chroot, rather than a new root.
add_packages() {
    [ "$(cat "$ROOT_DIR/.boot-check-packages" 2>/dev/null)" = "$PACKAGES" ] && return 0
    local log=$CACHE/$SUITE-debootstrap.log
    say "   adding to the cached root: ${PACKAGES//,/ }"
    # shellcheck disable=SC2086  # the list, one word a package
    if ! in_root apt-get update -qq >>"$log" 2>&1 \
        || ! in_root apt-get install -y -qq --no-install-recommends ${PACKAGES//,/ } >>"$log" 2>&1; then
        tail -n 20 "$log" >&2
        step_end root FAIL "adding packages; log: $log"
        return 1
    fi
    printf '%s\n' "$PACKAGES" >"$ROOT_DIR/.boot-check-packages"
}

WHEELS=$CACHE/wheels
fill_wheelhouse() {
    step_begin "wheels: hardware/wheelhouse.sh for $PY-aarch64"
    if bash "$HERE/wheelhouse.sh" "$WHEELS" "$PY-aarch64" >"$CACHE/wheels.log" 2>&1; then
        step_end wheels ok "$(find "$WHEELS" -name '*.whl' | wc -l) wheels"
    else
        tail -n 20 "$CACHE/wheels.log" >&2
        step_end wheels FAIL "log: $CACHE/wheels.log"
        return 1
    fi
}

WORK=$CACHE/work-$SUITE
IMAGE=$CACHE/$SUITE.img
make_image() {
    step_begin "image: the root, the checkout, the wheels and the check service on one ext4 disk"
    rm -rf "$WORK" "$IMAGE"
    cp -a "$ROOT_DIR" "$WORK"
    mkdir -p "$WORK/root/chicken-foot-hub" "$WORK/root/wheels"
    tar -C "$SOURCE" -c --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache \
        --exclude=.ruff_cache --exclude=.hypothesis --exclude='*.egg-info' . \
        | tar -C "$WORK/root/chicken-foot-hub" -x --no-same-owner
    cp "$WHEELS"/* "$WORK/root/wheels/"
    echo "boot-check" >"$WORK/etc/hostname"
    printf '/dev/vda / ext4 rw,relatime 0 1\n' >"$WORK/etc/fstab"
    install -m 0755 "$HERE/boot-check-guest.sh" "$WORK/usr/local/sbin/boot-check-guest"
    cat >"$WORK/etc/systemd/system/boot-check.service" <<'EOF'
[Unit]
Description=Chicken Foot Hub boot check (hardware/boot-check.sh)
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/boot-check-guest
StandardOutput=tty
StandardError=tty
TTYPath=/dev/hvc0
[Install]
WantedBy=multi-user.target
EOF
    mkdir -p "$WORK/etc/systemd/system/multi-user.target.wants"
    ln -sfn /etc/systemd/system/boot-check.service \
        "$WORK/etc/systemd/system/multi-user.target.wants/boot-check.service"
    # No login prompts on the consoles, nothing else waiting for a network. hvc0 above all: it
    # is the check service's channel, and systemd's getty generator starts a login prompt on a
    # virtual console by itself (Trixie's did: it took the channel, the host saw no step).
    rm -f "$WORK/etc/systemd/system/getty.target.wants/"* 2>/dev/null || true
    ln -sfn /dev/null "$WORK/etc/systemd/system/serial-getty@hvc0.service"
    mkfs.ext4 -q -L root -d "$WORK" "$IMAGE" 6G
    step_end image ok "$(du -sh --apparent-size "$IMAGE" | cut -f1) image"
}

# --- the emulated machine --------------------------------------------------------------------
SERIAL=$CACHE/$SUITE-console.log   # the kernel's console (ttyAMA0)
CHECK_LOG=$CACHE/$SUITE-check.log  # the check service's output (hvc0)
MONITOR=$CACHE/$SUITE-monitor.sock
QEMU_PID=
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
    [ -z "$QEMU_PID" ] || kill "$QEMU_PID" 2>/dev/null || true
    # A run stopped inside in_root leaves /proc, /sys and /dev mounted in the cached root.
    local point
    for point in dev sys proc; do
        ! mountpoint -q "$ROOT_DIR/$point" 2>/dev/null || umount -l "$ROOT_DIR/$point" || true
    done
    if [ "$KEEP" -eq 0 ]; then rm -rf "$WORK" "$IMAGE"; fi
}
trap cleanup EXIT

# One command to QEMU's monitor (its socket), then a moment for it to be carried out.
monitor() {
    python3 - "$MONITOR" "$1" <<'EOF'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(sys.argv[2].encode() + b"\n")
time.sleep(2)
s.close()
EOF
}

boot() {
    local kernel initrd
    kernel=$(find "$WORK/boot" -name 'vmlinuz-*' | sort | tail -n 1)
    initrd=$(find "$WORK/boot" -name 'initrd.img-*' | sort | tail -n 1)
    if [ -z "$kernel" ] || [ -z "$initrd" ]; then die "no kernel or initrd in the root's /boot"; fi
    : >"$SERIAL"
    : >"$CHECK_LOG"
    rm -f "$MONITOR"
    qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 2048 -accel tcg,thread=multi \
        -kernel "$kernel" -initrd "$initrd" \
        -append "root=/dev/vda rw console=ttyAMA0 quiet systemd.show_status=0 systemd.getty_auto=0" \
        -drive "file=$IMAGE,format=raw,if=virtio" \
        -device virtio-gpu-pci -display none -vga none \
        -device virtio-serial-pci -chardev "file,id=check,path=$CHECK_LOG" \
        -device virtconsole,chardev=check \
        -serial "file:$SERIAL" -monitor "unix:$MONITOR,server,nowait" \
        -nic none -no-reboot &
    QEMU_PID=$!
}

# Read the check service's lines as they come: "@@ STEP OUTCOME SECONDS DETAIL" ends a step,
# "@@ SCREEN" asks for a screendump, "@@ DONE" ends the checks (the machine then powers off).
follow() {
    local seen=0 line deadline now fields quiet=0
    deadline=$(($(date +%s) + TIMEOUT))
    step_begin "boot: the kernel, systemd, then the check service"
    while :; do
        now=$(date +%s)
        if [ "$now" -ge "$deadline" ]; then
            step_end timeout FAIL "no end after $TIMEOUT s; see $SERIAL and $CHECK_LOG"
            return 1
        fi
        mapfile -t fields < <(tail -n +"$((seen + 1))" "$CHECK_LOG" | tr -d '\r')
        for line in "${fields[@]}"; do
            seen=$((seen + 1))
            case $line in
                "@@ EXPECTED-BEGIN") quiet=1 ;;
                "@@ EXPECTED-END") quiet=0 ;;
                *) [ "$quiet" -eq 1 ] && continue ;;
            esac
            case $line in
                "@@ EXPECTED-"*) ;;
                "@@ BOOTED "*) step_end boot ok "${line#@@ BOOTED }"; STEP_START=$(date +%s.%N) ;;
                "@@ SCREEN "*) screen_check "${line#@@ SCREEN }" ;;
                "@@ STEP "*) read -r _ _ step outcome seconds detail <<<"$line"
                    RESULTS+=("$(printf '%-9s %-5s %5s s  %s' "$step" "$outcome" "$seconds" "$detail")")
                    say "-- $step: $outcome in $seconds s${detail:+ ($detail)}" ;;
                "@@ POWEROFF") STEP_START=$(date +%s.%N) ;;
                "@@ HUB-EXIT "* | "@@ DONE") ;;
                *) say "   $line" ;;
            esac
        done
        if ! kill -0 "$QEMU_PID" 2>/dev/null; then
            local qemu_status=0 hub_exit
            wait "$QEMU_PID" || qemu_status=$?
            QEMU_PID=
            hub_exit=$(sed -n 's/^@@ HUB-EXIT \([0-9][0-9]*\).*/\1/p' "$CHECK_LOG" | tr -d '\r' | tail -n 1)
            if grep -q '^@@ DONE' "$CHECK_LOG"; then
                return 1  # the guest said why (poweroff FAIL) and powered off itself
            elif [ "$qemu_status" -eq 0 ] && [ "$hub_exit" = 3 ]; then
                step_end poweroff ok "the hub exited with status 3, then the machine powered itself off"
                return 0
            elif grep -q '^@@ POWEROFF' "$CHECK_LOG"; then
                step_end poweroff FAIL "qemu status $qemu_status, the hub's exit status '${hub_exit:-?}'"
                return 1
            fi
            step_end poweroff FAIL "the machine stopped before the hold; see $SERIAL"
            return 1
        fi
        sleep 1
    done
}

# The guest has drawn its screen and rendered the expected one (hex-free: WIDTHxHEIGHT PATH).
screen_check() {
    local dump=$CACHE/$SUITE-screen.ppm expected=$CACHE/$SUITE-expected.bmp detail
    rm -f "$dump"
    monitor "screendump $dump"
    # The guest wrote the expected picture to its disk; read it from the guest's own copy,
    # passed over the check console as base64 (the disk is in use by the machine).
    # (The console is a tty: its lines end in CR LF.)
    sed -n '/^@@ EXPECTED-BEGIN/,/^@@ EXPECTED-END/p' "$CHECK_LOG" | tr -d '\r' | sed '1d;$d' | base64 -d \
        >"$expected" 2>/dev/null || true
    if [ ! -s "$dump" ]; then
        RESULTS+=("$(printf '%-9s %-5s %5s s  %s' screen FAIL - "no screendump")")
        return 0
    fi
    # The host's python3 alone (boot_screen.py's compare reads the pictures with the standard
    # library): a fresh clone has no .venv. Its errors are the detail too, never an empty one.
    if detail=$(python3 "$HERE/boot_screen.py" compare "$dump" "$expected" 2>&1); then
        RESULTS+=("$(printf '%-9s %-5s %5s s  %s' screen ok - "$detail; $dump")")
    else
        RESULTS+=("$(printf '%-9s %-5s %5s s  %s' screen FAIL - "$detail; $dump")")
    fi
    say "-- screen: $detail"
}

need_tools
register_binfmt
say "boot check of $SOURCE on Debian $SUITE arm64 (qemu-system-aarch64 -M virt, TCG; cache: $CACHE)"
status=0
build_root && fill_wheelhouse && make_image || status=1
if [ "$status" -eq 0 ]; then
    boot
    follow || status=1
fi
grep -q ' FAIL ' <(printf '%s\n' "${RESULTS[@]}") && status=1
summary
if [ "$status" -eq 0 ]; then say "boot check: PASSED"; else say "boot check: FAILED (logs: $SERIAL, $CHECK_LOG)"; fi
exit "$status"
