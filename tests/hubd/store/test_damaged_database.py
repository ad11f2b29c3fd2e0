"""A damaged database, byte by byte: whatever the damage (the header, the stored table
definitions, a page of the log, the -wal), the hub opens, sets the file aside with one
journal line and reads back every game it can; export and backup of a damaged file say so.

The damage is a byte flipped at offsets drawn from a seeded sample of each region, so the
test is the same on every run and takes a few seconds.
"""

from __future__ import annotations

import logging
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from store_helpers import NOW, lines_of, moved_aside, played, store_log, unfinished

from hubd.store import DATABASE_NAME, GameStore
from hubd.store.pages import records

pytest_plugins = ["store_fixtures"]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[list[str]]]:
    """A data folder with a finished game and one in its last round (its last events in
    the journal); and each game's log."""
    folder = tmp_path_factory.mktemp("sample") / "data"
    with GameStore.open(folder, clock=lambda: NOW) as store:
        ids = [store_log(store, played(1)), store_log(store, unfinished(played(2)))]
        logs = [lines_of(store, game_id) for game_id in ids]
    return folder, logs


def _in_definition(data: bytes, table: bytes) -> int:
    """An offset inside the stored definition of ``table`` (its columns), on page 1."""
    return data.index(b"CREATE TABLE " + table, 0, 4096) + 30


def _damaged(sample: Path, into: Path, offset: int) -> None:
    shutil.copytree(sample, into)
    path = into / DATABASE_NAME
    data = bytearray(path.read_bytes())
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def _offsets() -> list[int]:
    rng = random.Random(37)
    header = rng.sample(range(0, 100), 12)
    schema = rng.sample(range(100, 3700), 16)  # page 1: the stored table definitions
    pages = rng.sample(range(4096, 60_000), 16)
    return sorted(header + schema + pages)


@pytest.mark.parametrize("offset", _offsets())
def test_one_flipped_byte_anywhere_opens_with_one_line_and_reads_games_back(
    sample: tuple[Path, list[list[str]]],
    tmp_path: Path,
    offset: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    folder, logs = sample
    where = tmp_path / "data"
    _damaged(folder, where, offset)
    with (
        caplog.at_level(logging.WARNING, "hubd"),
        GameStore.open(where, clock=lambda: NOW) as store,
    ):
        assert store.cannot_save is None  # the hub starts and saves
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) <= 1 and all("\n" not in line for line in errors)
        if store.recovered_from is None or "was moved to" not in store.recovered_from:
            # The byte was in space nothing reads, or in one event's text: that game alone
            # is set aside when its line no longer replays (one line), or the line still
            # parses (SQLite keeps no checksum of a value): every event is still there.
            assert [len(lines_of(store, 1)), len(lines_of(store, 2))] == [len(g) for g in logs]
            assert errors == [] or "set aside" in errors[0]
            return
        assert len(errors) == 1 and "was moved to" in errors[0]
        read_back = [game.game_id for game in store.history()]
        for game_id in read_back:  # what is read back is the game's own log, from event 1
            got = lines_of(store, game_id)
            assert got == logs[game_id - 1][: len(got)]
        if offset < 4096 or "version" in store.recovered_from:  # header or definitions
            assert read_back == [2, 1]
            assert lines_of(store, 1) == logs[0] and lines_of(store, 2) == logs[1]
            assert store.unfinished_game() == 2  # its last event is in the journal
        store.new_game(played(3)[0])  # and the hub goes on saving


def test_without_the_sqlite3_command_the_pages_still_give_every_game(
    sample: tuple[Path, list[list[str]]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, logs = sample
    where = tmp_path / "data"
    _damaged(folder, where, _in_definition((folder / DATABASE_NAME).read_bytes(), b"events"))
    (where / f"{DATABASE_NAME}-events").unlink()  # no journal either
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    with GameStore.open(where, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert "its pages" in store.recovered_from
        assert lines_of(store, 1) == logs[0]
        # The unfinished game's last event cannot be known without the journal.
        assert "Game 2 read back to event" in store.recovered_from or lines_of(store, 2)
        assert store.unfinished_game() is None
    assert len(moved_aside(where, "corrupt")) >= 1


def test_the_page_reader_finds_every_row_of_the_log(
    sample: tuple[Path, list[list[str]]],
) -> None:
    folder, logs = sample
    data = (folder / DATABASE_NAME).read_bytes()
    wal = folder / f"{DATABASE_NAME}-wal"
    rows = {
        (values[0], values[1])
        for _, _, values in records(data, wal.read_bytes() if wal.exists() else b"")
        if len(values) == 3 and isinstance(values[0], int) and isinstance(values[2], bytes)
    }
    assert {(1, n) for n in range(1, len(logs[0]) + 1)} <= rows
    assert {(2, n) for n in range(1, len(logs[1]) + 1)} <= rows


@pytest.mark.parametrize("where_in_wal", [0, 40, 5000])
def test_a_damaged_wal_loses_nothing_the_journal_holds(folder: Path, where_in_wal: int) -> None:
    log = unfinished(played(4))
    with GameStore.open(folder, clock=lambda: NOW) as store:
        game_id = store_log(store, log)
        wal = folder / f"{DATABASE_NAME}-wal"
        copies = folder.parent / "copied"
        copies.mkdir()
        for path in folder.iterdir():  # as a power cut leaves them: the -wal not checkpointed
            shutil.copyfile(path, copies / path.name)
    data = bytearray((copies / wal.name).read_bytes())
    if where_in_wal < len(data):
        data[where_in_wal] ^= 0xFF
    (copies / wal.name).write_bytes(bytes(data))
    with GameStore.open(copies, clock=lambda: NOW) as store:
        assert store.cannot_save is None
        assert len(store.events(game_id)) == len(log)


def test_export_and_backup_of_a_damaged_file_say_so_and_fail(
    sample: tuple[Path, list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hubd.cli.run import main

    folder, _ = sample
    where = tmp_path / "data"
    shutil.copytree(folder, where)
    db = sqlite3.connect(where / DATABASE_NAME)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    path = where / DATABASE_NAME
    data = bytearray(path.read_bytes())
    data[8 * 4096 : 8 * 4096 + 64] = b"\xa5" * 64  # a page of the log
    path.write_bytes(bytes(data))
    out = tmp_path / "game.jsonl"
    assert main(["export", "--data", str(where), "1", "--output", str(out)]) == 1
    assert main(["backup", "--data", str(where), str(tmp_path / "copy.sqlite3")]) == 1
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 2 and all("the saved games are damaged" in line for line in said)
    if out.exists():  # what could be read, in UTF-8 (else nothing: no half file)
        out.read_bytes().decode("utf-8")
