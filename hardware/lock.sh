#!/usr/bin/env bash
# `make lock`: pin every package the hub installs, with hashes, for each Pi it runs on.
#
# Writes hardware/locks/cpXYZ-ARCH.txt for 64-bit Raspberry Pi OS Bookworm (Python 3.11) and
# Trixie (3.13) on aarch64, and the same two on x86_64 (a PC running the hub, and this
# machine's own offline-install check). Each holds the project's [project] dependencies, what
# they need, and setuptools (the build backend, so an offline install can build the package
# itself), every version pinned with the sha256 of each file PyPI has for it. Only wheels are
# accepted: a Pi never compiles (python-bidi's source needs Rust). The first line after
# uv's header records a digest of the inputs; tests/hardware/test_installer_system.py says "run make lock"
# when pyproject.toml's dependencies change and the locks do not.
#
#   make lock               # or: hardware/lock.sh
#
# Needs uv (installed into .venv when missing) and PyPI.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE=$(cd "$HERE/.." && pwd)
LOCKS=$HERE/locks
PYTHON=${PYTHON:-$SOURCE/.venv/bin/python}
# glibc 2.36 is Bookworm's (Trixie has 2.41): a wheel for it runs on both.
TARGETS=("3.11 aarch64" "3.13 aarch64" "3.11 x86_64" "3.13 x86_64")

die() { printf 'lock.sh: %s\n' "$*" >&2; exit 1; }
[ -x "$PYTHON" ] || die "no $PYTHON: run make (it makes the venv) or set PYTHON"
UV=$(dirname "$PYTHON")/uv
if [ ! -x "$UV" ]; then
    echo "Installing uv into $(dirname "$(dirname "$PYTHON")")"
    "$PYTHON" -m pip install --quiet uv
fi

inputs=$(mktemp -d)
trap 'rm -rf "$inputs"' EXIT
# The inputs, as requirement lines: the project's dependencies and its build requirements.
"$PYTHON" "$HERE/lock_inputs.py" --requirements >"$inputs/requirements.in"
digest=$("$PYTHON" "$HERE/lock_inputs.py" --digest)
mkdir -p "$LOCKS"
for target in "${TARGETS[@]}"; do
    read -r version arch <<<"$target"
    out=$LOCKS/cp${version/./}-$arch.txt
    # Run in the inputs' folder, so the "# via -r requirements.in" notes name no temporary path.
    (cd "$inputs" && "$UV" pip compile --quiet --no-config --generate-hashes \
        --only-binary :all: --python-version "$version" \
        --python-platform "$arch-manylinux_2_36" --no-header --output-file lock.txt \
        requirements.in)
    {
        echo "# Written by \`make lock\` (hardware/lock.sh) for CPython $version on $arch Linux"
        echo "# (glibc 2.36 or newer). Do not edit: change pyproject.toml and run make lock."
        echo "# inputs-sha256: $digest"
        cat "$inputs/lock.txt"
    } >"$out.new"
    mv "$out.new" "$out"
    echo "$out: $(grep -c '^[a-z0-9]' "$out") packages"
done
