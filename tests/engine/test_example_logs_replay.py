"""The example game logs under tests/engine/logs, replayed end to end through ``python -m engine``.

Each ``<name>.jsonl`` has its expected replay output in ``<name>.expected.json``; the exit code
is 0 when that output has no error and 1 when it has one.

- classic_two_player_out: two players, one round, a chicken foot, Ana goes out.
- blocked_all_fours_down: text 004's example: the foot on 4-4 needs a toe and every 4 is down.
- hub_search_blocked_by_passes: the 9-9 found in the yard; a pass after a draw does not count.
- amend_and_zero_rounds_tiebreak: a round amended; Ana and Cy tie, Ana has a zero round.
- readme_example: the README's worked example: a foot, an undo, and a refused last line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, RuleError, dump_line, parse_line

LOGS = Path(__file__).parent / "logs"
NAMES = sorted(path.stem for path in LOGS.glob("*.jsonl"))


def test_the_example_logs_are_all_there() -> None:
    assert {
        "classic_two_player_out",
        "blocked_all_fours_down",
        "hub_search_blocked_by_passes",
        "amend_and_zero_rounds_tiebreak",
        "readme_example",
    } <= set(NAMES)
    for name in NAMES:
        assert (LOGS / f"{name}.expected.json").is_file(), f"{name} has no expected output"


@pytest.mark.parametrize("name", NAMES)
def test_replaying_an_example_log_prints_its_expected_state(name: str) -> None:
    expected = json.loads((LOGS / f"{name}.expected.json").read_text(encoding="utf-8"))
    result = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(LOGS / f"{name}.jsonl")],
        capture_output=True,
        timeout=60,
    )
    assert json.loads(result.stdout) == expected
    assert result.returncode == (0 if expected["error"] is None else 1)
    assert result.stderr == b""


def test_the_readme_example_stops_at_its_refused_last_line() -> None:
    text = (LOGS / "readme_example.jsonl").read_bytes()
    command = [sys.executable, "-m", "engine", "replay", "-"]
    result = subprocess.run(command, input=text, capture_output=True, timeout=60)
    out = json.loads(result.stdout)
    assert result.returncode == 1
    assert out["error"]["line"] == len(text.splitlines())
    assert out["error"]["message"] == (
        "Dee cannot play 4-2 on 9-4 while the chicken foot on 5-5 needs 2 more toes"
    )


@pytest.mark.parametrize("name", NAMES)
def test_every_accepted_line_of_an_example_reads_back_as_written(name: str) -> None:
    game = Game()
    for line in (LOGS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
        event = parse_line(line)
        assert parse_line(dump_line(event)) == event
        try:
            game.apply(event)
        except RuleError:
            assert name == "readme_example"  # only its last line is refused
