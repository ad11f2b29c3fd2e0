"""Rule presets and options (RULES.md), validated when a game is created."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import RuleError, brief
from engine.limits import MAX_PLAYERS
from engine.refusals import (
    BurnNeedsDealtDouble,
    DealTooBig,
    OutOnDoubleNeedsPlays,
    PlayersForPreset,
    TooFewPlayers,
)
from engine.tiles import SET_SIZES, set_size


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    min_players: int
    max_players: int
    hand_sizes: Mapping[int, int]  # by player count
    hub_arms: int | None  # None: one arm per player
    reserve_two_players: int
    reserve_more_players: int
    double_in_hands: bool
    double_blank_50: bool


PRESETS: dict[str, Preset] = {
    "classic": Preset(
        "classic",
        "The common rules: the double is set aside, one hub arm per player, a small reserve.",
        2, 8, {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}, None, 2, 1, False, False,
    ),
    "hub": Preset(
        "hub",
        "The electronic hub's rules: six hub slots, hands dealt from the whole set.",
        2, 6, {2: 11, 3: 11, 4: 9, 5: 7, 6: 7}, 6, 0, 0, True, False,
    ),
    "four-arm": Preset(
        "four-arm",
        "Four hub arms, seven tiles each, and the 0-0 is worth 50.",
        2, 8, dict.fromkeys(range(2, 9), 7), 4, 0, 0, True, True,
    ),
}  # fmt: skip

#: The double-6 set's own deal (28 tiles, for 2 to 4 players), whatever the preset: the
#: presets' hands are for a double-9 set and would leave no yard. Each deal leaves a yard
#: (RULES.md, "Tiles and the set").
DOUBLE_6_HANDS: Mapping[int, int] = {2: 7, 3: 6, 4: 5}

#: Every option a game log may set, with a one-line explanation for the setup screen.
OPTIONS: dict[str, str] = {
    "set": "Size of the domino set: double-6, 9, 12, 15 or 18.",
    "hand_size": "Tiles dealt to each player.",
    "hub_arms": "How many arms the hub double takes before play spreads out.",
    "reserve": "Tiles always left in the chicken yard; nobody draws below it.",
    "double_in_hands": "Deal the starting double like any tile (its holder opens the round).",
    "double_blank_50": "The 0-0 left in a hand scores 50 instead of 0.",
    "rounds": "How many rounds the game has (a full game counts down every double).",
    "first_double": "The double the first round starts with; each round starts one lower.",
    "burn_double": "Skip a round's double nobody holds instead of searching: fewer rounds.",
    "out_on_double_50": "Going out on a double scores 50 instead of 0.",
    "mode": "Enter every play, or only the chicken feet from the hub button and the scores.",
}

#: The game modes: every play entered (the default), or the scores only (score-keeper mode).
MODES = ("plays", "scores")

_BOOL_OPTIONS = ("double_in_hands", "double_blank_50", "burn_double", "out_on_double_50")


@dataclass(frozen=True)
class Rules:
    """The rules of one game, resolved for its number of players."""

    preset: str
    highest: int  # the set is double-`highest`
    players: int
    hand_size: int
    hub_arms: int
    reserve: int
    double_in_hands: bool
    double_blank_50: bool
    rounds: int
    options: Mapping[str, Any]  # exactly what the log asked for, for writing it back
    mode: str = "plays"  # "scores": no tiles entered, only feet, toes and round scores
    first_double: int = 9  # the first round's double: the set's highest unless an option says
    burn_double: bool = False  # a double nobody holds is skipped (the round starts lower)
    out_on_double_50: bool = False  # going out on a double scores 50

    @property
    def last_double(self) -> int:
        """The double of the game's last round: no round starts below it."""
        return self.first_double - self.rounds + 1

    @property
    def house_rules(self) -> dict[str, int]:
        """The house rules in force, for the score sheet and the history: the first double
        when the game starts below the set's highest, and each rule turned on (as 1)."""
        house: dict[str, int] = {}
        if self.first_double != self.highest:
            house["first_double"] = self.first_double
        for name in ("burn_double", "out_on_double_50", "double_blank_50"):
            if getattr(self, name):
                house[name] = 1
        return house

    @property
    def scores_only(self) -> bool:
        return self.mode == "scores"

    @property
    def set_size(self) -> int:
        return set_size(self.highest)

    def starting_double(self, round_number: int) -> int:
        """Round 1 starts with the first double (the N-N unless ``first_double`` says lower),
        round 2 with the next one down, and so on; a burned double moves the rest lower
        (``GameState.doubles`` has the doubles played)."""
        return self.first_double - (round_number - 1)


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError(f"rule option {name} must be a whole number, not {brief(value)}")
    if value < low or (high is not None and value > high):
        allowed = f"{low} to {high}" if high is not None else f"{low} or more"
        raise RuleError(f"rule option {name} = {value} is not allowed; use {allowed}")
    return value


#: The keys a hand_size map may have: player counts written as plain digits.
_COUNT_KEYS = {str(n): n for n in range(2, MAX_PLAYERS + 1)}


def _hand_size(value: object, players: int) -> int:
    """A hand size, or a map from player count to hand size checked whole (every key and
    value, whatever the game's player count)."""
    if isinstance(value, Mapping):
        by_count: dict[int, int] = {}
        for key, size in value.items():
            count = _COUNT_KEYS.get(key) if isinstance(key, str) else None
            if count is None:
                raise RuleError(
                    f"rule option hand_size maps player counts to sizes; {brief(key)} is not "
                    f'a count (write "2" to "{MAX_PLAYERS}", plain digits)'
                )
            by_count[count] = _whole(f"hand_size for {count} players", size, 1)
        if players not in by_count:
            raise RuleError(f"rule option hand_size gives no hand size for {players} players")
        return by_count[players]
    return _whole("hand_size", value, 1)


def make_rules(options: Mapping[str, Any], players: int) -> Rules:
    """Resolve a preset and its overrides for ``players`` players, or refuse them."""
    if not isinstance(options, Mapping):
        raise RuleError('rules must be an object like {"preset": "classic"}')
    preset_name = options.get("preset", "classic")
    if not isinstance(preset_name, str) or preset_name not in PRESETS:
        raise RuleError(
            f"unknown rules preset {brief(preset_name)}; use one of {', '.join(PRESETS)}"
        )
    preset = PRESETS[preset_name]
    unknown = sorted(set(options) - set(OPTIONS) - {"preset"})
    if unknown:
        raise RuleError(
            f"unknown rule option {brief(unknown[0])}; the options are {', '.join(OPTIONS)}"
        )
    if players < preset.min_players:
        raise TooFewPlayers(low=preset.min_players, n=players)
    if not preset.min_players <= players <= preset.max_players:
        raise PlayersForPreset(
            preset=preset.name, low=preset.min_players, high=preset.max_players, n=players
        )
    highest = options.get("set", 9)
    if not isinstance(highest, int) or isinstance(highest, bool) or highest not in SET_SIZES:
        raise RuleError(
            f"rule option set = {brief(highest)} is not allowed; use one of "
            + ", ".join(str(n) for n in SET_SIZES)
        )
    for name in _BOOL_OPTIONS:
        if name in options and not isinstance(options[name], bool):
            raise RuleError(f"rule option {name} must be true or false, not {brief(options[name])}")
    mode = options.get("mode", "plays")
    if not isinstance(mode, str) or mode not in MODES:
        raise RuleError(f'rule option mode = {brief(mode)} is not allowed; use "plays" or "scores"')
    if "hand_size" in options:
        hand_size = _hand_size(options["hand_size"], players)
    elif highest == 6 and players in DOUBLE_6_HANDS:
        hand_size = DOUBLE_6_HANDS[players]
    else:
        hand_size = preset.hand_sizes[players]
    first = _whole("first_double", options.get("first_double", highest), 0, highest)
    default_arms = players if preset.hub_arms is None else preset.hub_arms
    default_reserve = preset.reserve_two_players if players == 2 else preset.reserve_more_players
    rules = Rules(
        preset=preset.name,
        highest=highest,
        players=players,
        hand_size=hand_size,
        hub_arms=_whole("hub_arms", options.get("hub_arms", default_arms), 1, highest),
        reserve=_whole("reserve", options.get("reserve", default_reserve), 0),
        double_in_hands=options.get("double_in_hands", preset.double_in_hands),
        double_blank_50=options.get("double_blank_50", preset.double_blank_50),
        rounds=_whole("rounds", options.get("rounds", first + 1), 1, first + 1),
        options=dict(options),
        mode=mode,
        first_double=first,
        burn_double=options.get("burn_double", False),
        out_on_double_50=options.get("out_on_double_50", False),
    )
    _check_house_rules(rules)
    _check_fit(rules)
    return rules


def _check_house_rules(rules: Rules) -> None:
    """Refuse the house rules a game cannot keep (RULES.md, "House rules")."""
    if rules.burn_double and not rules.double_in_hands:
        raise BurnNeedsDealtDouble()
    if rules.out_on_double_50 and rules.scores_only:
        raise OutOnDoubleNeedsPlays()


def tiles_needed(players: int, hand_size: int, double_in_hands: bool) -> int:
    """Tiles a deal takes: every hand, plus the starting double when it is set aside."""
    return players * hand_size + (0 if double_in_hands else 1)


def _check_fit(rules: Rules) -> None:
    needed = tiles_needed(rules.players, rules.hand_size, rules.double_in_hands)
    if needed <= rules.set_size:
        return
    fitting = [n for n in SET_SIZES if needed <= set_size(n)]
    raise DealTooBig(
        players=rules.players,
        hand=rules.hand_size,
        apart=not rules.double_in_hands,
        needed=needed,
        highest=rules.highest,
        size=rules.set_size,
        fits=fitting[0] if fitting else 0,
    )
