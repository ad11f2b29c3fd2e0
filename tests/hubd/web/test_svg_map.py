"""The phones' map (hubd/web/svg.py): the hub's own picture of the table, drawn in SVG."""

from __future__ import annotations

import re

from engine import Game, PlaceKind, Table
from engine.simulate import Simulator
from hubd.picture import Layouts, picture
from hubd.web.svg import MapFrame, map_svg


def a_table_with_a_complete_foot() -> Table:
    events = Simulator(4, {"preset": "classic", "rounds": 1}, 7, check=False).play_game()
    game = Game()
    for event in events.effective:
        game.apply(event)
        table = game.state.table
        if table is not None and any(
            p.kind is PlaceKind.FOOT and p.room == 0 for p in table.placed.values()
        ):
            return table
    raise AssertionError("no foot completed in the sample game")


def test_the_svg_draws_every_piece_of_the_picture_and_nothing_else() -> None:
    table = a_table_with_a_complete_foot()
    frame = MapFrame.phone()
    drawn = picture(table, frame.area, frame.sizes)
    svg = map_svg(table, frozenset(table.open))
    tiles = re.findall(r'<g class="tile( double)?" data-tile="([^"]+)">', svg)
    assert sorted(t for _d, t in tiles) == sorted(str(t.tile) for t in drawn.tiles)
    feet = [str(p.tile) for p in table.placed.values() if p.kind is PlaceKind.FOOT]
    assert {t for d, t in tiles if d} == {*feet, str(table.hub)}  # doubles drawn as doubles
    ends = re.findall(r'data-on="([^"]+)" data-needs="(\d+)"', svg)
    assert sorted(ends) == sorted((str(t), str(p.end)) for t, p in table.open.items())
    assert svg.count('<line class="link"') == len(drawn.links)
    numbers = re.findall(r'<text class="needs"[^>]*font-size="(\d+)"', svg)
    assert numbers and all(int(n) >= frame.sizes.floor for n in numbers)


def test_an_end_asked_for_is_ringed_and_a_closed_one_padlocked() -> None:
    table = a_table_with_a_complete_foot()
    some = next(iter(table.open))
    svg = map_svg(table, frozenset(), marked={f"end:{some}"})
    assert re.search(rf'class="[a-z]+ closed marked" data-on="{some}"', svg)
    assert svg.count('class="padlock"') == len(table.open)


FOLD = (
    r'<text class="fold" x="(-?\d+)" y="-?\d+" font-size="(\d+)"'
    r'(?: textLength="(\d+)")?[^>]*>([^<]+)<'
)


def _inside(view: tuple[float, ...], left: float, top: float, right: float, bottom: float) -> bool:
    x, y, w, h = view
    return x <= left and y <= top and right <= x + w and bottom <= y + h


def test_every_piece_and_count_stands_inside_the_drawing_in_a_crowded_round() -> None:
    """The page clips the SVG at its edge: a count at the picture's edge ("+2") lost its plus
    on a 320 px phone, a padlock its top. Every rect, and every count's text as wide as it is
    drawn (DejaVu Sans Bold's widths), stands inside the viewBox, in every frame."""
    from engine.simulate import DoublesFirst
    from hubd.picture.shapes import DIGIT_EM, PLUS_EM

    rules = {"preset": "classic", "set": 9, "rounds": 1}
    game, counts, layouts = Game(), 0, Layouts(chained=False)
    for event in DoublesFirst(4, rules, 2, check=False).play_game().effective:
        game.apply(event)
        table = game.state.table
        if table is None or not game.state.in_round:
            continue
        svg = map_svg(table, frozenset(table.open), layouts=layouts)
        view = tuple(float(v) for v in re.search(r'viewBox="([^"]+)"', svg)[1].split())  # type: ignore[index]
        for x, y, w, h in re.findall(
            r'<rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)"', svg
        ):
            left, top = float(x), float(y)
            assert _inside(view, left, top, left + float(w), top + float(h)), (x, y, w, h)
        for x, size, length, text in re.findall(FOLD, svg):
            wide = float(length) if length else (PLUS_EM + DIGIT_EM * (len(text) - 1)) * int(size)
            counts += 1
            assert _inside(view, float(x) - wide / 2, view[1], float(x) + wide / 2, view[1]), text
    assert counts > 0


def test_the_maps_height_is_what_its_picture_needs_growing_in_few_steps() -> None:
    """At a round's start the phone's map was a 720x1040 frame of empty felt around the hub's
    double, and the players' table stood below a 320-390 px phone's first screen. The map is
    as high as its picture needs, about the frame's middle, in HEIGHT_STEPS steps (a height
    to the picture's own moved the page under a reader's finger at every play)."""
    from hubd.web.svg import HEIGHT_STEPS

    frame = MapFrame.phone()
    names = tuple(f"P{seat}" for seat in range(8))
    rules = {"preset": "classic", "set": 12, "rounds": 1}
    events = Simulator(8, rules, 3712, check=False, names=names).play_game().effective
    game, layouts, heights = Game(), Layouts(), []
    for event in events:
        game.apply(event)
        table = game.state.table
        if table is None or not game.state.in_round:
            continue
        svg = map_svg(table, frozenset(table.open), layouts=layouts)
        _, top, _, height = (int(v) for v in re.search(r'viewBox="([^"]+)"', svg)[1].split())  # type: ignore[index]
        assert top + height / 2 == frame.area.h / 2  # about the middle, where the hub is
        if not heights or heights[-1] != height:
            heights.append(height)
    assert heights[0] <= frame.area.h / HEIGHT_STEPS  # the hub's double alone
    assert heights[-1] > frame.area.h / 2  # the table grown: taller
    assert len(set(heights)) <= HEIGHT_STEPS and len(heights) <= 2 * HEIGHT_STEPS - 1, heights
