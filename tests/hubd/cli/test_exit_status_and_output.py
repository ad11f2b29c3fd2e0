"""A command's exit status says what happened to the data whatever happens to its output:
a closed or full standard output is one line on stderr, never a traceback; file names are
shown escaped, on one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import NOW, REPO, lines_of, played, store_log

from hubd.cli.store_commands import shown
from hubd.store import GameStore

pytest_plugins = ["store_fixtures"]


@pytest.fixture
def data(folder: Path) -> Path:
    with GameStore.open(folder, clock=lambda: NOW) as store:
        store_log(store, played(1))
    return folder


def _hubd(redirect: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """``hubd ARGS`` run by a shell with its stdout redirected (``>&-``, ``>/dev/full``)."""
    words = " ".join(f"'{a}'" for a in map(str, args))
    return subprocess.run(
        ["bash", "-c", f"'{sys.executable}' -m hubd.cli.run {words} {redirect}"],
        capture_output=True, text=True, timeout=60, cwd=REPO,
    )  # fmt: skip


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_an_export_that_cannot_be_written_fails_in_one_line(data: Path, redirect: str) -> None:
    result = _hubd(redirect, "export", "--data", data)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("hubd: cannot write the export to standard output")


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_an_import_stored_is_exit_0_whatever_stdout_is(
    data: Path, tmp_path: Path, redirect: str
) -> None:
    with GameStore.open(data, readonly=True) as store:
        log = tmp_path / "game.jsonl"
        # Game 1 but its last line: another game (game 1 itself is stored once).
        log.write_text("\n".join(lines_of(store, 1)[:-1]) + "\n")
    result = _hubd(redirect, "import", "--data", data, log)
    assert result.returncode == 0
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "as game 2 (standard output could not be written)" in result.stderr
    with GameStore.open(data, readonly=True) as store:
        assert store.latest_game() == 2  # stored once: running it again is not needed


def test_a_hostile_file_name_is_shown_escaped_on_one_line(data: Path, tmp_path: Path) -> None:
    with GameStore.open(data, readonly=True) as store:
        text = "\n".join(lines_of(store, 1)[:-1]) + "\n"  # another game than game 1
    log = tmp_path / "a\nb\x1b[2J\u2028\u202ec.jsonl"
    log.write_text(text)
    result = _hubd("", "import", "--data", data, log)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        f"imported {tmp_path}/a\\nb\\x1b[2J\\u2028\\u202ec.jsonl as game 2"
    ]


def test_shown_escapes_what_would_break_a_line_and_keeps_names() -> None:
    assert shown("Zoë שרה Дмитро") == "Zoë שרה Дмитро"
    assert shown("a\rb\x85c\udcff\ue000\U0010fffe") == "a\\rb\\x85c\\xff\\ue000\\U0010fffe"
