#!/usr/bin/env bash
# Remove what hardware/install.sh put in place, and undo what its options changed (the boot
# target of --console-boot, the serial console of --dfplayer --boot-config, the overlay of
# --read-only-root). The games database (/var/lib/chickenfoot), the config
# (/etc/chickenfoot-hub) and the user who owns the database are kept, so that a later install
# finds every game again; --purge removes them too. Safe to run again.
#
#   sudo make uninstall                # or: sudo hardware/uninstall.sh [--purge]
set -euo pipefail
umask 022

PROGRAM=uninstall.sh
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=hardware/common.sh
. "$HERE/common.sh"
# shellcheck source=hardware/install-network.sh
. "$HERE/install-network.sh"

usage() {
    cat <<EOF
Usage: sudo hardware/uninstall.sh [options]

Stops and disables $UNIT_NAME and $SYNC_UNIT_NAME and removes them, $APP_PREFIX, $COMMAND_FILE and the
hub's block in config.txt, and undoes what install.sh's options changed (recorded in
$STATE_FILE). Keeps $APP_HOME (the games), $CONFIG_DIR and the user '$APP_USER'.

  --purge         also remove the games database, the cache, the config and the user
  --root DIR      work on DIR instead of / (same as DESTDIR=DIR)
  --no-systemctl  never call systemctl
  --dry-run       print what would be done, change nothing
  -h, --help      this text
EOF
}

PURGE=0
while [ $# -gt 0 ]; do
    case $1 in
        --purge) PURGE=1 ;;
        --root) set_root "${2:-}"; shift ;;
        --root=*) set_root "${1#*=}" ;;
        *) common_option "$1" ;;
    esac
    shift
done
if [ -n "$ROOT" ]; then set_root "$ROOT"; fi
require_root uninstall
refuse_under_overlay
take_lock

remove_unit() {
    local name
    for name in "$UNIT_NAME" "$SYNC_UNIT_NAME"; do
        if can_systemctl && [ -e "$(target "/etc/systemd/system/$name")" ]; then
            if systemd_running; then
                run systemctl disable --now "$name"
            else
                target_systemctl disable "$name"
            fi
        fi
        run rm -f "$(target "/etc/systemd/system/multi-user.target.wants/$name")"
        run rm -f "$(target "/etc/systemd/system/$name")"
    done
    run rm -rf "$(target "$UNIT_DROPIN_DIR")"
    run rm -f "$(target "$DATA_UNIT_FILE")"
    if can_systemctl && systemd_running; then run systemctl daemon-reload; fi
}

# --console-boot: the boot target as it was before (no link at all if there was none).
undo_console_boot() {
    state_has previous-default-target || return 0
    local previous
    previous=$(state_get previous-default-target)
    if [ -z "$previous" ]; then
        run rm -f "$(target /etc/systemd/system/default.target)"
    elif can_systemctl; then
        target_systemctl set-default "$previous"
    else
        run ln -sfn "/lib/systemd/system/$previous" "$(target /etc/systemd/system/default.target)"
    fi
    say "Boot target: back to ${previous:-the default of the system}"
    state_forget previous-default-target
}

# --read-only-root: the overlay off again (from the next boot); the data unit went above.
undo_read_only_root() {
    state_has read-only-root || return 0
    if [ -z "$ROOT" ] && command -v raspi-config >/dev/null 2>&1; then
        run raspi-config nonint do_overlayfs 1
        say "Read-only root: off from the next boot."
    else
        warn "the overlay file system may still be on: sudo raspi-config nonint do_overlayfs 1"
    fi
    state_forget read-only-root
}

# --dfplayer --boot-config: the serial console back on the kernel command line.
undo_serial_console() {
    state_has serial-console || return 0
    local console cmdline
    console=$(state_get serial-console)
    cmdline=$(boot_dir)/cmdline.txt
    if [ -n "$console" ] && [ -f "$cmdline" ] && ! grep -qF "$console" "$cmdline"; then
        say "+ put $console back at the start of $cmdline"
        [ "$DRY_RUN" -eq 1 ] || sed -i "1s/^/$console /" "$cmdline"
    fi
    state_forget serial-console
}

remove_boot_block() {
    local config
    config=$(boot_dir)/config.txt
    [ -f "$config" ] && grep -qxF "$BOOT_BLOCK_BEGIN" "$config" || return 0
    say "+ remove the hub's block from $config"
    if [ "$DRY_RUN" -eq 0 ]; then
        strip_boot_block "$config" >"$config.new"
        mv "$config.new" "$config"
    fi
}

purge() {
    run rm -rf "$(target "$APP_HOME")" "$(target "$APP_CACHE")" "$(target "$CONFIG_DIR")"
    local prefix
    mapfile -t prefix < <(shadow_prefix)
    if has_user "$APP_USER"; then
        run userdel "${prefix[@]}" "$APP_USER"
    fi
    # useradd --user-group made it; userdel removes it unless something else uses it.
    if has_group "$APP_USER"; then
        run groupdel "${prefix[@]}" "$APP_USER"
    fi
    # The device groups (gpio, audio, ...) stay: other software relies on them.
}

say "Uninstalling the Chicken Foot Hub${ROOT:+ from $ROOT}"
remove_unit
remove_network
undo_console_boot
undo_read_only_root
run rm -rf "$(target "$APP_PREFIX")"
run rm -f "$(target "$COMMAND_FILE")"
remove_boot_block
undo_serial_console
if [ "$PURGE" -eq 1 ]; then
    purge
    say "Done: everything removed, the games too."
else
    say "Done. Kept: $APP_HOME (games), $CONFIG_DIR and the user $APP_USER;"
    say "sudo make uninstall UNINSTALL_ARGS=--purge removes them too."
fi
