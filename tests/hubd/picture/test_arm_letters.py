"""The arms' letters on the map (hubd/picture/arm_labels.py): the choices say "arm C, after
the 6-4", so the map shows which arm is C, beside its first tile, readable from a chair."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import round_frames
from family_round import FAMILY_ROUND
from hypothesis import given
from hypothesis import strategies as st

from engine import Event, Game, PlaceKind, Table, Tile
from engine.log import applied_lines
from engine.simulate import DoublesFirst
from hubd.picture import Box, Layouts, MapEnd, Picture, arm_labels, picture
from hubd.picture.arm_labels import FreeRoom, letter_box_size
from hubd.picture.pips import least_text
from hubd.screens.shots.log_layout import frames, play_map, screen_map
from hubd.text.labels import line_labels
from hubd.web.svg import MapFrame, map_svg

REPO = Path(__file__).resolve().parents[3]
SIZES = {"800x480": (800, 480), "720x1280": (720, 1280)}
#: 4.5 mm at 0.193 mm a px (800x480) and its portrait equal: the map's floor.
FLOOR_PX = {"800x480": 32, "720x1280": 50}
#: How much nearer its own arm's line a letter stands than any other line, in its size: a
#: letter between two pieces at almost the same distance reads as either's (about 1 mm).
CLEARLY = 0.15
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
            out.append(game.state.table.copy())  # each frame's own (the game's changes in place)
    return out


def arms(table: Table, drawn: Picture) -> dict[str, Box]:
    """Each arm's letter (as the choices' words name it) and its first tile's box."""
    labels = line_labels(table)
    return {labels[t.tile]: t.box for t in drawn.tiles if t.arm >= 0}


def end_line(end: MapEnd, labels: dict[Tile, str]) -> str:
    """The line an end's target belongs to: the line of the tile it is on, or a new one."""
    return labels[end.on] if end.kind is PlaceKind.CHAIN else f"new line on {end.on}"


def nearest_line(box: Box, table: Table, drawn: Picture) -> tuple[set[str], float]:
    """The lines (their labels) of the pieces nearest ``box`` on the map, the hub aside, and
    how much further the next line's nearest piece stands. An end's target is a piece of the
    line it goes on, or of a line of its own where it starts one (an arm on the hub, a toe on
    a foot): a B beside the hub's open end, across the hub from arm B, read as that end's."""
    labels = line_labels(table)
    pieces = [(labels[t.tile], t.box) for t in drawn.tiles if labels[t.tile]]
    pieces += [(labels[run.first], run.box) for run in drawn.folds]
    pieces += [(end_line(end, labels), end.box) for end in drawn.ends]
    by_line: dict[str, float] = {}
    for label, piece in pieces:
        by_line[label] = min(by_line.get(label, math.inf), apart(box, piece))
    nearest = min(by_line.values())
    lines = {label for label, gap in by_line.items() if gap == nearest}
    further = min((gap for gap in by_line.values() if gap > nearest), default=math.inf)
    return lines, further - nearest


@pytest.mark.parametrize("size", SIZES)
def test_every_arm_has_its_letter_by_its_own_line_in_a_crowded_game(size: str) -> None:
    """Every frame of a doubles-first round of four: one letter an arm, the letter the
    choices use, inside the map, never over a tile or a folded run (the family game by
    touch saw letters hide pips), never touching an end's target or another letter; its
    nearest piece a tile of its own arm's line or its open end, clearly nearer than any other
    line's, an end that starts a line counted as that line's (a letter reads as the nearest
    piece's: a B beside the hub's open end read as that end's); at the floor and within a
    cell of the arm's first tile where the table leaves room; an arm without one only where
    no free place within a cell of its line reads as its own."""
    area, sizes = screen_map(SIZES[size], 4)
    events = list(DoublesFirst(4, {"preset": "classic", "rounds": 1}, 10).play_game().effective)
    checked, beside, missing = 0, 0, 0
    for table in tables(events)[::2]:
        drawn = picture(table, area, sizes)
        letters = arm_labels(drawn, table, sizes.floor)
        firsts = arms(table, drawn)
        assert {letter.text for letter in letters} <= set(firsts)
        assert len(firsts) == len(table.hub_place.children)
        for arm in set(firsts) - {letter.text for letter in letters}:
            small = least_text(sizes.floor)
            assert free_place_reading_as(arm, table, drawn, letters, small) is None
            missing += 1
        pieces = [t.box for t in drawn.tiles] + [run.box for run in drawn.folds]
        for letter in letters:
            box, own = letter.box, firsts[letter.text]
            assert letter.size >= LEAST_PX[size] and letter_box_size(letter.size) == box[2:]
            assert area.x <= box.x and box.right <= area.right
            assert area.y <= box.y and box.bottom <= area.bottom
            assert all(apart(box, end.box) >= 2 for end in drawn.ends), letter
            assert all(apart(box, piece) >= 2 for piece in pieces), letter
            lines, by = nearest_line(box, table, drawn)
            assert lines == {letter.text} and by >= CLEARLY * letter.size, letter
            assert all(apart(box, o.box) >= 2 for o in letters if o is not letter)
            beside += letter.size >= FLOOR_PX[size] and apart(box, own) <= max(drawn.cell)
            checked += 1
    assert checked > 80 and missing <= checked // 8, (checked, missing)
    assert beside >= 0.45 * checked  # at the floor, within a cell (portrait: half)


#: map_bench's game 54 (four-arm, eight players, double-12): its first round's crowded
#: frames, where the letters stood beside another arm's first tile (a B above-right of the
#: hub 9 px from arm D's first tile and 117 px from its own, in the family game by touch).
CROWDED_GAME, CROWDED_FRAMES = 54, range(10, 70, 3)


def free_place_reading_as(
    arm: str, table: Table, drawn: Picture, letters: list[Any], px: int
) -> Box | None:
    """A place at ``px`` within a cell of a tile of ``arm``'s line, over no piece, end or
    letter, whose nearest piece is of that line, clearly: scanned 2 px at a time."""
    labels = line_labels(table)
    w, h = letter_box_size(px)
    pieces = [t.box for t in drawn.tiles] + [run.box for run in drawn.folds]
    blocked = pieces + [end.box for end in drawn.ends] + [letter.box for letter in letters]
    reach = max(drawn.cell)
    area = drawn.area
    for tile in (t.box for t in drawn.tiles if labels[t.tile] == arm):
        for y in range(max(area.y, tile.y - h - reach), tile.bottom + reach, 2):
            for x in range(max(area.x, tile.x - w - reach), tile.right + reach, 2):
                box = Box(x, y, w, h)
                if box.right > area.right or box.bottom > area.bottom:
                    continue
                if any(apart(box, piece) < 2 for piece in blocked):
                    continue
                lines, by = nearest_line(box, table, drawn)
                if lines == {arm} and by >= CLEARLY * px:
                    return box
    return None


@pytest.mark.parametrize("size", SIZES)
def test_in_a_crowded_game_no_letter_stands_by_another_line(size: str, load_script: Any) -> None:
    """Eight players' crowded round, frame by frame as the hub lays it out: every letter's
    nearest piece a tile of its own arm's line, clearer than any other line's by ``CLEARLY`` of
    the letter's size (a letter reads as the nearest piece's); an arm left without its letter
    only where no free place within a cell of its line reads as its own."""
    map_bench = load_script("map_bench", REPO / "benchmarks" / "map_bench.py")
    layouts, checked, missing = Layouts(), 0, 0
    events = map_bench.play(*map_bench.game_specs(CROWDED_GAME + 1, 0)[CROWDED_GAME])
    for frame, state in round_frames(events):
        assert state.table is not None
        area, sizes = play_map(SIZES[size], state)
        drawn = layouts.play_picture(state.table, area, sizes)
        if frame not in CROWDED_FRAMES:
            if frame > CROWDED_FRAMES[-1]:
                break
            continue
        px = drawn.drawn_floor(sizes.floor)
        letters = arm_labels(drawn, state.table, px)
        for letter in letters:
            lines, by = nearest_line(letter.box, state.table, drawn)
            assert lines == {letter.text} and by >= CLEARLY * letter.size, (frame, letter)
            checked += 1
        shown = {letter.text for letter in letters}
        for arm in set(arms(state.table, drawn)) - shown:
            small = max(1, least_text(px))  # 3.5 mm at the map's floor
            assert free_place_reading_as(arm, state.table, drawn, letters, small) is None
            missing += 1
    assert checked > 60 and missing <= checked // 3, (checked, missing)


def in_map(letters: list[Any], widgets: list[Any]) -> list[tuple[str, int, int]]:
    """Each letter and where it stands in the map's own area (which a mirrored screen moves
    to the other side, unmirrored)."""
    area = next(w["rect"] for w in widgets if w["key"] == "map")
    return [(w["key"], w["rect"][0] - area[0], w["rect"][1] - area[1]) for w in letters]


@pytest.mark.parametrize("size", SIZES)
def test_the_layout_records_carry_each_arms_letter(size: str) -> None:
    """`hubd layout`: a `label` record keyed "arm:<letter>" for every arm but a rare one the
    table leaves no place by its own line, at 3.5 mm at least, no target or tile under it;
    in Hebrew the same letters in the same places (the map is not mirrored)."""
    lines = FAMILY_ROUND.splitlines()
    english = list(frames(lines, SIZES[size]))
    hebrew = list(frames(lines, SIZES[size], "he"))
    game, seen, missing = Game(), 0, 0
    replayed = [game.state.copy() for _n, _refusal in applied_lines(game, lines)]
    for record, mirrored, state in zip(english, hebrew, replayed, strict=True):
        assert isinstance(record, dict) and isinstance(mirrored, dict)
        widgets = record["widgets"]
        letters = [w for w in widgets if w["key"].startswith("arm:")]
        ends = [w for w in widgets if w["role"] == "end"]
        if not ends or state.table is None:
            continue
        arm_count = len(state.table.hub_place.children)
        named = sorted(w["text"] for w in letters)
        missing += arm_count - len(named)
        assert set(named) <= set("ABCDEFGH"[:arm_count])
        for letter in letters:
            assert letter["role"] == "label" and letter["text"] == letter["key"][4:]
            assert letter["font_px"] >= LEAST_PX[size] and not letter["tappable"]
            assert all(apart(Box(*letter["rect"]), Box(*end["rect"])) >= 2 for end in ends)
            tiles = [w for w in widgets if w["role"] == "tile"]
            assert all(apart(Box(*letter["rect"]), Box(*t["rect"])) >= 2 for t in tiles)
        same = [w for w in mirrored["widgets"] if w["key"].startswith("arm:")]
        assert in_map(same, mirrored["widgets"]) == in_map(letters, widgets)
        seen += len(letters)
    assert seen > 40 and missing <= seen // 20, (seen, missing)
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
