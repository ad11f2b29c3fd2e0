"""``hubd layout LOG --size WxH``: one record per event, the screen the hub shows after it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine import Game, PlaceKind, dump_line
from engine.simulate import DoublesFirst, Simulator
from hubd.cli.run import main
from hubd.screens.shots.log_layout import run

FIELDS = {"key", "role", "rect", "text", "font_px", "tappable", "enabled"}


def write_log(path: Path, seed: int = 3, blank_at: int | None = None) -> list[str]:
    events = Simulator(4, {"preset": "classic", "rounds": 1}, seed, check=False).play_game()
    lines = [dump_line(e) for e in events.effective]
    if blank_at is not None:
        lines.insert(blank_at, "")
    path.write_text("".join(line + "\n" for line in lines))
    return lines


def frames(path: Path, size: tuple[int, int], language: str = "en") -> list[dict[str, object]]:
    out, err = io.StringIO(), io.StringIO()
    assert run(path, size, language, out, err) == 0, err.getvalue()
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_one_record_per_event_numbered_as_replay_counts(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    log = tmp_path / "game.jsonl"
    lines = write_log(log, blank_at=5)
    records = frames(log, size)
    expected = [n for n, line in enumerate(lines, start=1) if line.strip()]
    assert [r["event"] for r in records] == expected  # the blank line 6 counted, not shown
    for record in records:
        assert record["size"] == list(size)
        assert all(set(w) == FIELDS for w in record["widgets"])  # type: ignore[union-attr]
        assert all(len(link) == 4 for link in record["links"])  # type: ignore[union-attr]
    in_round = [r for r in records if any(w["role"] == "end" for w in r["widgets"])]  # type: ignore[index, union-attr]
    assert len(in_round) > 20
    last = in_round[-1]["widgets"]
    roles = {w["role"] for w in last}  # type: ignore[union-attr]
    assert {"end", "needs", "line", "tile", "map"} <= roles
    assert all(w["key"].startswith("end:") for w in last if w["role"] == "end")  # type: ignore[union-attr]


def test_the_map_reads_from_a_chair_in_every_frame(tmp_path: Path) -> None:
    """Numbers at 43 px or more, labels at 32 or more, at 800x480 (6 and 4.5 mm)."""
    log = tmp_path / "game.jsonl"
    write_log(log, seed=5)
    small = []
    for record in frames(log, (800, 480)):
        for w in record["widgets"]:  # type: ignore[union-attr]
            least = {"needs": 43, "line": 32}.get(w["role"])
            if least is not None and w["font_px"] < least:
                small.append((record["event"], w["key"], w["font_px"]))
    assert not small, small[:5]


def test_a_refused_log_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    lines = write_log(log)
    log.write_text("\n".join([*lines[:4], '{"type": "play", "player": "Nobody"}']) + "\n")
    assert main(["layout", str(log), "--size", "800x480"]) == 1
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1
    assert "line 5" in captured.err
    assert len(captured.out.splitlines()) == 4


def test_a_missing_log_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["layout", str(tmp_path / "none.jsonl")]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_its_output_is_json_lines_alone(tmp_path: Path) -> None:
    """Run as a command, nothing but the frames reaches stdout (pygame's banner included)."""
    import os
    import subprocess
    import sys

    log = tmp_path / "game.jsonl"
    write_log(log)
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    done = subprocess.run(
        [sys.executable, "-c", "from hubd.cli.run import main; raise SystemExit(main())",
         "layout", str(log), "--size", "720x1280", "--lang", "he"],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(json.loads(line)["size"] == [720, 1280] for line in lines)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_every_end_of_a_crowded_table_says_which_line_it_ends(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Each end's label is on the map in every frame, whole (never "B…"), inside its target
    under the number; and a foot whose toes are all laid keeps its double drawn."""
    rules = {"preset": "classic", "set": 12, "rounds": 1}
    events = DoublesFirst(6, rules, 11, check=False).play_game().effective
    log = tmp_path / "crowded.jsonl"
    log.write_text("".join(dump_line(e) + "\n" for e in events))
    game, inside, checked, feet = Game(), 0, 0, 0
    for event, record in zip(events, frames(log, size), strict=True):
        game.apply(event)
        table = game.state.table
        widgets = record["widgets"]
        keys = {w["key"]: w for w in widgets}  # type: ignore[union-attr]
        for w in widgets:  # type: ignore[union-attr]
            if w["role"] == "line":
                assert "…" not in w["text"], (record["event"], w["text"])
            if w["role"] != "end" or table is None or w["key"] == f"end:{table.hub}":
                continue
            label = keys.get("line:" + w["key"].removeprefix("end:"))
            assert label is not None and label["text"], (record["event"], w["key"])
            inside += label["rect"][1] >= w["rect"][1] and label["rect"][3] < w["rect"][3]
            checked += 1
        if table is not None and game.state.in_round:
            done = [
                p.tile for p in table.placed.values() if p.kind is PlaceKind.FOOT and not p.room
            ]
            assert all(f"tile:{tile}" in keys for tile in done), record["event"]
            feet += len(done)
    assert checked > 500 and inside == checked and feet > 100
