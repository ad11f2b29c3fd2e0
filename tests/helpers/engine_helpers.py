"""Helpers for the engine tests: build positions from steps written the way players say them.

    game = started(hub_arms=2)
    run(game, "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Cy draws", "Cy passes")
    assert refusal(game, "Dee 4-2 on 9-4") == "..."

A step is ``"<player> <tile> on <tile>"``, ``"<player> draws"``, ``"<player> passes"``,
``"undo"``, or any engine event. ``run`` asserts every step is accepted and that the engine's
invariants hold after it; ``refusal`` asserts the step is refused and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest

from engine import (
    Draw,
    EndRound,
    Event,
    Game,
    GameState,
    Hand,
    HandPips,
    NewGame,
    Pass,
    Play,
    RuleError,
    StartRound,
    Tile,
    Undo,
)
from engine.invariants import violations

NAMES = ("Ana", "Ben", "Cy", "Dee")

#: The four hub arms of round 1 (9-9) in a classic four-player game, Ana first.
OPEN_HUB_4 = ("Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Cy 9-3 on 9-9", "Dee 9-2 on 9-9")


def tile(text: str) -> Tile:
    return Tile.parse(text)


def step(spec: str | Event) -> Event:
    """The event a step names: "Ana 9-4 on 9-9", "Ben draws", "Ben passes" or "undo"."""
    if not isinstance(spec, str):
        return spec
    words = spec.split()
    if words == ["undo"]:
        return Undo()
    if len(words) == 2 and words[1] == "draws":
        return Draw(words[0])
    if len(words) == 2 and words[1] == "passes":
        return Pass(words[0])
    if len(words) == 4 and words[2] == "on":
        return Play(words[0], tile(words[1]), tile(words[3]))
    raise ValueError(f"cannot read the step {spec!r}")


def new_game(players: tuple[str, ...] = NAMES, **rules: Any) -> Game:
    """A game just after new_game (``preset`` defaults to classic, as in the log)."""
    return Game.from_events([NewGame(players, rules)])


def started(
    players: tuple[str, ...] = NAMES,
    opener: str | None = None,
    search_draws: Mapping[str, int] | None = None,
    **rules: Any,
) -> Game:
    """A game whose first round has just started (opener: the first player by default)."""
    game = new_game(players, **rules)
    run(game, StartRound(opener or players[0], search_draws))
    return game


def run(game: Game, *steps: str | Event) -> Game:
    """Apply every step; each must be accepted and leave the invariants intact."""
    for spec in steps:
        event = step(spec)
        try:
            game.apply(event)
        except RuleError as err:  # pragma: no cover - a broken test position
            raise AssertionError(f"{spec!r} was refused: {err.message}") from None
        problems = violations(game.state)
        assert not problems, f"after {spec!r}: {problems}"
    return game


def refusal(game: Game, spec: str | Event) -> str:
    """The message refusing ``spec``; asserts the game (state and log) did not change."""
    before, log_length = game.state.copy(), len(game.log)
    with pytest.raises(RuleError) as info:
        game.apply(step(spec))
    assert game.state == before, f"refused {spec!r} changed the state"
    assert len(game.log) == log_length
    return info.value.message


def hands_entered(**hands: str | int | Hand) -> dict[str, Hand]:
    """End-of-round hands: "1-2 0-0" lists tiles, "" is an empty hand, a number is pips."""
    entered: dict[str, Hand] = {}
    for name, value in hands.items():
        if isinstance(value, str):
            entered[name] = tuple(tile(t) for t in value.split())
        elif isinstance(value, int):
            entered[name] = HandPips(value)
        else:
            entered[name] = value
    return entered


def end_round(agreed: bool = False, **hands: str | int | Hand) -> EndRound:
    return EndRound(hands_entered(**hands), agreed=agreed)


def scored_game(
    round_scores: list[dict[str, int]], players: tuple[str, ...] = NAMES, **rules: Any
) -> Game:
    """A game whose rounds each ended by agreement with the given scores (as pip counts).

    The game has exactly ``len(round_scores)`` rounds unless ``rules`` says otherwise.
    """
    rules.setdefault("rounds", len(round_scores))
    game = new_game(players, **rules)
    for scores in round_scores:
        run(game, StartRound(players[0]), end_round(agreed=True, **scores))
    return game


#: One arm (9-4) whose chain carries every tile with a 4 but the 4-4, ending on the 8-4.
ALL_FOURS_DOWN = (
    "Ana 9-4 on 9-9", "Ben 4-0 on 9-4", "Ana 0-1 on 4-0", "Ben 1-4 on 0-1", "Ana 4-2 on 1-4",
    "Ben 2-3 on 4-2", "Ana 3-4 on 2-3", "Ben 4-5 on 3-4", "Ana 5-6 on 4-5", "Ben 6-4 on 5-6",
    "Ana 4-7 on 6-4", "Ben 7-8 on 4-7", "Ana 8-4 on 7-8",
)  # fmt: skip


#: A foot on 4-4 whose three toes each lead back to a 4, until no tile with a 4 is left.
THREE_FOURS_OPEN = (
    "Ana 9-4 on 9-9", "Ben 4-4 on 9-4", "Ana 4-0 on 4-4", "Ben 4-1 on 4-4", "Ana 4-2 on 4-4",
    "Ben 0-3 on 4-0", "Ana 3-4 on 0-3", "Ben 1-5 on 4-1", "Ana 5-4 on 1-5", "Ben 2-6 on 4-2",
    "Ana 6-4 on 2-6", "Ben 4-7 on 3-4", "Ana 7-8 on 4-7", "Ben 8-4 on 7-8",
)  # fmt: skip


#: Two arms played until the free ends need 2, 3, 6 and 9 and every tile with one is down.
FOUR_NUMBERS_GONE = (
    "Ana 9-4 on 9-9", "Ben 9-2 on 9-9", "Ana 4-2 on 9-4", "Ben 2-2 on 4-2", "Ana 2-0 on 2-2",
    "Ben 2-7 on 2-2", "Ana 2-3 on 2-2", "Ben 0-0 on 2-0", "Ana 0-6 on 0-0", "Ben 0-9 on 0-0",
    "Ana 0-3 on 0-0", "Ben 3-3 on 2-3", "Ana 3-9 on 3-3", "Ben 3-7 on 3-3", "Ana 3-6 on 3-3",
    "Ben 7-7 on 2-7", "Ana 7-6 on 7-7", "Ben 7-1 on 7-7", "Ana 7-9 on 7-7", "Ben 6-6 on 3-6",
    "Ana 6-9 on 6-6", "Ben 6-8 on 6-6", "Ana 6-2 on 6-6", "Ben 1-1 on 7-1", "Ana 1-6 on 1-1",
    "Ben 1-5 on 1-1", "Ana 1-3 on 1-1", "Ben 5-5 on 1-5", "Ana 5-9 on 5-5", "Ben 5-2 on 5-5",
    "Ana 5-3 on 5-5", "Ben 8-3 on 6-8", "Ana 7-5 on 3-7", "Ben 5-6 on 7-5", "Ana 2-1 on 6-2",
    "Ben 1-9 on 2-1", "Ana 9-8 on 3-9", "Ben 8-2 on 9-8", "Ana 3-4 on 5-3", "Ben 4-6 on 3-4",
)  # fmt: skip


def round_frames(events: Iterable[Event]) -> Iterator[tuple[int, GameState]]:
    """Each frame of a round's table as the hub draws it, numbered from 1 across the game:
    the state after each event that leaves a round in play."""
    game, frame = Game(), 0
    for event in events:
        game.apply(event)
        state = game.state
        if state.table is None or not state.in_round:
            continue
        frame += 1
        yield frame, state
