"""The store attacked again: the lock a rename cannot undo, read-only mounts, a bad byte in
one game, an unreadable database, a full disk from the start."""

from __future__ import annotations

import io
import logging
import os
import sqlite3
from pathlib import Path

import pytest
from store_helpers import NOW, played, store_log

from engine import NewGame, StartRound
from hubd.store import DATABASE_NAME, LOCK_NAME, GameStore, StoreFullError, StoreLockedError

pytest_plugins = ["store_fixtures"]


@pytest.mark.parametrize("how", ["renamed over", "removed", "made a folder"])
def test_replacing_the_lock_file_lets_no_second_daemon_in(folder: Path, how: str) -> None:
    with GameStore.open(folder) as daemon:
        lock = folder / LOCK_NAME
        if how == "renamed over":
            (folder / "other").write_text("")
            os.replace(folder / "other", lock)
        elif how == "removed":
            lock.unlink()
        else:
            lock.unlink()
            lock.mkdir()
        with pytest.raises(StoreLockedError, match="another hubd is already using"):
            GameStore.open(folder)
        game_id = store_log(daemon, played()[:5])
    with GameStore.open(folder) as store:  # released when the first one closed
        assert len(store.events(game_id)) == 5


def _poke(folder: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(folder / DATABASE_NAME)
    db.execute(sql, args)
    db.commit()
    db.close()


def test_a_byte_that_is_not_utf8_sets_only_its_game_aside(folder: Path) -> None:
    with GameStore.open(folder, clock=lambda: NOW) as store:
        first = store.new_game(NewGame(("Ana", "Ben"), {"rounds": 1}))
        store.append(first, StartRound("Ana"))
        second = store.new_game(NewGame(("Cy", "Di"), {"rounds": 1}))
        store.append(second, StartRound("Cy"))
    bad = b'{"type": "start_round", "player": "C\xffy"}'
    _poke(folder, "UPDATE events SET line = CAST(? AS TEXT) WHERE game_id = 2 AND seq = 2", bad)
    _poke(folder, "UPDATE players SET name = CAST(? AS TEXT) WHERE name = 'Di'", b"D\xfe")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert not store.readonly and store.cannot_save is None
        assert store.recovered_from is not None and "Game 2" in store.recovered_from
        assert "not UTF-8" in store.recovered_from
        assert store.unfinished_game() is None
        assert [r.game_id for r in store.history()] == [2, 1]
        assert store.history()[0].players == ("Cy", "D\ufffd")
        assert len(store.events(first)) == 2
        new = store.new_game(NewGame(("Ana", "Ben")))  # the store still takes new games
        assert store.append(new, StartRound("Ana")) == 2
    with GameStore.open(folder, readonly=True) as reader:
        out = io.StringIO()
        reader.export_jsonl(second, out)
        assert out.getvalue().splitlines()[1].encode("utf-8", "surrogateescape") == bad


@pytest.fixture
def unreadable(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The database made unreadable to the hub's user (mode 000). Tests run as root, whom
    mode 000 does not stop, so then the kernel's and SQLite's answers are given instead."""
    with GameStore.open(folder) as store:
        store_log(store, played()[:5])
    path = folder / DATABASE_NAME
    os.chmod(path, 0)
    if os.geteuid() != 0:
        return path
    real_open, real_connect = os.open, sqlite3.connect

    def refuse(target: object) -> bool:
        return str(target).endswith(DATABASE_NAME) or "hub.sqlite3?" in str(target)

    def os_open(target: str, flags: int, mode: int = 0o777, **kw: int | None) -> int:
        if refuse(target):
            raise PermissionError(13, "Permission denied", str(target))
        return real_open(target, flags, mode, **kw)

    def connect(target: str, *args: object, **kw: object) -> sqlite3.Connection:
        if refuse(target):
            err = sqlite3.OperationalError("unable to open database file")
            err.sqlite_errorcode = sqlite3.SQLITE_CANTOPEN  # type: ignore[attr-defined]
            raise err
        return real_connect(target, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(sqlite3, "connect", connect)
    return path


@pytest.mark.parametrize("command", ["export", "backup", "import"])
def test_an_unreadable_database_is_one_line_from_every_command(
    unreadable: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    from hubd.cli import run as cli
    from hubd.cli.args import EXIT_ERROR

    log = tmp_path / "game.jsonl"
    log.write_text('{"type": "new_game", "players": ["Ana", "Ben"]}\n')
    argv = {
        "export": ["export", "--data", str(unreadable.parent)],
        "backup": ["backup", "--data", str(unreadable.parent), str(tmp_path / "b.sqlite3")],
        "import": ["import", "--data", str(unreadable.parent), str(log)],
    }[command]
    assert cli.main(argv) == EXIT_ERROR
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("hubd: ") and "Permission denied" in err[-1], err
    assert "Traceback" not in "".join(err)


def test_the_daemon_with_an_unreadable_database_opens_view_only(unreadable: Path) -> None:
    with GameStore.open(unreadable.parent) as store:
        assert store.readonly
        assert store.cannot_save is not None and "Permission denied" in store.cannot_save
        assert store.history() == []
    os.chmod(unreadable, 0o644)
    assert unreadable.stat().st_size > 0  # nothing moved aside, nothing lost


@pytest.mark.parametrize("wal", [False, True])
def test_a_read_only_mount_still_shows_every_game(
    folder: Path, monkeypatch: pytest.MonkeyPatch, wal: bool
) -> None:
    """On a read-only mount SQLite cannot make the -shm a WAL database needs, so ``mode=ro``
    fails with "unable to open database file" (given here: the tests cannot mount)."""
    log = played()
    with GameStore.open(folder) as store:
        game_id = store_log(store, log[:8])
        if wal:  # a daemon killed on a mount that went read-only: commits left in the -wal
            store._db.execute("PRAGMA wal_autocheckpoint = 0")
            store.append(game_id, log[8])
            keep = {n: (folder / n).read_bytes() for n in (DATABASE_NAME, DATABASE_NAME + "-wal")}
    if wal:
        for name, data in keep.items():
            (folder / name).write_bytes(data)
    real_connect = sqlite3.connect

    def connect(target: str, *args: object, **kw: object) -> sqlite3.Connection:
        if "mode=ro" in str(target):
            err = sqlite3.OperationalError("unable to open database file")
            err.sqlite_errorcode = sqlite3.SQLITE_CANTOPEN  # type: ignore[attr-defined]
            raise err
        return real_connect(target, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", connect)
    before = sorted(p.name for p in folder.iterdir())
    with GameStore.open(folder, readonly=True) as reader:
        assert len(reader.events(game_id)) == (9 if wal else 8)
        assert reader.history()[0].game_id == game_id
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_full_disk_is_said_once_when_it_starts_and_once_when_it_ends(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    log = played()
    with GameStore.open(folder) as store:
        game_id = store_log(store, log[:2])
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite fails: SQLITE_FULL
        committed = 2
        refused = 0
        caplog.clear()
        with pytest.raises(StoreFullError):
            for event in log[2:]:
                committed = store.append(game_id, event)
        refused += 1
        for _ in range(40):  # the same entry, again and again (a demo, a button)
            with pytest.raises(StoreFullError):
                store.append(game_id, log[committed])
            refused += 1
        said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(said) == 1 and "is full" in said[0], said
        store._db.execute(f"PRAGMA max_page_count = {pages * 100}")  # room again
        assert store.append(game_id, log[committed]) == committed + 1
        said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(said) == 2
        assert said[1] == f"Saving works again; {refused} entries were refused while it did not."
        assert store.refused_writes == 0


def test_a_data_folder_full_from_the_start_says_full_and_leaves_nothing(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk has no page for a new database (emulated: ``max_page_count`` of 1 makes
    SQLite fail the first write with SQLITE_FULL, as a full card does)."""
    from hubd.store import opening

    real_connect = opening.connect

    def no_room(target: str, **kw: bool) -> sqlite3.Connection:
        db = real_connect(target, **kw)
        if target.endswith(DATABASE_NAME):
            db.execute("PRAGMA max_page_count = 1")
        return db

    monkeypatch.setattr(opening, "connect", no_room)
    for _ in range(2):  # and the restart finds nothing to move aside
        with GameStore.open(folder, clock=lambda: NOW) as store:
            assert store.readonly and store.recovered_from is None
            assert store.cannot_save is not None and "is full" in store.cannot_save
        assert sorted(p.name for p in folder.iterdir()) == [LOCK_NAME]


def test_a_full_disk_during_an_upgrade_moves_nothing_aside(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from store_helpers import write_v1

    from hubd.store import opening

    write_v1(folder / DATABASE_NAME, [played(2), played(3)])
    real_connect = opening.connect

    def no_room(target: str, **kw: bool) -> sqlite3.Connection:
        db = real_connect(target, **kw)
        if target.endswith(DATABASE_NAME):
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(opening, "connect", no_room)
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.readonly and store.recovered_from is None
        assert store.cannot_save is not None and "is full" in store.cannot_save
    db = sqlite3.connect(folder / DATABASE_NAME)  # where it was, as it was
    assert db.execute("PRAGMA user_version").fetchone() == (1,)
    assert db.execute("SELECT count(*) FROM games").fetchone() == (2,)
    db.close()
    assert not [p for p in folder.iterdir() if ".corrupt-" in p.name]
    monkeypatch.undo()
    with GameStore.open(folder, clock=lambda: NOW) as store:  # room again: it upgrades
        assert store.recovered_from is None and len(store.history()) == 2
