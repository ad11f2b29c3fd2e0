#!/usr/bin/env bash
# Remove what hardware/install.sh put in place. The games database (/var/lib/chickenfoot),
# the config (/etc/chickenfoot-hub) and the user who owns the database are kept, so that a
# later install finds every game again; --purge removes them too. Safe to run again.
#
#   sudo make uninstall                # or: sudo hardware/uninstall.sh [--purge]
set -euo pipefail
umask 022

PROGRAM=uninstall.sh
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=hardware/common.sh
. "$HERE/common.sh"

usage() {
    cat <<EOF
Usage: sudo hardware/uninstall.sh [options]

Stops and disables $UNIT_NAME and removes it, $APP_PREFIX, $COMMAND_FILE and the
hub's block in config.txt. Keeps $APP_HOME (the games), $CONFIG_DIR and the user '$APP_USER'.

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
        --no-systemctl) USE_SYSTEMCTL=no ;;
        --dry-run) DRY_RUN=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
    shift
done
if [ -n "$ROOT" ]; then set_root "$ROOT"; fi
require_root uninstall

remove_unit() {
    if can_systemctl && [ -e "$(target "$UNIT_FILE")" ]; then
        if systemd_running; then
            run systemctl disable --now "$UNIT_NAME"
        else
            target_systemctl disable "$UNIT_NAME"
        fi
    fi
    run rm -f "$(target /etc/systemd/system/multi-user.target.wants/$UNIT_NAME)"
    run rm -f "$(target "$UNIT_FILE")"
    run rm -rf "$(target /etc/systemd/system/$UNIT_NAME.d)"
    if can_systemctl && systemd_running; then run systemctl daemon-reload; fi
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
    if [ -e "$(boot_dir)/cmdline.txt.chickenfoot-hub.bak" ]; then
        say "The serial console stays off; turn it on again with raspi-config if you want it."
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
run rm -rf "$(target "$APP_PREFIX")"
run rm -f "$(target "$COMMAND_FILE")"
remove_boot_block
if [ "$PURGE" -eq 1 ]; then
    purge
    say "Done: everything removed, the games too."
else
    say "Done. Kept: $APP_HOME (games), $CONFIG_DIR and the user $APP_USER;"
    say "sudo make uninstall UNINSTALL_ARGS=--purge removes them too."
fi
