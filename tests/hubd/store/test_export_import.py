"""The store's export (JSON Lines, CSV), import and backup."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from store_helpers import NOW, lines_of, played, replayed, store_log, unfinished

from engine import (
    MAX_EVENTS,
    MAX_LOG_BYTES,
    AmendRound,
    EndRound,
    HandPips,
    NewGame,
    Play,
    StartRound,
    Tile,
    dump_line,
    summary,
)
from engine.cli import replay_lines
from hubd.store import AlreadyStoredError, GameStore, ImportRefusedError, StoreError

pytest_plugins = ["store_fixtures"]


# -- export, import ----------------------------------------------------------------------


def test_export_replays_and_import_gives_the_same_game(store: GameStore, tmp_path: Path) -> None:
    log = played(3, "four-arm", 5)
    game_id = store_log(store, log)
    out = io.StringIO()
    store.export_jsonl(game_id, out)
    text = out.getvalue()
    result, ok = replay_lines(text.encode("utf-8").splitlines())
    assert ok
    assert result == summary(replayed(log).state)
    other = GameStore.open(tmp_path / "other hub")
    try:
        copy_id = other.import_log(io.StringIO(text))
        assert lines_of(other, copy_id) == lines_of(store, game_id)
        assert other.load(copy_id).state.fingerprint() == store.load(game_id).state.fingerprint()
        original, imported = store.history()[0], other.history()[0]
        assert (imported.totals, imported.winners) == (original.totals, original.winners)
    finally:
        other.close()
    # Into the store that has it: a game counts once, whatever file it came from.
    with pytest.raises(AlreadyStoredError, match=f"as game {game_id}: nothing was stored"):
        store.import_log(io.StringIO(text))
    assert len(store.history()) == 1


def test_import_reads_a_file_and_keeps_blank_lines_out(store: GameStore, tmp_path: Path) -> None:
    log = played()
    path = tmp_path / "game.jsonl"
    path.write_text("\n" + "\n\n".join(dump_line(e) for e in log) + "\n", encoding="utf-8")
    game_id = store.import_log(path, NOW)
    assert lines_of(store, game_id) == [dump_line(e) for e in log]
    with pytest.raises(AlreadyStoredError) as again:
        store.import_log(str(path))
    assert again.value.game_id == game_id and len(store.history()) == 1
    assert store.import_log([dump_line(e) for e in log[:-1]]) == game_id + 1  # another game


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


# -- hostile imports ----------------------------------------------------------------------

HOSTILE_LINES = [
    "[" * 1100 + "]" * 1100,
    '{"type": "amend_round", "round": ' + "9" * 4400 + ', "scores": {"Ana": 1}}',
    '{"type": "new_game", "players": ["Ana", "\\ud83d"]}',
    '{"type": "new_game", "players": ["Ana", "B\\u0000n"]}',
    '{"type": "new_game", "players": ["' + "x" * 30_000 + '", "Ben"]}',
    json.dumps({"type": "new_game", "players": [f"P{i}" for i in range(100_000)]}),
]


@pytest.mark.parametrize("line", HOSTILE_LINES, ids=lambda line: line[:20])
def test_a_hostile_line_is_refused_naming_it_and_nothing_is_stored(
    store: GameStore, line: str
) -> None:
    with pytest.raises(ImportRefusedError) as refused:
        store.import_log([dump_line(NewGame(("Ana", "Ben"))), line])
    assert refused.value.line == 2 and len(refused.value.message) < 200
    with pytest.raises(ImportRefusedError) as refused:
        store.import_log([line])
    assert refused.value.line == 1
    assert store.history() == []


def test_a_file_longer_than_a_log_may_be_is_refused_unread(
    store: GameStore, tmp_path: Path
) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as handle:
        handle.write(dump_line(NewGame(("Ana", "Ben"))).encode() + b"\n")
        handle.write((b" " * 1023 + b"\n") * (MAX_LOG_BYTES // 1024 + 10))
    with pytest.raises(ImportRefusedError, match=r"line \d+: the log goes on past 16 MB"):
        store.import_log(big)
    assert store.history() == []


def test_a_log_of_a_million_lines_is_refused_at_event_20001(store: GameStore) -> None:
    scored = EndRound({"Ana": HandPips(1), "Ben": HandPips(2)}, agreed=True)
    head = [dump_line(e) for e in (NewGame(("Ana", "Ben")), StartRound("Ana"), scored)]
    amend = dump_line(AmendRound(1, {"Ana": 0}))
    lines = iter([*head, *([amend] * 1_000_000)])
    with pytest.raises(ImportRefusedError) as refused:
        store.import_log(lines)
    assert refused.value.line == MAX_EVENTS + 1
    assert "at most 20,000 events" in refused.value.message


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.sampled_from(["\x00", "\ud800"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["type", "players", "rules", "opener", "player", "tile", "on", "hands"])
TYPES = st.sampled_from(["new_game", "start_round", "play", "draw", "end_round", "undo"])
EVENT = st.builds(
    lambda kind, rest: {**rest, "type": kind}, TYPES, st.dictionaries(KEYS, JSON, max_size=4)
)


@settings(max_examples=150, deadline=None)
@given(st.lists(EVENT.map(lambda e: json.dumps(e, ensure_ascii=False)), min_size=1, max_size=5))
def test_fuzz_import_stores_a_game_or_refuses_naming_a_line(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder, GameStore.open(folder) as store:
        raw_lines = [line.encode("utf-8", "surrogatepass") for line in lines]
        try:
            game_id = store.import_log(raw_lines)
        except ImportRefusedError as refused:
            assert refused.line is not None and 1 <= refused.line <= len(lines)
            assert store.history() == []
        else:
            assert len(store.events(game_id)) == len(lines)
