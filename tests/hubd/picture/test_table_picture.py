"""The table's picture (hubd/picture): the table as it lies, checked by its geometry alone."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from engine import Event, Game, Placed, PlaceKind, Table, Tile
from engine.simulate import DoublesFirst, Simulator
from hubd.picture import Box, Picture, Sizes, picture
from hubd.screens.shots.log_layout import screen_map
from hubd.text.labels import line_labels

SIZES = {"800x480": (800, 480), "720x1280": (720, 1280)}
#: The map's area and number sizes on the real play screen for four players.
SCREEN = {name: screen_map(size, 4) for name, size in SIZES.items()}


def states(events: list[Event]) -> Iterator[Table]:
    """The table after each event of ``events`` while a round is in play."""
    game = Game()
    for event in events:
        game.apply(event)
        if game.state.table is not None and game.state.in_round:
            yield game.state.table


def family_game(seed: int) -> list[Event]:
    rules = {"preset": "classic", "rounds": 2}
    return list(Simulator(4, rules, seed, check=False).play_game().effective)


def _centre(box: Box) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


def _far(a: Box, b: Box) -> float:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(ax - bx, ay - by)


def _gap(a: Box, b: Box) -> int:
    return max(0, b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)


def _meet(a: Box, b: Box) -> bool:
    return a.x <= b.right and b.x <= a.right and a.y <= b.bottom and b.y <= a.bottom


def _side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _cross(p: tuple[tuple[int, int], ...], q: tuple[tuple[int, int], ...]) -> bool:
    (a, b), (c, d) = p, q
    if _side(a, b, c) != _side(a, b, d) and _side(c, d, a) != _side(c, d, b):
        return True
    return any(  # an end of one on the other
        _side(x, y, z) == 0
        and min(x[0], y[0]) <= z[0] <= max(x[0], y[0])
        and min(x[1], y[1]) <= z[1] <= max(x[1], y[1])
        for x, y, z in ((a, b, c), (a, b, d), (c, d, a), (c, d, b))
    )


def faults(drawn: Picture, table: Table) -> list[str]:
    """What one picture gets wrong, measured from its boxes and strokes."""
    found = []
    tiles = {t.tile: t.box for t in drawn.tiles}
    area = drawn.area
    target = drawn.cell[0]
    hub = table.hub_place
    doubles = [t for t, p in table.placed.items() if p.kind is PlaceKind.FOOT]
    for place in table.placed.values():
        if place.kind is not PlaceKind.FOOT:
            continue
        laid_on = tiles.get(place.parent) if place.parent else None
        double = tiles.get(place.tile)
        if double is None or laid_on is None or _gap(double, laid_on) > target:
            found.append(f"double {place.tile} away from {place.parent}")
            continue
        for toe in place.children:
            box = tiles.get(toe)
            if box is None:
                found.append(f"toe {toe} not drawn")
                continue
            own = _far(box, double)
            ahead = _ends_in(table, toe)
            others = [tiles[d] for d in doubles if d not in (place.tile, toe, ahead)]
            if _gap(box, double) > target or any(_far(box, o) < own for o in others):
                found.append(f"toe {toe} away from {place.tile}")
            if _far(box, tiles[hub.tile]) < own:
                found.append(f"toe {toe} nearer the hub")
    for start in hub.children:
        if start not in tiles:
            found.append(f"arm {start} not drawn")
    ends = [end.box for end in drawn.ends]
    if any(_meet(a, b) for a, b in itertools.combinations(ends, 2)):
        found.append("targets touch")
    links = [(link.start, link.end) for link in drawn.links]
    if any(_cross(p, q) for p, q in itertools.combinations(links, 2)):
        found.append("strokes cross")
    boxes = ends + list(tiles.values()) + [fold.box for fold in drawn.folds]
    if any(b.x < area.x or b.y < area.y or b.right > area.right or b.bottom > area.bottom
           for b in boxes):  # fmt: skip
        found.append("outside")
    return found


def _ends_in(table: Table, start: Tile) -> Tile | None:
    place = table.placed[start]
    while place.kind is PlaceKind.CHAIN and place.children:
        place = table.placed[place.children[0]]
    return place.tile if place.kind is PlaceKind.FOOT else None


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_family_game_is_drawn_as_it_lies_in_every_frame(size: str, seed: int) -> None:
    """Four players, double-9: every double by the tile it was laid on, every toe by its
    double and nearer to it than to any other, no targets touching, no strokes crossing,
    nothing outside, and every open place's end drawn once with the number it needs."""
    area, sizes = SCREEN[size]
    frames = 0
    for table in states(family_game(seed)):
        drawn = picture(table, area, sizes)
        assert faults(drawn, table) == [], len(table)
        open_places = [p for p in table.open.values()]
        assert sorted(str(e.on) for e in drawn.ends) == sorted(str(p.tile) for p in open_places)
        assert all(e.needs == table.placed[e.on].end for e in drawn.ends)
        assert all(e.key == f"end:{e.on}" for e in drawn.ends)
        frames += 1
    assert frames > 60


#: What map_bench counts as the picture getting the table wrong (not "small" or "folded").
FAULTS = {
    "doubles", "toes", "order", "touching", "crossing", "outside", "text", "undrawn", "broken",
}  # fmt: skip


@pytest.mark.parametrize("size", list(SIZES))
def test_a_crowded_game_is_faithful_in_every_frame_by_the_benchmarks_measures(
    size: str, map_bench: ModuleType
) -> None:
    """A family game played by players who lay every double they can (nine feet at once,
    both rounds): by map_bench's own measures no frame has a fault, and none needs more
    cells than the smallest grid holds."""
    area, sizes = SCREEN[size]
    rules = {"preset": "classic", "rounds": 2}
    events = list(DoublesFirst(4, rules, 10, check=False).play_game().effective)
    most_feet = 0
    for table in states(events):
        drawn = picture(table, area, sizes)
        assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & FAULTS == set()
        assert not map_bench.over(table, area, sizes) and drawn.astray == 0
        most_feet = max(most_feet, sum(p.kind is PlaceKind.FOOT for p in table.placed.values()))
    assert most_feet >= 9


@pytest.mark.parametrize("size", list(SIZES))
def test_a_double_9_set_narrows_its_cells_before_a_toe_stands_away(
    size: str, map_bench: ModuleType
) -> None:
    """Four players laying every double (seed 3: six feet by the 33rd play, where the cells as
    wide as two digits left a double and its toes away at 800x480): in square cells, as a
    double-9 set's one-digit numbers allow, no frame has a fault by map_bench's measures."""
    area, sizes = SCREEN[size]
    events = map_bench.play("classic", 4, 9, True, 3)
    for table in states(events):
        drawn = picture(table, area, sizes)
        assert map_bench.check(drawn, table, area, sizes.floor, sizes.number) & FAULTS == set()
        assert drawn.number_px >= sizes.floor


def test_a_table_past_all_room_is_counted_as_such(map_bench: ModuleType) -> None:
    """A double-15 round of eight in a small area outgrows it: the frames whose pieces
    outnumber the cells (map_bench's ``over``) stand pieces away, and say so (``astray``):
    map_bench's own geometry finds a line broken in exactly the frames where one does."""
    rules = {"preset": "classic", "set": 15, "rounds": 1}
    events = list(DoublesFirst(8, rules, 3, check=False).play_game().effective)
    area, sizes = Box(10, 10, 400, 300), Sizes(43, 32, 4)
    over = 0
    for table in list(states(events))[::9]:
        drawn = picture(table, area, sizes)
        broken = "broken" in map_bench.check(drawn, table, area, sizes.floor, sizes.number)
        assert broken == (drawn.astray > 0)
        if map_bench.over(table, area, sizes):
            over += 1
            assert drawn.astray > 0
    assert over > 0


def test_arms_leave_the_hub_in_the_order_they_were_started_clockwise() -> None:
    for players in range(2, 9):
        rules = {"preset": "classic", "rounds": 1}
        events = Simulator(players, rules, players, check=False).play_game().effective
        table = list(states(list(events)))[-1]
        drawn = picture(table, *SCREEN["800x480"])
        tiles = {t.tile: t.box for t in drawn.tiles}
        hub = tiles[table.hub]
        hx, hy = _centre(hub)
        starts = table.hub_place.children
        pitch = math.hypot(drawn.cell[0] + 4, drawn.cell[1] + 4)  # the cells round the hub
        assert all(_far(tiles[s], hub) <= pitch + 1 for s in starts)
        turns = [math.atan2(_centre(tiles[s])[1] - hy, _centre(tiles[s])[0] - hx) for s in starts]
        relative = [(a - turns[0]) % (2 * math.pi) for a in turns]
        assert relative == sorted(set(relative)), players  # distinct, clockwise (y grows down)


def _long_arm(length: int) -> Table:
    """A hub 9-9 with one arm of ``length`` tiles (a chain through the numbers)."""
    table = Table(9, 1, 9)
    on, end = table.hub, 9
    numbers = [n for n in range(9) for _ in (0,)]
    for step in range(length):
        nxt = numbers[step % len(numbers)]
        if nxt == end:
            nxt = (nxt + 1) % 9
        tile = Tile(min(end, nxt), max(end, nxt))
        if tile in table:
            break
        table.place(tile, on)
        on, end = tile, nxt
    return table


def test_a_line_too_long_for_the_area_folds_a_run_into_its_count() -> None:
    table = _long_arm(9)
    chain = table.branch(table.hub_place.children[0])
    small = Box(0, 0, 200, 90)
    drawn = picture(table, small, Sizes(43, 32, 4))
    assert drawn.number_px == 32  # the numbers shrink before anything folds
    assert drawn.folds, "a run folds where the line cannot fit"
    drawn_tiles = {t.tile for t in drawn.tiles}
    folded = sum(f.count for f in drawn.folds)
    assert chain[0].tile in drawn_tiles  # the first tile always drawn
    assert len([p for p in chain if p.tile in drawn_tiles]) + folded == len(chain)
    assert all(f.text == f"+{f.count}" for f in drawn.folds)
    assert faults(drawn, table) == []
    roomy = picture(table, Box(0, 0, 1600, 900), Sizes(43, 32, 4))
    assert roomy.number_px == 43 and not roomy.folds  # room: every tile at full size


def test_a_double_lies_crosswise_on_its_line_and_its_toes_fan_out_from_it() -> None:
    for table in states(family_game(2)):
        feet = [p for p in table.placed.values() if p.kind is PlaceKind.FOOT]
        if any(len(p.children) == 3 for p in feet):
            break
    else:
        raise AssertionError("no complete foot in the sample game")
    drawn = picture(table, *SCREEN["720x1280"])
    tiles = {t.tile: t for t in drawn.tiles}
    foot: Placed = next(p for p in feet if len(p.children) == 3)
    double = tiles[foot.tile]
    laid_on = tiles[foot.parent]  # type: ignore[index]
    assert double.double and double.halves == (foot.end, foot.end)
    way_in = (_centre(double.box)[0] - _centre(laid_on.box)[0],
              _centre(double.box)[1] - _centre(laid_on.box)[1])  # fmt: skip
    if way_in[1] == 0:  # reached sideways: it stands upright
        assert double.vertical and double.box.h > double.box.w
    elif way_in[0] == 0:
        assert not double.vertical and double.box.w > double.box.h
    toes = [_centre(tiles[toe].box) for toe in foot.children]
    assert len(set(toes)) == 3


def test_labels_name_arms_by_letter_and_toes_by_their_double() -> None:
    from hubd.screens.shots.sequence import sequence_game

    table = sequence_game(9).state.table
    assert table is not None
    labels = line_labels(table)
    assert labels[Tile(4, 9)] == "A" and labels[Tile(7, 9)] == "B"
    assert labels[Tile(4, 4)] == "A"  # the foot lies at the end of arm A
    toes = [labels[Tile(1, 4)], labels[Tile(4, 6)], labels[Tile(3, 4)]]
    assert toes == ["4-4:1", "4-4:2", "4-4:3"]


def test_a_table_past_all_room_still_draws_every_open_end_once() -> None:
    """A crowded double-15 round in a small area: pieces may stand astray, but every open
    place keeps one end, and nothing leaves the area."""
    rules = {"preset": "classic", "set": 15, "rounds": 1}
    events = list(DoublesFirst(8, rules, 3, check=False).play_game().effective)
    area = Box(10, 10, 400, 300)
    for table in list(states(events))[::7]:
        drawn = picture(table, area, Sizes(43, 32, 4))
        assert sorted(str(e.on) for e in drawn.ends) == sorted(str(t) for t in table.open)
        assert drawn.number_px >= 32
        boxes = [e.box for e in drawn.ends] + [t.box for t in drawn.tiles]
        assert all(area.x <= b.x and b.right <= area.right and area.y <= b.y
                   and b.bottom <= area.bottom for b in boxes)  # fmt: skip


@pytest.mark.parametrize("module", ["hubd.picture", "hubd.web.svg"])
def test_the_picture_and_the_phones_page_import_no_pygame(module: str) -> None:
    code = f"import sys, {module}; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "classic", "set": 6},
        {"preset": "hub", "set": 6, "burn_double": True},
        {"preset": "four-arm", "set": 12, "first_double": 9, "rounds": 2},
    ],
)
def test_a_double_6_game_and_a_lower_first_double_are_drawn_whole(rules: dict[str, object]) -> None:
    """Every table of doubles-first games on a double-6 set (or a double-12 from the 9-9):
    each place with room has its end drawn once with the number it needs, nothing outside."""
    events = list(DoublesFirst(4, rules, 39, check=False).play_game().effective)
    for table in states(events):
        for size in SIZES:
            drawn = picture(table, *SCREEN[size])
            assert sorted(str(e.on) for e in drawn.ends) == sorted(str(t) for t in table.open)
            assert all(e.needs == table.placed[e.on].end for e in drawn.ends)
            area = drawn.area
            assert all(area.x <= e.box.x and e.box.right <= area.right
                       and area.y <= e.box.y and e.box.bottom <= area.bottom
                       for e in drawn.ends)  # fmt: skip
