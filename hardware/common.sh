# Shared by hardware/install.sh and hardware/uninstall.sh (sourced, not run).
# shellcheck shell=bash disable=SC2034  # the constants are used by the scripts that source it

readonly APP_USER=chickenfoot
readonly APP_HOME=/var/lib/chickenfoot       # StateDirectory=chickenfoot: the games database
readonly APP_CACHE=/var/cache/chickenfoot    # CacheDirectory=chickenfoot
readonly APP_PREFIX=/opt/chickenfoot-hub     # releases/ID/{src,venv}; current -> releases/ID
readonly RELEASES_DIR=$APP_PREFIX/releases
readonly CURRENT_LINK=$APP_PREFIX/current     # swapped in one rename: the old install runs until then
readonly SRC_DIR=$APP_PREFIX/src              # -> current/src: the paths the unit and docs name
readonly VENV_DIR=$APP_PREFIX/venv            # -> current/venv
readonly CONFIG_DIR=/etc/chickenfoot-hub
readonly CONFIG_FILE=$CONFIG_DIR/hubd.toml
readonly UNIT_NAME=hubd.service
readonly UNIT_FILE=/etc/systemd/system/$UNIT_NAME
# Club nights (docs/club-night.md): Syncthing as the hub's user, LAN only, GUI on localhost.
readonly SYNC_UNIT_NAME=chickenfoot-syncthing.service
readonly SYNC_UNIT_FILE=/etc/systemd/system/$SYNC_UNIT_NAME
readonly COMMAND_FILE=/usr/local/bin/hubd   # hardware/hubd-command.sh: hubd check-hardware ...
# What the options changed outside the hub's own files, so that uninstall.sh can undo it:
# key=value lines (previous-default-target, serial-console, read-only-root).
readonly STATE_FILE=$CONFIG_DIR/installed-options
# --read-only-root: the games folder stays writable on the SD card under the overlay.
readonly DATA_UNIT_NAME=chickenfoot-data.service
readonly DATA_UNIT_FILE=/etc/systemd/system/$DATA_UNIT_NAME
readonly UNIT_DROPIN_DIR=/etc/systemd/system/$UNIT_NAME.d
readonly READ_ONLY_DROPIN=$UNIT_DROPIN_DIR/read-only-root.conf
# gpio: /dev/gpiochip*; audio: /dev/snd/*; video, render: /dev/dri/*; input: the
# touchscreen; dialout: the UART for the DFPlayer Mini. Same list as the unit's
# SupplementaryGroups= (tests/hardware/test_installer.py checks they agree).
readonly APP_GROUPS=(gpio audio video input render dialout)
readonly BOOT_BLOCK_BEGIN="# BEGIN chickenfoot-hub (hardware/install.sh --boot-config)"
readonly BOOT_BLOCK_END="# END chickenfoot-hub"

ROOT=${DESTDIR:-}     # an alternative root (DESTDIR-style); empty for the real system
DRY_RUN=0
USE_SYSTEMCTL=auto    # auto: only when systemctl exists (and systemd runs, for start/stop)
READY_TIMEOUT=${READY_TIMEOUT:-60}  # seconds a new release has to report READY=1
READY_SETTLE=${READY_SETTLE:-3}     # and then to keep running, unrestarted

say() { printf '%s\n' "$*"; }
warn() { printf '%s: warning: %s\n' "$PROGRAM" "$*" >&2; }
die() { printf '%s: %s\n' "$PROGRAM" "$*" >&2; exit 1; }

# Run a command that changes something, showing it first; --dry-run only shows it.
run() {
    local word shown=+
    for word in "$@"; do
        case $word in
            *[!A-Za-z0-9_./=,:@%+-]* | '') shown+=" $(printf '%q' "$word")" ;;
            *) shown+=" $word" ;;
        esac
    done
    printf '%s\n' "$shown"
    [ "$DRY_RUN" -eq 1 ] || "$@"
}

# A path on the target system: under --root when one is given.
target() { printf '%s%s' "$ROOT" "$1"; }

set_root() {
    [ -n "$1" ] || die "--root needs a folder"
    [ -d "$1" ] || die "--root $1: no such folder"
    ROOT=$(cd "$1" && pwd)
    [ "$ROOT" = / ] && ROOT=
    # The shadow tools edit the root's own user and group files and cannot make them.
    if [ -n "$ROOT" ] && { [ ! -f "$ROOT/etc/passwd" ] || [ ! -f "$ROOT/etc/group" ]; }; then
        die "--root $ROOT has no etc/passwd and etc/group: copy this machine's in first (mkdir -p $ROOT/etc && cp /etc/passwd /etc/group /etc/shadow /etc/gshadow $ROOT/etc/)"
    fi
    return 0
}

# --prefix makes the shadow tools (useradd, groupadd, usermod, userdel, groupdel) edit
# ROOT/etc/{passwd,group,shadow,gshadow} without a chroot (Debian 12's shadow 4.13 has it;
# --root would need a root that can be chrooted into).
shadow_prefix() {
    if [ -n "$ROOT" ]; then printf '%s\n' --prefix "$ROOT"; fi
}

# Whether the target has a user or group: read its own files, not the host's NSS.
has_user() { grep -q "^$1:" "$(target /etc/passwd)" 2>/dev/null; }
has_group() { grep -q "^$1:" "$(target /etc/group)" 2>/dev/null; }
user_field() { awk -F: -v u="$1" -v f="$2" '$1 == u { print $f }' "$(target /etc/passwd)"; }

# tests/hardware/test_installer_live.py only: treat the throw-away --root as a running system whose
# systemd is the stand-in systemctl first on PATH (restart, READY, rollback, under test).
live_root_for_tests() { [ -n "$ROOT" ] && [ "${CHICKENFOOT_INSTALL_TEST_LIVE:-}" = 1 ]; }

# systemctl for the target: offline (--root) for another root; a live manager otherwise.
systemd_running() { live_root_for_tests || { [ -z "$ROOT" ] && [ -d /run/systemd/system ]; }; }
can_systemctl() {
    [ "$USE_SYSTEMCTL" != no ] && command -v systemctl >/dev/null 2>&1
}
target_systemctl() {
    if [ -n "$ROOT" ]; then
        run systemctl --root="$ROOT" "$@"
    else
        run systemctl "$@"
    fi
}

# The firmware folder: /boot/firmware on Bookworm, /boot before it.
boot_dir() {
    if [ -d "$(target /boot/firmware)" ]; then
        target /boot/firmware
    else
        target /boot
    fi
}

# Remove our block from config.txt (if any), printing the rest.
strip_boot_block() {
    awk -v b="$BOOT_BLOCK_BEGIN" -v e="$BOOT_BLOCK_END" '
        $0 == b { skip = 1; next }
        $0 == e { skip = 0; next }
        !skip { print }' "$1"
}

# The installed options (STATE_FILE): read one, write one, forget one.
state_get() { sed -n "s/^$1=//p" "$(target "$STATE_FILE")" 2>/dev/null | tail -n 1; }
state_has() { grep -q "^$1=" "$(target "$STATE_FILE")" 2>/dev/null; }
state_set() {
    local file
    file=$(target "$STATE_FILE")
    say "+ record $1=$2 in $STATE_FILE"
    [ "$DRY_RUN" -eq 1 ] && return 0
    mkdir -p "$(dirname "$file")"
    { grep -v "^$1=" "$file" 2>/dev/null || true; printf '%s=%s\n' "$1" "$2"; } >"$file.new"
    chmod 0644 "$file.new"
    mv "$file.new" "$file"
}
state_forget() {
    local file
    file=$(target "$STATE_FILE")
    [ -f "$file" ] || return 0
    [ "$DRY_RUN" -eq 1 ] && return 0
    { grep -v "^$1=" "$file" || true; } >"$file.new"
    mv "$file.new" "$file"
    [ -s "$file" ] || rm -f "$file"
}

# Raspberry Pi OS's overlay file system (raspi-config's "Overlay File System") is on: / is an
# overlay over the SD card's root, mounted read-only (at /media/root-ro with today's
# raspi-config, but a root that is an overlay is what counts). Changes made now vanish at the
# next boot, so the scripts refuse to run.
overlay_active() {
    [ -z "$ROOT" ] && [ "$(findmnt -n -o FSTYPE / 2>/dev/null)" = overlay ]
}
refuse_under_overlay() {
    if overlay_active; then
        die "the root file system is read-only (overlay), so nothing would last past a reboot: turn it off first with sudo raspi-config nonint do_overlayfs 1 && sudo reboot, then run this again"
    fi
    return 0
}

# One install or uninstall at a time: a second one, started while the first is still at it,
# would swap releases under it. The lock goes with the process, however it ends.
take_lock() {
    local dir lock
    [ "$DRY_RUN" -eq 1 ] && return 0
    command -v flock >/dev/null 2>&1 || { warn "no flock (util-linux): not guarding against a second install"; return 0; }
    dir=$(target /run/lock)
    mkdir -p "$dir"
    lock=$dir/chickenfoot-hub.install.lock
    exec 9>"$lock"
    flock --nonblock 9 \
        || die "another install or uninstall of the hub is running (it holds $lock): let it finish, then run this again"
}

require_root() {
    if [ "$(id -u)" -ne 0 ] && [ "$DRY_RUN" -eq 0 ]; then
        die "run it as root: sudo make ${1:-install} (or --dry-run to see what it would do)"
    fi
}

# The options both scripts take after their own: --no-systemctl, --dry-run and --help (each
# script has its own usage); anything else is refused with the usage.
common_option() {
    case $1 in
        --no-systemctl) USE_SYSTEMCTL=no ;;
        --dry-run) DRY_RUN=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
}
