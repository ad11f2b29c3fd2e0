"""The design's module table (docs/design.md) names every module as the code has it now."""

from __future__ import annotations

import re

from checkout import REPO

DESIGN = REPO / "docs" / "design.md"
ROW = re.compile(r"^\| `(?P<part>(?:engine|hubd)/[\w/]*)` \| (?P<what>.*) \|$", re.M)


def test_every_module_is_in_its_parts_row_and_every_module_named_exists() -> None:
    table = DESIGN.read_text(encoding="utf-8").split("Each module, by part", 1)[1]
    rows = {row["part"]: row["what"] for row in ROW.finditer(table)}
    packages = {
        path.parent
        for top in ("engine", "hubd")
        for path in (REPO / top).rglob("__init__.py")
        if "__pycache__" not in path.parts and path.parent != REPO / "hubd"
    }
    assert sorted(rows) == sorted(f"{p.relative_to(REPO).as_posix()}/" for p in packages)
    for package in packages:
        modules = {p.name for p in package.glob("*.py") if p.name != "__init__.py"}
        part = f"{package.relative_to(REPO).as_posix()}/"
        named = set(re.findall(r"`(\w+\.py)`", rows[part]))
        assert named == modules, (
            f"docs/design.md, the row of {part}: add {sorted(modules - named)}, "
            f"remove {sorted(named - modules)}"
        )
