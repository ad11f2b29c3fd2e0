# install.sh's first steps: the machine checked, the system packages, the hub's user and groups.
# shellcheck shell=bash  # sourced by hardware/install.sh, not run

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

# --- 1. System packages ------------------------------------------------------------------
# python3-venv: the venv; python3-lgpio: gpiozero's pin factory (the only one on a Pi 5; it
# has no wheel for Trixie's Python 3.13, so the venv sees apt's through
# --system-site-packages); the Mesa, GBM and EGL libraries: SDL's kmsdrm video driver loads
# them to draw without a desktop (Lite does not ship them all); ALSA's library (libasound2 on
# Bookworm, libasound2t64 on Trixie, where libasound2 is only a name it provides: either
# counts); fonts-dejavu-core: the screens' font, the one with Hebrew and Ukrainian letters;
# alsa-utils and gpiod: aplay, alsamixer, gpioget for the troubleshooting page; espeak-ng:
# the hub's voice (speech); syncthing: club nights, the hubs of a room sharing their games
# (its own unit, chickenfoot-syncthing.service); python3-opencv: reading a hand from a photo
# (the venv sees it through --system-site-packages; without it the camera is not offered).
# "a|b" means either package. (The page's <host>.local name is Avahi's, which Raspberry Pi OS
# has: install-network.sh.)
APT_PACKAGES=(python3-venv python3-lgpio libgbm1 libegl1 libegl-mesa0 libgles2
              libgl1-mesa-dri "libasound2t64|libasound2" fonts-dejavu-core alsa-utils gpiod
              espeak-ng syncthing python3-opencv)
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
# shellcheck disable=SC2034 # read by on_exit (install-undo.sh)
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
