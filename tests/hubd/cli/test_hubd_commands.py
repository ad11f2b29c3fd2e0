"""``hubd`` commands: check-hardware with mock pins, export/import/backup round trip."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from engine import NewGame, Play, StartRound, Tile
from engine.cli import replay_lines
from hubd.cli import run as cli
from hubd.cli.args import parse_args
from hubd.config.loading import load_config
from hubd.store import GameStore


def test_check_hardware_reports_the_button_live_and_blinks(mock_factory: Any, tmp_path: Path):
    config = load_config(None)
    pin = mock_factory.pin(config.pins.button)
    out = io.StringIO()

    def press_and_release() -> None:
        pin.drive_low()
        pin.drive_high()

    timer = threading.Timer(0.1, press_and_release)
    timer.start()
    code = cli.check_hardware(config, tmp_path, True, 0.4, pin_factory=mock_factory, out=out)
    timer.join()
    lines = out.getvalue().splitlines()
    assert code == 0
    assert "button on GPIO17, light on GPIO13" in lines[0]
    assert "light: blinking 3 times" in lines
    assert lines.index("button: PRESSED") < lines.index("button: released")
    light_pin = mock_factory.pin(config.pins.light)
    assert any(state == 1 for _, state in light_pin.states), "the LED never lit"


@pytest.fixture
def folder_with_game(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    store = GameStore.open(folder)
    game_id = store.new_game(NewGame(("Ana", "Ben"), {"preset": "classic", "rounds": 1}))
    store.append(game_id, StartRound("Ana"))
    store.append(game_id, Play("Ana", Tile(4, 9), Tile(9, 9)))
    store.close()
    return folder


def test_export_import_backup_round_trip(
    folder_with_game: Path, tmp_path: Path, capsys: Any
) -> None:
    log = tmp_path / "game.jsonl"
    assert cli.main(["export", "--data", str(folder_with_game), "-o", str(log)]) == 0
    result, ok = replay_lines(log.read_bytes().splitlines())
    assert ok and result["current_player"] == "Ben"
    other = tmp_path / "other"
    assert cli.main(["import", "--data", str(other), str(log)]) == 0
    assert "as game 1" in capsys.readouterr().out
    copy = tmp_path / "backup.sqlite3"
    assert cli.main(["backup", "--data", str(other), str(copy)]) == 0
    restored = tmp_path / "restored"
    restored.mkdir()
    copy.rename(restored / "hub.sqlite3")
    store = GameStore.open(restored)
    try:
        lines = [json.loads(line) for line in log.read_text().splitlines()]
        assert [e.to_json() for e in store.events(1)] == lines
    finally:
        store.close()


def test_export_csv_score_sheet(folder_with_game: Path, capsys: Any) -> None:
    assert cli.main(["export", "--data", str(folder_with_game), "--format", "csv"]) == 0
    assert "Ana" in capsys.readouterr().out


def test_import_refuses_a_bad_log_with_its_line(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "new_game", "players": ["Ana", "Ben"]}\n{"type": "draw"}\n')
    assert cli.main(["import", "--data", str(tmp_path / "d"), str(bad)]) == 1
    assert "line 2" in capsys.readouterr().err


def test_bare_options_mean_run() -> None:
    args = parse_args(["--mock-pins", "--headless"])
    assert args.command == "run" and args.mock_pins and args.headless
