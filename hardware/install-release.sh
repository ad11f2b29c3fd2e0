# install.sh's releases: the code and its venv staged beside the running ones, swapped, pruned.
# shellcheck shell=bash  # sourced by hardware/install.sh, not run

# --- 3. The code, staged (how a release is laid out: the comment above CODE_ITEMS, install.sh)
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
    # shellcheck disable=SC2153 # VENV: the option, set in install.sh
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
    # shellcheck disable=SC2034 # read by on_exit (install-undo.sh)
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
