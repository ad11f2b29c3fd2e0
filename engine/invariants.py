"""Checks that must hold after every event; the simulator and the tests run them."""

from __future__ import annotations

from engine.phases import Phase
from engine.state import GameState
from engine.table import FOOT_TOES, PlaceKind


def violations(state: GameState) -> list[str]:
    """Every broken invariant of ``state``, in words (empty when all is well)."""
    found: list[str] = []
    rules, table = state.rules, state.table
    if rules is None:
        return found
    if any(h < 0 for h in state.hands) or state.yard < 0:
        found.append(f"negative count: hands {state.hands}, yard {state.yard}")
    if table is not None:
        counted = len(table) + sum(state.hands) + state.yard
        if counted != rules.set_size:
            found.append(
                f"tiles not conserved: table {len(table)} + hands {sum(state.hands)} + yard "
                f"{state.yard} = {counted}, set has {rules.set_size}"
            )
        carrying = [rules.highest + 1] * (rules.highest + 1)
        open_feet = []
        for tile, place in table.placed.items():
            if tile.hi > rules.highest:
                found.append(f"{tile} is outside the set")
            carrying[tile.lo] -= 1
            if not tile.is_double:
                carrying[tile.hi] -= 1
            if not 0 <= len(place.children) <= place.capacity:
                found.append(f"{tile} holds {len(place.children)} of {place.capacity}")
            if place.room != place.capacity - len(place.children):
                found.append(f"{tile} says room {place.room} with {len(place.children)} of "
                             f"{place.capacity}")  # fmt: skip
            for child in place.children:
                if table.placed[child].parent != tile or not child.carries(place.end):
                    found.append(f"{child} does not fit on {tile}")
            if place.kind is PlaceKind.FOOT and place.room > 0:
                open_feet.append(tile)
            if place.kind is PlaceKind.FOOT and place.capacity != FOOT_TOES:
                found.append(f"foot {tile} takes {place.capacity} toes")
        if carrying != table.off_table_carrying:
            found.append("the census of tiles off the table is wrong")
        if len(open_feet) > 1 or (open_feet and table.lock != open_feet[0]):
            found.append(f"open feet {open_feet} but lock {table.lock}")
        with_room = {t for t, p in table.placed.items() if p.room > 0}
        if set(table.open) != with_room or any(table.open[t] is not table.placed[t]
                                               for t in table.open):  # fmt: skip
            found.append("the table's open places are out of step with its tiles")
        by_end = {(n, t, id(p)) for n, by in enumerate(table.open_by_end) for t, p in by.items()}
        if by_end != {(p.end, t, id(table.placed[t])) for t, p in table.open.items()}:
            found.append("the table's open places by number are out of step with its tiles")
        if table.opening != (table.hub_place.room > 0):
            found.append(f"opening is {table.opening} with the hub's room {table.hub_place.room}")
        if not open_feet and table.lock is not None:
            found.append(f"lock on {table.lock} with no open foot")
    if state.phase is not state.derived_phase() or state.in_round != (
        state.phase in (Phase.OPENING, Phase.PLAY)
    ):
        found.append(f"phase kept as {state.phase} but the state says {state.derived_phase()}")
    playing = state.phase in (Phase.OPENING, Phase.PLAY)
    if state.scores_only:  # no turns are kept; a foot owes one to three toes, in a round
        if state.current is not None or state.table is not None:
            found.append("a scores-only game has a current player or a table")
        if state.toes_owed not in ((None, 1, 2, 3) if playing else (None,)):
            found.append(f"{state.toes_owed} toes owed in phase {state.phase}")
    elif playing != (state.current is not None):
        found.append(f"current player {state.current} in phase {state.phase}")
    if state.current is not None and state.hands[state.current] == 0:
        found.append(f"{state.current_player} is to play with no tiles")
    if len(state.scores) > rules.rounds or state.round > rules.rounds:
        found.append(f"round {state.round} beyond the game's {rules.rounds}")
    doubles = state.doubles
    if len(doubles) != state.round or any(
        not rules.last_double <= d <= (doubles[i - 1] - 1 if i else rules.first_double)
        for i, d in enumerate(doubles)
    ):
        found.append(f"round doubles {doubles} out of the game's {rules.first_double} down to "
                     f"{rules.last_double}")  # fmt: skip
    if (
        state.doubles
        and not rules.burn_double
        and doubles[-1] != rules.starting_double(state.round)
    ):
        found.append(f"round {state.round} starts with {doubles[-1]} but nothing was burned")
    return found
