#!/bin/sh
# /usr/local/bin/hubd, installed by hardware/install.sh: the hub's commands with the
# installed config, e.g.
#   hubd check-hardware                    (stop the service first: sudo systemctl stop hubd)
#   sudo hubd backup /tmp/hub-backup.sqlite3
#   sudo hubd export --format csv -o /tmp/scores.csv
#   hubd --version, hubd --help, hubd club standings, hubd layout game.jsonl
# Run with sudo, it acts as the service's user, so that files in the games folder keep
# their owner and the daemon can still open them.
set -eu
HUBD=/opt/chickenfoot-hub/venv/bin/hubd
CONFIG=/etc/chickenfoot-hub/hubd.toml
APP_USER=chickenfoot

# Every command and option of hubd's passes through (`hubd --help` lists them); the installed
# config is added to the commands that take --config, and `run` only when no command is given
# (`hubd --mock-pins` is `hubd run --mock-pins`). The lists match hubd's parser: the tests
# (tests/hardware/test_installer_wrapper.py) check each command against it.
case ${1:-} in
    -h | --help | --version) ;;
    run | export | import | backup | check-hardware)
        command=$1; shift
        set -- "$command" --config "$CONFIG" "$@" ;;
    club)
        case ${2:-} in
            standings | seating | set-aside | prepare-syncthing)
                action=$2; shift 2
                set -- club "$action" --config "$CONFIG" "$@" ;;
        esac ;;
    layout | count-tiles) ;;
    -* | "") set -- run --config "$CONFIG" "$@" ;;
    # Anything else is hubd's to refuse, with its own message.
esac

# lgpio creates its notification FIFOs in $LG_WD (else the working directory), which must
# be writable and the caller's own.
if [ "$(id -u)" -eq 0 ]; then
    # The service's environment, as far as it matters here: its home, its cache, and
    # ALSA rather than a desktop sound server the service would not see either.
    exec runuser -u "$APP_USER" -- env -u XDG_RUNTIME_DIR \
        HOME=/var/lib/chickenfoot XDG_CACHE_HOME=/var/cache/chickenfoot \
        LG_WD="${LG_WD:-/var/cache/chickenfoot}" SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-alsa}" \
        "$HUBD" "$@"
fi
LG_WD=${LG_WD:-${XDG_RUNTIME_DIR:-$HOME}}
export LG_WD
exec "$HUBD" "$@"
