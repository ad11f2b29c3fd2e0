# install.sh's boot options: the read-only root, and the Pi's config.txt and cmdline.txt.
# shellcheck shell=bash  # sourced by hardware/install.sh, not run

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
