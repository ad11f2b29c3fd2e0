#!/bin/sh
# The games folder (and the journal) written to the SD card while the root is read-only
# (hardware/install.sh --read-only-root; systemd/chickenfoot-data.service runs it).
#
#   games-on-card.sh start|stop [--dry-run]
#
# Raspberry Pi OS's overlay file system keeps every write to the system in RAM, over the
# card's own root mounted read-only (at /media/root-ro with raspi-config's overlayroot, but
# found here rather than assumed). start makes the card's file system writable, binds its
# /var/lib/chickenfoot and /var/log/journal over the overlay's, and turns the card's root
# mount read-only again: only those two folders are written to the card (the games with
# SQLite's synchronous=FULL, as always; the journal so that `journalctl -b -1` finds the boot
# before). stop lets go of them and puts the card back to read-only. Without the overlay it
# does nothing.
set -eu
GAMES=/var/lib/chickenfoot
JOURNAL=/var/log/journal
CMDLINE=${GAMES_ON_CARD_CMDLINE:-/proc/cmdline}  # the kernel's (tests name another)
DRY_RUN=0
[ "${2:-}" = --dry-run ] && DRY_RUN=1

run() {
    echo "+ $*"
    [ "$DRY_RUN" -eq 1 ] || "$@"
}

# The card's root under the overlay: the overlay's lowerdir if it is a mount point, else
# wherever the root partition named on the kernel command line is mounted.
lower_root() {
    [ "$(findmnt -n -o FSTYPE /)" = overlay ] || return 1
    dir=$(findmnt -n -o OPTIONS / | tr ',' '\n' | sed -n 's/^lowerdir=//p' | cut -d: -f1)
    if [ -n "$dir" ] && findmnt -n "$dir" >/dev/null 2>&1; then
        printf '%s\n' "$dir"
        return 0
    fi
    root=$(tr ' ' '\n' <"$CMDLINE" | sed -n 's/^root=//p' | tail -n 1)
    case $root in
        PARTUUID=* | UUID=* | LABEL=*) device=$(blkid -o device -t "$root" 2>/dev/null | head -n 1) ;;
        *) device=$root ;;
    esac
    [ -n "$device" ] || return 1
    findmnt -n -o TARGET --source "$device" | grep -vx / | head -n 1 | grep .
}

case ${1:-} in
    start)
        if ! card=$(lower_root); then
            echo "games-on-card: the root is no overlay: nothing to do"
            exit 0
        fi
        echo "games-on-card: the card's root is at $card"
        # The card's file system writable (its superblock) for the two binds ...
        run mount -o remount,rw "$card"
        run mount --bind "$card$GAMES" "$GAMES"
        if [ -d "$card$JOURNAL" ]; then
            run mount --bind "$card$JOURNAL" "$JOURNAL"
        fi
        # ... and the card's root mount read-only again: nothing else can write through it.
        run mount -o remount,bind,ro "$card"
        # A journal already started in RAM moves onto the card now.
        if [ -d "$card$JOURNAL" ]; then run journalctl --flush || true; fi
        ;;
    stop)
        card=$(lower_root) || exit 0
        if findmnt -n "$JOURNAL" >/dev/null 2>&1; then
            run journalctl --relinquish-var || true  # journald writes to /run until the end
            run umount "$JOURNAL" || run umount -l "$JOURNAL"
        fi
        if findmnt -n "$GAMES" >/dev/null 2>&1; then run umount "$GAMES"; fi
        # The file system read-only again, so a clean power-off leaves nothing half-written.
        run mount -o remount,ro "$card"
        ;;
    *)
        echo "usage: games-on-card.sh start|stop [--dry-run]" >&2
        exit 2
        ;;
esac
