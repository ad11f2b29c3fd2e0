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
MAP_PIECES = ("end:", "needs:", "tile:", "arm:", "fold:")


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
    assert {"end", "needs", "tile", "map"} <= roles
    assert all(w["key"].startswith("end:") for w in last if w["role"] == "end")  # type: ignore[union-attr]


def test_the_map_reads_from_a_chair_in_every_frame(tmp_path: Path) -> None:
    """The map's numbers (an end's, a folded run's) at 32 px or more at 800x480 (4.5 mm),
    43 (6 mm) while the table fits: the first frames of the round."""
    log = tmp_path / "game.jsonl"
    write_log(log, seed=5)
    small, sizes = [], []
    for record in frames(log, (800, 480)):
        for w in record["widgets"]:  # type: ignore[union-attr]
            if w["role"] == "needs" or w["key"].startswith("fold:"):
                sizes.append(w["font_px"])
                if w["font_px"] < 32:
                    small.append((record["event"], w["key"], w["font_px"]))
    assert not small, small[:5]
    assert sizes[:5] == [43] * 5


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


#: Runs ``hubd layout`` with its arguments, then fails if any part of pygame was loaded.
WITHOUT_PYGAME = """
import sys
from hubd.cli.run import main
status = main(sys.argv[1:])
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "pygame")
if loaded:
    sys.exit(f"hubd layout loaded {', '.join(loaded)}")
sys.exit(status)
"""


@pytest.mark.parametrize("size, language", [("800x480", "en"), ("720x1280", "he")])
def test_a_recorded_game_is_laid_out_without_pygame(size: str, language: str) -> None:
    """The frames are the hub's (kit/measure.py measures text as pygame draws it), and no
    module of pygame is loaded for them: a maker's laptop without SDL runs ``hubd layout``."""
    import subprocess
    import sys

    log = Path(__file__).parents[2] / "helpers" / "family_round.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_PYGAME, "layout", str(log), "--size", size,
         "--lang", language],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == 52
    assert any(w["role"] == "end" for r in records for w in r["widgets"])


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_every_end_of_a_crowded_table_shows_its_number_inside_its_target(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Each open place has one target on the map in every frame, its number inside it and
    every stroke inside the map; and a foot whose toes are all laid keeps its double drawn."""
    rules = {"preset": "classic", "set": 12, "rounds": 1}
    events = DoublesFirst(6, rules, 11, check=False).play_game().effective
    log = tmp_path / "crowded.jsonl"
    log.write_text("".join(dump_line(e) + "\n" for e in events))
    game, checked, feet = Game(), 0, 0
    for event, record in zip(events, frames(log, size), strict=True):
        game.apply(event)
        table = game.state.table
        widgets = record["widgets"]
        keys = {w["key"]: w for w in widgets}  # type: ignore[union-attr]
        if table is None or not game.state.in_round:
            continue
        assert {f"end:{tile}" for tile in table.open} <= set(keys), record["event"]
        area = keys["map"]["rect"]
        for tile, place in table.open.items():
            x, y, w, h = keys[f"end:{tile}"]["rect"]
            needs = keys[f"needs:{tile}"]
            assert needs["text"] == str(place.end)
            nx, ny, nw, nh = needs["rect"]
            cx, cy = nx + nw / 2, ny + nh / 2
            assert x <= cx <= x + w and y <= cy <= y + h, (record["event"], tile)
            checked += 1
        for x1, y1, x2, y2 in record["links"]:  # type: ignore[union-attr]
            for px, py in ((x1, y1), (x2, y2)):
                assert area[0] <= px <= area[0] + area[2] and area[1] <= py <= area[1] + area[3]
        for piece in widgets:  # every piece's box inside the map (a number's stood 1-2 px out)
            if str(piece["key"]).startswith(MAP_PIECES):  # type: ignore[index]
                x, y, w, h = piece["rect"]  # type: ignore[index]
                inside = area[0] <= x and x + w <= area[0] + area[2]
                assert inside and area[1] <= y and y + h <= area[1] + area[3], piece
        done = [p.tile for p in table.placed.values() if p.kind is PlaceKind.FOOT and not p.room]
        assert all(f"tile:{tile}" in keys for tile in done), record["event"]
        feet += len(done)
    assert checked > 500 and feet > 100
