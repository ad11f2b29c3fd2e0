#!/usr/bin/env bash
# Install the Chicken Foot Hub on 64-bit Raspberry Pi OS (Bookworm or Trixie, Lite or Desktop)
# so that it starts by itself at power-on. Safe to run again: that is how an update is
# installed, and it never touches the games database or an existing config file. The new code
# and its venv are made beside the running ones and swapped in only once they work, so a
# failed or offline re-run leaves the old install running.
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
then enables and (re)starts $UNIT_NAME.

  --root DIR      install into DIR instead of / (same as DESTDIR=DIR): for an image being
                  built or a test. No apt-get, no pip install, no service start; the unit is
                  enabled offline with systemctl --root.
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
        --skip-pip) [ "$VENV" = none ] || VENV=no-pip ;;
        --pip-args) PIP_ARGS=${2:-}; shift ;;
        --pip-args=*) PIP_ARGS=${1#*=} ;;
        --python) PYTHON=${2:-}; shift ;;
        --python=*) PYTHON=${1#*=} ;;
        --no-systemctl) USE_SYSTEMCTL=no ;;
        --dry-run) DRY_RUN=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
    shift
done
if [ -n "$ROOT" ]; then set_root "$ROOT"; fi  # DESTDIR=DIR: check and tidy it like --root
if [ -z "$PYTHON" ]; then
    if [ -x /usr/bin/python3 ]; then PYTHON=/usr/bin/python3; else PYTHON=python3; fi
fi
command -v "$PYTHON" >/dev/null 2>&1 || die "no Python at $PYTHON (sudo apt-get install python3)"
if [ -n "$ROOT" ] && [ "$VENV" = full ]; then
    # A venv records its own absolute path in its scripts: one made under DIR would point
    # into DIR once the image boots. Make it without pip here; run pip on the Pi itself.
    VENV=no-pip
fi
require_root install
refuse_under_overlay

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
# the hub's voice (speech). "a|b" means either package.
APT_PACKAGES=(python3-venv python3-lgpio libgbm1 libegl1 libegl-mesa0 libgles2
              libgl1-mesa-dri "libasound2t64|libasound2" fonts-dejavu-core alsa-utils gpiod
              espeak-ng)
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
}

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
    fi
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
STAGED=
discard_staged() {
    # A failed or interrupted run: the half-made release goes, the running one stays.
    if [ -n "$STAGED" ] && [ -e "$STAGED" ]; then
        warn "install failed: $RELEASE is removed; the installed hub is unchanged"
        rm -rf "$STAGED"
    fi
}
trap discard_staged EXIT

stage_code() {
    local dest item items=()
    dest=$(target "$RELEASE/src")
    for item in "${CODE_ITEMS[@]}"; do
        [ -e "$SOURCE/$item" ] && items+=("$item")
    done
    STAGED=$(target "$RELEASE")
    run mkdir -p "$dest"
    say "+ tar -C $SOURCE -c ${items[*]} | tar -C $dest -x"
    if [ "$DRY_RUN" -eq 0 ]; then
        # Owned by root whoever owns the checkout, and never group- or world-writable
        # whatever its modes: the service runs this code.
        tar -C "$SOURCE" -c --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' \
            "${items[@]}" | tar -C "$dest" -x --no-same-owner --no-same-permissions
    fi
    run chown -R 0:0 "$dest"
    run chmod -R u=rwX,go=rX "$dest"
    # The service cannot write next to the code (ProtectSystem=strict), so compile the
    # bytecode now; otherwise every start compiles every module again in memory.
    run "$PYTHON" -m compileall -q "$dest/engine" "$dest/hubd"
}

# --- 4. The virtual environment, staged ----------------------------------------------------
stage_venv() {
    local venv src
    venv=$(target "$RELEASE/venv")
    src=$(target "$RELEASE/src")
    case $VENV in
        none)
            say "Virtual environment: skipped (--skip-venv)"
            return 0 ;;
        no-pip)
            run "$PYTHON" -m venv --system-site-packages --without-pip "$venv"
            say "pip install: skipped; on the Pi run:"
            say "  $RELEASE/venv/bin/python -m pip install --upgrade ${PIP_ARGS:+$PIP_ARGS }-e $RELEASE/src"
            return 0 ;;
    esac
    # --system-site-packages: Raspberry Pi OS's Python is "externally managed", so the hub
    # gets its own venv, but it must still see python3-lgpio from apt (PyPI has no lgpio
    # wheel for Trixie's Python 3.13, and building one needs the C library's headers).
    run "$PYTHON" -m venv --system-site-packages "$venv"
    # shellcheck disable=SC2086 # PIP_ARGS is a list of words on purpose
    run "$venv/bin/python" -m pip install --quiet --upgrade $PIP_ARGS -e "$src"
    # The new release must at least start before it replaces the running one.
    run "$venv/bin/python" -c "import hubd.cli, pygame, gpiozero, serial"
    check_pin_factory "$venv"
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

# Point CURRENT_LINK at the new release in one rename, make src and venv the fixed links
# through it (an install from before releases had real folders there), then drop the
# releases that no longer run.
swap_release() {
    local prefix current link old
    prefix=$(target "$APP_PREFIX")
    current=$(target "$CURRENT_LINK")
    run ln -sfn "releases/$RELEASE_ID" "$current.new"
    run mv -T "$current.new" "$current"
    STAGED=
    for link in src venv; do
        if [ -e "$prefix/$link" ] && [ ! -L "$prefix/$link" ]; then
            run mv -T "$prefix/$link" "$prefix/$link.old"
        fi
        run ln -sfn "current/$link" "$prefix/$link.new"
        run mv -T "$prefix/$link.new" "$prefix/$link"
        run rm -rf "$prefix/$link.old"
    done
    for old in "$prefix"/releases/*; do
        [ -e "$old" ] || continue
        [ "$(basename "$old")" = "$RELEASE_ID" ] || run rm -rf "$old"
    done
}

# --- 5. Config, state folder, unit ----------------------------------------------------------
install_config() {
    local config
    config=$(target "$CONFIG_FILE")
    run mkdir -p "$(target "$CONFIG_DIR")"
    if [ -e "$config" ]; then
        say "Config: keeping $CONFIG_FILE as it is"
        return 0
    fi
    local speaker=mixer
    [ "$DFPLAYER" -eq 1 ] && speaker=dfplayer
    say "+ write $CONFIG_FILE (fullscreen, speaker = \"$speaker\")"
    [ "$DRY_RUN" -eq 1 ] && return 0
    # Made by the package itself, so every key is there with its comment and default.
    PYTHONPATH=$SOURCE "$PYTHON" - "$speaker" "$APP_HOME" >"$config.new" <<'EOF'
import sys

from hubd.config import HubConfig, config_to_toml

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
        run install -d -m 0700 -o "$uid" -g "$gid" "$(target "$folder")"
    done
}

install_command() {
    run install -D -m 0755 "$HERE/hubd-command.sh" "$(target "$COMMAND_FILE")"
}

install_unit() {
    run install -D -m 0644 "$SOURCE/systemd/$UNIT_NAME" "$(target "$UNIT_FILE")"
    if ! can_systemctl; then
        # What `systemctl enable` would do for WantedBy=multi-user.target.
        run mkdir -p "$(target /etc/systemd/system/multi-user.target.wants)"
        run ln -sfn "$UNIT_FILE" "$(target /etc/systemd/system/multi-user.target.wants/$UNIT_NAME)"
        say "Service: enabled by a link (no systemctl)"
        return 0
    fi
    target_systemctl enable "$UNIT_NAME"
}

# --console-boot: boot to the console (multi-user.target) rather than the desktop.
install_console_boot() {
    [ "$CONSOLE_BOOT" -eq 1 ] || return 0
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

restart_service() {
    if can_systemctl && systemd_running; then
        run systemctl daemon-reload
        # restart, not start: after an update the new code must run.
        run systemctl restart "$UNIT_NAME"
    else
        say "Service: enabled; it starts at the next boot"
    fi
}

# --- --read-only-root: the overlay, and the games folder kept on the SD card ----------------
install_read_only_root() {
    [ "$READ_ONLY_ROOT" -eq 1 ] || return 0
    run install -D -m 0644 "$SOURCE/systemd/$DATA_UNIT_NAME" "$(target "$DATA_UNIT_FILE")"
    run mkdir -p "$(target "$UNIT_DROPIN_DIR")"
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
    [ -e "$config.chickenfoot-hub.bak" ] || run cp -p "$config" "$config.chickenfoot-hub.bak"
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
        [ -e "$cmdline.chickenfoot-hub.bak" ] || run cp -p "$cmdline" "$cmdline.chickenfoot-hub.bak"
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

say "Installing the Chicken Foot Hub from $SOURCE${ROOT:+ into $ROOT}"
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
swap_release
restart_service
apply_boot_config
kiosk_notes
say "Done. Logs: journalctl -u hubd. Wiring test: sudo systemctl stop hubd; hubd check-hardware"
