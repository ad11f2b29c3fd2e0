"""A -wal removed and the daemon killed before it noticed: the journal beside the database
gives back every committed event, and what cannot be given back is said, never reused."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
from pathlib import Path

import pytest
from store_helpers import played, python_process

from engine import dump_line
from hubd.store import DATABASE_NAME, GameStore
from hubd.store.journal import CHECKPOINT_EVERY, JOURNAL_SUFFIX, read_journal

pytest_plugins = ["store_fixtures"]

WRITER = """
import sys
sys.path.insert(0, "tests/helpers")
from store_helpers import played
from hubd.store import GameStore

log = played()
store = GameStore.open(sys.argv[1])
first = store.new_game(log[0])
for event in log[1:int(sys.argv[2])]:
    store.append(first, event)
second = store.new_game(played(2)[0])
store.append(second, played(2)[1])
print(first, second, flush=True)
sys.stdin.readline()
"""


def killed_after_the_wal_was_removed(folder: Path, events: int) -> tuple[int, int]:
    writer = python_process(WRITER, folder, events, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert writer.stdout is not None
        first, second = (int(n) for n in writer.stdout.readline().split())
        (folder / f"{DATABASE_NAME}-wal").unlink()  # rm, then a crash before it is noticed
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    return first, second


def test_every_committed_event_comes_back_from_the_journal(folder: Path) -> None:
    first, second = killed_after_the_wal_was_removed(folder, 60)
    with GameStore.open(folder) as store:
        notice = store.recovered_from
        assert notice is not None and "put back from the journal" in notice
        assert store.events(first) == list(played()[:60])
        assert store.events(second) == list(played(2)[:2])  # a whole game, under its number
        assert store.unfinished_game() == second
        assert store.history()[0].game_id == second
        third = store.new_game(played(3)[0])
        assert third == second + 1
    with GameStore.open(folder) as store:  # said once: the database has it all now
        assert store.recovered_from is None


def test_what_cannot_be_put_back_is_said(folder: Path) -> None:
    first, _ = killed_after_the_wal_was_removed(folder, 40)
    journal = folder / f"{DATABASE_NAME}{JOURNAL_SUFFIX}"
    lines = journal.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)[:2] == [first, 30])
    record = json.loads(lines[index])
    record[3] = dump_line(played()[0])  # a second new_game: the engine refuses it
    lines[index] = json.dumps(record)
    journal.write_text("\n".join(lines) + "\n")
    with GameStore.open(folder) as store:
        notice = store.recovered_from
        assert notice is not None and f"Game {first} lost events 30 to 40" in notice
        assert store.events(first) == list(played()[:29])
        assert store.unfinished_game() != first  # never continued: event 30 stays unused


def test_the_journal_is_emptied_once_the_database_holds_everything(folder: Path) -> None:
    log = played()
    with GameStore.open(folder) as store:
        game_id = store.new_game(log[0])
        for event in log[1 : CHECKPOINT_EVERY + 5]:
            store.append(game_id, event)
        journal = folder / f"{DATABASE_NAME}{JOURNAL_SUFFIX}"
        assert len(read_journal(journal)) < 10
    with GameStore.open(folder) as store:
        assert store.recovered_from is None
        assert len(store.events(game_id)) == CHECKPOINT_EVERY + 5


@pytest.mark.parametrize("what", ["fifo", "symlink", "folder"])
def test_a_stranger_at_the_journal_never_blocks_or_repeats(
    folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, what: str
) -> None:
    folder.mkdir()
    journal = folder / f"{DATABASE_NAME}{JOURNAL_SUFFIX}"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("keep")
    if what == "fifo":
        os.mkfifo(journal)
    elif what == "symlink":
        journal.symlink_to(elsewhere)
    else:
        journal.mkdir()
    log = played()
    with GameStore.open(folder) as store:
        game_id = store.new_game(log[0])
        for event in log[1:20]:
            store.append(game_id, event)
    assert elsewhere.read_text() == "keep"
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) <= 1
    if what != "folder":
        assert journal.is_file() and len(read_journal(journal)) == 20
