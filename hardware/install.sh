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
# The steps, as functions: the sequence at the end of this file runs them.
# shellcheck source=hardware/install-system.sh
. "$HERE/install-system.sh"
# shellcheck source=hardware/install-undo.sh
. "$HERE/install-undo.sh"
# shellcheck source=hardware/install-release.sh
. "$HERE/install-release.sh"
# shellcheck source=hardware/install-service.sh
. "$HERE/install-service.sh"
# shellcheck source=hardware/install-network.sh
. "$HERE/install-network.sh"
# shellcheck source=hardware/install-boot.sh
. "$HERE/install-boot.sh"

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
  --wheels DIR    install offline from DIR, filled by "make wheelhouse" (pip --no-index);
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

# --- 0. The machine, 1. system packages, 2. the user: hardware/install-system.sh ----------
check_machine

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

# --- Undoing a failed install: hardware/install-undo.sh ------------------------------------
UNDO=()      # commands, each one line for eval, in the order the changes were made
BACKUPS=()   # copies kept for UNDO, removed once the install has worked
FAILED_STEP=
trap on_exit EXIT

# --- The steps, in order: 0-2 in install-system.sh, 3-4 install-release.sh, 5 and 7
# install-service.sh, 6 and --read-only-root install-boot.sh, commit_install install-undo.sh.
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
install_network
install_console_boot
install_read_only_root
apply_boot_config
swap_release
restart_service
start_syncthing
commit_install
kiosk_notes
say "Done. Logs: journalctl -u hubd. Wiring test: sudo systemctl stop hubd; hubd check-hardware"
