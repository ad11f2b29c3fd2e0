"""The table map's promises, checked on whole simulated games (pure geometry, no screen):
an open end never moves while other chains grow, targets never overlap, and everything
stays inside the map."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

import pytest

from engine import Event, Game, Placed, PlaceKind, Play, StartRound, Table, Tile
from engine.simulate import DoublesFirst, Simulator
from hubd.screens.kit.widgets import MIN_MAP_TARGET
from hubd.screens.map.geometry import AROUND, Cell
from hubd.screens.map.grid import Grid, Line
from hubd.screens.map.lending import Lender
from hubd.screens.map.table_map import Box, MapLink, TableMap, _Planner, arm_ways, table_map
from hubd.screens.shots.log_layout import screen_map
from hubd.text.labels import line_labels

SIZES = {"800x480": (800, 480), "720x1280": (720, 1280)}
#: The map's area and sizes on the real play screen for four players.
SCREEN = {name: screen_map(size, 4) for name, size in SIZES.items()}
AREAS = {name: area for name, (area, _metrics) in SCREEN.items()}
TARGET = {name: metrics.target for name, (_area, metrics) in SCREEN.items()}


def rounds(seed: int, players: int = 4, rules: dict[str, object] | None = None) -> list[Game]:
    """Every state of a simulated game, one per event, as games replayed to that point."""
    simulator = Simulator(players, rules or {"preset": "classic", "rounds": 3}, seed, check=False)
    final = simulator.play_game()
    events = final.effective
    return [Game.from_events(events[: i + 1]) for i in range(len(events))]


def in_play(seeds: Iterable[int]) -> Iterator[tuple[Game, Table]]:
    """Each state of the seeds' simulated games that has a round in play, with its table."""
    for seed in seeds:
        for game in rounds(seed):
            table = game.state.table
            if table is not None and game.state.in_round:
                yield game, table


def feet_of(table: Table) -> list[Placed]:
    return [p for p in table.placed.values() if p.kind is PlaceKind.FOOT]


def ends(game: Game, size: str) -> dict[Tile, Box]:
    table = game.state.table
    if table is None or not game.state.in_round:
        return {}
    metrics = SCREEN[size][1]
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
    for game, table in in_play([seed]):
        boxes = ends(game, size)
        places = set(table.open)  # every place with room, open now or padlocked
        assert set(boxes) == places
        for box in boxes.values():
            assert area.x <= box.x and box.right <= area.right, box
            assert area.y <= box.y and box.bottom <= area.bottom, box
            assert box.w >= TARGET[size] and box.h >= min(TARGET[size], SCREEN[size][1].cell_h)
            assert box.h >= MIN_MAP_TARGET


def test_targets_never_overlap_on_an_ordinary_table() -> None:
    """Up to three feet on a four-arm table fit without any two targets touching."""
    overlaps = 0
    checked = 0
    for game, table in in_play(range(7, 12)):
        if len(feet_of(table)) > 3:
            continue
        checked += 1
        boxes = list(ends(game, "720x1280").values())
        overlaps += sum(_touch(a, b) for a, b in itertools.combinations(boxes, 2))
    assert checked > 100 and overlaps == 0


def _touch(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def test_arms_are_clockwise_from_the_top_right() -> None:
    assert arm_ways(4) == [(-1, 1), (1, 1), (1, -1), (-1, -1)]  # the four corners
    assert arm_ways(2) == [(0, 1), (0, -1)]
    for arms in range(1, 9):
        ways = arm_ways(arms)
        assert len(set(ways)) == arms
        assert [AROUND.index(w) for w in ways] == sorted(AROUND.index(w) for w in ways)


def test_the_arms_stand_round_the_hub() -> None:
    """Each arm's first end touches the hub's cell, its stroke joining them."""
    for _game, table in in_play((7,)):
        if table.hub_place.room or len(table.placed) > 8:
            continue
        drawn = table_map(table, AREAS["800x480"], SCREEN["800x480"][1])
        hub = next(t.box for t in drawn.tiles if t.tile == table.hub)
        arms = [e.box for e in drawn.ends]
        assert arms and all(_gap(hub, box) <= SCREEN["800x480"][1].target for box in arms)
        assert len(drawn.links) >= len(arms)
        return
    raise AssertionError("no table just after the opening")


def test_labels_name_arms_by_letter_and_toes_by_their_arm() -> None:
    game = Game.from_events(rounds(1)[0].effective)  # a new game: no table yet
    assert game.state.table is None
    from hubd.screens.shots.sequence import sequence_game

    table = sequence_game(9).state.table
    assert table is not None
    labels = line_labels(table)
    assert labels[Tile(4, 9)] == "A" and labels[Tile(7, 9)] == "B"
    assert labels[Tile(4, 4)] == "A"  # the foot lies at the end of arm A
    # Numbered in the order they were laid (1-4, 4-6, 3-4 in the sequence), never by place.
    assert [labels[Tile(1, 4)], labels[Tile(4, 6)], labels[Tile(3, 4)]] == ["A1", "A2", "A3"]


def test_toe_numbers_under_an_arm_run_without_gaps_in_the_order_laid() -> None:
    """Over whole games, the toes under each arm are numbered 1, 2, 3, ... as they were laid,
    feet laid on toes included."""
    for seed in (1, 2, 3):
        for game in rounds(seed, 4, {"preset": "classic", "set": 12, "rounds": 2}):
            table = game.state.table
            if table is None:
                continue
            labels = line_labels(table)
            seen: dict[str, list[int]] = {}
            for tile, place in table.placed.items():  # play order
                parent = table.placed.get(place.parent) if place.parent else None
                if parent is not None and parent.kind is PlaceKind.FOOT:
                    label = labels[tile]
                    seen.setdefault(label[0], []).append(int(label[1:]))
            for numbers in seen.values():
                assert numbers == list(range(1, len(numbers) + 1))


def _gap(a: Box, b: Box) -> int:
    return max(0, b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)


def _line_end(table: Table, tile: Tile) -> Tile:
    """The last tile of the line that starts with ``tile`` (its end, or the double ending it)."""
    place = table.placed[tile]
    while place.children and place.kind is not PlaceKind.FOOT:
        place = table.placed[place.children[0]]
    return place.tile


@pytest.mark.parametrize("size", AREAS)
def test_a_foot_stands_where_its_double_is(size: str) -> None:
    """Up to six feet on a four-player table, feet on toes among them: a foot's target and
    each toe (its tile where drawn, else the double or the end its line has now) lie within
    one target's width of the drawn double, and a complete foot stays on the map."""
    metrics = SCREEN[size][1]
    checked = moved_on = 0
    for game, table in in_play(range(7, 15)):
        feet = feet_of(table)
        if not 1 <= len(feet) <= 6:
            continue
        drawn = table_map(table, AREAS[size], metrics)
        tiles = {t.tile for t in drawn.tiles}
        assert all(foot.tile in tiles for foot in feet), "a foot never leaves the map"
        assert not _toes_away(table, drawn, metrics.target), game.effective[-1]
        moved_on += any(toe in tiles and _line_end(table, toe) != toe
                        for foot in feet for toe in foot.children)  # fmt: skip
        checked += len(feet)
    assert checked > 500
    assert moved_on, "no toe's double had to move on: the test no longer covers it"


def _toes_away(table: Table, drawn: TableMap, target: int) -> list[Tile]:
    """The drawn doubles with their target or a toe (its tile where drawn, else the double or
    the end its line has now) further than ``target`` from them."""
    tiles = {t.tile: t.box for t in drawn.tiles}
    ends = {e.on: e.box for e in drawn.ends}
    away = []
    for foot in feet_of(table):
        if foot.tile not in tiles:  # folded
            continue
        near = [ends[foot.tile]] if foot.tile in ends else []
        for toe in foot.children:
            last = _line_end(table, toe)
            box = tiles.get(toe) or tiles.get(last) or ends.get(last)
            near += [box] if box else []  # None: its line ends in a folded foot
        if any(_gap(tiles[foot.tile], box) > target for box in near):
            away.append(foot.tile)
    return away


def _doubles_first(
    players: int, seed: int, preset: str = "classic"
) -> Iterator[tuple[Event, Table]]:
    """Each event of a round on a double-15 set whose players lay every double they can,
    with the table it leaves in play."""
    rules = {"preset": preset, "set": 15, "rounds": 1}
    game = Game()
    for event in DoublesFirst(players, rules, seed, check=False).play_game().effective:
        game.apply(event)
        if game.state.table is not None and game.state.in_round:
            yield event, game.state.table


@pytest.mark.parametrize(("size", "players", "seed"), [("800x480", 8, 6), ("720x1280", 7, 7)])
def test_a_foot_stands_where_its_double_is_on_a_crowded_table(
    size: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players laying every double they can on a double-15 set, up to eleven feet: every
    drawn double has its toes within a target's width; a foot whose toe left it (the toe's
    tile no longer drawn, its cell given to a new end) is folded rather than drawn apart."""
    folds: list[Line] = []
    fold = Lender._fold_foot_of
    monkeypatch.setattr(
        Lender, "_fold_foot_of", lambda self, toe: (folds.append(toe), fold(self, toe))
    )
    area, metrics = screen_map(SIZES[size], players)
    crowded = 0
    for event, table in _doubles_first(players, seed):
        if len(feet_of(table)) > 11:
            continue
        drawn = table_map(table, area, metrics)
        assert not _toes_away(table, drawn, metrics.target), event
        crowded += len(feet_of(table)) >= 8
    assert crowded > 40 and folds, (crowded, len(folds))


@pytest.mark.parametrize(("size", "players", "seed"), [("800x480", 8, 2), ("720x1280", 8, 10)])
def test_a_foot_with_no_room_by_its_double_folds(
    size: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A four-arm round on a double-15 set, every double laid, to its last play: where the
    grid is so full that a foot's target or a toe laid on it has no cell by its double, the
    foot folds, so that no drawn double ever stands apart from its foot."""
    folded: list[Line] = []
    fold = Lender.fold_if_scattered

    def spy(self: Lender, foot: Line) -> None:
        was = foot.lent
        fold(self, foot)
        folded.extend([foot] if foot.lent and not was else [])

    monkeypatch.setattr(Lender, "fold_if_scattered", spy)
    area, metrics = screen_map(SIZES[size], players)
    most = 0
    for event, table in _doubles_first(players, seed, "four-arm"):
        drawn = table_map(table, area, metrics)
        assert not _toes_away(table, drawn, metrics.target), event
        most = max(most, len(feet_of(table)))
    assert most >= 12 and folded, (most, len(folded))


def test_every_line_and_stroke_stays_apart_on_an_ordinary_table() -> None:
    """Up to two feet on a four-arm table: no stroke crosses a target, none meets another."""
    metrics = SCREEN["720x1280"][1]
    checked = 0
    for game, table in in_play(range(7, 10)):
        if len(feet_of(table)) > 2:
            continue
        drawn = table_map(table, AREAS["720x1280"], metrics)
        crossed = [(link, end.on) for link in drawn.links for end in drawn.ends
                   if _inside(link, end.box)]  # fmt: skip
        assert not crossed, (game.effective[-1], crossed)
        checked += 1
    assert checked > 100


def _inside(link: object, box: Box) -> bool:
    """Whether a straight stroke passes through ``box`` (sampled along its length)."""
    (x1, y1), (x2, y2) = link.start, link.end  # type: ignore[attr-defined]
    return any(box.x <= x1 + (x2 - x1) * k / 50 <= box.right
               and box.y <= y1 + (y2 - y1) * k / 50 <= box.bottom for k in range(51))  # fmt: skip


def _segments_meet(p: object, q: object) -> bool:
    """Whether two strokes share a point (their segments intersect or touch)."""
    (a, b), (c, d) = (p.start, p.end), (q.start, q.end)  # type: ignore[attr-defined]

    def side(o: tuple[int, int], s: tuple[int, int], t: tuple[int, int]) -> int:
        cross = (s[0] - o[0]) * (t[1] - o[1]) - (s[1] - o[1]) * (t[0] - o[0])
        return (cross > 0) - (cross < 0)

    def within(o: tuple[int, int], s: tuple[int, int], t: tuple[int, int]) -> bool:
        return min(o[0], s[0]) <= t[0] <= max(o[0], s[0]) and min(o[1], s[1]) <= t[1] <= max(
            o[1], s[1]
        )

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return any(
        o == 0 and within(*seg, pt)
        for o, seg, pt in ((d1, (c, d), a), (d2, (c, d), b), (d3, (a, b), c), (d4, (a, b), d))
    )


@pytest.mark.parametrize(("size", "seeds"), [("800x480", (6, 11)), ("720x1280", (13, 19))])
def test_a_hemmed_in_double_takes_cells_given_up_round_it(
    size: str, seeds: tuple[int, ...]
) -> None:
    """Four players laying every double they can on a double-12 set: a double with no cell
    with room within reach takes, for its toes, cells given up round it (an empty cell a
    stroke crossed, the hub's once its arms are started), each within one target's width of
    the double."""
    area, metrics = SCREEN[size]
    given_up = 0
    for seed in seeds:
        rules = {"preset": "classic", "set": 12, "rounds": 1}
        game = Game()
        for event in DoublesFirst(4, rules, seed, check=False).play_game().effective:
            game.apply(event)
            table = game.state.table
            if table is None or not game.state.in_round or len(feet_of(table)) > 12:
                continue
            planner = _Planner(table, area, metrics)
            drawn = planner.plan()
            given = planner.lent_joints | ({planner.hub_cell} if planner.hub_lent else set())
            given |= {line.cell for line in planner.lines if line.lent}  # folded feet
            tiles = {t.tile: t.box for t in drawn.tiles}
            for foot in planner.lines:
                taken = [toe.cell for toe in foot.toes  # a toe whose double moved on
                         if toe.cell in given and not toe.lent and not toe.path]  # fmt: skip
                if foot.lent or not taken:
                    continue
                given_up += 1
                double = tiles[foot.places[-1].tile]
                toes = [planner.box(cell) for cell in taken]
                assert all(_gap(double, box) <= metrics.target for box in toes), event
    assert given_up, "no double took a cell given up: the test no longer covers it"


def test_a_complete_foot_folds_only_when_no_cell_has_room() -> None:
    """Four players laying every double they can on a double-12 set at 800x480: a complete
    foot's double is folded away (its cell given to a new foot's toe) only when no free cell
    of the grid has three free cells round it; the toe that takes its cell lies beside the
    new foot's double, and every other end stays where it was."""
    area, metrics = SCREEN["800x480"]
    rules = {"preset": "classic", "set": 12, "rounds": 1}
    game, before, folds = Game(), None, 0
    for event in DoublesFirst(4, rules, 6, check=False).play_game().effective:
        game.apply(event)
        table = game.state.table
        if table is None or not game.state.in_round:
            before = None
            continue
        planner = _Planner(table, area, metrics)
        drawn = planner.plan()
        folded = {line.places[-1].tile for line in planner.lines if line.lent}
        if before is not None and folded - before[1] and isinstance(event, Play):
            folds += 1
            earlier: _Planner = before[0]
            played = next(line for line in earlier.lines
                          if line.places and line.places[-1].tile == event.on)  # fmt: skip
            earlier.taken.discard(played.cell)
            cells = [Cell(r, c) for r in range(earlier.rows) for c in range(earlier.cols)]
            roomy = [c for c in cells if earlier.free(c) and len(earlier.around(c)) >= 3]
            assert not roomy, (event, roomy)
            tiles = {t.tile: t.box for t in drawn.tiles}
            lent = {line.cell for line in planner.lines if line.lent}
            foot = next(line for line in planner.lines
                        if line.places and line.places[-1].tile == event.tile)  # fmt: skip
            toes = [planner.box(toe.cell) for toe in foot.toes if toe.cell in lent]
            assert toes, event
            assert all(_gap(tiles[event.tile], box) <= metrics.target for box in toes), event
            ends = {end.on: end.box for end in drawn.ends}
            kept = {on: box for on, box in before[2].items() if on != event.on}
            assert {on: ends.get(on) for on in kept} == kept, event
        before = (planner, folded, {end.on: end.box for end in drawn.ends})
    assert folds, "no foot folded: the test no longer covers it"


# (size, seed, feet at most): 14 feet at 800x480 (39 cells for ends round the hub), 11 at
# 720x1280 with eight players (34 cells): tables with more lines than cells and complete feet
# to lend them (past that, two ends share a cell).
@pytest.mark.parametrize(("size", "seed", "feet"), [("800x480", 2, 14), ("720x1280", 10, 11)])
def test_a_table_fuller_than_the_grid_keeps_targets_and_strokes_apart(
    size: str, seed: int, feet: int
) -> None:
    """Eight players laying every double they can on a double-15 set: past the grid's room a
    complete foot's cell goes to a new end, so no two targets touch in any frame, no stroke
    meets a target or another stroke, and nothing leaves the map."""
    rules = {"preset": "classic", "set": 15, "rounds": 1}
    events = DoublesFirst(8, rules, seed, check=False).play_game().effective
    area, metrics = screen_map(SIZES[size], 8)
    game, most = Game(), 0
    for event in events:
        game.apply(event)
        table = game.state.table
        if table is None or not game.state.in_round:
            continue
        drawn = table_map(table, area, metrics)
        most = max(most, len(feet_of(table)))
        boxes = [end.box for end in drawn.ends]
        assert not any(_touch(a, b) for a, b in itertools.combinations(boxes, 2)), event
        assert not any(_inside(link, box) for link in drawn.links for box in boxes), event
        pairs = itertools.combinations(drawn.links, 2)
        assert not any(_segments_meet(p, q) for p, q in pairs), event
        shown = boxes + [t.box for t in drawn.tiles] + [n.box for n in drawn.names]
        assert all(
            area.x <= b.x and area.y <= b.y and b.right <= area.right and b.bottom <= area.bottom
            for b in shown
        ), event
    assert most == feet


@pytest.mark.parametrize(("size", "players", "seed"), [("800x480", 6, 10), ("720x1280", 8, 6)])
def test_a_toe_in_a_cell_a_folded_foot_gave_up_keeps_its_stroke(
    size: str, players: int, seed: int
) -> None:
    """A new foot's toe that took a folded foot's cell is still joined to its drawn double by
    a stroke (but where it lies above the double: no stroke runs up across its label)."""
    area, metrics = screen_map(SIZES[size], players)
    checked = 0
    for event, table in _doubles_first(players, seed):
        planner = _Planner(table, area, metrics)
        drawn = planner.plan()
        tiles = {t.tile: t.box for t in drawn.tiles}
        shown = tiles | {e.on: e.box for e in drawn.ends}
        given = {line.cell for line in planner.lines if line.lent}
        for foot in planner.lines:
            if foot.lent or not foot.ends_in_foot:
                continue
            double = tiles[foot.places[-1].tile]
            for toe in foot.toes:
                if toe.cell not in given or toe.lent or toe.path or not toe.places:
                    continue
                if toe.cell.row < foot.cell.row or toe.places[-1].tile not in shown:
                    continue
                checked += 1
                assert _joined(drawn.links, double, shown[toe.places[-1].tile]), event
    assert checked > 20, checked


def _joined(links: list[MapLink], a: Box, b: Box) -> bool:
    """Whether a stroke (one segment, or two where it bends) runs from beside ``a`` to
    beside ``b``."""

    def beside(point: tuple[int, int], box: Box) -> bool:
        x, y = point
        return box.x - 3 <= x <= box.right + 3 and box.y - 3 <= y <= box.bottom + 3

    ends = [(link.start, link.end) for link in links]
    bent = [(p[0], q[1]) for p, q in itertools.pairwise(ends)]
    return any(beside(s, a) and beside(e, b) for s, e in ends + bent)


def _grid(taken: set[tuple[int, int]]) -> Grid:
    """A 5x9 grid (800x480, four players) with ``taken`` cells besides the hub's (2, 4)."""
    grid = Grid(AREAS["800x480"], SCREEN["800x480"][1])
    assert (grid.rows, grid.cols, grid.hub_cell) == (5, 9, Cell(2, 4))
    grid.taken |= {Cell(*cell) for cell in taken}
    return grid


def test_toes_leave_room_where_a_later_double_can_move_on_to() -> None:
    # A double at (1, 4), four cells free round it: (0, 3), (0, 4), (2, 3), (2, 5). Taking
    # (0, 3) would leave (1, 2), the one free cell near with room for a foot, two free cells
    # round it; the toes take (0, 4) instead, and (1, 2) keeps its three.
    grid = _grid({(0, 0), (0, 1), (0, 2), (0, 5), (0, 6), (0, 7), (1, 3), (1, 4), (1, 5),
                  (1, 6), (1, 7), (1, 8), (2, 0), (2, 2), (2, 6), (4, 0), (4, 1), (4, 3),
                  *((3, col) for col in range(9)), *((4, col) for col in range(3, 9))})  # fmt: skip
    toes = grid.room_for_toes(Cell(1, 4), Cell(1, 4), [])
    assert set(toes) == {Cell(0, 4), Cell(2, 3), Cell(2, 5)}
    assert len(grid.around(Cell(1, 2))) == 3


def test_a_double_with_no_room_finds_the_nearest_cell_that_has_it() -> None:
    # A double at (1, 1) hemmed in: only (2, 1) free beside it, (3, 1) under that, and
    # room only round (3, 1).
    walls = {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2), (3, 0), (3, 2)}
    grid = _grid(walls | {(1, 1)})
    assert grid.way_to_room(Cell(1, 1), Cell(1, 1), 1, downward=True) is None
    run = grid.way_to_room(Cell(1, 1), Cell(1, 1), 3, downward=True)
    assert run == [Cell(2, 1), Cell(3, 1)]  # on through the one free cell
    assert grid.free_round(Cell(3, 1), run) == [Cell(4, 2), Cell(4, 1), Cell(4, 0)]
    # Upwards from a double is never a way out: across its own label.
    grid = _grid({(1, 0), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)})
    assert grid.way_to_room(Cell(2, 1), Cell(2, 1), 3, downward=True) is None
    assert grid.way_to_room(Cell(2, 1), Cell(2, 1), 3, downward=False) == [Cell(1, 1)]


@pytest.mark.parametrize(("size", "across", "down"), [("800x480", 9, 5), ("720x1280", 8, 6)])
def test_narrower_letters_give_every_table_more_cells_across(
    size: str, across: int, down: int
) -> None:
    """The map's numbers and labels may be drawn narrower (their height kept), so that the
    grid has nine cells across at 800x480 and eight at 720x1280 for every count of players
    with a real table's names (and, the portrait strip's names and counts stacked by their
    letters, six rows down); every number and the widest label fit a target that way."""
    from hubd.screens.kit.painter import Painter
    from hubd.screens.kit.widgets import MIN_SQUEEZE
    from hubd.screens.map.view import WIDEST_LABEL

    painter = Painter()
    number_px, label_px = (44, 32) if size == "800x480" else (68, 50)
    for players in range(2, 9):
        area, metrics = screen_map(SIZES[size], players)
        grid = Grid(area, metrics)
        assert (grid.cols, grid.rows) >= (across, down), (players, grid.cols, grid.rows)
        assert metrics.tile_w <= metrics.cell_w and metrics.target >= MIN_MAP_TARGET
        for text, px in (("88", number_px), (WIDEST_LABEL, label_px)):
            assert painter.width(text, px, True) * MIN_SQUEEZE <= metrics.target, (text, players)
