"""The store's export (JSON Lines, CSV), import and backup."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import NOW, REPO, lines_of, played, raw, replayed, store_log, unfinished

from engine import NewGame, Play, StartRound, Tile, dump_line, summary
from engine.cli import replay_lines
from hubd.store import DATABASE_NAME, GameStore, ImportRefusedError, StoreError

pytest_plugins = ["store_fixtures"]


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
