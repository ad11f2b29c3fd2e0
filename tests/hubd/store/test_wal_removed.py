"""A -wal (or the database itself) removed or replaced while the hub runs: noticed, put back,
one warning, nothing committed lost.

A crash is emulated honestly by copying the files as they are on the disk at that moment
into another folder (what a power cut or kill -9 leaves) and opening the copy; the last test
kills a real writer process with SIGKILL.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from store_helpers import played, python_process, raw, store_log

from hubd.store import DATABASE_NAME, GameStore

pytest_plugins = ["store_fixtures"]

WAL = f"{DATABASE_NAME}-wal"


def after_a_crash(folder: Path, elsewhere: Path) -> list[int]:
    """The number of events of each game a crash right now would keep."""
    elsewhere.mkdir()
    for name in (DATABASE_NAME, WAL):  # the -shm is rebuilt from the -wal
        if (folder / name).exists():
            shutil.copy2(folder / name, elsewhere / name)
    with GameStore.open(elsewhere) as store:
        return [len(store.events(record.game_id)) for record in reversed(store.history())]


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_without_a_check_a_removed_wal_takes_the_commits_with_it(
    folder: Path, tmp_path: Path
) -> None:
    """Why the store watches: SQLite alone writes on into the removed file."""
    with GameStore.open(folder) as store:
        store_log(store, played()[:40])
        (folder / WAL).unlink()
        assert after_a_crash(folder, tmp_path / "crash") in ([], [0]), "lost"


def test_a_removed_wal_is_noticed_at_the_next_commit(
    store: GameStore, folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    log = played()
    game_id = store_log(store, log[:40])
    (folder / WAL).unlink()
    assert store.append(game_id, log[40]) == 41
    assert store.append(game_id, log[41]) == 42
    assert after_a_crash(folder, tmp_path / "crash") == [42]
    [warning] = warnings_of(caplog)
    assert warning.startswith(f"{WAL} was removed while the hub was running: every committed")
    assert warning.endswith("nothing was lost")
    assert store.events(game_id) == list(log[:42])


def test_a_removed_wal_is_noticed_by_the_loops_check_without_a_commit(
    store: GameStore, folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store_log(store, played()[:25])
    (folder / WAL).unlink()
    store.check_files()
    store.check_files()  # once recovered, nothing more to say
    assert after_a_crash(folder, tmp_path / "crash") == [25]
    assert len(warnings_of(caplog)) == 1


def test_a_replaced_wal_is_moved_aside_and_never_read(
    store: GameStore, folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    log = played()
    game_id = store_log(store, log[:30])
    stranger = folder / "stranger-wal"
    shutil.copy2(folder / WAL, stranger)  # an old copy of the WAL put back over it
    os.replace(stranger, folder / WAL)
    assert store.append(game_id, log[30]) == 31
    assert after_a_crash(folder, tmp_path / "crash") == [31]
    [aside] = [p.name for p in folder.iterdir() if p.name.startswith(f"{WAL}.replaced-")]
    assert aside == f"{WAL}.replaced-20260314-203000"
    [warning] = warnings_of(caplog)
    assert warning.startswith(f"{WAL} was replaced while the hub was running")


def test_a_removed_database_is_written_back_whole(
    store: GameStore, folder: Path, tmp_path: Path
) -> None:
    log = played()
    game_id = store_log(store, log[:30])
    (folder / DATABASE_NAME).unlink()
    assert store.append(game_id, log[30]) == 31
    assert after_a_crash(folder, tmp_path / "crash") == [31]
    with raw(folder / DATABASE_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_replaced_database_is_kept_aside_and_ours_put_back(
    store: GameStore, folder: Path, tmp_path: Path
) -> None:
    log = played()
    game_id = store_log(store, log[:30])
    other = tmp_path / "other"
    with GameStore.open(other) as elsewhere:
        store_log(elsewhere, played(2)[:5])
    shutil.copy2(other / DATABASE_NAME, folder / "incoming")
    os.replace(folder / "incoming", folder / DATABASE_NAME)
    store.check_files()
    assert store.append(game_id, log[30]) == 31
    assert after_a_crash(folder, tmp_path / "crash") == [31]
    [aside] = [p for p in folder.iterdir() if p.name.startswith(f"{DATABASE_NAME}.replaced-")]
    with raw(aside) as db:  # the stranger is kept as it was
        assert db.execute("SELECT count(*) FROM events").fetchone() == (5,)


WRITER = """
import sys
from datetime import datetime, timezone
from engine.simulate import Simulator
from hubd.store import GameStore

store = GameStore.open(sys.argv[1])
now = datetime(2026, 1, 1, tzinfo=timezone.utc)
while True:
    log = Simulator(4, {"preset": "classic"}, 7, check=False).play_game().log
    game_id = store.new_game(log[0], now)
    for event in log[1:]:
        print(game_id, store.append(game_id, event, now), flush=True)
"""


def test_kill_minus_nine_after_the_wal_is_removed_loses_nothing(folder: Path) -> None:
    GameStore.open(folder).close()
    writer = python_process(WRITER, folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert writer.stdout is not None
    committed: dict[int, int] = {}
    try:
        for number, line in enumerate(writer.stdout):
            game_id, seq = map(int, line.split())
            committed[game_id] = seq
            if number == 300:
                (folder / WAL).unlink()
            if number == 310:  # it has committed since: it must have noticed
                break
    finally:
        writer.send_signal(signal.SIGKILL)
        _, errors = writer.communicate(timeout=30)
    assert "was removed while the hub was running" in errors
    with GameStore.open(folder) as store:
        for game_id, seq in committed.items():
            assert len(store.events(game_id)) >= seq
