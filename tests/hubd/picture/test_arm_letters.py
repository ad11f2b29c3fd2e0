"""The arms' letters on the map (hubd/picture/arm_labels.py): the choices say "arm C, after
the 6-4", so the map shows which arm is C, beside its first tile, readable from a chair."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest
from family_round import FAMILY_ROUND
from hypothesis import given
from hypothesis import strategies as st

from engine import Event, Game, Table
from engine.log import applied_lines
from engine.simulate import DoublesFirst
from hubd.picture import Box, Picture, arm_labels, picture
from hubd.picture.arm_labels import FreeRoom, letter_box_size
from hubd.screens.shots.log_layout import frames, screen_map
from hubd.text.labels import line_labels
from hubd.web.svg import MapFrame, map_svg

SIZES = {"800x480": (800, 480), "720x1280": (720, 1280)}
#: 4.5 mm at 0.193 mm a px (800x480) and its portrait equal: the map's floor.
FLOOR_PX = {"800x480": 32, "720x1280": 50}
#: 3.5 mm: every other text's floor, a letter's where 4.5 mm leaves it no free place.
LEAST_PX = {"800x480": 25, "720x1280": 39}


def apart(one: Box, other: Box) -> float:
    dx = max(0, max(one.x, other.x) - min(one.right, other.right))
    dy = max(0, max(one.y, other.y) - min(one.bottom, other.bottom))
    return math.hypot(dx, dy)


def tables(events: list[Event]) -> list[Table]:
    game, out = Game(), []
    for event in events:
        game.apply(event)
        if game.state.table is not None and game.state.in_round:
            out.append(game.state.table)
    return out


def arms(table: Table, drawn: Picture) -> dict[str, Box]:
    """Each arm's letter (as the choices' words name it) and its first tile's box."""
    labels = line_labels(table)
    return {labels[t.tile]: t.box for t in drawn.tiles if t.arm >= 0}


@pytest.mark.parametrize("size", SIZES)
def test_every_arm_has_its_letter_by_its_first_tile_in_a_crowded_game(size: str) -> None:
    """Every frame of a doubles-first round of four: one letter an arm, the letter the
    choices use, inside the map, never over a tile or a folded run (the family game by
    touch saw letters hide pips), never touching an end's target or another letter; at the
    floor and within a cell of the arm's first tile where the table leaves room (at 3.5 mm,
    or further, up to three cells, where it does not), nearer it than any other arm's."""
    area, sizes = screen_map(SIZES[size], 4)
    events = list(DoublesFirst(4, {"preset": "classic", "rounds": 1}, 10).play_game().effective)
    checked, beside = 0, 0
    for table in tables(events)[::2]:
        drawn = picture(table, area, sizes)
        letters = arm_labels(drawn, sizes.floor)
        firsts = arms(table, drawn)
        assert sorted(letter.text for letter in letters) == sorted(firsts)
        assert len(firsts) == len(table.hub_place.children)
        pieces = [t.box for t in drawn.tiles] + [run.box for run in drawn.folds]
        for letter in letters:
            box, own = letter.box, firsts[letter.text]
            assert letter.size >= LEAST_PX[size] and letter_box_size(letter.size) == box[2:]
            assert area.x <= box.x and box.right <= area.right
            assert area.y <= box.y and box.bottom <= area.bottom
            assert all(apart(box, end.box) >= 2 for end in drawn.ends), letter
            assert all(apart(box, piece) >= 2 for piece in pieces), letter
            assert apart(box, own) <= 3 * max(drawn.cell), letter
            others = [firsts[arm] for arm in firsts if arm != letter.text]
            assert all(apart(box, own) <= apart(box, other) for other in others), letter
            assert all(apart(box, o.box) >= 2 for o in letters if o is not letter)
            beside += letter.size >= FLOOR_PX[size] and apart(box, own) <= max(drawn.cell)
            checked += 1
    assert checked > 100
    assert beside >= 0.45 * checked  # at the floor, within a cell (portrait: half)


def in_map(letters: list[Any], widgets: list[Any]) -> list[tuple[str, int, int]]:
    """Each letter and where it stands in the map's own area (which a mirrored screen moves
    to the other side, unmirrored)."""
    area = next(w["rect"] for w in widgets if w["key"] == "map")
    return [(w["key"], w["rect"][0] - area[0], w["rect"][1] - area[1]) for w in letters]


@pytest.mark.parametrize("size", SIZES)
def test_the_layout_records_carry_each_arms_letter(size: str) -> None:
    """`hubd layout`: a `label` record keyed "arm:<letter>" for every arm, at 3.5 mm at
    least, no target or tile under it; in Hebrew the same letters in the same places (the
    map is not mirrored)."""
    lines = FAMILY_ROUND.splitlines()
    english = list(frames(lines, SIZES[size]))
    hebrew = list(frames(lines, SIZES[size], "he"))
    game, seen = Game(), 0
    replayed = [game.state.copy() for _n, _refusal in applied_lines(game, lines)]
    for record, mirrored, state in zip(english, hebrew, replayed, strict=True):
        assert isinstance(record, dict) and isinstance(mirrored, dict)
        widgets = record["widgets"]
        letters = [w for w in widgets if w["key"].startswith("arm:")]
        ends = [w for w in widgets if w["role"] == "end"]
        if not ends or state.table is None:
            continue
        arm_count = len(state.table.hub_place.children)
        assert sorted(w["text"] for w in letters) == list("ABCDEFGH"[:arm_count])
        for letter in letters:
            assert letter["role"] == "label" and letter["text"] == letter["key"][4:]
            assert letter["font_px"] >= LEAST_PX[size] and not letter["tappable"]
            assert all(apart(Box(*letter["rect"]), Box(*end["rect"])) >= 2 for end in ends)
            tiles = [w for w in widgets if w["role"] == "tile"]
            assert all(apart(Box(*letter["rect"]), Box(*t["rect"])) >= 2 for t in tiles)
        same = [w for w in mirrored["widgets"] if w["key"].startswith("arm:")]
        assert in_map(same, mirrored["widgets"]) == in_map(letters, widgets)
        seen += len(letters)
    assert seen > 40
    assert json.dumps(english[-1])  # records stay plain JSON


def test_the_phones_map_draws_each_arms_letter() -> None:
    events = list(DoublesFirst(4, {"preset": "classic", "rounds": 1}, 10).play_game().effective)
    table = tables(events)[-1]
    frame = MapFrame.phone()
    svg = map_svg(table, frozenset(table.open), frame)
    drawn = r'<g class="arm" data-arm="([A-Z])">.*?font-size="(\d+)"[^>]*>\1</text>'
    shown = re.findall(drawn, svg)
    assert sorted(letter for letter, _px in shown) == ["A", "B", "C", "D"]
    assert all(int(px) >= frame.sizes.floor for _letter, px in shown)


@given(
    st.lists(st.tuples(*[st.integers(-20, 140)] * 2, *[st.integers(0, 60)] * 2), max_size=12),
    st.lists(st.tuples(*[st.integers(-20, 140)] * 2, *[st.integers(1, 40)] * 2), max_size=30),
)
def test_a_letters_place_is_free_exactly_where_it_covers_no_piece(
    pieces: list[tuple[int, int, int, int]], places: list[tuple[int, int, int, int]]
) -> None:
    """The free places are found on the grid the pieces' own edges cut the area into (a table
    of every pixel took most of the phones' map's time): the same answer as every pixel."""
    area = Box(3, 5, 110, 90)
    taken = [Box(*piece) for piece in pieces]
    free = FreeRoom(area, taken)
    for place in map(lambda p: Box(*p), places):
        inside = area.x <= place.x and place.right <= area.right
        inside = inside and area.y <= place.y and place.bottom <= area.bottom
        covers = any(
            min(place.right, b.right) > max(place.x, b.x)
            and min(place.bottom, b.bottom) > max(place.y, b.y)
            for b in taken
        )
        assert free.holds(place) == (inside and not covers)
