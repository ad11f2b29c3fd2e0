# install.sh's service set-up: config, state folders, command, units, (re)start, kiosk check.
# shellcheck shell=bash  # sourced by hardware/install.sh, not run

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
