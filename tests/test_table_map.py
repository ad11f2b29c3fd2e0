"""The table map's promises, checked on whole simulated games (pure geometry, no screen):
an open end never moves while other chains grow, targets never overlap, and everything
stays inside the map."""

from __future__ import annotations

import itertools

import pytest

from engine import Game, PlaceKind, Play, StartRound, Tile
from engine.simulate import Simulator
from hubd.screens.table_map import Box, Metrics, arm_slots, line_labels, table_map

#: The map's area on the play screen at 800x480 and 720x1280 (see hubd/screens/play.py).
AREAS = {"800x480": Box(8, 72, 514, 332), "720x1280": Box(8, 390, 704, 650)}
TARGET = {"800x480": 64, "720x1280": 80}


def rounds(seed: int, players: int = 4, rules: dict[str, object] | None = None) -> list[Game]:
    """Every state of a simulated game, one per event, as games replayed to that point."""
    simulator = Simulator(players, rules or {"preset": "classic", "rounds": 3}, seed, check=False)
    final = simulator.play_game()
    events = final.effective
    return [Game.from_events(events[: i + 1]) for i in range(len(events))]


def ends(game: Game, size: str) -> dict[Tile, Box]:
    table = game.state.table
    if table is None or not game.state.in_round:
        return {}
    metrics = Metrics.for_area(AREAS[size], TARGET[size], 8)
    return {end.on: end.box for end in table_map(table, AREAS[size], metrics).ends}


@pytest.mark.parametrize("size", AREAS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_open_end_never_moves_while_other_chains_grow(size: str, seed: int) -> None:
    games = rounds(seed)
    moved = []
    for before, after in itertools.pairwise(games):
        event = after.effective[-1]
        if isinstance(event, StartRound) or not isinstance(event, Play):
            continue
        old, new = ends(before, size), ends(after, size)
        moved += [f"{on} after {event}" for on in old.keys() & new.keys()
                  if on != event.on and old[on] != new[on]]  # fmt: skip
    assert not moved, "\n".join(moved[:10])


@pytest.mark.parametrize("size", AREAS)
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_every_open_place_has_one_target_inside_the_map(size: str, seed: int) -> None:
    area = AREAS[size]
    for game in rounds(seed):
        state = game.state
        if state.table is None or not state.in_round:
            continue
        boxes = ends(game, size)
        places = set(state.table.open)  # every place with room, open now or padlocked
        assert set(boxes) == places
        for box in boxes.values():
            assert area.x <= box.x and box.right <= area.right, box
            assert area.y <= box.y and box.bottom <= area.bottom, box
            assert min(box.w, box.h) >= TARGET[size]


def test_targets_never_overlap_on_an_ordinary_table() -> None:
    """Up to three feet on a four-arm table fit without any two targets touching."""
    overlaps = 0
    checked = 0
    for seed in range(7, 12):
        for game in rounds(seed):
            table = game.state.table
            if table is None or not game.state.in_round:
                continue
            feet = sum(p.kind is PlaceKind.FOOT for p in table.placed.values())
            if feet > 3:
                continue
            checked += 1
            boxes = list(ends(game, "720x1280").values())
            overlaps += sum(_touch(a, b) for a, b in itertools.combinations(boxes, 2))
    assert checked > 100 and overlaps == 0


def _touch(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def test_arms_are_clockwise_from_the_top_right() -> None:
    assert arm_slots(4, 5) == [(1, 1), (1, 3), (-1, 3), (-1, 1)]
    assert arm_slots(3, 5) == [(1, 1), (1, 3), (-1, 2)]
    assert len(set(arm_slots(8, 5))) == 8


def test_labels_name_arms_by_letter_and_toes_by_their_arm() -> None:
    game = Game.from_events(rounds(1)[0].effective)  # a new game: no table yet
    assert game.state.table is None
    from hubd.screens.sequence import sequence_game

    table = sequence_game(9).state.table
    assert table is not None
    labels = line_labels(table)
    assert labels[Tile(4, 9)] == "A" and labels[Tile(7, 9)] == "B"
    assert labels[Tile(4, 4)] == "A"  # the foot lies at the end of arm A
    # Laid up, down, then straight on: numbered top to bottom as they lie on the map.
    assert [labels[Tile(1, 4)], labels[Tile(3, 4)], labels[Tile(4, 6)]] == ["A1", "A2", "A3"]
