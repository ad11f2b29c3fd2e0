"""The game log's events and their JSON Lines form.

Each event is a small frozen value. ``parse_event`` turns one decoded JSON object into an
event (or refuses it with a RuleError); ``event.to_json()`` gives the object back, so a log
read and written again is the same log.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.errors import RuleError, brief
from engine.limits import MAX_LINE
from engine.names import shown
from engine.tiles import Tile, tile_from_json


@dataclass(frozen=True)
class HandPips:
    """A hand entered as its pip count (the 0-0 counted as 0)."""

    pips: int
    double_blank: bool = False


#: A hand at the end of a round: the tiles left, or their pip count.
Hand = tuple[Tile, ...] | HandPips


@dataclass(frozen=True)
class NewGame:
    players: tuple[str, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)
    type: Literal["new_game"] = "new_game"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "players": list(self.players), "rules": dict(self.rules)}


@dataclass(frozen=True)
class StartRound:
    """A round begins. ``double``: under the house rule ``burn_double``, the lower double the
    round starts with because nobody holds its own (absent: the round's own double)."""

    opener: str
    search_draws: Mapping[str, int] | None = None
    double: int | None = None
    type: Literal["start_round"] = "start_round"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "opener": self.opener}
        if self.search_draws is not None:
            out["search_draws"] = dict(self.search_draws)
        if self.double is not None:
            out["double"] = self.double
        return out


@dataclass(frozen=True)
class Play:
    player: str
    tile: Tile
    on: Tile
    type: Literal["play"] = "play"

    def __post_init__(self) -> None:
        # Tile(9, 4) built directly is the tile 4-9: store it smaller number first, as the
        # table does, so that it can never be placed twice.
        tile, on = self.tile, self.on
        if type(tile) is not Tile or tile[0] > tile[1]:
            object.__setattr__(self, "tile", Tile.of(*tile))
        if type(on) is not Tile or on[0] > on[1]:
            object.__setattr__(self, "on", Tile.of(*on))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "player": self.player,
            "tile": self.tile.to_json(),
            "on": self.on.to_json(),
        }


@dataclass(frozen=True)
class Draw:
    player: str
    type: Literal["draw"] = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@dataclass(frozen=True)
class Pass:
    player: str
    type: Literal["pass"] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


@dataclass(frozen=True)
class EndRound:
    hands: Mapping[str, Hand]
    agreed: bool = False
    type: Literal["end_round"] = "end_round"

    def __post_init__(self) -> None:
        hands = {
            name: hand if isinstance(hand, HandPips) else tuple(Tile.of(*t) for t in hand)
            for name, hand in self.hands.items()
        }
        object.__setattr__(self, "hands", hands)

    def to_json(self) -> dict[str, Any]:
        hands: dict[str, Any] = {}
        for name, hand in self.hands.items():
            if isinstance(hand, HandPips):
                entry: dict[str, Any] = {"pips": hand.pips}
                if hand.double_blank:
                    entry["double_blank"] = True
                hands[name] = entry
            else:
                hands[name] = [t.to_json() for t in hand]
        out: dict[str, Any] = {"type": self.type}
        if self.agreed:
            out["reason"] = "agreed"
        out["hands"] = hands
        return out


@dataclass(frozen=True)
class AmendRound:
    round: int
    scores: Mapping[str, int]
    type: Literal["amend_round"] = "amend_round"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "round": self.round, "scores": dict(self.scores)}


@dataclass(frozen=True)
class FootOpened:
    """Score-keeper mode: a double is down, so a chicken foot is open (no tile named)."""

    type: Literal["foot_opened"] = "foot_opened"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True)
class Toe:
    """Score-keeper mode: one toe laid on the open foot; the third releases it."""

    type: Literal["toe"] = "toe"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True)
class Undo:
    type: Literal["undo"] = "undo"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


Event = NewGame | StartRound | Play | Draw | Pass | EndRound | AmendRound | FootOpened | Toe | Undo


def _name(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise RuleError(f'a {obj.get("type")} event needs "{key}": a player\'s name')
    return value


def check_count(value: object, what: str) -> int:
    """``value`` if it is a whole number, 0 or more (also for events built in Python)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleError(f"{what} must be a whole number, 0 or more, not {brief(value)}")
    return value


def _hand(player: str, value: object) -> Hand:
    name = shown(player)
    if isinstance(value, list):
        return tuple(tile_from_json(t, f"a tile in {name}'s hand") for t in value)
    if isinstance(value, Mapping):
        extra = set(value) - {"pips", "double_blank"}
        if extra or "pips" not in value:
            raise RuleError(f'{name}\'s hand must be a list of tiles or {{"pips": N}}')
        blank = value.get("double_blank", False)
        if not isinstance(blank, bool):
            raise RuleError(f"{name}'s double_blank must be true or false, not {brief(blank)}")
        return HandPips(check_count(value["pips"], f"{name}'s pips"), blank)
    raise RuleError(f'{name}\'s hand must be a list of tiles or {{"pips": N}}, not {brief(value)}')


NO_AMENDED_SCORE = 'amend_round must name at least one player\'s score ("scores": {} names none)'


def _string_map(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RuleError(f"{what} must be an object keyed by player names")
    return value


def parse_event(obj: object) -> Event:
    """One decoded JSON object from the log as an event, or a RuleError saying why not."""
    if not isinstance(obj, Mapping):
        raise RuleError('each line of a game log must be a JSON object with a "type"')
    kind = obj.get("type")
    if kind == "new_game":
        players = obj.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise RuleError('new_game needs "players": a list of names')
        rules = obj.get("rules", {})
        if not isinstance(rules, Mapping):
            raise RuleError('new_game\'s "rules" must be an object like {"preset": "classic"}')
        return NewGame(tuple(players), dict(rules))
    if kind == "start_round":
        draws = obj.get("search_draws")
        if draws is not None:
            draws = {
                p: check_count(n, f"{shown(p)}'s search draws")
                for p, n in _string_map(draws, "search_draws").items()
            }
        double = obj.get("double")
        if double is not None:
            double = check_count(double, "start_round's double")
        return StartRound(_name(obj, "opener"), draws, double)
    if kind == "play":
        return Play(
            _name(obj, "player"),
            tile_from_json(obj.get("tile"), "the tile played"),
            tile_from_json(obj.get("on"), 'the tile played on ("on")'),
        )
    if kind == "draw":
        return Draw(_name(obj, "player"))
    if kind == "pass":
        return Pass(_name(obj, "player"))
    if kind == "end_round":
        reason = obj.get("reason")
        if reason not in (None, "agreed"):
            raise RuleError(f'end_round\'s reason can only be "agreed", not {brief(reason)}')
        hands = _string_map(obj.get("hands"), 'end_round\'s "hands"')
        return EndRound({p: _hand(p, h) for p, h in hands.items()}, agreed=reason == "agreed")
    if kind == "amend_round":
        number = obj.get("round")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise RuleError(f'amend_round needs "round": a round number, not {brief(number)}')
        scores = _string_map(obj.get("scores"), 'amend_round\'s "scores"')
        if not scores:
            raise RuleError(NO_AMENDED_SCORE)
        return AmendRound(
            number, {p: check_count(s, f"{shown(p)}'s score") for p, s in scores.items()}
        )
    if kind == "undo":
        return Undo()
    if kind == "foot_opened":
        return FootOpened()
    if kind == "toe":
        return Toe()
    raise RuleError(f"unknown event type {brief(kind)}")


def parse_line(line: str) -> Event:
    """One line of a JSON Lines game log as an event.

    Whatever the line holds, the answer is an event or a RuleError: a line too long to be an
    event is refused before it is read, and so is JSON nested too deeply for the parser or
    holding a number too long to convert (Python's 4,300-digit limit).
    """
    if len(line) > MAX_LINE:
        raise RuleError(
            f"the line is {len(line):,} characters long; no event is longer than {MAX_LINE:,}"
        )
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as err:
        raise RuleError(f"not valid JSON: {err.msg} at column {err.colno}") from None
    except RecursionError:
        raise RuleError("the line is nested too deeply to be an event") from None
    except ValueError:  # int() refuses a number of more than 4,300 digits
        raise RuleError("the line holds a number too long to be an event") from None
    return parse_event(obj)


def dump_line(event: Event) -> str:
    return json.dumps(event.to_json(), ensure_ascii=False)


def read_log(lines: Iterable[str]) -> Iterator[tuple[int, Event]]:
    """(line number, event) for every non-blank line; blank lines count in line numbers."""
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield number, parse_line(line)
