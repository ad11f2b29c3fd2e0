# install.sh's undo log: how each change is taken back, a failed install undone, a good one kept.
# shellcheck shell=bash  # sourced by hardware/install.sh, not run

# --- Undoing a failed install ----------------------------------------------------------------
# Every step that changes something outside the new release first says how to take it back;
# a run that fails (or is interrupted) takes every change back, newest first, and says what
# it could not. So a failed update leaves the running hub as it was, and a failed first
# install leaves no user, no unit and no half-made files behind.
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

# The install worked: the copies kept for undoing go, and so do releases older than the
# previous one.
commit_install() {
    [ "$DRY_RUN" -eq 1 ] || rm -f "${BACKUPS[@]}"
    UNDO=()
    BACKUPS=()
    prune_releases
}
