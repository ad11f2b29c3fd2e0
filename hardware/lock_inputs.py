"""What hardware/locks/ are made from: pyproject.toml's dependencies and build requirements.

    python hardware/lock_inputs.py --requirements   # requirement lines, for uv pip compile
    python hardware/lock_inputs.py --digest         # their sha256, recorded in each lock

A lock whose recorded digest is not the current one is stale
(tests/hardware/test_installer_system.py).
"""

from __future__ import annotations

import argparse
import hashlib
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def requirements(pyproject: Path = PYPROJECT) -> list[str]:
    """The run-time dependencies, then the build backend's, sorted and without duplicates."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    wanted = [*data["project"]["dependencies"], *data["build-system"]["requires"]]
    return sorted({" ".join(line.split()) for line in wanted}, key=str.lower)


def digest(pyproject: Path = PYPROJECT) -> str:
    return hashlib.sha256("\n".join(requirements(pyproject)).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--requirements", action="store_true")
    which.add_argument("--digest", action="store_true")
    args = parser.parse_args()
    print("\n".join(requirements()) if args.requirements else digest())


if __name__ == "__main__":
    main()
