"""The four newest fine points of RULES.md: player names, amend_round's players, pips hands,
hand_size maps. Each is refused by the engine, so replay, import and the screens refuse it
with the same message, which says the rule."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import NAMES, new_game, refusal, scored_game

from engine import (
    MAX_NAME,
    AmendRound,
    Game,
    NewGame,
    RuleError,
    check_name,
    make_rules,
    name_problem,
    parse_line,
)
from engine.cli import replay_lines

# -- player names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["A", "Ana", "a" * MAX_NAME, "Ana María", "Дмитро", "שרה", "J😀", "Ana-2", "O'Neil"]
)
def test_a_name_of_1_to_24_characters_is_accepted(name: str) -> None:
    assert check_name(name) == name
    assert new_game((name, "Zed")).state.players == (name, "Zed")


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("", "cannot be empty: names are 1 to 24 characters"),
        ("a" * 25, "is at most 24 characters; 'aaaaaaaaaaaaaaaaaaaaaaaaa' has 25"),
        ("b" * 40, "is at most 24 characters; 'bbbbbbbbbbbb...bbbbbbbbbbbbb' has 40"),
        ("x" * 50_000_000, "has 50000000"),
        (" Ana", "cannot begin or end with a space: ' Ana'"),
        ("Ana ", "cannot begin or end with a space"),
        ("Ana\u00a0", "cannot begin or end with a space"),
        ("\tAna", "cannot begin or end with a space"),
        ("A\x00na", "cannot hold control characters: 'A\\x00na'"),
        ("A\nna", "cannot hold control characters"),
        ("A\x7fna", "cannot hold control characters"),
        ("A\x85na", "cannot hold control characters"),
        ("A\ud83d", "cannot hold an unpaired surrogate (broken text): 'A\\ud83d'"),
        ("\ude00A", "unpaired surrogate"),
    ],
)
def test_a_name_that_breaks_a_rule_is_refused_with_the_rule(name: str, rule: str) -> None:
    problem = name_problem(name)
    assert problem is not None and problem.startswith("a player's name ")
    assert rule in problem
    assert len(problem) < 120, "the message shows a few characters of the name, not all"
    assert refusal(Game(), NewGame((name, "Zed"))) == problem


def test_a_name_that_is_not_text_is_refused() -> None:
    assert refusal(Game(), NewGame((3, "Zed"))) == "a player's name must be text, not 3"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Ana", "ana"),
         "two players are called Ana and ana; every name must differ, ignoring case"),
        (("STRASSE", "straße"), "two players are called STRASSE and straße"),
        (("Ana", "Ben", "Ana"), "two players are called Ana; every name must differ"),
    ],
)  # fmt: skip
def test_names_are_unique_ignoring_case(players: tuple[str, ...], message: str) -> None:
    assert refusal(Game(), NewGame(players)).startswith(message)


def test_replay_refuses_a_bad_name_at_its_line_with_the_rule() -> None:
    lines = [json.dumps({"type": "new_game", "players": ["Ana", "Ben\u0000"]}).encode()]
    out, ok = replay_lines(lines)
    assert not ok
    assert out["error"] == {
        "line": 1,
        "message": "a player's name cannot hold control characters: 'Ben\\x00'",
    }
    assert out["hands"] == {} and out["totals"] == {}


def test_a_huge_player_list_is_refused_by_its_count_before_any_name_is_read() -> None:
    players = tuple(f"P{i}" for i in range(100_000))
    assert refusal(Game(), NewGame(players)) == (
        "the classic rules are for 2 to 8 players, not 100000"
    )


def test_a_name_that_is_not_a_player_is_shown_escaped_and_short() -> None:
    game = new_game()
    game.apply(parse_line('{"type": "start_round", "opener": "Ana"}'))
    for raw, shown in [
        ("Ana\u0000", "'Ana\\x00'"),
        ("z" * 10_000, "'zzzzzzzzzzzz...zzzzzzzzzzzzz'"),
    ]:
        line = json.dumps({"type": "draw", "player": raw})
        with pytest.raises(RuleError) as info:
            game.apply(parse_line(line))
        assert info.value.message == f"{shown} is not a player in this game"


# -- amend_round must name a player -------------------------------------------------------------


def test_amend_round_with_no_scores_is_refused_from_a_line_and_from_python() -> None:
    message = 'amend_round must name at least one player\'s score ("scores": {} names none)'
    with pytest.raises(RuleError) as info:
        parse_line('{"type": "amend_round", "round": 1, "scores": {}}')
    assert info.value.message == message
    game = scored_game([dict.fromkeys(NAMES, 1)])
    assert refusal(game, AmendRound(1, {})) == message
    assert refusal(game, AmendRound(1, {"Eve": 3})) == "Eve is not a player in this game"


# -- a pips hand takes pips and double_blank only ------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [{"pips": 2, "tiles": 1}, {"pips": 2, "double_blank": False, "x": 0}, {"double_blank": True}],
)
def test_a_pips_hand_takes_no_other_key(hand: dict[str, Any]) -> None:
    line = json.dumps({"type": "end_round", "hands": {"Ana": hand}})
    with pytest.raises(RuleError) as info:
        parse_line(line)
    assert info.value.message == 'Ana\'s hand must be a list of tiles or {"pips": N}'


# -- a hand_size map is checked whole ------------------------------------------------------------


@pytest.mark.parametrize("key", [" 4", "4 ", "+4", "04", "4.0", "٤", "1", "9", "", "four"])
def test_a_hand_size_key_is_a_count_from_2_to_8_in_plain_digits(key: str) -> None:
    with pytest.raises(RuleError) as info:
        make_rules({"hand_size": {"4": 9, key: 5}}, 4)
    assert f'{key!r} is not a count (write "2" to "8", plain digits)' in info.value.message


def test_a_hand_size_map_is_checked_whole_whatever_the_player_count() -> None:
    with pytest.raises(RuleError, match="hand_size for 7 players = 0 is not allowed"):
        make_rules({"hand_size": {"4": 9, "7": 0}}, 4)
    with pytest.raises(RuleError, match="hand_size for 8 players must be a whole number"):
        make_rules({"hand_size": {"4": 9, "8": "x"}}, 4)
    assert make_rules({"hand_size": {str(n): 3 for n in range(2, 9)}}, 5).hand_size == 3


def test_a_hand_size_map_with_integer_keys_is_refused_so_the_log_stays_exact() -> None:
    with pytest.raises(RuleError, match="4 is not a count"):
        make_rules({"hand_size": {4: 9}}, 4)
