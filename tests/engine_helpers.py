"""Helpers for the engine tests: build positions from steps written the way players say them.

    game = started(hub_arms=2)
    run(game, "Ana 9-4 on 9-9", "Ben 9-5 on 9-9", "Cy draws", "Cy passes")
    assert refusal(game, "Dee 4-2 on 9-4") == "..."

A step is ``"<player> <tile> on <tile>"``, ``"<player> draws"``, ``"<player> passes"``,
``"undo"``, or any engine event. ``run`` asserts every step is accepted and that the engine's
invariants hold after it; ``refusal`` asserts the step is refused and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine import (
    Draw,
    EndRound,
    Event,
    Game,
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
