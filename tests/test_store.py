"""The game store: logs, resume, history, export/import, backup, migrations and faults.

Emulated faults, and why they are honest:
- full disk: ``PRAGMA max_page_count`` at the current size makes SQLite itself fail the
  commit with SQLITE_FULL ("database or disk is full"), the same code path as a full card;
- read-only: a ``mode=ro`` connection (the read-only store) and ``PRAGMA query_only`` make
  SQLite refuse writes with SQLITE_READONLY, as a file system remounted read-only does
  (chmod would not do: tests run as root);
- corruption: garbage bytes, a truncated file, and a valid file whose log does not replay.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from functools import cache
from pathlib import Path

import pytest

from engine import (
    AmendRound,
    Draw,
    EndRound,
    Event,
    Game,
    NewGame,
    Phase,
    Play,
    StartRound,
    Tile,
    Undo,
    dump_line,
    summary,
)
from engine.cli import replay_lines
from engine.simulate import Simulator
from hubd.records import GameRecord
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
    _sqlite_error,
)
from hubd.store_migrations import CURRENT_VERSION, MIGRATIONS

NOW = datetime(2026, 3, 14, 20, 30, tzinfo=timezone(timedelta(hours=1)))
LATER = NOW + timedelta(hours=2)
REPO = Path(__file__).resolve().parent.parent


@cache
def played(seed: int = 1, preset: str = "classic", players: int = 4) -> tuple[Event, ...]:
    """A whole game's log from the simulator (checked, so it holds undos too)."""
    return tuple(Simulator(players, {"preset": preset}, seed, check=True).play_game().log)


def replayed(log: tuple[Event, ...] | list[Event]) -> Game:
    return Game.from_events(log)


def store_log(store: GameStore, log: tuple[Event, ...] | list[Event], now: datetime = NOW) -> int:
    first = log[0]
    assert isinstance(first, NewGame)
    game_id = store.new_game(first, now)
    for seq, event in enumerate(log[1:], start=2):
        assert store.append(game_id, event, now) == seq
    return game_id


def unfinished(log: tuple[Event, ...]) -> tuple[Event, ...]:
    """The log up to (not including) its last end_round: a game in its last round."""
    last = max(i for i, e in enumerate(log) if isinstance(e, EndRound))
    return log[:last]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path) -> Iterator[GameStore]:
    with GameStore.open(folder, clock=lambda: NOW) as opened:
        yield opened


def lines_of(store: GameStore, game_id: int) -> list[str]:
    out = io.StringIO()
    store.export_jsonl(game_id, out)
    return out.getvalue().splitlines()


@contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain connection beside the store's, closed on leaving."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        yield db
    finally:
        db.close()


# -- opening -----------------------------------------------------------------------------


def test_open_makes_the_folder_and_a_durable_database(folder: Path) -> None:
    with GameStore.open(folder) as store:
        assert (folder / DATABASE_NAME).is_file()
        db = store._db  # per-connection settings can only be read on the store's connection
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert db.execute("PRAGMA user_version").fetchone() == (CURRENT_VERSION,)
        assert store.recovered_from is None and store.cannot_save is None
        assert not store.readonly
        assert store.history() == []
        assert store.unfinished_game() is None


def test_migrations_count_up_from_one() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert CURRENT_VERSION == len(MIGRATIONS) >= 2


# -- logs and resume ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "preset", "players"), [(1, "classic", 4), (2, "hub", 3), (3, "four-arm", 5)]
)
def test_a_stored_game_loads_exactly(
    store: GameStore, seed: int, preset: str, players: int
) -> None:
    log = played(seed, preset, players)
    assert any(isinstance(e, Undo) for e in log)
    game_id = store_log(store, log)
    loaded = store.load(game_id)
    expected = replayed(log)
    assert loaded.log == list(log)
    assert loaded.effective == expected.effective
    assert loaded.state.fingerprint() == expected.state.fingerprint()
    assert store.events(game_id) == list(log)
    assert lines_of(store, game_id) == [dump_line(e) for e in log]


def test_a_game_in_progress_resumes_after_reopening(folder: Path) -> None:
    log = unfinished(played())
    with GameStore.open(folder) as store:
        game_id = store_log(store, log)
    with GameStore.open(folder) as store:
        assert store.unfinished_game() == game_id
        resumed = store.load(game_id)
        assert resumed.state == replayed(log).state
        assert resumed.state.phase is Phase.ROUND_OVER or resumed.state.in_round
        # the undo history is exact: undoing on the resumed game matches the original
        original = replayed(log)
        assert resumed.apply(Undo()) == original.apply(Undo())
        assert resumed.state == original.state
        # and the store goes on from where it was
        assert store.append(game_id, played()[len(log)]) == len(log) + 1


def test_a_refused_event_stores_nothing(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log[:5])
    before = lines_of(store, game_id)
    with pytest.raises(ValueError, match="nobody-here is not a player"):  # a RuleError
        store.append(game_id, Draw("nobody-here"))
    with pytest.raises(ValueError):
        store.append(game_id, NewGame(("X", "Y")))
    assert lines_of(store, game_id) == before
    assert store.append(game_id, log[5]) == 6


def test_a_refused_new_game_stores_nothing(store: GameStore) -> None:
    with pytest.raises(ValueError, match="two players are called Ana"):
        store.new_game(NewGame(("Ana", "Ana")), NOW)
    assert store.history() == []
    assert store.known_players() == []


def test_an_unknown_game_is_named(store: GameStore) -> None:
    with pytest.raises(UnknownGameError, match="there is no game 7"):
        store.load(7)
    with pytest.raises(UnknownGameError):
        store.append(7, Draw("Ana"))
    with pytest.raises(UnknownGameError):
        store.export_jsonl(7, io.StringIO())


def test_the_game_to_resume_is_the_latest_if_not_over(store: GameStore) -> None:
    assert store.unfinished_game() is None
    assert store.latest_game() is None
    first = store_log(store, played()[:3])
    assert store.unfinished_game() == first
    finished = store_log(store, played(2))
    assert store.unfinished_game() is None  # the earlier game was left behind
    assert store.latest_game() == finished > first
    second = store.new_game(NewGame(("Ana", "Ben")), NOW)
    assert store.unfinished_game() == second


# -- history and statistics --------------------------------------------------------------


def test_history_records_a_finished_game(store: GameStore) -> None:
    log = played()
    game_id = store.new_game(log[0], NOW)  # type: ignore[arg-type]
    for event in log[1:-1]:
        store.append(game_id, event, NOW)
    [record] = store.history()
    assert record.finished is None and record.winners == ()
    store.append(game_id, log[-1], LATER)
    state = replayed(log).state
    assert state.outcome is not None
    assert store.history() == [
        GameRecord(
            game_id=game_id,
            started="2026-03-14T20:30:00+01:00",
            finished="2026-03-14T22:30:00+01:00",
            players=("P1", "P2", "P3", "P4"),
            totals=tuple(state.totals),
            winners=tuple(state.players[s] for s in state.outcome.winners),
            rounds_played=10,
            preset="classic",
            doubles=tuple(range(9, -1, -1)),
            scores=tuple(map(tuple, state.scores)),
        )
    ]
    assert store.history(finished_only=True) == store.history()


def test_undo_and_amend_after_the_end_keep_the_history_true(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log)
    store.append(game_id, Undo(), LATER)  # takes the last end_round back
    [record] = store.history()
    assert (record.finished, record.winners, record.rounds_played) == (None, (), 9)
    assert store.unfinished_game() == game_id
    assert store.player_stats() == []  # only finished games count
    store.append(game_id, log[-1], LATER)
    [record] = store.history()
    assert record.finished == "2026-03-14T22:30:00+01:00"
    # an amended round changes totals and winner but not when the game ended
    loser = max(range(4), key=lambda seat: record.totals[seat])
    name = record.players[loser]
    store.append(game_id, AmendRound(1, {name: 0}), NOW + timedelta(days=1))
    state = store.load(game_id).state
    [record] = store.history()
    assert record.totals == tuple(state.totals)
    assert state.outcome is not None
    assert record.winners == tuple(state.players[s] for s in state.outcome.winners)
    assert record.finished == "2026-03-14T22:30:00+01:00"
    stats = {s.name: s for s in store.player_stats()}
    assert stats[name].average_round_score == state.totals[loser] / 10


def test_player_statistics_add_up_finished_games(store: GameStore) -> None:
    logs = [played(1), played(2), played(4, "hub", 3)]
    for log in logs:
        store_log(store, log)
    store_log(store, unfinished(played(5)))  # not counted
    expected: dict[str, dict[str, float]] = {}
    for log in logs:
        state = replayed(log).state
        assert state.outcome is not None
        for seat, name in enumerate(state.players):
            row = expected.setdefault(
                name, {"games": 0, "wins": 0, "points": 0, "rounds": 0, "zero": 0, "feet": 0}
            )
            row["games"] += 1
            row["wins"] += seat in state.outcome.winners
            row["points"] += state.totals[seat]
            row["rounds"] += len(state.scores)
            row["zero"] += sum(1 for r in state.scores if r[seat] == 0)
            row["feet"] += state.feet_opened[seat]
    stats = store.player_stats()
    assert {s.name for s in stats} == set(expected)
    for s in stats:
        row = expected[s.name]
        assert (s.games, s.wins, s.zero_rounds, s.feet_opened) == (
            row["games"],
            row["wins"],
            row["zero"],
            row["feet"],
        )
        assert s.average_round_score == pytest.approx(row["points"] / row["rounds"])
    assert [s.wins for s in stats] == sorted((s.wins for s in stats), reverse=True)
    assert sum(s.feet_opened for s in stats) > 0


def test_known_players_most_recent_first(store: GameStore) -> None:
    store.new_game(NewGame(("Ana", "Ben")), NOW)
    store.new_game(NewGame(("Cy", "Ana", "Dee")), NOW)
    assert store.known_players() == ["Cy", "Ana", "Dee", "Ben"]
    assert store.known_players(limit=2) == ["Cy", "Ana"]


# -- export, import ----------------------------------------------------------------------


def test_export_replays_and_import_gives_the_same_game(store: GameStore) -> None:
    log = played(3, "four-arm", 5)
    game_id = store_log(store, log)
    out = io.StringIO()
    store.export_jsonl(game_id, out)
    text = out.getvalue()
    result, ok = replay_lines(text.encode("utf-8").splitlines())
    assert ok
    assert result == summary(replayed(log).state)
    copy_id = store.import_log(io.StringIO(text))
    assert copy_id != game_id
    assert lines_of(store, copy_id) == lines_of(store, game_id)
    assert store.load(copy_id).state.fingerprint() == store.load(game_id).state.fingerprint()
    original, imported = store.history()[1], store.history()[0]
    assert (imported.totals, imported.winners) == (original.totals, original.winners)


def test_import_reads_a_file_and_keeps_blank_lines_out(store: GameStore, tmp_path: Path) -> None:
    log = played()
    path = tmp_path / "game.jsonl"
    path.write_text("\n" + "\n\n".join(dump_line(e) for e in log) + "\n", encoding="utf-8")
    game_id = store.import_log(path, NOW)
    assert lines_of(store, game_id) == [dump_line(e) for e in log]
    assert store.import_log(str(path)) == game_id + 1


def test_import_refuses_a_log_that_does_not_replay_and_imports_nothing(
    store: GameStore, tmp_path: Path
) -> None:
    good = [
        dump_line(NewGame(("Ana", "Ben"))),
        "",
        dump_line(StartRound("Ana")),
        dump_line(Play("Ben", Tile(4, 9), Tile(9, 9))),
    ]
    with pytest.raises(ImportRefusedError, match=r"^line 4: it is Ana's turn, not Ben's$") as err:
        store.import_log(good)
    assert err.value.line == 4
    with pytest.raises(ImportRefusedError, match="line 2: not valid JSON"):
        store.import_log([good[0], "{nope"])
    with pytest.raises(ImportRefusedError, match="line 1: no game has been started"):
        store.import_log([good[2]])
    with pytest.raises(ImportRefusedError, match="line 2: the line is not UTF-8"):
        store.import_log([good[0].encode(), b"\xff\xfe"])
    with pytest.raises(ImportRefusedError, match="holds no events"):
        store.import_log(["", "  "])
    with pytest.raises(StoreError, match="cannot read"):
        store.import_log(tmp_path / "missing.jsonl")
    assert store.history() == []


def test_csv_score_sheet(store: GameStore) -> None:
    log = played()
    game_id = store_log(store, log)
    state = replayed(log).state
    out = io.StringIO()
    store.export_csv(game_id, out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == ["round", "double", "P1", "P2", "P3", "P4"]
    assert rows[1][:2] == ["1", "9-9"] and rows[10][:2] == ["10", "0-0"]
    assert [[int(x) for x in row[2:]] for row in rows[1:11]] == state.scores
    assert rows[11] == ["total", "", *map(str, state.totals)]
    assert state.outcome is not None
    assert rows[12] == ["winner", "", *(state.players[s] for s in state.outcome.winners)]
    assert len(rows) == 13
    running = store_log(store, unfinished(log))
    out = io.StringIO()
    store.export_csv(running, out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[-1][0] == "total" and len(rows) == 11  # 9 rounds scored, no winner yet


# -- backup ------------------------------------------------------------------------------


def test_backup_is_a_complete_self_contained_copy(store: GameStore, tmp_path: Path) -> None:
    game_id = store_log(store, played())
    dest = store.backup(tmp_path / "copy.sqlite3")
    assert dest == tmp_path / "copy.sqlite3"
    assert not (tmp_path / "copy.sqlite3.partial").exists()
    with raw(dest) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    restored = tmp_path / "restored"
    restored.mkdir()
    os.replace(dest, restored / DATABASE_NAME)
    with GameStore.open(restored) as copy:
        assert lines_of(copy, game_id) == lines_of(store, game_id)
        assert copy.history() == store.history()
    named = store.backup(tmp_path)
    assert named == tmp_path / "hub-20260314-203000.sqlite3"


WRITER = """
import sys
from datetime import datetime, timezone
from engine.simulate import Simulator
from hubd.store import GameStore

store = GameStore.open(sys.argv[1])
now = datetime(2026, 1, 1, tzinfo=timezone.utc)
for seed in (11, 12):
    log = Simulator(4, {"preset": "classic"}, seed, check=False).play_game().log
    game_id = store.new_game(log[0], now)
    for event in log[1:]:
        print(game_id, store.append(game_id, event, now), flush=True)
"""


def test_backup_while_another_process_writes(folder: Path, tmp_path: Path) -> None:
    GameStore.open(folder).close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert writer.stdout is not None
    copies: list[Path] = []
    with GameStore.open(folder, readonly=True) as reader:
        for number, _ in enumerate(writer.stdout):
            if number % 40 == 0:
                target = tmp_path / f"backup{number}"
                target.mkdir()
                copies.append(reader.backup(target / DATABASE_NAME))
    assert writer.wait() == 0
    assert len(copies) > 10
    for copy in copies:
        with GameStore.open(copy.parent, readonly=True) as backup:
            for record in backup.history():
                backup.load(record.game_id)  # every game in every copy replays
        with raw(copy) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


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
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
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


def moved_aside(folder: Path, tag: str) -> list[Path]:
    """The files moved aside with ``tag``, the database first, then its -shm and -wal."""
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{DATABASE_NAME}.{tag}-"))


def test_garbage_is_moved_aside_and_a_fresh_store_started(folder: Path) -> None:
    folder.mkdir()
    garbage = b"this is not a database at all\n" * 100
    (folder / DATABASE_NAME).write_bytes(garbage)
    (folder / f"{DATABASE_NAME}-wal").write_bytes(b"stale wal")
    (folder / f"{DATABASE_NAME}-shm").write_bytes(b"stale shm")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert "could not be read" in store.recovered_from
        assert f"{DATABASE_NAME}.corrupt-20260314-203000" in store.recovered_from
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
        assert store.history() == []
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
        assert "could not be read" in store.recovered_from
    assert moved_aside(folder, "corrupt")[0].name.endswith("-20260314-203000")


def test_a_log_that_no_longer_replays_is_set_aside_and_every_other_game_kept(
    folder: Path,
) -> None:
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
        assert f"Game {game_id} could not be resumed" in store.recovered_from
        assert "no longer replays: event 2 is refused (Zed is not a player" in (
            store.recovered_from
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
        assert "newer hubd (database version 42" in store.recovered_from
        assert store.history() == []
    moved = moved_aside(folder, "newer-v42")[0]
    assert moved.name == f"{DATABASE_NAME}.newer-v42-20260314-203000"
    with raw(moved) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (42,)
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == len(played())


# -- migrations --------------------------------------------------------------------------

#: The schema of version 1 as it was released (frozen here on purpose: never edit).
V1_SCHEMA = """
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE games (id INTEGER PRIMARY KEY, created TEXT NOT NULL, preset TEXT NOT NULL);
CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
PRAGMA user_version = 1;
"""


def write_v1(path: Path, logs: list[tuple[Event, ...]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with raw(path) as db:
        db.executescript(V1_SCHEMA)
        for game_id, log in enumerate(logs, start=1):
            new_game = log[0]
            assert isinstance(new_game, NewGame)
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?)", (game_id, f"2025-0{game_id}-01T19:00", "x")
            )
            for seat, name in enumerate(new_game.players):
                db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
                db.execute(
                    "INSERT INTO game_players SELECT ?, ?, id FROM players WHERE name = ?",
                    (game_id, seat, name),
                )
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?)",
                [(game_id, seq, json.dumps(e.to_json())) for seq, e in enumerate(log, 1)],
            )


def test_a_version_1_database_migrates_with_its_games(folder: Path) -> None:
    finished, running = played(1), unfinished(played(2))
    write_v1(folder / DATABASE_NAME, [finished, running])
    with GameStore.open(folder) as store:
        assert store.recovered_from is None
        assert store._db.execute("PRAGMA user_version").fetchone() == (CURRENT_VERSION,)
        indexes = {row[0] for row in store._db.execute("SELECT name FROM sqlite_master")}
        assert "game_players_by_player" in indexes
        assert store.unfinished_game() == 2
        assert store.load(2).state == replayed(running).state
        newest, oldest = store.history()
        state = replayed(finished).state
        assert state.outcome is not None
        assert oldest.finished == "2025-01-01T19:00"  # unknown before v2: its start stands in
        assert oldest.totals == tuple(state.totals)
        assert oldest.winners == tuple(state.players[s] for s in state.outcome.winners)
        assert (newest.finished, newest.rounds_played) == (None, 9)
        assert sum(s.games for s in store.player_stats()) == 4
        assert store.append(2, played(2)[len(running)]) == len(running) + 1


def test_a_migration_sets_aside_a_game_that_no_longer_replays(folder: Path) -> None:
    broken = (*played(1)[:3], Draw("Zed"))
    write_v1(folder / DATABASE_NAME, [played(2), broken])
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is None
        assert store.unfinished_game() is None  # the broken game is never resumed
        assert [r.game_id for r in store.history() if r.finished] == [1]
        assert len(store.events(2)) == 4  # its log is kept, for hubd export
    assert moved_aside(folder, "corrupt") == []
    with raw(folder / DATABASE_NAME) as db:
        reason = db.execute("SELECT set_aside FROM games WHERE id = 2").fetchone()[0]
        assert "game 2 no longer replays: event 4" in reason


def test_a_failed_migration_changes_nothing(folder: Path) -> None:
    write_v1(folder / DATABASE_NAME, [played(2)])
    with raw(folder / DATABASE_NAME) as db:  # a column the next version means to add
        db.execute("ALTER TABLE games ADD COLUMN finished TEXT")
    with GameStore.open(folder, clock=lambda: NOW) as store:
        assert store.recovered_from is not None
        assert "could not be brought up to date" in store.recovered_from
    moved = moved_aside(folder, "corrupt")[0]
    with raw(moved) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
        assert columns == ["id", "created", "preset", "finished"]


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
    made = _sqlite_error(cause, "save event 3 of game 1", tmp_path)
    assert type(made) is error
    assert made.message.startswith("Cannot save event 3 of game 1: ")
    assert words in made.message


def test_error_family() -> None:
    for write_error in (StoreFullError, StoreReadOnlyError, StoreIOError):
        assert issubclass(write_error, StoreWriteError) and issubclass(write_error, StoreError)
    for error in (StoreLockedError, StoreCorruptError, StoreVersionError, ImportRefusedError):
        assert issubclass(error, StoreError)
    assert issubclass(UnknownGameError, LookupError)
