#!/usr/bin/env bash
# `make wheelhouse WHEELS=DIR`: download every wheel hardware/locks/ pins into DIR, checked
# against the lock's hashes, so that a Pi with no network installs with
#   sudo make install WHEELS=DIR        (pip install --no-index --find-links DIR)
#
#   hardware/wheelhouse.sh DIR [TARGET...]   # TARGET: cp311-aarch64 (Bookworm), cp313-aarch64
#                                            # (Trixie), cp311-x86_64, cp313-x86_64
# The default is both Raspberry Pi OS releases on the Pi (cp311-aarch64 cp313-aarch64): one
# folder (about 30 MB) for either. It runs on any machine with pip and PyPI, not only on a Pi.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(cd "$HERE/.." && pwd)
PYTHON=${PYTHON:-$SOURCE/.venv/bin/python}
[ -x "$PYTHON" ] || PYTHON=python3

die() { printf 'wheelhouse.sh: %s\n' "$*" >&2; exit 1; }
if [ $# -lt 1 ] || [ -z "$1" ]; then
    die "usage: hardware/wheelhouse.sh DIR [TARGET...] (make wheelhouse WHEELS=DIR)"
fi
DEST=$1
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(cp311-aarch64 cp313-aarch64)
mkdir -p "$DEST"
for target in "${TARGETS[@]}"; do
    lock=$HERE/locks/$target.txt
    [ -f "$lock" ] || die "no lock for $target ($lock); the locks are: $(cd "$HERE/locks" && ls)"
    python=${target%%-*}   # cp311
    arch=${target#*-}      # aarch64
    echo "== $target"
    # --isolated: this machine's own pip settings (extra indexes, constraints) stay out; the
    # lock alone decides, and every file must match one of its hashes.
    "$PYTHON" -m pip download --isolated --quiet --disable-pip-version-check --no-deps \
        --require-hashes --only-binary :all: --implementation cp \
        --python-version "${python#cp}" --abi "$python" --abi abi3 --abi none \
        --platform "manylinux_2_36_$arch" --platform "manylinux_2_28_$arch" \
        --platform "manylinux_2_17_$arch" --platform "manylinux2014_$arch" --platform any \
        --dest "$DEST" --requirement "$lock"
done
cp "$HERE"/locks/*.txt "$DEST"/
count=$(find "$DEST" -maxdepth 1 -name '*.whl' | wc -l)
size=$(du -sh "$DEST" | cut -f1)
echo "Wheelhouse $DEST: $count wheels, $size, with the locks. On the Pi:"
echo "  sudo make install WHEELS=$DEST"
