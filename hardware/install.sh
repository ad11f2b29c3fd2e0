#!/usr/bin/env bash
# Install the Chicken Foot Hub on 64-bit Raspberry Pi OS (Bookworm or Trixie, Lite or Desktop)
# so that it starts by itself at power-on. Safe to run again: that is how an update is
# installed, and it never touches the games database or an existing config file. The new code
# and its venv are made beside the running ones and swapped in only once they work; the
# previous release is kept until the new one has reported READY to systemd, and switched back
# to when it does not. A failed first install undoes what it did. One install at a time (flock).
#
#   sudo make install                  # or: sudo hardware/install.sh [options]
#
# hardware/README.md explains every step; --help lists the options.
set -euo pipefail
umask 022

PROGRAM=install.sh
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(cd "$HERE/.." && pwd)
# shellcheck source=hardware/common.sh
. "$HERE/common.sh"

usage() {
    cat <<EOF
Usage: sudo hardware/install.sh [options]

Installs the code to $SRC_DIR, a virtual environment to $VENV_DIR (both made
in $RELEASES_DIR/ID and swapped in at the end), the user '$APP_USER',
$CONFIG_FILE (only if absent), the command $COMMAND_FILE and $UNIT_FILE,
then enables and (re)starts $UNIT_NAME and $SYNC_UNIT_NAME (Syncthing for club
nights, LAN only).

  --root DIR      stage into DIR instead of / (same as DESTDIR=DIR), only with --staging:
                  a root to inspect or test, which does NOT boot into a working hub (no venv,
                  the unit not enabled). For an SD card image, boot it and install there.
  --staging       say that --root/DESTDIR is meant as a staging root
  --wheels DIR    install offline from DIR, filled by `make wheelhouse` (pip --no-index);
                  the same as WHEELS=DIR
  --ready-timeout S  how long the new release has to report READY (default $READY_TIMEOUT s)
  --dfplayer      a Pi Zero 2 W with a DFPlayer Mini: a new config gets speaker = "dfplayer",
                  and --boot-config also turns the UART on and the serial console off
  --boot-config   add the hub's lines to config.txt (dtparam=audio=on; enable_uart=1 with
                  --dfplayer) in a marked block; without it they are only printed
  --console-boot  boot to the console instead of the desktop (systemctl set-default
                  multi-user.target), so the hub gets the screen on Raspberry Pi OS Desktop
  --read-only-root  turn on Raspberry Pi OS's overlay file system for the root (nothing
                  written to the SD card's system survives a reboot, so a pulled plug
                  cannot harm it) and keep the games folder writable on the card
  --no-apt        do not apt-get install the system packages the hub needs
  --skip-venv     no virtual environment and no pip install (code, user, config, unit only)
  --skip-pip      make the virtual environment without pip and do not pip install the package
  --pip-args ARGS extra arguments for pip install, e.g. "--no-index --find-links /media/wheels"
  --python PATH   the Python that makes the venv (default: /usr/bin/python3, the system one,
                  whose python3-lgpio the venv must see)
  --no-systemctl  never call systemctl (the unit is still installed, and enabled by a link)
  --dry-run       print what would be done, change nothing
  -h, --help      this text
EOF
}

APT=auto
VENV=full            # full | no-pip | none
STAGING=0
WHEELS=${WHEELS:-}   # a wheelhouse folder: pip install --no-index --find-links
PIP_ARGS=
PYTHON=
DFPLAYER=0
BOOT_CONFIG=0
CONSOLE_BOOT=0
READ_ONLY_ROOT=0
while [ $# -gt 0 ]; do
    case $1 in
        --root) set_root "${2:-}"; shift ;;
        --root=*) set_root "${1#*=}" ;;
        --dfplayer) DFPLAYER=1 ;;
        --boot-config) BOOT_CONFIG=1 ;;
        --console-boot) CONSOLE_BOOT=1 ;;
        --read-only-root) READ_ONLY_ROOT=1 ;;
        --no-apt) APT=no ;;
        --skip-venv) VENV=none ;;
        --staging) STAGING=1 ;;
        --wheels) WHEELS=${2:-}; shift ;;
        --wheels=*) WHEELS=${1#*=} ;;
        --ready-timeout) READY_TIMEOUT=${2:-}; shift ;;
        --ready-timeout=*) READY_TIMEOUT=${1#*=} ;;
        --skip-pip) [ "$VENV" = none ] || VENV=no-pip ;;
        --pip-args) PIP_ARGS=${2:-}; shift ;;
        --pip-args=*) PIP_ARGS=${1#*=} ;;
        --python) PYTHON=${2:-}; shift ;;
        --python=*) PYTHON=${1#*=} ;;
        *) common_option "$1" ;;
    esac
    shift
done
if [ -n "$ROOT" ]; then set_root "$ROOT"; fi  # DESTDIR=DIR: check and tidy it like --root
if [ -z "$PYTHON" ]; then
    if [ -x /usr/bin/python3 ]; then PYTHON=/usr/bin/python3; else PYTHON=python3; fi
fi
command -v "$PYTHON" >/dev/null 2>&1 || die "no Python at $PYTHON (sudo apt-get install python3)"
case $READY_TIMEOUT in '' | *[!0-9]*) die "--ready-timeout needs a whole number of seconds" ;; esac
if [ -n "$WHEELS" ]; then
    [ -d "$WHEELS" ] || die "--wheels $WHEELS: no such folder (make wheelhouse WHEELS=DIR fills one)"
    WHEELS=$(cd "$WHEELS" && pwd)
fi
# A root given by --root or DESTDIR is a staging root, never an image that boots: a venv made
# here would be this machine's Python with this folder's paths in its scripts, and the
# bytecode this Python's. Say so, or be refused.
if [ -n "$ROOT" ] && ! live_root_for_tests; then
    if [ "$STAGING" -eq 0 ]; then
        die "DESTDIR/--root makes only a staging root, which does not boot into a working hub (the venv must be made by the Pi's own Python): add --staging (make install DESTDIR=DIR INSTALL_ARGS=--staging) to stage anyway; for an SD card image, boot it and run sudo make install on it (hardware/README.md, 'Images and DESTDIR')"
    fi
    VENV=none
fi
require_root install
refuse_under_overlay
take_lock

# --- 0. The machine ----------------------------------------------------------------------
# pygame-ce has wheels for 64-bit Linux only (aarch64 and x86_64): on a 32-bit image pip
# would fail deep in a source build. The user space decides, not the kernel (32-bit Raspberry
# Pi OS runs a 64-bit kernel on a Pi 4), so ask dpkg first.
check_machine() {
    local system arch
    system=$(uname -s)
    [ "$system" = Linux ] || die "the hub needs 64-bit Linux (Raspberry Pi OS 64-bit); this is $system"
    [ -n "$ROOT" ] && return 0  # an image being built: its own architecture, not this one's
    if command -v dpkg >/dev/null 2>&1; then arch=$(dpkg --print-architecture); else arch=$(uname -m); fi
    case $arch in
        arm64 | aarch64 | amd64 | x86_64) ;;
        *) die "this is a 32-bit system ($arch): the hub needs a 64-bit one (pygame-ce has no $arch wheels); flash Raspberry Pi OS (64-bit) with Raspberry Pi Imager" ;;
    esac
}
check_machine

# --- 1. System packages ------------------------------------------------------------------
# python3-venv: the venv; python3-lgpio: gpiozero's pin factory (the only one on a Pi 5; it
# has no wheel for Trixie's Python 3.13, so the venv sees apt's through
# --system-site-packages); the Mesa, GBM and EGL libraries: SDL's kmsdrm video driver loads
# them to draw without a desktop (Lite does not ship them all); ALSA's library (libasound2 on
# Bookworm, libasound2t64 on Trixie, where libasound2 is only a name it provides: either
# counts); fonts-dejavu-core: the screens' font, the one with Hebrew and Ukrainian letters;
# alsa-utils and gpiod: aplay, alsamixer, gpioget for the troubleshooting page; espeak-ng:
# the hub's voice (speech); syncthing: club nights, the hubs of a room sharing their games
# (its own unit, chickenfoot-syncthing.service). "a|b" means either package.
APT_PACKAGES=(python3-venv python3-lgpio libgbm1 libegl1 libegl-mesa0 libgles2
              libgl1-mesa-dri "libasound2t64|libasound2" fonts-dejavu-core alsa-utils gpiod
              espeak-ng syncthing)
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
known_to_apt() { [ -n "$(apt-cache show --no-all-versions "$1" 2>/dev/null)" ]; }
install_packages() {
    if [ "$APT" = no ] || [ -n "$ROOT" ] || ! command -v apt-get >/dev/null 2>&1; then
        say "System packages: not installing (need: ${APT_PACKAGES[*]})"
        return 0
    fi
    local missing=() wanted choice choices
    for wanted in "${APT_PACKAGES[@]}"; do
        IFS='|' read -r -a choices <<<"$wanted"
        for choice in "${choices[@]}"; do installed "$choice" && continue 2; done
        missing+=("$wanted")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "System packages: all present"
        return 0
    fi
    run apt-get update -qq
    local install=()
    for wanted in "${missing[@]}"; do
        IFS='|' read -r -a choices <<<"$wanted"
        for choice in "${choices[@]}"; do
            if known_to_apt "$choice"; then install+=("$choice"); continue 2; fi
        done
        # python3-lgpio comes from Raspberry Pi OS's own archive: a plain Debian has none.
        warn "$wanted is not in this system's package sources; going on without it"
    done
    [ ${#install[@]} -eq 0 ] && return 0
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        "${install[@]}"
    APT_INSTALLED=("${install[@]}")
}
APT_INSTALLED=()

# --- 2. The user and its groups -----------------------------------------------------------
setup_user() {
    local group prefix
    mapfile -t prefix < <(shadow_prefix)
    for group in "${APP_GROUPS[@]}"; do
        if ! has_group "$group"; then
            # Raspberry Pi OS has all of them; a plain Debian (or a test root) may lack gpio
            # or render. The unit refuses to start with a SupplementaryGroups= that is missing.
            say "Group $group is missing: creating it as a system group"
            run groupadd "${prefix[@]}" --system "$group"
            undo_add groupdel "${prefix[@]}" "$group"
        fi
    done
    local list
    list=$(IFS=,; printf '%s' "${APP_GROUPS[*]}")
    if has_user "$APP_USER"; then
        # Already there (an update): make sure it is in every group, changing nothing else.
        run usermod "${prefix[@]}" --append --groups "$list" "$APP_USER"
    else
        run useradd "${prefix[@]}" --system --user-group --groups "$list" \
            --home-dir "$APP_HOME" --no-create-home --shell /usr/sbin/nologin \
            --comment "Chicken Foot Hub daemon" "$APP_USER"
        # Undone before the groups it joined; its own group after it (userdel under --prefix
        # may leave it).
        undo_add drop_group "$APP_USER"
        undo_add userdel "${prefix[@]}" "$APP_USER"
    fi
}

drop_group() {
    local prefix
    mapfile -t prefix < <(shadow_prefix)
    if has_group "$1"; then groupdel "${prefix[@]}" "$1"; fi
}

# --- 3. The code, staged --------------------------------------------------------------------
# Each install is a release of its own, RELEASES_DIR/ID/{src,venv}, made beside the one that
# runs; CURRENT_LINK points at the running one and is swapped in a single rename at the end
# (swap_release), after everything else worked. src and venv are fixed links through it, so
# the unit and the docs always name the same paths, and a venv never moves after it is made
# (its scripts and the editable install name their own absolute paths).
# Only what the package needs at run time (the sounds live beside the package, which is why
# pip installs it in editable mode below).
CODE_ITEMS=(pyproject.toml README.md LICENSE engine hubd sounds hardware systemd)
RELEASE_ID=$(date -u +%Y%m%dT%H%M%SZ)-$$
RELEASE=$RELEASES_DIR/$RELEASE_ID
PREVIOUS=   # the release that ran before this install (empty: a first install)
SWAPPED=0   # 1 once the new release is current: a failure then restarts the previous one

# --- Undoing a failed install ----------------------------------------------------------------
# Every step that changes something outside the new release first says how to take it back;
# a run that fails (or is interrupted) takes every change back, newest first, and says what
# it could not. So a failed update leaves the running hub as it was, and a failed first
# install leaves no user, no unit and no half-made files behind.
UNDO=()      # commands, each one line for eval, in the order the changes were made
BACKUPS=()   # copies kept for UNDO, removed once the install has worked
FAILED_STEP=
undo_add() {
    local line
    line=$(printf '%q ' "$@")
    UNDO+=("$line")
}
# Before changing a file or link: how to put it back (or remove it, if it was not there).
keep_copy() {
    local path=$1
    [ "$DRY_RUN" -eq 1 ] && return 0
    if [ -e "$path" ] || [ -L "$path" ]; then
        cp -a "$path" "$path.chickenfoot-undo"
        BACKUPS+=("$path.chickenfoot-undo")
        undo_add mv -fT "$path.chickenfoot-undo" "$path"
    else
        new_dir "$(dirname "$path")"
        undo_add rm -f "$path"
    fi
}
# Before making a folder (and the folders above it that are missing): remove again what this
# run made.
new_dir() {
    local top=$1
    [ "$DRY_RUN" -eq 1 ] || [ -e "$top" ] && return 0
    while [ ! -e "$(dirname "$top")" ]; do top=$(dirname "$top"); done
    undo_add rm -rf "$top"
}

undo_all() {
    local i left=()
    for ((i = ${#UNDO[@]} - 1; i >= 0; i--)); do
        eval "${UNDO[$i]}" >/dev/null 2>&1 || left+=("${UNDO[$i]}")
    done
    UNDO=()
    if [ ${#left[@]} -gt 0 ]; then
        warn "these could not be undone; what they would have done is left to do by hand:"
        printf '  %s\n' "${left[@]}" >&2
        return 1
    fi
}

on_exit() {
    local status=$?
    [ "$status" -eq 0 ] || [ "$DRY_RUN" -eq 1 ] && return 0
    set +e
    trap - EXIT
    undo_all
    local undone=$?
    if [ -n "$PREVIOUS" ]; then
        if [ "$undone" -eq 0 ]; then
            warn "${FAILED_STEP:-install failed}: $RELEASE is removed; the installed hub is unchanged (release $PREVIOUS)"
        fi
        # Before the swap the running hub never stopped: it is left alone.
        [ "$SWAPPED" -eq 0 ] || restart_previous
    elif [ "$undone" -eq 0 ]; then
        warn "${FAILED_STEP:-install failed}: everything this first install did is undone (no user, unit, config or code is left)"
    fi
    [ ${#APT_INSTALLED[@]} -eq 0 ] \
        || warn "the system packages it installed stay: ${APT_INSTALLED[*]} (sudo apt-get remove ... if unwanted)"
    exit "$status"
}
trap on_exit EXIT

stage_code() {
    local dest item items=()
    dest=$(target "$RELEASE/src")
    for item in "${CODE_ITEMS[@]}"; do
        [ -e "$SOURCE/$item" ] && items+=("$item")
    done
    new_dir "$(target "$APP_PREFIX")"
    new_dir "$(target "$RELEASES_DIR")"
    undo_add rm -rf "$(target "$RELEASE")"
    run mkdir -p "$dest"
    say "+ tar -C $SOURCE -c ${items[*]} | tar -C $dest -x"
    if [ "$DRY_RUN" -eq 0 ]; then
        # Owned by root whoever owns the checkout, and never group- or world-writable
        # whatever its modes: the service runs this code.
        tar -C "$SOURCE" -c --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' \
            "${items[@]}" | tar -C "$dest" -x --no-same-owner --no-same-permissions
    fi
    record_release "$dest"
    run chown -R 0:0 "$dest"
    run chmod -R u=rwX,go=rX "$dest"
    # The service cannot write next to the code (ProtectSystem=strict), so compile the
    # bytecode now; otherwise every start compiles every module again in memory. (A staging
    # root's Python is not the Pi's: its bytecode would only be ignored.)
    [ "$STAGING" -eq 1 ] || run "$PYTHON" -m compileall -q "$dest/engine" "$dest/hubd"
}

# release.txt beside the code: the version and the commit it came from, which `hubd
# --version` and the Settings screen show. The commit is read as root from a checkout owned
# by someone else, hence safe.directory; "+ local changes" when the work tree differs.
record_release() {
    local dest=$1 version commit=unknown
    version=$("$PYTHON" -B -c 'import sys, tomllib
print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$SOURCE/pyproject.toml" \
        2>/dev/null || echo unknown)
    if command -v git >/dev/null 2>&1 \
        && commit=$(git -c safe.directory="$SOURCE" -C "$SOURCE" rev-parse --short=12 HEAD 2>/dev/null); then
        if [ -n "$(git -c safe.directory="$SOURCE" -C "$SOURCE" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
            commit="$commit + local changes"
        fi
    else
        commit=unknown
    fi
    say "+ write $RELEASE/src/release.txt (version $version, commit $commit)"
    [ "$DRY_RUN" -eq 1 ] && return 0
    printf '%s\n' "# Written by hardware/install.sh: what this release is." "version=$version" \
        "commit=$commit" "release=$RELEASE_ID" "installed=$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        >"$dest/release.txt"
}

# --- 4. The virtual environment, staged ----------------------------------------------------
stage_venv() {
    local venv src
    venv=$(target "$RELEASE/venv")
    src=$(target "$RELEASE/src")
    case $VENV in
        none)
            if [ "$STAGING" -eq 1 ]; then
                say "Virtual environment: none in a staging root (it must be made by the Pi's own Python)"
            else
                say "Virtual environment: skipped (--skip-venv)"
            fi
            return 0 ;;
        no-pip)
            run "$PYTHON" -m venv --system-site-packages --without-pip "$venv"
            say "pip install: skipped (--skip-pip)"
            return 0 ;;
    esac
    # --system-site-packages: Raspberry Pi OS's Python is "externally managed", so the hub
    # gets its own venv, but it must still see python3-lgpio from apt (PyPI has no lgpio
    # wheel for Trixie's Python 3.13, and building one needs the C library's headers).
    run "$PYTHON" -m venv --system-site-packages "$venv"
    pip_install "$venv" "$src"
    # The new release must at least start before it replaces the running one.
    run "$venv/bin/python" -c "import hubd.cli.run, pygame, gpiozero, serial"
    check_pin_factory "$venv"
}

# The dependencies from the lock for this Python and machine (hardware/locks/, `make lock`):
# the same versions every time, each file checked against its hash, setuptools included, so
# the package itself then builds with no index at all (--no-build-isolation). --wheels DIR:
# from that folder only (--no-index). --ignore-installed: the venv's copy even when apt
# has one of them, so an apt upgrade cannot change the hub under it.
pip_install() {
    local venv=$1 src=$2 tag lock pip
    tag=$("$PYTHON" -c 'import platform, sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}-{platform.machine()}")')
    lock=$src/hardware/locks/$tag.txt
    pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
    [ -z "$WHEELS" ] || pip+=(--no-index --find-links "$WHEELS")
    if [ -f "$SOURCE/hardware/locks/$tag.txt" ]; then
        say "Dependencies: pinned by hardware/locks/$tag.txt${WHEELS:+, offline from $WHEELS}"
        # shellcheck disable=SC2086 # PIP_ARGS is a list of words on purpose
        run "${pip[@]}" --require-hashes --only-binary :all: --ignore-installed $PIP_ARGS \
            --requirement "$lock"
        # shellcheck disable=SC2086
        run "${pip[@]}" --no-deps --no-build-isolation $PIP_ARGS -e "$src"
    else
        warn "no lock for $tag in hardware/locks/: the dependencies are resolved afresh (unpinned)"
        # shellcheck disable=SC2086
        run "${pip[@]}" --upgrade $PIP_ARGS -e "$src"
    fi
}

# gpiozero's pin factory is lgpio from apt, reached through --system-site-packages.
check_pin_factory() {
    [ "$DRY_RUN" -eq 1 ] && return 0
    if "$1/bin/python" -c "import lgpio" >/dev/null 2>&1; then
        say "Pin factory: lgpio (python3-lgpio from apt) is found inside the venv"
    else
        warn "lgpio is not importable inside the venv: on a Raspberry Pi install python3-lgpio"
        warn "(sudo apt-get install python3-lgpio) and run this again; without it the hub uses mock pins"
    fi
}

# The release that runs now (empty on a first install, or an install from before releases).
running_release() {
    local current
    current=$(target "$CURRENT_LINK")
    if [ -L "$current" ] && [ -d "$current/" ]; then basename "$(readlink "$current")"; fi
}

# Point CURRENT_LINK at the new release in one rename and make src and venv the fixed links
# through it (an install from before releases had real folders there: they are kept as
# src.old and venv.old until the new release has started). The code is on the card first:
# a plug pulled right after this finds a whole release, old or new.
swap_release() {
    local prefix current link
    prefix=$(target "$APP_PREFIX")
    current=$(target "$CURRENT_LINK")
    run sync
    keep_copy "$current"
    run ln -sfn "releases/$RELEASE_ID" "$current.new"
    run mv -T "$current.new" "$current"
    SWAPPED=1
    for link in src venv; do
        if [ -e "$prefix/$link" ] && [ ! -L "$prefix/$link" ]; then
            run mv -T "$prefix/$link" "$prefix/$link.old"
            undo_add mv -fT "$prefix/$link.old" "$prefix/$link"
        else
            keep_copy "$prefix/$link"
        fi
        run ln -sfn "current/$link" "$prefix/$link.new"
        run mv -T "$prefix/$link.new" "$prefix/$link"
    done
}

# After the new release has started: keep it and the one before (to go back to by hand,
# hardware/README.md), remove the rest. sync first, so nothing is removed before what
# replaces it is on the card.
prune_releases() {
    local prefix old name
    prefix=$(target "$APP_PREFIX")
    run sync
    run rm -rf "$prefix/src.old" "$prefix/venv.old"
    for old in "$prefix"/releases/*; do
        [ -e "$old" ] || continue
        name=$(basename "$old")
        [ "$name" = "$RELEASE_ID" ] || [ "$name" = "$PREVIOUS" ] || run rm -rf "$old"
    done
}

# --- 5. Config, state folder, unit ----------------------------------------------------------
install_config() {
    local config
    config=$(target "$CONFIG_FILE")
    new_dir "$(target "$CONFIG_DIR")"
    run mkdir -p "$(target "$CONFIG_DIR")"
    if [ -e "$config" ]; then
        say "Config: keeping $CONFIG_FILE as it is"
        return 0
    fi
    local speaker=mixer
    [ "$DFPLAYER" -eq 1 ] && speaker=dfplayer
    say "+ write $CONFIG_FILE (fullscreen, speaker = \"$speaker\")"
    [ "$DRY_RUN" -eq 1 ] && return 0
    undo_add rm -f "$config"
    # Made by the package itself (the staged copy, so that the checkout gets no root-owned
    # __pycache__: -B writes no bytecode), so every key is there with its comment and default.
    PYTHONPATH=$(target "$RELEASE/src") "$PYTHON" -B - "$speaker" "$APP_HOME" >"$config.new" <<'EOF'
import sys

from hubd.config.loading import HubConfig, config_to_toml

config = (
    HubConfig()
    .override("display", fullscreen=True)
    .override("sound", speaker=sys.argv[1])
    .override("data", folder=sys.argv[2])  # the unit's StateDirectory=, for `hubd backup` too
)
print("# Written by hardware/install.sh; `make install` never overwrites it.")
print("# After a change: sudo systemctl restart hubd")
print(config_to_toml(config), end="")
EOF
    chmod 0644 "$config.new"
    mv "$config.new" "$config"
}

install_state_dirs() {
    local uid gid folder
    uid=$(user_field "$APP_USER" 3)
    gid=$(user_field "$APP_USER" 4)
    if [ -z "$uid" ]; then uid=$APP_USER gid=$APP_USER; fi  # --dry-run: not made yet
    # systemd makes them at the first start too; made now, `hubd` works before that.
    # Numeric ids: under --root the host may not know this user. Existing contents are
    # left alone: that is where the games are.
    for folder in "$APP_HOME" "$APP_CACHE"; do
        new_dir "$(target "$folder")"
        run install -d -m 0700 -o "$uid" -g "$gid" "$(target "$folder")"
    done
}

install_command() {
    keep_copy "$(target "$COMMAND_FILE")"
    run install -D -m 0755 "$HERE/hubd-command.sh" "$(target "$COMMAND_FILE")"
}

install_unit() {
    install_unit_file "$UNIT_NAME" Service
    install_unit_file "$SYNC_UNIT_NAME" "Syncthing (club nights)"
}

# One unit from systemd/, installed as it is and enabled (not in a staging root).
install_unit_file() {
    local name=$1 what=$2 file=/etc/systemd/system/$1 wants
    keep_copy "$(target "$file")"
    run install -D -m 0644 "$SOURCE/systemd/$name" "$(target "$file")"
    if [ "$STAGING" -eq 1 ]; then
        say "$what: installed, not enabled (a staging root does not run the hub)"
        return 0
    fi
    wants=$(target "/etc/systemd/system/multi-user.target.wants/$name")
    keep_copy "$wants"
    if ! can_systemctl; then
        # What `systemctl enable` would do for WantedBy=multi-user.target.
        run mkdir -p "$(dirname "$wants")"
        run ln -sfn "$file" "$wants"
        say "$what: enabled by a link (no systemctl)"
        return 0
    fi
    target_systemctl enable "$name"
}

# Syncthing, (re)started once the new release runs (its ExecStartPre is the new hubd's).
# Only a warning if it cannot: the hub works without it, and [club] enabled is off by default.
start_syncthing() {
    { can_systemctl && systemd_running; } || return 0
    if [ "$DRY_RUN" -eq 0 ] && ! command -v syncthing >/dev/null 2>&1; then
        warn "syncthing is not installed: club nights need it (sudo apt-get install syncthing)"
        return 0
    fi
    run systemctl restart "$SYNC_UNIT_NAME" \
        || warn "Syncthing did not start (journalctl -u $SYNC_UNIT_NAME); club nights wait for it"
}

# --console-boot: boot to the console (multi-user.target) rather than the desktop.
install_console_boot() {
    [ "$CONSOLE_BOOT" -eq 1 ] || return 0
    keep_copy "$(target "$STATE_FILE")"
    keep_copy "$(target /etc/systemd/system/default.target)"
    if ! state_has previous-default-target; then
        # What uninstall.sh puts back (empty: there was no default.target link).
        state_set previous-default-target "$(default_target_link)"
    fi
    if can_systemctl; then
        target_systemctl set-default multi-user.target
    else
        run ln -sfn /lib/systemd/system/multi-user.target "$(target /etc/systemd/system/default.target)"
    fi
}

# Where default.target pointed before --console-boot, read from the link itself (offline too).
default_target_link() {
    local link
    link=$(target /etc/systemd/system/default.target)
    if [ -L "$link" ]; then basename "$(readlink "$link")"; fi
}

# restart, not start: after an update the new code must run. A Type=notify start job ends
# when the daemon sends READY=1 (or when it fails), so `systemctl restart` waiting is the
# check; then the daemon must still be running, unrestarted, a few seconds later.
restart_service() {
    if ! can_systemctl || ! systemd_running; then
        [ "$STAGING" -eq 1 ] || say "Service: enabled; it starts at the next boot"
        return 0
    fi
    [ -n "$PREVIOUS" ] || undo_add systemctl stop "$UNIT_NAME"  # a first install: stop it
    run systemctl daemon-reload
    undo_add systemctl daemon-reload
    local started=$SECONDS
    if ! wait_ready; then
        FAILED_STEP="the new release $RELEASE_ID did not report READY within $READY_TIMEOUT s"
        warn "$FAILED_STEP (why: journalctl -u $UNIT_NAME -b -n 50)"
        return 1
    fi
    say "Service: $UNIT_NAME reported READY in $((SECONDS - started)) s (release $RELEASE_ID)"
}

# (Re)start the unit and wait for READY=1 and a few quiet seconds after it.
wait_ready() {
    [ "$DRY_RUN" -eq 1 ] && { run systemctl restart "$UNIT_NAME"; return 0; }
    local restarts
    say "+ systemctl restart $UNIT_NAME (waiting up to $READY_TIMEOUT s for READY=1)"
    timeout "$READY_TIMEOUT" systemctl restart "$UNIT_NAME" || return 1
    restarts=$(systemctl show -p NRestarts --value "$UNIT_NAME" 2>/dev/null || echo 0)
    sleep "$READY_SETTLE"
    systemctl is-active --quiet "$UNIT_NAME" \
        && [ "$(systemctl show -p NRestarts --value "$UNIT_NAME" 2>/dev/null || echo 0)" = "$restarts" ]
}

# After a failed update, once every change is undone: the previous release runs again.
restart_previous() {
    can_systemctl && systemd_running || return 0
    systemctl daemon-reload
    say "Switching back to release $PREVIOUS"
    if wait_ready; then
        warn "switched back: release $PREVIOUS runs again, as before the update"
    else
        warn "the previous release $PREVIOUS did not start either: sudo systemctl status $UNIT_NAME; journalctl -u $UNIT_NAME -b"
    fi
}

# --- --read-only-root: the overlay, and the games folder kept on the SD card ----------------
install_read_only_root() {
    [ "$READ_ONLY_ROOT" -eq 1 ] || return 0
    keep_copy "$(target "$DATA_UNIT_FILE")"
    run install -D -m 0644 "$SOURCE/systemd/$DATA_UNIT_NAME" "$(target "$DATA_UNIT_FILE")"
    new_dir "$(target "$UNIT_DROPIN_DIR")"
    run mkdir -p "$(target "$UNIT_DROPIN_DIR")"
    # The journal's folder on the card, which the data unit binds over the overlay's (a
    # persistent journal: `journalctl -b -1` finds the boot before).
    new_dir "$(target /var/log/journal)"
    run install -d -m 2755 "$(target /var/log/journal)"
    keep_copy "$(target "$STATE_FILE")"
    say "+ write $READ_ONLY_DROPIN"
    if [ "$DRY_RUN" -eq 0 ]; then
        printf '%s\n' "# Written by hardware/install.sh --read-only-root; uninstall.sh removes it." \
            "[Unit]" "Requires=$DATA_UNIT_NAME" "After=$DATA_UNIT_NAME" \
            >"$(target "$READ_ONLY_DROPIN")"
    fi
    state_set read-only-root 1
    if [ -n "$ROOT" ] || ! command -v raspi-config >/dev/null 2>&1; then
        warn "--read-only-root: the overlay is not turned on here (no raspi-config${ROOT:+ under --root});"
        warn "on the Pi: sudo raspi-config nonint do_overlayfs 0 && sudo reboot"
        return 0
    fi
    # raspi-config's Overlay File System: overlayroot=tmpfs on the kernel command line and
    # an initramfs that mounts the SD card's root read-only at /media/root-ro under a
    # RAM overlay. It takes effect at the next boot.
    run raspi-config nonint do_overlayfs 0
    undo_add raspi-config nonint do_overlayfs 1
    say "Read-only root: on from the next boot (sudo reboot). The games stay writable on the SD card."
}

# --- 6. Boot configuration (config.txt, cmdline.txt) -----------------------------------------
boot_lines() {
    printf '%s\n' "[all]" "dtparam=audio=on"
    [ "$DFPLAYER" -eq 1 ] && printf '%s\n' "enable_uart=1"
    return 0
}

apply_boot_config() {
    local dir config cmdline
    dir=$(boot_dir)
    config=$dir/config.txt
    cmdline=$dir/cmdline.txt
    if [ "$BOOT_CONFIG" -eq 0 ]; then
        say "Boot config: not changed. For the hub, $config should have:"
        boot_lines | sed 's/^/    /'
        [ "$DFPLAYER" -eq 1 ] && say "and the serial console off (raspi-config nonint do_serial_cons 1)."
        return 0
    fi
    [ -f "$config" ] || die "--boot-config: no $config"
    keep_copy "$config"
    keep_copy "$cmdline"
    keep_copy "$(target "$STATE_FILE")"
    if [ ! -e "$config.chickenfoot-hub.bak" ]; then
        undo_add rm -f "$config.chickenfoot-hub.bak"
        run cp -p "$config" "$config.chickenfoot-hub.bak"
    fi
    say "+ update the marked block in $config"
    if [ "$DRY_RUN" -eq 0 ]; then
        { strip_boot_block "$config"; echo "$BOOT_BLOCK_BEGIN"; boot_lines; echo "$BOOT_BLOCK_END"; } \
            >"$config.new"
        mv "$config.new" "$config"
    fi
    if [ "$DFPLAYER" -eq 1 ] && [ -f "$cmdline" ] && grep -qE 'console=(serial0|ttyAMA0|ttyS0)' "$cmdline"; then
        # The serial console would talk to the DFPlayer: take it off the kernel command line
        # (what raspi-config's "Serial Port > login shell: No" does), and remember it for
        # uninstall.sh.
        if [ ! -e "$cmdline.chickenfoot-hub.bak" ]; then
            undo_add rm -f "$cmdline.chickenfoot-hub.bak"
            run cp -p "$cmdline" "$cmdline.chickenfoot-hub.bak"
        fi
        state_set serial-console "$(grep -oE 'console=(serial0|ttyAMA0|ttyS0),[0-9]+' "$cmdline" | head -n 1)"
        run sed -i -E 's/console=(serial0|ttyAMA0|ttyS0),[0-9]+ ?//g' "$cmdline"
    fi
    say "Boot config: changed; it takes effect at the next reboot."
}

# --- 7. Kiosk check ------------------------------------------------------------------------
kiosk_notes() {
    # A display manager (lightdm on Raspberry Pi OS Desktop) started by graphical.target
    # holds the screen; without one, graphical.target is the console too.
    if [ -z "$ROOT" ] && can_systemctl && [ "$CONSOLE_BOOT" -eq 0 ] \
        && [ -e /etc/systemd/system/display-manager.service ] \
        && [ "$(systemctl get-default 2>/dev/null)" = graphical.target ]; then
        warn "this Pi boots to the desktop, which keeps the screen: the hub cannot draw on it."
        warn "Either boot to the console (sudo hardware/install.sh --console-boot), or run the"
        warn "hub in a desktop window (hardware/README.md, 'Raspberry Pi OS Desktop')."
    fi
    return 0
}

# The install worked: the copies kept for undoing go, and so do releases older than the
# previous one.
commit_install() {
    [ "$DRY_RUN" -eq 1 ] || rm -f "${BACKUPS[@]}"
    UNDO=()
    BACKUPS=()
    prune_releases
}

say "Installing the Chicken Foot Hub from $SOURCE${ROOT:+ into $ROOT}"
[ "$STAGING" -eq 0 ] || say "Staging root: the files an install puts in place, for a test or a look; it does not boot into a working hub."
PREVIOUS=$(running_release)
install_packages
setup_user
stage_code
stage_venv
install_config
install_state_dirs
install_command
install_unit
install_console_boot
install_read_only_root
apply_boot_config
swap_release
restart_service
start_syncthing
commit_install
kiosk_notes
say "Done. Logs: journalctl -u hubd. Wiring test: sudo systemctl stop hubd; hubd check-hardware"
