"""Two screenshot folders compared file by file: the pixels of every PNG, the bytes of the rest.

For a change that must not alter any screen (a refactoring):

    python -m hubd.screens.shots.screenshots /tmp/before    # on the old tree
    python -m hubd.screens.shots.screenshots /tmp/after     # on the new one
    python -m hubd.screens.shots.compare /tmp/before /tmp/after

Exit status 0 when both hold the same files with the same pixels and bytes, 1 otherwise.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pygame


def differences(before: Path, after: Path) -> tuple[int, list[str]]:
    """(files compared, what differs) between two folders of screenshots and layout files."""
    old = {p.relative_to(before) for p in before.rglob("*") if p.is_file()}
    new = {p.relative_to(after) for p in after.rglob("*") if p.is_file()}
    found = [f"only in {before}: {p}" for p in sorted(old - new)]
    found += [f"only in {after}: {p}" for p in sorted(new - old)]
    for rel in sorted(old & new):
        a, b = before / rel, after / rel
        if a.read_bytes() == b.read_bytes():
            continue
        if rel.suffix == ".png":
            x, y = pygame.image.load(a), pygame.image.load(b)
            same = x.get_size() == y.get_size() and pygame.image.tobytes(
                x, "RGBA"
            ) == pygame.image.tobytes(y, "RGBA")
            if same:  # the same picture, written differently
                continue
            found.append(f"pixels differ: {rel}")
        else:
            found.append(f"bytes differ: {rel}")
    return len(old & new), found


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m hubd.screens.shots.compare BEFORE AFTER", file=sys.stderr)
        return 2
    compared, found = differences(Path(args[0]), Path(args[1]))
    for line in found:
        print(line)
    print(f"{compared} files compared, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
