"""Start-up never ends in a traceback: each bad data folder or database gives one line saying
what is wrong and what to do, and the store opens fresh (the bad file kept aside) or view-only;
a stored game that does not parse is set aside alone."""

from __future__ import annotations

import errno
import logging
import os
from pathlib import Path
from typing import Any

import pytest
from store_helpers import NOW, moved_aside, played, raw, replayed, store_log, unfinished

from engine import MAX_EVENTS, Undo, dump_line
from hubd.store import DATABASE_NAME, GameStore, StoreReadOnlyError

pytest_plugins = ["store_fixtures"]


def errors_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_data_folder_that_is_a_file_opens_view_only_with_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.readonly and store.history() == []
        assert store.cannot_save == (
            f"The data folder {folder} is a file, not a folder. Point --data or [data] folder "
            "in the config at a folder the hub can write."
        )
        with pytest.raises(StoreReadOnlyError):
            store.new_game(played()[0], NOW)  # type: ignore[arg-type]
    assert folder.read_text() == "not a folder"
    [line] = errors_of(caplog)
    assert line.startswith(store.cannot_save)


def test_a_data_folder_that_cannot_be_made_opens_view_only(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "file").write_text("x")
    folder = tmp_path / "file" / "data"
    with GameStore.open(folder) as store:
        assert store.cannot_save == (
            f"Cannot create the data folder {folder} (part of its path is a file). Point "
            "--data or [data] folder in the config at a folder the hub can write."
        )
    assert len(errors_of(caplog)) == 1


def test_a_folder_where_the_database_should_be_is_moved_aside(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (folder / DATABASE_NAME).mkdir(parents=True)
    (folder / DATABASE_NAME / "keep.txt").write_text("mine")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from == (
            f"The folder {DATABASE_NAME} was moved to {DATABASE_NAME}.not-a-file-20260314-203000;"
            " a new record of games was started."
        )
        store_log(store, played()[:3])
    [aside] = moved_aside(folder, "not-a-file")
    assert (aside / "keep.txt").read_text() == "mine"
    assert len(errors_of(caplog)) == 1


def test_an_empty_database_file_is_said_and_kept_aside(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder.mkdir()
    (folder / DATABASE_NAME).write_bytes(b"")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from == (
            f"Empty games file (0 bytes) was moved to {DATABASE_NAME}.empty-20260314-203000; "
            "a new record of games was started."
        )
    assert moved_aside(folder, "empty")[0].stat().st_size == 0
    assert len(errors_of(caplog)) == 1
    with GameStore.open(folder) as store:  # a fresh database is not "empty": no word
        assert store.recovered_from is None


def test_a_database_that_cannot_be_read_opens_view_only_and_is_left_alone(
    folder: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Permission denied (emulated: tests run as root, so chmod would not stop them)."""
    with GameStore.open(folder) as store:
        store_log(store, played()[:10])
    path = folder / DATABASE_NAME
    before = path.read_bytes()
    real_open = os.open

    def denied(target: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(target) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real_open(target, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.readonly
        assert store.cannot_save == (
            f"Cannot read {path} (Permission denied); nothing is changed. Give the hub's user "
            "access to it (chown it to that user), then restart."
        )
    monkeypatch.undo()
    assert path.read_bytes() == before and moved_aside(folder, "corrupt") == []
    assert len(errors_of(caplog)) == 1


@pytest.mark.parametrize(
    "line",
    [
        "[" * 1100 + "]" * 1100,
        '{"type": "amend_round", "round": ' + "9" * 4400 + ', "scores": {"P1": 1}}',
        '{"type": "draw", "player": "\\ud83d"}',
        '{"type": "draw", "player": "' + "x" * 50_000 + '"}',
    ],
    ids=["deep nesting", "4,400 digits", "lone surrogate", "huge string"],
)
def test_a_stored_line_no_parser_takes_sets_its_game_aside_alone(folder: Path, line: str) -> None:
    with GameStore.open(folder) as store:
        finished = store_log(store, played())
        game_id = store_log(store, unfinished(played(2)))
    with raw(folder / DATABASE_NAME) as db:
        db.execute("UPDATE events SET line = ? WHERE game_id = ? AND seq = 3", (line, game_id))
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert store.recovered_from.startswith(
            f"Game {game_id} could not be resumed and was set aside: event 3 is refused ("
        )
        store.recovered_from.encode("ascii")  # shown escaped: no surrogate, no control
        assert len(store.recovered_from) < 300
        assert store.unfinished_game() is None
        assert store.load(finished).state == replayed(played()).state


def test_a_stored_game_longer_than_a_game_may_be_is_set_aside_without_replaying(
    folder: Path,
) -> None:
    log = played()
    with GameStore.open(folder) as store:
        game_id = store_log(store, unfinished(log))
    with raw(folder / DATABASE_NAME) as db:  # as a hostile import once could
        start = len(unfinished(log))
        db.execute("BEGIN")  # one commit, not 20,000 (each one synced: 45-80 s)
        db.executemany(
            "INSERT INTO events VALUES (?, ?, ?)",
            [(game_id, seq, dump_line(Undo())) for seq in range(start + 1, MAX_EVENTS + 2)],
        )
        db.execute("COMMIT")
    with GameStore.open(folder) as store:
        assert store.recovered_from is not None
        assert "it holds more than 20,000 events" in store.recovered_from
        assert len(store.events(game_id)) == MAX_EVENTS + 1  # kept for export


def test_a_stored_game_with_a_name_the_rules_now_refuse_is_set_aside_not_drawn(
    folder: Path,
) -> None:
    """A game stored before the name rules, with a 5,000-character name: resuming it once
    hung the daemon at every start (its name was measured a character at a time)."""
    with GameStore.open(folder) as store:
        game_id = store_log(store, unfinished(played()))
    with raw(folder / DATABASE_NAME) as db:
        line = db.execute("SELECT line FROM events WHERE seq = 1").fetchone()[0]
        db.execute("UPDATE events SET line = ? WHERE seq = 1", (line.replace("P1", "P" * 5000),))
    with GameStore.open(folder) as store:
        assert store.recovered_from is not None
        assert "a player's name is at most 24 characters" in store.recovered_from
        assert store.unfinished_game() is None
        assert len(store.events(game_id)) == len(unfinished(played()))  # kept for export
