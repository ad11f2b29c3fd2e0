"""``hubd backup``, ``export`` and ``import`` on bad input: one line naming what is wrong,
exit 1, and nothing lost or half written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from store_helpers import REPO, one_round_begun

from engine.cli import replay_lines
from hubd.cli import run as cli
from hubd.cli.args import EXIT_ERROR, EXIT_OK
from hubd.store import DATABASE_NAME, GameStore


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return one_round_begun(tmp_path / "data", ("שרה", "Дмитро"))


def one_line(capsys: Any) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert captured.out == ""
    return str(lines[0])


def test_backup_onto_the_live_database_is_refused_and_every_game_kept(
    data: Path, capsys: Any
) -> None:
    live = data / DATABASE_NAME
    assert cli.main(["backup", "--data", str(data), str(live)]) == EXIT_ERROR
    assert one_line(capsys).startswith(f"hubd: Cannot back up to {live}: it is the live")
    with GameStore.open(data) as store:
        assert store.recovered_from is None and len(store.events(1)) == 2


def test_backup_to_a_bad_path_names_it(data: Path, tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "missing" / "copy.sqlite3"
    assert cli.main(["backup", "--data", str(data), str(target)]) == EXIT_ERROR
    assert one_line(capsys) == (
        f"hubd: Cannot write the backup {target}: the folder {target.parent} does not exist. "
        "The saved games are unchanged."
    )


def test_backup_says_where_the_copy_went(data: Path, tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["backup", "--data", str(data), str(tmp_path)]) == EXIT_OK
    [copy] = tmp_path.glob("hub-*.sqlite3")
    assert capsys.readouterr().out == f"backed up {data} to {copy}\n"


def test_export_0_is_game_0_not_the_latest(data: Path, capsys: Any) -> None:
    assert cli.main(["export", "--data", str(data), "0"]) == EXIT_ERROR
    assert one_line(capsys) == "hubd: there is no game 0"


@pytest.mark.parametrize("where", ["a folder", "a missing folder"])
def test_export_to_a_path_it_cannot_write_is_one_line(
    data: Path, tmp_path: Path, capsys: Any, where: str
) -> None:
    target = tmp_path if where == "a folder" else tmp_path / "missing" / "game.jsonl"
    assert cli.main(["export", "--data", str(data), "-o", str(target)]) == EXIT_ERROR
    reason = "Is a directory" if where == "a folder" else "No such file or directory"
    assert one_line(capsys) == f"hubd: cannot write {target}: {reason}"


def test_export_of_an_unknown_game_leaves_no_file(data: Path, tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "game.jsonl"
    assert cli.main(["export", "--data", str(data), "7", "-o", str(target)]) == EXIT_ERROR
    assert one_line(capsys) == "hubd: there is no game 7"
    assert not target.exists()


def test_export_writes_utf8_whatever_the_terminal(data: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hubd.cli.run", "export", "--data", str(data)],
        capture_output=True, timeout=60, cwd=REPO,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    outcome, ok = replay_lines(result.stdout.splitlines())
    assert ok and list(outcome["hands"]) == ["שרה", "Дмитро"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("[" * 1100 + "]" * 1100, "line 2: the line is nested too deeply to be an event"),
        ('{"type": "undo", "x": ' + "1" * 5000 + "}", "line 2: the line holds a number too long"),
        ('{"type": "draw", "player": "\\ud83d"}', "line 2: '\\ud83d' cannot draw"),
    ],
)
def test_import_refuses_a_hostile_line_in_one_line(
    tmp_path: Path, capsys: Any, line: str, reason: str
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type": "new_game", "players": ["Ana", "Ben"]}\n' + line + "\n")
    assert cli.main(["import", "--data", str(tmp_path / "d"), str(log)]) == EXIT_ERROR
    assert one_line(capsys).startswith(f"hubd: cannot import {log}: {reason}")


def test_import_into_a_data_folder_that_is_a_file_says_so(tmp_path: Path, capsys: Any) -> None:
    folder = tmp_path / "data"
    folder.write_text("")
    log = tmp_path / "game.jsonl"
    log.write_text('{"type": "new_game", "players": ["Ana", "Ben"]}\n')
    assert cli.main(["import", "--data", str(folder), str(log)]) == EXIT_ERROR
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[-1] == (
        f"hubd: cannot import {log}: The data folder {folder} is a file, not a folder. Point "
        "--data or [data] folder in the config at a folder the hub can write."
    )


def test_import_of_a_folder_is_one_line(tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["import", "--data", str(tmp_path / "d"), str(tmp_path)]) == EXIT_ERROR
    assert one_line(capsys) == f"hubd: cannot read {tmp_path}: Is a directory"
