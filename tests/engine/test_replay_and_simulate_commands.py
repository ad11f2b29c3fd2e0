"""``chickenfoot replay`` and ``chickenfoot simulate`` (the issue's replay output, exit codes)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, main, replay_lines

KEYS = [
    "phase", "round", "starting_double", "current_player", "lock", "open_ends", "yard",
    "hands", "round_end", "scores", "totals", "winner", "error",
]  # fmt: skip

NEW_GAME = '{"type": "new_game", "players": ["Ana", "Ben"], "rules": {"rounds": 1}}'
START = '{"type": "start_round", "opener": "Ana"}'


def play(player: str, tile: list[int], on: list[int]) -> str:
    return json.dumps({"type": "play", "player": player, "tile": tile, "on": on})


def replay(*lines: str) -> tuple[dict[str, Any], bool]:
    return replay_lines(line.encode() for line in lines)


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, timeout=60
    )


# -- the replay output ------------------------------------------------------------------------


def test_the_output_has_exactly_the_specified_keys_in_order() -> None:
    for lines in ((), (NEW_GAME,), (NEW_GAME, START), (NEW_GAME, START, "{")):
        out, _ = replay(*lines)
        assert list(out) == KEYS


def test_an_empty_log_has_empty_hands_and_totals() -> None:
    out, ok = replay()
    assert ok
    assert out == {
        "phase": "setup", "round": 0, "starting_double": None, "current_player": None,
        "lock": None, "open_ends": [], "yard": 0, "hands": {}, "round_end": None,
        "scores": [], "totals": {}, "winner": None, "error": None,
    }  # fmt: skip


def test_after_new_game_every_hand_and_total_is_0() -> None:
    out, ok = replay(NEW_GAME)
    assert ok
    assert (out["phase"], out["round"], out["starting_double"]) == ("setup", 0, None)
    assert out["hands"] == {"Ana": 0, "Ben": 0}
    assert out["totals"] == {"Ana": 0, "Ben": 0}
    assert out["yard"] == 0


def test_the_phases_of_a_game() -> None:
    lines = [NEW_GAME, START, play("Ana", [9, 4], [9, 9]), play("Ben", [9, 6], [9, 9])]
    assert replay(*lines[:1])[0]["phase"] == "setup"
    assert replay(*lines[:3])[0]["phase"] == "opening"
    out, _ = replay(*lines)
    assert out["phase"] == "play"
    assert out["current_player"] == "Ana"
    hands = {"Ana": {"pips": 5}, "Ben": {"pips": 0}}
    agreed = json.dumps({"type": "end_round", "reason": "agreed", "hands": hands})
    two_rounds = NEW_GAME.replace('"rounds": 1', '"rounds": 2')
    assert replay(two_rounds, START, agreed)[0]["phase"] == "setup"
    out, _ = replay(NEW_GAME, START, agreed)
    assert (out["phase"], out["winner"], out["round_end"]) == ("game_over", "Ben", "agreed")


def test_a_round_over_keeps_its_hands_and_yard_until_the_next_start() -> None:
    new = NEW_GAME.replace('"rounds": 1', '"rounds": 2, "hand_size": 1')
    out, _ = replay(new, START, play("Ana", [9, 4], [9, 9]))
    assert (out["phase"], out["round_end"], out["current_player"]) == ("round_over", "out", None)
    assert (out["hands"], out["yard"]) == ({"Ana": 0, "Ben": 1}, 52)
    end = '{"type": "end_round", "hands": {"Ana": [], "Ben": [[2, 3]]}}'
    out, _ = replay(new, START, play("Ana", [9, 4], [9, 9]), end)
    assert (out["phase"], out["round_end"], out["hands"], out["yard"]) == (
        "setup", "out", {"Ana": 0, "Ben": 1}, 52,
    )  # fmt: skip
    assert out["scores"] == [{"Ana": 0, "Ben": 5}]
    out, _ = replay(new, START, play("Ana", [9, 4], [9, 9]), end, START)
    assert (out["round"], out["starting_double"], out["round_end"]) == (2, 8, None)
    assert out["hands"] == {"Ana": 1, "Ben": 1}


def test_tiles_are_printed_smaller_number_first_and_open_ends_are_sorted_by_on() -> None:
    new = NEW_GAME.replace('"rounds": 1', '"hub_arms": 3')
    out, _ = replay(new, START, play("Ana", [9, 7], [9, 9]), play("Ben", [9, 1], [9, 9]),
                    play("Ana", [9, 4], [9, 9]))  # fmt: skip
    assert out["open_ends"] == [
        {"on": [1, 9], "needs": 1}, {"on": [4, 9], "needs": 4}, {"on": [7, 9], "needs": 7},
    ]  # fmt: skip


def test_the_lock_is_printed_with_the_toes_it_still_needs() -> None:
    lines = [NEW_GAME, START, play("Ana", [9, 4], [9, 9]), play("Ben", [9, 6], [9, 9]),
             play("Ana", [6, 6], [6, 9]), play("Ben", [6, 1], [6, 6])]  # fmt: skip
    out, _ = replay(*lines)
    assert out["lock"] == {"double": 6, "toes_needed": 2}
    assert out["open_ends"] == [{"on": [6, 6], "needs": 6}]


def test_replay_stops_at_the_first_refused_line_and_shows_the_state_before_it() -> None:
    lines = [NEW_GAME, START, play("Ben", [9, 4], [9, 9]), play("Ana", [9, 4], [9, 9])]
    out, ok = replay(*lines)
    assert not ok
    assert out["error"] == {"line": 3, "message": "it is Ana's turn, not Ben's"}
    assert out["hands"] == {"Ana": 21, "Ben": 21}  # the fourth line was not applied
    assert out["phase"] == "opening"


def test_blank_lines_are_skipped_but_counted_in_line_numbers() -> None:
    out, ok = replay("", NEW_GAME, "   ", "", START, "", "{oops")
    assert not ok
    assert out["error"]["line"] == 7
    assert out["error"]["message"].startswith("not valid JSON")
    assert out["phase"] == "opening"


def test_a_refused_first_line_leaves_empty_hands_and_totals() -> None:
    out, ok = replay('{"type": "new_game", "players": ["Ana"]}', START)
    assert not ok
    assert out["error"] == {"line": 1, "message": "add players: a game needs at least 2"}
    assert (out["hands"], out["totals"], out["phase"]) == ({}, {}, "setup")
    out, ok = replay(START)
    assert out["error"]["message"] == "no game has been started: the log must begin with new_game"


def test_a_line_that_is_not_utf8_is_refused() -> None:
    out, ok = replay_lines([NEW_GAME.encode(), b'{"type": "undo", "x": "\xff"}'])
    assert not ok
    assert out["error"] == {"line": 2, "message": "the line is not UTF-8 text"}


@pytest.mark.parametrize(
    "rules",
    [{"preset": ["classic"]}, {"set": 9.0, "rounds": 2, "hub_arms": 2}, {"hand_size": {"2": []}}],
)
def test_odd_rules_are_refused_not_crashed_on(rules: dict[str, Any]) -> None:
    new = json.dumps({"type": "new_game", "players": ["Ana", "Ben"], "rules": rules})
    out, ok = replay(new, START)
    assert not ok and out["error"]["line"] == 1


# -- the command: files, stdin, exit codes ----------------------------------------------------


def test_replay_a_file_prints_one_json_object_and_exits_0(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text(f"{NEW_GAME}\r\n{START}\r\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(log)], out) == EXIT_OK
    result = json.loads(out.getvalue())
    assert out.getvalue().count("\n") == 1
    assert (result["phase"], result["error"]) == ("opening", None)


def test_replay_exits_1_at_a_refused_line(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text(f"{NEW_GAME}\n{NEW_GAME}\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(log)], out) == EXIT_REFUSED
    assert json.loads(out.getvalue())["error"] == {
        "line": 2, "message": "this game has already begun; a new game needs a new log",
    }  # fmt: skip


def test_replay_reads_standard_input_given_a_dash() -> None:
    result = run_cli("replay", "-", stdin=f"{NEW_GAME}\n{START}\n".encode())
    assert result.returncode == EXIT_OK
    assert json.loads(result.stdout)["current_player"] == "Ana"


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "nowhere.jsonl"))
    assert result.returncode == EXIT_USAGE
    assert result.stdout == b""
    assert b"cannot read" in result.stderr


@pytest.mark.parametrize("args", [["replay"], ["replay", "a", "b"], ["shuffle"], []])
def test_bad_arguments_exit_2(args: list[str]) -> None:
    assert run_cli(*args).returncode == EXIT_USAGE


def test_the_exit_code_of_a_refused_log_through_the_command(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(f"{NEW_GAME}\n\n{{\n", encoding="utf-8")
    result = run_cli("replay", str(log))
    assert result.returncode == EXIT_REFUSED
    assert json.loads(result.stdout)["error"]["line"] == 3


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_plays_games_and_reports_no_violations() -> None:
    out = io.StringIO()
    assert main(["simulate", "-n", "2", "--seed", "5"], out) == EXIT_OK
    text = out.getvalue()
    assert text.startswith("2 games (classic, 4 players) in ")
    assert "games/s" in text and "rounds/s" in text and "events per round" in text
    assert "0 violations" in text


def test_simulate_takes_a_preset_players_and_rule_options() -> None:
    out = io.StringIO()
    args = ["simulate", "-n", "1", "--preset", "four-arm", "--players", "8",
            "--rules", '{"set": 12, "rounds": 3}', "--no-check"]  # fmt: skip
    assert main(args, out) == EXIT_OK
    assert "1 games (four-arm, 8 players)" in out.getvalue()
    assert "violations" not in out.getvalue()


def test_simulate_refuses_rules_the_engine_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "1", "--rules", '{"set": 7}'], io.StringIO()) == EXIT_USAGE
    assert "rule option set = 7 is not allowed" in capsys.readouterr().err


def test_simulate_of_a_scores_only_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    rules = '{"mode": "scores"}'
    assert main(["simulate", "-n", "1", "--rules", rules], io.StringIO()) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "keeps the scores only" in err


@pytest.mark.parametrize("args", [["--rules", "[1]"], ["--rules", "{"], ["--preset", "x"]])
def test_simulate_bad_arguments_exit_2(args: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", *args], io.StringIO())
    assert info.value.code == EXIT_USAGE


def test_simulate_through_the_command() -> None:
    result = run_cli("simulate", "-n", "1", "--players", "2")
    assert result.returncode == EXIT_OK
    assert b"0 violations" in result.stdout
