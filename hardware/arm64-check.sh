#!/usr/bin/env bash
# The arm64 check: does the hub install and run on 64-bit Raspberry Pi OS's Debian base?
#
# For each Debian release (Bookworm, Trixie) it builds, once and cached, a minimal arm64
# root with debootstrap, runs it through qemu-user-static, and in a fresh copy of it:
#   1. runs hardware/install.sh inside the root, as on a Pi (apt, the user, the venv, pip),
#      but with no systemctl and no boot config;
#   2. runs `hubd --headless --mock-pins --demo-fast` as the service's user until it has
#      committed a fixed number of events, exports the game and replays it with
#      `chickenfoot replay`;
#   3. runs a subset of the tests inside the root.
# It prints what passed and how long each step took. The figures are emulated: they say the
# hub runs on arm64, not how fast a Pi is. Not part of `make test`: it takes long (a root
# takes about 5 minutes to build the first time, an emulated pip install about a minute).
#
#   sudo hardware/arm64-check.sh [--suite bookworm] [--suite trixie] [--events N]
#
# Needs root, debootstrap and qemu-user-static (both from Debian; it installs them with
# apt-get when missing) and the network to Debian's archive and the Python package index.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PROGRAM=arm64-check.sh
# shellcheck source=hardware/emulation.sh
. "$HERE/emulation.sh"
MIRROR=${ARM64_CHECK_MIRROR:-http://deb.debian.org/debian}
CACHE=${ARM64_CHECK_CACHE:-/var/cache/chickenfoot-arm64-check}
SUITES=()
EVENTS=1000
ROOTS_ONLY=0
KEEP=0
# What the tests inside the root run: the engine, the store, the button and light logic with
# gpiozero's mock pins, the screens through pygame's arm64 wheel, and the main loop.
TESTS=(tests/engine/test_tiles_presets_options.py tests/engine/test_chicken_foot_lock.py tests/hubd/devices/test_button_logic.py
       tests/hubd/devices/test_light.py tests/hubd/store/test_games_and_resume.py tests/hubd/loop/test_main_loop.py tests/hubd/config/test_config_file.py)

usage() {
    cat <<EOF
Usage: sudo hardware/arm64-check.sh [options]

  --suite NAME   a Debian release to check (bookworm, trixie); repeat for more
                 (default: bookworm and trixie)
  --events N     how many events the headless demo commits (default $EVENTS)
  --cache DIR    where the roots are kept between runs (default $CACHE)
  --roots-only   only build the cached roots
  --keep         keep the work root afterwards (it is removed by default)
  -h, --help     this text
EOF
}


while [ $# -gt 0 ]; do
    case $1 in
        --suite) SUITES+=("${2:-}"); shift ;;
        --suite=*) SUITES+=("${1#*=}") ;;
        --events) EVENTS=${2:-}; shift ;;
        --events=*) EVENTS=${1#*=} ;;
        --cache) CACHE=${2:-}; shift ;;
        --cache=*) CACHE=${1#*=} ;;
        --roots-only) ROOTS_ONLY=1 ;;
        --keep) KEEP=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
    shift
done
[ ${#SUITES[@]} -gt 0 ] || SUITES=(bookworm trixie)
case $EVENTS in '' | *[!0-9]*) die "--events needs a whole number, got '$EVENTS'" ;; esac
[ "$(id -u)" -eq 0 ] || die "run it as root (debootstrap and chroot need it): sudo $0"
[ "$(uname -s)" = Linux ] || die "needs Linux (debootstrap, chroot and binfmt_misc)"

# --- the tools -----------------------------------------------------------------------------
need_tools() {
    local missing=()
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    [ -e /usr/bin/qemu-aarch64-static ] || [ "$(uname -m)" = aarch64 ] \
        || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null 2>&1 || missing+=(binfmt-support)
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]}, and no apt-get to install them"
    say "Installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# An arm64 program runs here only through qemu, registered with the kernel's binfmt_misc.

# --- timing and results ----------------------------------------------------------------------
step_end() {  # suite, step, outcome, detail
    local seconds
    seconds=$(elapsed "$STEP_START")
    RESULTS+=("$(printf '%-9s %-8s %-5s %5s s  %s' "$1" "$2" "$3" "$seconds" "${4:-}")")
    say "-- $2: $3 in $seconds s${4:+ ($4)}"
}

# --- the roots -------------------------------------------------------------------------------
# Cached whole: a root that built once is reused (delete $CACHE/SUITE to build it again).
build_root() {
    local suite=$1 root=$CACHE/$1
    if [ -e "$root/.arm64-check-complete" ]; then
        step_begin "$suite: root (cached in $root)"
        step_end "$suite" root cached
        return 0
    fi
    step_begin "$suite: building an arm64 root with debootstrap (minbase)"
    remove_tree "$root"
    mkdir -p "$CACHE"
    # python3 and ca-certificates as Raspberry Pi OS Lite has them; everything else the hub
    # needs is for the installer to add.
    if debootstrap --arch=arm64 --variant=minbase --include=python3,ca-certificates \
        "$suite" "$root" "$MIRROR" >"$CACHE/$suite.debootstrap.log" 2>&1; then
        touch "$root/.arm64-check-complete"
        step_end "$suite" root ok "log: $CACHE/$suite.debootstrap.log"
    else
        tail -n 20 "$CACHE/$suite.debootstrap.log" >&2
        step_end "$suite" root FAIL "log: $CACHE/$suite.debootstrap.log"
        return 1
    fi
}

# --- inside a root ---------------------------------------------------------------------------
WORK=
MOUNTS=()
cleanup() {
    local i
    for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
        umount -l "${MOUNTS[$i]}" 2>/dev/null || true
    done
    MOUNTS=()
    if [ -n "$WORK" ] && [ "$KEEP" -eq 0 ]; then remove_tree "$WORK"; fi
    WORK=
}
trap cleanup EXIT

mount_into() {  # type-or-bind source target
    mkdir -p "$3"
    if [ "$1" = bind ]; then mount --bind "$2" "$3"; else mount -t "$1" "$2" "$3"; fi
    MOUNTS+=("$3")
}

# A fresh copy of the cached root, with /proc, /dev, the host's DNS and CA certificates, and
# the checkout at /root/chicken-foot-hub.
prepare_work_root() {
    local suite=$1
    WORK=$CACHE/work-$suite
    remove_tree "$WORK"
    cp -a "$CACHE/$suite" "$WORK"
    mount_into proc proc "$WORK/proc"
    mount_into bind /dev "$WORK/dev"
    mount_into devpts devpts "$WORK/dev/pts" 2>/dev/null || true
    mount_into tmpfs tmpfs "$WORK/tmp"
    cp -L /etc/resolv.conf "$WORK/etc/resolv.conf"
    # pip inside must trust what this machine trusts (its index may sit behind a proxy with
    # its own CA). The host's pip settings stay out: their find-links and index paths are
    # folders of this machine that do not exist inside.
    if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
        cp /etc/ssl/certs/ca-certificates.crt "$WORK/etc/ssl/certs/ca-certificates.crt"
    fi
    mkdir -p "$WORK/root/chicken-foot-hub"
    tar -C "$SOURCE" -c --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache \
        --exclude=.ruff_cache --exclude=.hypothesis --exclude='*.egg-info' . \
        | tar -C "$WORK/root/chicken-foot-hub" -x --no-same-owner
}

# A command in the root with a clean environment, as a login on the Pi would have it.
inside() {
    chroot "$WORK" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt \
        PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=180 "$@"
}

check_suite() {
    local suite=$1 log status detail
    prepare_work_root "$suite"
    log=$CACHE/$suite.check.log
    : >"$log"
    say "(details: $log)"

    step_begin "$suite: hardware/install.sh --no-systemctl inside the root"
    if inside bash /root/chicken-foot-hub/hardware/install.sh --no-systemctl >>"$log" 2>&1; then
        detail=$(inside /opt/chickenfoot-hub/venv/bin/python -c \
            'import platform, sys, pygame; print(platform.machine(), "Python",
             ".".join(map(str, sys.version_info[:3])), "pygame-ce", pygame.version.ver)' \
            2>>"$log" | tail -n 1)
        step_end "$suite" install ok "$detail"
    else
        tail -n 20 "$log" >&2
        step_end "$suite" install FAIL "see $log"
        return 1
    fi

    step_begin "$suite: hubd --headless --mock-pins --demo-fast --demo-events $EVENTS"
    status=0
    inside /usr/local/bin/hubd --headless --mock-pins --demo-fast --demo-seed 12 \
        --demo-events "$EVENTS" >"$WORK/tmp/demo.out" 2>"$WORK/tmp/demo.err" || status=$?
    cat "$WORK/tmp/demo.out" "$WORK/tmp/demo.err" >>"$log"
    local committed
    committed=$(grep -c ' committed$' "$WORK/tmp/demo.out" || true)
    if [ "$status" -eq 0 ] && [ "$committed" -ge "$EVENTS" ]; then
        step_end "$suite" demo ok "$committed events committed in $(grep -c '^game [0-9]* event 1 ' \
            "$WORK/tmp/demo.out" || true) games"
    else
        tail -n 20 "$WORK/tmp/demo.err" >&2
        step_end "$suite" demo FAIL "exit $status, $committed events committed"
        return 1
    fi

    step_begin "$suite: hubd export and chickenfoot replay of every game"
    status=0
    local game games=0 lines=0 ids
    mapfile -t ids < <(sed -n 's/^game \([0-9]*\) event .*/\1/p' "$WORK/tmp/demo.out" | sort -un)
    for game in "${ids[@]}"; do
        inside /usr/local/bin/hubd export "$game" -o "/tmp/game$game.jsonl" >>"$log" 2>&1 \
            || { status=$?; break; }
        inside /opt/chickenfoot-hub/venv/bin/chickenfoot replay "/tmp/game$game.jsonl" \
            >>"$log" 2>&1 || { status=$?; break; }
        games=$((games + 1))
        lines=$((lines + $(wc -l <"$WORK/tmp/game$game.jsonl")))
    done
    if [ "$status" -eq 0 ] && [ "$lines" -eq "$committed" ]; then
        step_end "$suite" replay ok "$games games, $lines lines exported and replayed"
    else
        step_end "$suite" replay FAIL "exit $status after $games games, $lines lines"
        return 1
    fi

    step_begin "$suite: a subset of the tests (pytest inside the root)"
    status=0
    inside /opt/chickenfoot-hub/venv/bin/python -m pip install --quiet pytest hypothesis \
        >>"$log" 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then
        inside /usr/bin/env -C /root/chicken-foot-hub SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
            /opt/chickenfoot-hub/venv/bin/python -m pytest -q -o addopts= -p no:cacheprovider \
            "${TESTS[@]}" \
            >"$WORK/tmp/pytest.out" 2>&1 || status=$?
        cat "$WORK/tmp/pytest.out" >>"$log"
    fi
    detail=$(grep -E '[0-9]+ (passed|failed)' "$WORK/tmp/pytest.out" 2>/dev/null | tail -n 1 || true)
    if [ "$status" -eq 0 ]; then
        step_end "$suite" tests ok "$detail"
    else
        tail -n 30 "$WORK/tmp/pytest.out" >&2 || true
        step_end "$suite" tests FAIL "${detail:-exit $status}"
        return 1
    fi
}

need_tools
register_binfmt
say "arm64 check of $SOURCE: ${SUITES[*]} (emulated by qemu-user; cache: $CACHE)"
failed=0
for suite in "${SUITES[@]}"; do
    case $suite in bookworm | trixie) ;; *) die "unknown suite '$suite' (bookworm or trixie)" ;; esac
    if ! build_root "$suite"; then failed=1; continue; fi
    [ "$ROOTS_ONLY" -eq 1 ] && continue
    check_suite "$suite" || failed=1
    cleanup
done
say ""
say "== arm64 check summary (emulated times: they show it runs, not how fast a Pi is)"
printf '%s\n' "${RESULTS[@]}"
if [ "$failed" -eq 0 ]; then say "arm64 check: PASSED"; else say "arm64 check: FAILED"; fi
exit "$failed"
