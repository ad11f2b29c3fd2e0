"""The game log's events: each JSON line parsed, refused with a reason, or written back; and
events built in Python (as the daemon does) checked like log lines."""

from __future__ import annotations

import json

import pytest
from engine_helpers import NAMES, end_round, refusal, run, scored_game, started

from engine import (
    AmendRound,
    Draw,
    EndRound,
    HandPips,
    NewGame,
    Pass,
    Play,
    RuleError,
    StartRound,
    Tile,
    Undo,
    dump_line,
    parse_event,
    parse_line,
    read_log,
)

# The lines of the log format, one of each kind.
EXAMPLE_LINES = [
    '{"type": "new_game", "players": ["Ana", "Ben", "Cy", "Dee"], '
    '"rules": {"preset": "classic", "double_blank_50": true}}',
    '{"type": "start_round", "opener": "Ana"}',
    '{"type": "start_round", "opener": "Cy", "search_draws": {"Ben": 1, "Cy": 1}}',
    '{"type": "play", "player": "Ben", "tile": [9, 4], "on": [9, 9]}',
    '{"type": "draw", "player": "Cy"}',
    '{"type": "pass", "player": "Cy"}',
    '{"type": "end_round", "hands": {"Ana": [[1, 2], [0, 0]], "Ben": {"pips": 17}, "Cy": [], '
    '"Dee": {"pips": 3, "double_blank": true}}}',
    '{"type": "end_round", "reason": "agreed", "hands": {"Ana": {"pips": 0}}}',
    '{"type": "amend_round", "round": 2, "scores": {"Ben": 14}}',
    '{"type": "undo"}',
]


def test_every_kind_of_line_parses_into_its_event() -> None:
    events = [parse_line(line) for line in EXAMPLE_LINES]
    assert events == [
        NewGame(NAMES, {"preset": "classic", "double_blank_50": True}),
        StartRound("Ana"),
        StartRound("Cy", {"Ben": 1, "Cy": 1}),
        Play("Ben", Tile(4, 9), Tile(9, 9)),
        Draw("Cy"),
        Pass("Cy"),
        EndRound(
            {
                "Ana": (Tile(1, 2), Tile(0, 0)),
                "Ben": HandPips(17),
                "Cy": (),
                "Dee": HandPips(3, double_blank=True),
            }
        ),
        EndRound({"Ana": HandPips(0)}, agreed=True),
        AmendRound(2, {"Ben": 14}),
        Undo(),
    ]


@pytest.mark.parametrize("line", EXAMPLE_LINES)
def test_a_line_written_back_is_the_same_line(line: str) -> None:
    event = parse_line(line)
    assert parse_line(dump_line(event)) == event
    assert json.loads(dump_line(event)) == {
        **json.loads(line),
        **({"tile": [4, 9]} if event.type == "play" else {}),
    }


def test_tiles_are_written_smaller_number_first() -> None:
    assert json.loads(dump_line(Play("Ben", Tile.of(9, 4), Tile.of(9, 9))))["tile"] == [4, 9]
    assert json.loads(dump_line(Play("Ben", Tile(9, 4), Tile(9, 9))))["tile"] == [4, 9]
    line = dump_line(EndRound({"Ana": (Tile(2, 1),)}))
    assert json.loads(line)["hands"] == {"Ana": [[1, 2]]}


def test_names_are_written_as_they_are() -> None:
    line = dump_line(NewGame(("Zoë", "Ævar")))
    assert "Zoë" in line and parse_line(line) == NewGame(("Zoë", "Ævar"), {})


def test_a_new_game_without_rules_has_empty_rules() -> None:
    assert parse_line('{"type": "new_game", "players": ["A", "B"]}') == NewGame(("A", "B"), {})


def test_read_log_skips_blank_lines_but_counts_them() -> None:
    lines = ['{"type": "undo"}\n', "\n", "   \n", '{"type": "draw", "player": "A"}\n']
    assert list(read_log(lines)) == [(1, Undo()), (4, Draw("A"))]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "not valid JSON: Expecting property name enclosed in double quotes at column 2"),
        ("[1, 2]", 'each line of a game log must be a JSON object with a "type"'),
        ('{"player": "Ana"}', "unknown event type None"),
        ('{"type": "shuffle"}', "unknown event type 'shuffle'"),
        ('{"type": "draw"}', 'a draw event needs "player": a player\'s name'),
        ('{"type": "pass", "player": ""}', 'a pass event needs "player": a player\'s name'),
        ('{"type": "start_round"}', 'a start_round event needs "opener": a player\'s name'),
        ('{"type": "new_game", "players": "Ana"}', 'new_game needs "players": a list of names'),
        ('{"type": "new_game", "players": ["Ana", 3]}',
         'new_game needs "players": a list of names'),
        ('{"type": "new_game", "players": ["A", "B"], "rules": "classic"}',
         'new_game\'s "rules" must be an object like {"preset": "classic"}'),
        ('{"type": "start_round", "opener": "A", "search_draws": [1]}',
         "search_draws must be an object keyed by player names"),
        ('{"type": "start_round", "opener": "A", "search_draws": {"A": -1}}',
         "A's search draws must be a whole number, 0 or more, not -1"),
        ('{"type": "start_round", "opener": "A", "search_draws": {"A": true}}',
         "A's search draws must be a whole number, 0 or more, not True"),
        ('{"type": "play", "player": "A", "tile": [9, 4]}',
         'the tile played on ("on") must be written as two numbers like [9, 4], not None'),
        ('{"type": "play", "player": "A", "tile": "9-4", "on": [9, 9]}',
         "the tile played must be written as two numbers like [9, 4], not '9-4'"),
        ('{"type": "play", "player": "A", "tile": [9, -4], "on": [9, 9]}',
         "-4-9 is not a domino: numbers start at 0"),
        ('{"type": "end_round", "reason": "stuck", "hands": {}}',
         "end_round's reason can only be \"agreed\", not 'stuck'"),
        ('{"type": "end_round", "hands": [[1, 2]]}',
         'end_round\'s "hands" must be an object keyed by player names'),
        ('{"type": "end_round", "hands": {"A": 12}}',
         'A\'s hand must be a list of tiles or {"pips": N}, not 12'),
        ('{"type": "end_round", "hands": {"A": {"points": 12}}}',
         'A\'s hand must be a list of tiles or {"pips": N}'),
        ('{"type": "end_round", "hands": {"A": {"pips": 2, "tiles": 1}}}',
         'A\'s hand must be a list of tiles or {"pips": N}'),
        ('{"type": "end_round", "hands": {"A": {"pips": 2, "double_blank": 1}}}',
         "A's double_blank must be true or false, not 1"),
        ('{"type": "end_round", "hands": {"A": {"pips": -2}}}',
         "A's pips must be a whole number, 0 or more, not -2"),
        ('{"type": "end_round", "hands": {"A": [[1, 2], [3]]}}',
         "a tile in A's hand must be written as two numbers like [9, 4], not [3]"),
        ('{"type": "amend_round", "scores": {"A": 1}}',
         'amend_round needs "round": a round number, not None'),
        ('{"type": "amend_round", "round": 0, "scores": {"A": 1}}',
         'amend_round needs "round": a round number, not 0'),
        ('{"type": "amend_round", "round": true, "scores": {"A": 1}}',
         'amend_round needs "round": a round number, not True'),
        ('{"type": "amend_round", "round": 1, "scores": {"A": 1.5}}',
         "A's score must be a whole number, 0 or more, not 1.5"),
        ('{"type": "amend_round", "round": 1}',
         'amend_round\'s "scores" must be an object keyed by player names'),
    ],
)  # fmt: skip
def test_a_malformed_line_is_refused_with_a_reason(line: str, message: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_line(line)
    assert info.value.message == message


def test_parse_event_takes_a_decoded_object() -> None:
    assert parse_event({"type": "undo"}) == Undo()
    with pytest.raises(RuleError):
        parse_event("undo")


# -- events built in Python get the checks a log line gets -------------------------------------


def test_a_tile_built_larger_number_first_is_the_same_tile() -> None:
    game = run(started(), Play("Ana", Tile(9, 4), Tile(9, 9)))
    assert refusal(game, Play("Ben", Tile(4, 9), Tile(9, 9))) == (
        "Ben cannot play 4-9: it is already on the table"
    )
    assert refusal(game, Play("Ben", Tile(9, 4), Tile(9, 9))).endswith("already on the table")
    run(game, Play("Ben", Tile(9, 5), Tile(9, 9)), "Cy 9-3 on 9-9", "Dee 9-2 on 9-9")
    run(game, Play("Ana", Tile(6, 4), Tile(9, 4)))  # "on" either way round too


def test_a_tile_with_a_negative_number_is_not_in_the_set() -> None:
    game = started()
    assert refusal(game, Play("Ana", Tile(-1, 9), Tile(9, 9))) == ("-1-9 is not in a double-9 set")


def test_a_hand_built_larger_number_first_is_checked_against_the_table() -> None:
    game = run(started(("Ana", "Ben"), hand_size=2), "Ana 9-4 on 9-9")
    hands = {"Ana": (Tile(9, 4),), "Ben": HandPips(1)}
    assert refusal(game, EndRound(hands, agreed=True)) == (
        "4-9 is on the table, so it cannot be in Ana's hand"
    )


def test_negative_counts_are_refused() -> None:
    game = started(preset="hub")
    run(game, "undo")
    assert refusal(game, StartRound("Ana", {"Ana": -2})) == (
        "Ana's search draws must be a whole number, 0 or more, not -2"
    )
    assert refusal(game, StartRound("Ana", {"Ana": 1.5})) == (  # type: ignore[dict-item]
        "Ana's search draws must be a whole number, 0 or more, not 1.5"
    )
    run(game, StartRound("Ana"))
    assert refusal(game, end_round(agreed=True, Ana=-1, Ben=1, Cy=1, Dee=1)) == (
        "Ana's pips must be a whole number, 0 or more, not -1"
    )
    game = scored_game([dict.fromkeys(NAMES, 1)])
    assert refusal(game, AmendRound(1, {"Cy": -4})) == (
        "Cy's score must be a whole number, 0 or more, not -4"
    )
