"""The game log guide's worked example (docs/game-log.md, once the README's) does what it says."""

from __future__ import annotations

import json
import re

from checkout import REPO

from engine.cli import replay_lines

README = REPO / "docs" / "game-log.md"


def _blocks() -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_worked_example_prints_what_the_readme_shows() -> None:
    blocks = _blocks()
    log = next(b for b in blocks if b.startswith('{"type": "new_game"'))
    shown = next(b for b in blocks if b.startswith("$ chickenfoot replay game.jsonl"))
    printed = shown.split("\n", 1)[1].split("\n$ echo")[0]
    expected = json.loads(" ".join(printed.split("\n")))
    result, ok = replay_lines(log.encode().splitlines())
    assert not ok
    assert result == expected


def test_corrected_line_is_accepted_as_the_readme_says() -> None:
    log = next(b for b in _blocks() if b.startswith('{"type": "new_game"'))
    lines = log.strip().splitlines()
    lines[-1] = '{"type": "play", "player": "Cy", "tile": [5, 3], "on": [5, 5]}'
    result, ok = replay_lines([line.encode() for line in lines])
    assert ok
    assert result["lock"] == {"double": 5, "toes_needed": 1}
