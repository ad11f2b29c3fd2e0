"""Store faults: read-only and full disks, locks, damaged and newer databases, migrations.

Emulated faults, and why they are honest:
- full disk: ``PRAGMA max_page_count`` at the current size makes SQLite itself fail the
  commit with SQLITE_FULL ("database or disk is full"), the same code path as a full card;
- read-only: a ``mode=ro`` connection (the read-only store) and ``PRAGMA query_only`` make
  SQLite refuse writes with SQLITE_READONLY, as a file system remounted read-only does
  (chmod would not do: tests run as root);
- corruption: garbage bytes, a truncated file, and a valid file whose log does not replay.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from store_helpers import (
    NOW,
    lines_of,
    moved_aside,
    played,
    python_process,
    raw,
    replayed,
    store_log,
    unfinished,
)

from engine import NewGame, StartRound, dump_line
from hubd.store import (
    DATABASE_NAME,
    LOCK_NAME,
    GameStore,
    ImportRefusedError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreIOError,
    StoreLockedError,
    StoreReadOnlyError,
    StoreVersionError,
    StoreWriteError,
    UnknownGameError,
)
from hubd.store.errors import sqlite_error

pytest_plugins = ["store_fixtures"]


# -- read-only access and locking --------------------------------------------------------


def test_read_only_store_beside_the_daemon(folder: Path) -> None:
    with GameStore.open(folder) as daemon:
        game_id = store_log(daemon, played()[:20])
        with GameStore.open(folder, readonly=True) as reader:
            assert reader.readonly
            assert lines_of(reader, game_id) == lines_of(daemon, game_id)
            daemon.append(game_id, played()[20])
            assert len(reader.events(game_id)) == 21  # sees the daemon's commits
            with pytest.raises(StoreReadOnlyError, match="read-only"):
                reader.append(game_id, played()[21])
            with pytest.raises(StoreReadOnlyError):
                reader.new_game(NewGame(("Ana", "Ben")), NOW)
            assert len(reader.events(game_id)) == 21
        assert daemon.append(game_id, played()[21]) == 22


def test_read_only_store_never_repairs(folder: Path, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no saved games"):
        GameStore.open(tmp_path / "nothing", readonly=True)
    assert not (tmp_path / "nothing").exists()
    GameStore.open(folder).close()
    with raw(folder / DATABASE_NAME) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreVersionError, match="version 99"):
        GameStore.open(folder, readonly=True)
    assert (folder / DATABASE_NAME).exists()


def test_a_read_only_disk_refuses_new_events_and_keeps_the_rest(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log[:30])
    store._db.execute("PRAGMA query_only = ON")  # SQLite refuses writes: SQLITE_READONLY
    with pytest.raises(StoreReadOnlyError, match=r"read-only\..*Everything saved before is safe\."):
        store.append(game_id, log[30])
    with pytest.raises(StoreWriteError):
        store.new_game(NewGame(("Ana", "Ben")), NOW)
    assert store.events(game_id) == list(log[:30])
    assert store.history()[0].game_id == game_id
    store._db.execute("PRAGMA query_only = OFF")
    assert store.append(game_id, log[30]) == 31


def test_an_unwritable_data_folder_opens_view_only(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only file system refuses the lock file first (emulated: os.open says EROFS)."""
    log = played()
    with GameStore.open(folder) as store:
        game_id = store_log(store, log[:10])
    real_open = os.open

    def read_only_lock(path: str, flags: int, mode: int = 0o777, **kw: int | None) -> int:
        if str(path).endswith(LOCK_NAME):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", read_only_lock)
    with GameStore.open(folder) as store:
        assert store.readonly
        assert store.cannot_save is not None and "cannot be written" in store.cannot_save
        assert store.unfinished_game() == game_id
        assert store.load(game_id).state == replayed(log[:10]).state
        with pytest.raises(StoreReadOnlyError):
            store.append(game_id, log[10])
    with GameStore.open(tmp_path / "elsewhere") as store:  # nothing saved there: empty view
        assert store.cannot_save is not None
        assert store.history() == []
        with pytest.raises(StoreReadOnlyError):
            store.new_game(NewGame(("Ana", "Ben")), NOW)


def test_a_full_disk_refuses_new_events_and_loses_nothing(folder: Path) -> None:
    log = played()
    with GameStore.open(folder) as store:
        game_id = store_log(store, log[:2])
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite fails with SQLITE_FULL
        committed = 2
        with pytest.raises(StoreFullError, match=r"is full\. Everything saved before is safe\."):
            for event in log[2:]:
                committed = store.append(game_id, event)
        assert 2 < committed < len(log)  # some fitted, then the disk was full
        assert store.events(game_id) == list(log[:committed])
        assert store.load(game_id).state == replayed(log[:committed]).state
        with pytest.raises(StoreFullError):
            store.append(game_id, log[committed])
        store._db.execute(f"PRAGMA max_page_count = {pages * 100}")  # space freed
        assert store.append(game_id, log[committed]) == committed + 1
    with GameStore.open(folder) as store:
        assert store.events(game_id) == list(log[: committed + 1])


def test_a_second_daemon_in_this_process_is_refused(folder: Path) -> None:
    with GameStore.open(folder):
        with pytest.raises(StoreLockedError) as refused:
            GameStore.open(folder)
        message = f"another hubd is already using {folder} (pid {os.getpid()})"
        assert refused.value.message == message
    GameStore.open(folder).close()  # released on close


HOLDER = """
import sys
from hubd.store import GameStore

store = GameStore.open(sys.argv[1])
print("open", flush=True)
sys.stdin.readline()
"""


def test_a_second_daemon_is_refused_until_the_first_dies(folder: Path) -> None:
    holder = python_process(HOLDER, folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "open\n"
        with pytest.raises(StoreLockedError, match=rf"\(pid {holder.pid}\)"):
            GameStore.open(folder)
        GameStore.open(folder, readonly=True).close()  # export and backup need no lock
    finally:
        holder.kill()  # kill -9: the kernel releases the flock, no stale lock is left
        holder.wait()
    assert (folder / LOCK_NAME).exists()
    with GameStore.open(folder) as store:
        assert store.recovered_from is None


# -- damaged and newer databases ---------------------------------------------------------


def test_garbage_is_moved_aside_and_a_fresh_store_started(folder: Path) -> None:
    folder.mkdir()
    garbage = b"this is not a database at all\n" * 100
    (folder / DATABASE_NAME).write_bytes(garbage)
    (folder / f"{DATABASE_NAME}-wal").write_bytes(b"stale wal")
    (folder / f"{DATABASE_NAME}-shm").write_bytes(b"stale shm")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from == (
            f"Damaged games file was moved to {DATABASE_NAME}.corrupt-20260314-203000 (it is "
            "not an SQLite file); a new record of games was started. No game could be read back "
            "from it."
        )
        assert store.history() == []
        store_log(store, played()[:3])
    moved = moved_aside(folder, "corrupt")
    assert [p.name for p in moved] == [
        f"{DATABASE_NAME}.corrupt-20260314-203000",
        f"{DATABASE_NAME}.corrupt-20260314-203000-shm",
        f"{DATABASE_NAME}.corrupt-20260314-203000-wal",
    ]
    assert moved[0].read_bytes() == garbage
    assert moved[2].read_bytes() == b"stale wal"
    with GameStore.open(folder) as store:  # no loop: the fresh store opens cleanly
        assert store.recovered_from is None
        assert store.unfinished_game() == 1


def test_a_truncated_database_is_moved_aside(folder: Path) -> None:
    with GameStore.open(folder) as store:
        for seed in range(1, 4):
            store_log(store, played(seed))
    path = folder / DATABASE_NAME
    size = path.stat().st_size
    assert size > 8192
    with path.open("r+b") as handle:
        handle.truncate(size // 2)
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert "Game 1 read back to event" in store.recovered_from
        # What the first half held comes back, set aside: its end cannot be known.
        assert [game.game_id for game in store.history()] == [1]
        assert store.unfinished_game() is None
    assert moved_aside(folder, "corrupt")[0].stat().st_size == size // 2


def test_damaged_pages_are_moved_aside(folder: Path) -> None:
    with GameStore.open(folder) as store:
        for seed in range(1, 4):
            store_log(store, played(seed))
    path = folder / DATABASE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page * 2, len(data), page * 3):  # scribble over every third page
        data[start : start + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        # the banner shows the start: what it was and where it went (the detail is logged)
        assert store.recovered_from.startswith(
            f"Damaged games file was moved to {DATABASE_NAME}.corrupt-20260314-203000 ("
        )
    assert moved_aside(folder, "corrupt")[0].name.endswith("-20260314-203000")


def test_a_log_that_no_longer_replays_is_set_aside_and_every_other_game_kept(folder: Path) -> None:
    with GameStore.open(folder) as store:
        finished = store_log(store, played())
        game_id = store_log(store, unfinished(played()))
    with raw(folder / DATABASE_NAME) as db:
        db.execute(
            "UPDATE events SET line = ? WHERE game_id = ? AND seq = 2",
            (dump_line(StartRound("Zed")), game_id),
        )
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert store.recovered_from == (
            f"Game {game_id} could not be resumed and was set aside: event 2 is refused (Zed "
            f"is not a player in this game). Every other game is as it was; hubd export "
            f"{game_id} gives its log."
        )
        assert store.unfinished_game() is None
        assert store.load(finished).state == replayed(played()).state
        assert len(store.events(game_id)) == len(unfinished(played()))  # its log is kept
    assert moved_aside(folder, "corrupt") == []
    with GameStore.open(folder) as store:
        assert store.recovered_from is None  # said once; the game stays set aside


def test_a_newer_database_is_moved_aside_never_downgraded(folder: Path) -> None:
    with GameStore.open(folder) as store:
        store_log(store, played())
    with raw(folder / DATABASE_NAME) as db:
        db.execute("PRAGMA user_version = 42")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        # a banner holds one line: the file's new name comes before any detail
        assert store.recovered_from.startswith(
            "Games file of a newer hubd (database version 42) was moved to "
            f"{DATABASE_NAME}.newer-v42-20260314-203000 (this hubd reads up to version"
        )
        assert store.history() == []
    moved = moved_aside(folder, "newer-v42")[0]
    assert moved.name == f"{DATABASE_NAME}.newer-v42-20260314-203000"
    with raw(moved) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (42,)
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == len(played())


@pytest.mark.parametrize(
    ("code", "error", "words"),
    [
        (sqlite3.SQLITE_FULL, StoreFullError, "is full"),
        (sqlite3.SQLITE_READONLY | (3 << 8), StoreReadOnlyError, "is read-only"),  # ROLLBACK
        (sqlite3.SQLITE_IOERR | (4 << 8), StoreIOError, "reported an error"),  # IOERR_FSYNC
        (sqlite3.SQLITE_CORRUPT, StoreCorruptError, "damaged"),
        (sqlite3.SQLITE_BUSY, StoreError, "busy"),
    ],
)
def test_sqlite_errors_become_store_errors(
    code: int, error: type[StoreError], words: str, tmp_path: Path
) -> None:
    """Each SQLite result code a disk can cause maps to its error (codes set by hand)."""
    cause = sqlite3.OperationalError("from sqlite")
    cause.sqlite_errorcode = code
    made = sqlite_error(cause, "save event 3 of game 1", tmp_path)
    assert type(made) is error
    assert made.message.startswith("Cannot save event 3 of game 1: ")
    assert words in made.message


def test_error_family() -> None:
    for write_error in (StoreFullError, StoreReadOnlyError, StoreIOError):
        assert issubclass(write_error, StoreWriteError) and issubclass(write_error, StoreError)
    for error in (StoreLockedError, StoreCorruptError, StoreVersionError, ImportRefusedError):
        assert issubclass(error, StoreError)
    assert issubclass(UnknownGameError, LookupError)
