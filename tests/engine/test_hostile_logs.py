"""Hostile logs: every line ends as an event or a refusal naming it, never as a traceback; the
limits on a log's size and a game's length; undo stays linear (engine/limits.py)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.game
from engine import (
    MAX_EVENTS,
    MAX_LINE,
    MAX_LOG_BYTES,
    AmendRound,
    EndRound,
    Game,
    HandPips,
    NewGame,
    RuleError,
    StartRound,
    Undo,
    apply_lines,
    dump_line,
    parse_line,
    split_log,
)
from engine.cli import replay_lines, write_json

NEW_GAME = '{"type": "new_game", "players": ["Ana", "Ben"], "rules": {"rounds": 1}}'
AMEND = '{"type": "amend_round", "round": 1, "scores": {"Ana": 1}}'

#: Lines that once escaped as tracebacks, and their kin.
HOSTILE: dict[str, str] = {
    "1,100 nested arrays": "[" * 1100 + "]" * 1100,
    "nesting inside an event": '{"type": "new_game", "players": ' + "[" * 5000 + "]" * 5000 + "}",
    "a 4,301-digit number": '{"type": "amend_round", "round": ' + "9" * 4301 + ', "scores": {}}',
    "a 5,000-digit pips": '{"type": "end_round", "hands": {"Ana": {"pips": ' + "1" * 5000 + "}}}",
    "a lone surrogate type": '{"type": "\\ud83d"}',
    "a lone surrogate name": '{"type": "new_game", "players": ["Ana", "\\ud83d"]}',
    "a lone surrogate player": '{"type": "draw", "player": "\\udc00"}',
    "a NUL in a name": '{"type": "new_game", "players": ["Ana", "B\\u0000n"]}',
    "a raw NUL": '{"type": "undo"}\x00',
    "a huge string": '{"type": "draw", "player": "' + "x" * 20_000 + '"}',
    "a huge name": '{"type": "new_game", "players": ["' + "y" * 10_000 + '", "Ben"]}',
    "many players": json.dumps({"type": "new_game", "players": [f"P{i}" for i in range(3000)]}),
    "NaN": '{"type": "amend_round", "round": NaN, "scores": {"Ana": 1}}',
    "Infinity pips": '{"type": "end_round", "hands": {"Ana": {"pips": Infinity}}}',
    "1e400": '{"type": "amend_round", "round": 1e400, "scores": {"Ana": 1}}',
}


@pytest.mark.parametrize("line", HOSTILE.values(), ids=HOSTILE.keys())
def test_every_hostile_line_is_refused_naming_its_line(line: str) -> None:
    out, ok = replay_lines([NEW_GAME.encode(), line.encode("utf-8", "surrogatepass")])
    assert not ok
    error = out["error"]
    assert error["line"] == 2
    assert isinstance(error["message"], str) and 0 < len(error["message"]) < 200
    json.dumps(out, ensure_ascii=True)  # always printable
    assert out["hands"] == {"Ana": 0, "Ben": 0}, "the state before the refused line"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[" * 1100 + "]" * 1100, "the line is nested too deeply to be an event"),
        ('{"type": "undo", "n": ' + "7" * 4400 + "}", "the line holds a number too long"),
        ("x" * (MAX_LINE + 1), "the line is 16,385 characters long; no event is longer than"),
    ],
)
def test_parse_line_says_why_a_line_cannot_be_an_event(line: str, message: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_line(line)
    assert info.value.message.startswith(message)


def test_a_line_longer_than_the_limit_is_refused_before_it_is_decoded() -> None:
    refusal = apply_lines(Game(), [b"\xff" * (MAX_LINE + 1)])
    assert refusal is not None and refusal.line == 1
    assert refusal.message == ("the line is 16,385 bytes long; no event is longer than 16,384")


# -- a log's size and a game's length -----------------------------------------------------------


def test_a_log_past_its_size_limit_is_refused_at_the_line_that_crosses_it() -> None:
    line = b" " * 8000  # blank lines: the cut, not the events, is refused
    data = b"\n".join([NEW_GAME.encode()] + [line] * (MAX_LOG_BYTES // 8001 + 2))
    lines, cut = split_log(data)
    assert cut is not None
    assert sum(len(x) + 1 for x in lines) <= MAX_LOG_BYTES
    assert cut.line == len(lines) + 1
    assert "16 MB" in cut.message and "20,000 events" in cut.message
    out, ok = replay_lines(lines, cut)
    assert not ok and out["error"]["line"] == cut.line and out["phase"] == "setup"


def test_an_earlier_bad_line_is_named_before_the_size_limit() -> None:
    out, ok = replay_lines([NEW_GAME.encode(), b"{"], split_log(b"x" * (MAX_LOG_BYTES + 1))[1])
    assert not ok and out["error"]["line"] == 2


def long_game(events: int) -> Game:
    game = Game.from_events([NewGame(("Ana", "Ben"), {"rounds": 1}), StartRound("Ana")])
    game.apply(EndRound({"Ana": HandPips(1), "Ben": HandPips(2)}, agreed=True))
    while len(game.log) < events:
        game.apply(AmendRound(1, {"Ana": len(game.log)}))
    return game


def test_a_game_holds_at_most_max_events_and_the_next_is_refused() -> None:
    game = long_game(MAX_EVENTS)
    with pytest.raises(RuleError) as info:
        game.apply(Undo())
    assert info.value.message == (
        "a game's log holds at most 20,000 events; this game has reached it"
    )
    assert len(game.log) == MAX_EVENTS


def test_a_million_line_log_is_refused_at_event_20001() -> None:
    hands = {"Ana": {"pips": 1}, "Ben": {"pips": 1}}
    scored = json.dumps({"type": "end_round", "reason": "agreed", "hands": hands})
    head = [NEW_GAME, '{"type": "start_round", "opener": "Ana"}', scored]
    data = "\n".join(head + [AMEND] * 1_000_000)
    lines, cut = split_log(data.encode())
    out, ok = replay_lines(lines, cut)
    assert not ok
    assert out["error"]["line"] == MAX_EVENTS + 1
    assert "at most 20,000 events" in out["error"]["message"]


def test_undo_replays_a_bounded_number_of_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """5,000 amendments then 5,000 undos: each undo replays at most SNAPSHOT_EVERY events."""
    game = long_game(5_003)
    calls = 0
    real = engine.game.apply_event

    def counting(state: Any, event: Any) -> None:
        nonlocal calls
        calls += 1
        real(state, event)

    monkeypatch.setattr(engine.game, "apply_event", counting)
    for _ in range(5_000):
        game.apply(Undo())
    assert calls <= 5_000 * engine.game.SNAPSHOT_EVERY
    assert game.state.scores == [[1, 2]], "every amendment undone, exactly"


# -- the replay command writes one whole JSON object, whatever the terminal -----------------------


def run_replay(path: Path, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, timeout=60,
        env=env,
    )  # fmt: skip


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
def test_replay_prints_one_json_object_on_any_terminal(tmp_path: Path, encoding: str) -> None:
    log = tmp_path / "game.jsonl"
    names = '{"type": "new_game", "players": ["שרה", "Дмитро"]}\n'
    log.write_text(names + '{"type": "draw", "player": "\\ud83d"}\n', encoding="utf-8")
    result = run_replay(log, encoding)
    assert result.returncode == 1, result.stderr
    assert result.stderr == b""
    out = json.loads(result.stdout.decode(encoding))
    assert out["error"]["line"] == 2
    assert list(out["hands"]) == ["שרה", "Дмитро"]


@pytest.mark.parametrize(
    "line",
    [HOSTILE[k] for k in ("1,100 nested arrays", "a 4,301-digit number", "a lone surrogate type")],
)
def test_replay_command_refuses_hostile_lines_with_exit_1(tmp_path: Path, line: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_bytes(line.encode() + b"\n")
    result = run_replay(log, "utf-8")
    assert result.returncode == 1
    assert result.stderr == b""
    assert json.loads(result.stdout)["error"]["line"] == 1


def test_write_json_falls_back_to_ascii_escapes_when_the_stream_cannot_encode() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    write_json({"name": "שרה", "bad": "\ud83d"}, stream)
    stream.seek(0)
    assert json.loads(stream.read()) == {"name": "שרה", "bad": "\ud83d"}


# -- a bounded fuzz -------------------------------------------------------------------------------

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(),
    st.sampled_from(["Ana", "Ben", "\x00", "\ud83d", "x" * 5000, "new_game", "play", "undo"]),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
EVENT_KEYS = st.sampled_from(["type", "players", "rules", "opener", "player", "tile", "on",
                              "hands", "round", "scores", "reason", "search_draws"])  # fmt: skip
EVENTS = st.dictionaries(EVENT_KEYS, JSON_VALUES, max_size=5).map(
    lambda d: {"type": "new_game", **d} if "type" not in d else d
)


def hostile_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


LINES = st.one_of(
    EVENTS.map(hostile_text),
    JSON_VALUES.map(hostile_text),
    st.text(max_size=200),
    st.integers(1000, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(4300, 6000).map(lambda n: '{"type": "play", "tile": [' + "1" * n + ", 2]}"),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, max_size=6))
def test_fuzz_replay_never_raises_and_always_names_a_line(lines: list[str]) -> None:
    raw = [line.encode("utf-8", "surrogatepass") for line in [NEW_GAME, *lines]]
    out, ok = replay_lines(raw)
    if not ok:
        assert 1 <= out["error"]["line"] <= len(raw)
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    write_json(out, stream)
    stream.seek(0)
    assert json.loads(stream.read())["error"] == out["error"]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_fuzz_parse_line_raises_only_rule_errors(text: str) -> None:
    try:
        event = parse_line(text)
    except RuleError as err:
        assert err.message
    else:
        assert parse_line(dump_line(event)) == event
