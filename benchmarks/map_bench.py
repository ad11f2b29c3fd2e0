"""How the table's picture holds up over whole simulated games: figures, never pass/fail.

Every state of every round of ``--games`` simulated games (every preset, 2-8 players, the
double-9, 12 and 15 sets, and a third of the games played by players who lay every double
they can) is laid out (hubd/picture) in the play screen's own map area and sizes at 800x480
and 720x1280, as the play map draws it (``play_picture``: where the map cannot hold the
table faithfully, laid out larger in the map's own shape and drawn smaller, its numbers under
the floor: "shrunk frames" gives their scale and the ends' numbers' size), and counted by size
and by feet on the table. The area is the one the play
screen gives that frame (it depends on the set, the players' names, and how crowded the
table is: hubd/screens/play_room.py), the players named from ``TABLE_NAMES``. Each column
counts frames, and is measured here from the picture's boxes and strokes and the engine's
table alone (the last, "map", is the median area of the frames' maps, in thousands of px):

- doubles: a double drawn more than one target's width from the tile it was laid on (or
  that tile not drawn);
- toes: a toe's first tile more than a target's width from its double, or nearer (centre
  to centre) to another double or the hub than to its own (a double its own line leads to
  is no other foot's);
- order: the arms' first tiles not round the hub in the order the arms were started;
- touching: two end targets that touch or overlap;
- crossing: two strokes that meet, or a stroke that enters an end's target;
- outside: a piece outside the map's area;
- text: numbers under 4.5 mm (32 px at 800x480, 50 at 720x1280); "small" counts the frames
  drawn under 6 mm (the table no longer fits at full size);
- tiles: a tile's digits under 3.5 mm, the least any text may be (25 px at 800x480, 39 at
  720x1280): a tile too small for pips a family can see (under about 1 mm) shows its two
  numbers as digits (hubd/picture/pips.py), and here even they are too small; a fault of
  size, not of place, so not in "missed";
- undrawn: the first tile of an arm or a toe, or a tile a double was laid on, not drawn;
- broken: a line not a chain: a drawn tile, a run's count or an end's target more than a
  target's width from the piece before it on its line (the tile before it, or the count its
  run is folded into; an end's, the tile it is on);
- folded: frames where a run of tiles is folded into a count;
- over: frames that cannot fit by count alone (``over``): the table's pieces, every line
  folded most, outnumber the cells of the smallest grid at the floor size, so some piece
  must stand away (a frame counted in the columns above and here is past all room, not
  missed by the layout);
- missed: frames with a fault above (doubles to broken) that are not over: room enough by
  count, and still the play map did not lay the table out at its sizes;
- l-near: an arm's letter nearer (box to box) another line's piece (another arm's tile, a
  toe's, a folded run; the hub is no line's) than every piece of its own arm's line: a
  family reads a letter as the nearest piece's (hubd/picture/arm_labels.py);
- l-miss: an arm drawn (its first tile) without its letter;
- v-doubles, v-toes, v-touching, v-broken, v-text, v-over: the same faults of the whole view
  (the table on the whole screen but a top bar, hubd/screens/map/whole.py), a tap away.

Layout times are CPU time (a loaded machine's wall clock is not the layout's): the play
map's a frame, and the whole view's (laid out when a tap opens it).

    .venv/bin/python benchmarks/map_bench.py [--games 1000] [--seed 0] [--size WxH] [--family]
        [--jobs 2] [--minutes M] [--pick 50,61,35]

``--pick`` measures only those games of the ``--games`` list (by their number, from 0): a
fixed sample to measure a change on before the long run. ``--restarts`` measures instead what
a hub restarted at each round's last frame spends before its first pictures: a frame is laid
out from the layouts of its table's prefixes (hubd/picture/chain.py), so a fresh start lays
the round's prefixes out first, in the play map and in the whole view (CPU time each).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import multiprocessing
import os
import random
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from engine import Event, Game, PlaceKind, RuleError, Table, Tile, make_rules
from engine.simulate import DoublesFirst, Simulator
from hubd.picture import Box, Layouts, Picture, arm_labels
from hubd.picture.arm_labels import astray_letters
from hubd.picture.faithful import over
from hubd.picture.pips import least_text, tiles_digits
from hubd.screens.shots.log_layout import TABLE_NAMES, play_map, screen_map, whole_map

SIZES = ((800, 480), (720, 1280))
PRESETS = {"classic": (2, 8), "hub": (2, 6), "four-arm": (2, 8)}
SETS = (9, 12, 15)


def game_specs(
    count: int, seed: int, family: bool = False
) -> list[tuple[str, int, int, bool, int]]:
    """(preset, players, set, doubles first, seed) for ``count`` games over every kind, or
    (``family``) a family's own: classic, four players, double-9, no doubles bias."""
    kinds = [(preset, players, highest)
             for preset, (low, high) in PRESETS.items()
             for players in range(low, high + 1) for highest in SETS
             if _playable(preset, players, highest)]  # fmt: skip
    if family:
        kinds = [("classic", 4, 9)]
    rng = random.Random(seed)
    specs = []
    for n in range(count):
        preset, players, highest = kinds[n % len(kinds)]
        doubles = n % 3 == 2 and not family
        specs.append((preset, players, highest, doubles, rng.randrange(1 << 30)))
    return specs


def _playable(preset: str, players: int, highest: int) -> bool:
    try:
        make_rules({"preset": preset, "set": highest}, players)
    except RuleError:
        return False
    return True


def play(preset: str, players: int, highest: int, doubles: bool, seed: int) -> list[Event]:
    kind = DoublesFirst if doubles else Simulator
    rules = {"preset": preset, "set": highest, "rounds": 2}
    names = TABLE_NAMES[:players]  # as long as a real table's: the hands' width is the map's
    return list(kind(players, rules, seed, check=False, names=names).play_game().effective)


Point = tuple[int, int]
Segment = tuple[Point, Point]


def _gap(a: Box, b: Box) -> int:
    """The distance between two boxes (0 if they touch or overlap)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return max(dx, dy)


def _meet(a: Box, b: Box) -> bool:
    """Whether two boxes touch or overlap (a shared edge counts)."""
    return a.x <= b.right and b.x <= a.right and a.y <= b.bottom and b.y <= a.bottom


def _side(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def _cross(p: Segment, q: Segment) -> bool:
    """Whether two strokes meet anywhere (sharing an end counts)."""
    (a, b), (c, d) = p, q
    s1, s2, s3, s4 = _side(a, b, c), _side(a, b, d), _side(c, d, a), _side(c, d, b)
    if s1 != s2 and s3 != s4:
        return True
    ends = ((s1, a, b, c), (s2, a, b, d), (s3, c, d, a), (s4, c, d, b))
    return any(s == 0 and _on(x, y, z) for s, x, y, z in ends)


def _through(seg: Segment, box: Box) -> bool:
    """Whether a stroke has a point inside or on the edge of a box."""
    if any(box.x <= x <= box.right and box.y <= y <= box.bottom for x, y in seg):
        return True
    corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    return any(_cross(seg, (corners[i], corners[(i + 1) % 4])) for i in range(4))


def _centre(box: Box) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


def _far(a: Box, b: Box) -> float:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(ax - bx, ay - by)


#: Tables with this many feet or more share the table's last row.
MOST_FEET = 12

#: The table's counted columns, in order, and the width of each.
COLUMNS = {
    "frames": 7, "doubles": 8, "toes": 5, "order": 6, "touching": 9, "crossing": 9,
    "outside": 8, "text": 5, "tiles": 6, "undrawn": 8, "broken": 7, "small": 6, "folded": 7,
    "over": 5, "missed": 6, "l-near": 6, "l-miss": 6, "v-doubles": 9, "v-toes": 6,
    "v-touching": 10, "v-broken": 8, "v-text": 6, "v-over": 6,
}  # fmt: skip

#: The arms' letters counted one by one (not frames): placed, nearer another line, missing.
LETTERS = ("letters", "letters nearer another line", "arms without their letter")

#: The whole view's columns (its own faults, "v-" and the play map's name).
VIEW = ("doubles", "toes", "touching", "broken", "text", "over")

#: The columns that count a fault of the picture's places, the ones "missed" counts ("tiles",
#: a fault of size, "small" and "folded" are not among them).
FAULTS = (
    "doubles", "toes", "order", "touching", "crossing", "outside", "text", "undrawn", "broken",
)  # fmt: skip


@dataclass
class Row:
    """One line of the table: the columns counted over its frames, and each layout's time."""

    counts: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    areas: list[int] = field(default_factory=list)  # each frame's map, in px
    shrunk: list[tuple[float, int]] = field(default_factory=list)  # (scale, numbers' px)
    view_times: list[float] = field(default_factory=list)  # the whole view's layout
    letters: Counter[str] = field(default_factory=Counter)  # the arms' letters, one by one

    def cells(self) -> str:
        return " ".join(f"{self.counts[name]:{width}}" for name, width in COLUMNS.items())


def _line_double(table: Table, start: Tile) -> Tile | None:
    """The double that ends the line starting with ``start``, if one does."""
    place = table.placed[start]
    while place.kind is PlaceKind.CHAIN and place.children:
        place = table.placed[place.children[0]]
    return place.tile if place.kind is PlaceKind.FOOT and place.tile != start else None


def _broken(drawn: Picture, table: Table, tiles: dict[Tile, Box], target: int) -> bool:
    """Whether some piece stands more than ``target`` from the piece before it on its line
    (a tile folded into a run stands where the run's count does)."""
    shown = dict(tiles)
    for run in drawn.folds:
        tile: Tile | None = run.first
        for _ in range(run.count):
            if tile is None:
                break
            shown.setdefault(tile, run.box)
            children = table.placed[tile].children
            tile = children[0] if children else None
    pairs = [(box, table.placed[t].parent) for t, box in tiles.items() if t != table.hub]
    pairs += [(run.box, table.placed[run.first].parent) for run in drawn.folds]
    pairs += [(end.box, end.on) for end in drawn.ends]
    return any(before is not None and (before not in shown or _gap(shown[before], box) > target)
               for box, before in pairs)  # fmt: skip


def check(
    drawn: Picture,
    table: Table,
    area: Box,
    floor: int,
    full: int,
    letters: Counter[str] | None = None,
) -> set[str]:
    """The columns one frame counts in; ``letters``, if given, counts the arms' letters
    placed, nearer another line's piece, and missing (``LETTERS``)."""
    found: set[str] = set()
    placed = arm_labels(drawn, table, drawn.drawn_floor(floor))  # as the screens place them
    nearer, missing = astray_letters(drawn, table, placed)
    found.update(name for name, n in (("l-near", nearer), ("l-miss", missing)) if n)
    if letters is not None:
        letters.update(dict(zip(LETTERS, (len(placed), nearer, missing), strict=True)))
    tiles = {t.tile: t.box for t in drawn.tiles}
    target = max((end.box.w for end in drawn.ends), default=drawn.cell[0])
    hub = table.hub_place
    doubles = [t for t, p in table.placed.items() if p.kind is PlaceKind.FOOT and t in tiles]
    starts = list(hub.children)
    for tile, place in table.placed.items():
        if place.kind is not PlaceKind.FOOT:
            continue
        starts += place.children
        laid_on = tiles.get(place.parent) if place.parent is not None else None
        double = tiles.get(tile)
        if place.parent != hub.tile:
            found.update(["undrawn"] if laid_on is None else [])
        if double is None or laid_on is None or _gap(double, laid_on) > target:
            found.add("doubles")
        for toe in place.children:
            box = tiles.get(toe)
            if box is None or double is None:
                continue
            own = _far(box, double)
            ahead = _line_double(table, toe)  # the toe's own line leads to it: not another foot
            others = [tiles[d] for d in doubles if d not in (tile, toe, ahead)]
            others.append(tiles[hub.tile])
            if _gap(box, double) > target or any(_far(box, o) < own for o in others):
                found.add("toes")
    if any(start not in tiles for start in starts):
        found.add("undrawn")
    if _broken(drawn, table, tiles, target):
        found.add("broken")
    hx, hy = _centre(tiles[hub.tile])
    angles = [math.atan2(_centre(tiles[s])[1] - hy, _centre(tiles[s])[0] - hx)
              for s in hub.children if s in tiles]  # fmt: skip
    turns = [(a - angles[0]) % (2 * math.pi) for a in angles]
    if any(b <= a for a, b in itertools.pairwise(turns)):
        found.add("order")
    ends = [end.box for end in drawn.ends]
    if any(_meet(a, b) for a, b in itertools.combinations(ends, 2)):
        found.add("touching")
    links = [(link.start, link.end) for link in drawn.links]
    if any(_cross(p, q) for p, q in itertools.combinations(links, 2)) or any(
        _through(seg, box) for seg in links for box in ends
    ):
        found.add("crossing")
    boxes = ends + list(tiles.values()) + [fold.box for fold in drawn.folds]
    points = [point for link in links for point in link]
    if any(b.x < area.x or b.y < area.y or b.right > area.right or b.bottom > area.bottom
           for b in boxes) or any(not (area.x <= x <= area.right and area.y <= y <= area.bottom)
                                  for x, y in points):  # fmt: skip
        found.add("outside")
    if drawn.number_px < floor:
        found.add("text")
    least = least_text(floor)
    if any(0 < digits < least for digits in tiles_digits(drawn.tiles, floor)):
        found.add("tiles")
    if drawn.number_px < full:
        found.add("small")
    if drawn.folds:
        found.add("folded")
    return found


def measure(
    spec: tuple[str, int, int, bool, int], sizes: list[tuple[int, int]]
) -> dict[tuple[int, int], dict[int, Row]]:
    """One game's frames laid out at each size: the rows of the table it adds to."""
    log = play(*spec)
    found: dict[tuple[int, int], dict[int, Row]] = {}
    for size in sizes:
        rows: dict[int, Row] = defaultdict(Row)
        game = Game()
        layouts = Layouts()  # the frames laid out one after another, as the hub does
        for event in log:
            game.apply(event)
            state = game.state
            table = state.table
            if table is None or not state.in_round:
                continue
            area, sizes_here = play_map(size, state)
            whole = whole_map(size)
            row_key = min(MOST_FEET, sum(p.kind is PlaceKind.FOOT for p in table.placed.values()))
            t0 = time.process_time()
            drawn = layouts.play_picture(table, area, sizes_here)
            elapsed = time.process_time() - t0
            row = rows[row_key]
            row.counts["frames"] += 1
            row.areas.append(area.w * area.h)
            row.times.append(elapsed)
            if drawn.scale < 1:
                row.shrunk.append((drawn.scale, drawn.number_px))
            found_here = check(drawn, table, area, sizes_here.floor, sizes_here.number, row.letters)
            if over(table, area, sizes_here):
                found_here.add("over")
            elif found_here.intersection(FAULTS):
                found_here.add("missed")
            t0 = time.process_time()
            view = layouts.laid_out(table, whole, sizes_here)  # a tap away
            row.view_times.append(time.process_time() - t0)
            in_view = check(view, table, whole, sizes_here.floor, sizes_here.number)
            in_view.update(["over"] if over(table, whole, sizes_here) else [])
            found_here.update(f"v-{name}" for name in VIEW if name in in_view)
            row.counts.update(found_here)
        found[size] = dict(rows)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--family", action="store_true",
                        help="a family's games only: classic, four players, double-9")  # fmt: skip
    parser.add_argument("--size", choices=[f"{w}x{h}" for w, h in SIZES],
                        help="one screen size only (default: both)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1, help="games measured side by side")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop starting games after this long (0: never)")  # fmt: skip
    parser.add_argument("--pick", default="",
                        help="only these games of the list, by number: 50,61,35")  # fmt: skip
    parser.add_argument("--restarts", action="store_true",
                        help="a hub restarted at each round's end: its pictures' CPU")  # fmt: skip
    args = parser.parse_args()
    sizes = [s for s in SIZES if args.size in (None, f"{s[0]}x{s[1]}")]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    start = time.perf_counter()
    specs = game_specs(args.games, args.seed, args.family)
    if args.pick:
        specs = [specs[int(number)] for number in args.pick.split(",")]
    if args.restarts:
        restarts(specs, sizes)
        return
    tables = {size: defaultdict(Row) for size in sizes}
    done = 0
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for found in pool.imap(functools.partial(measure, sizes=sizes), specs):
            done += 1
            for size, rows in found.items():
                for count, row in rows.items():
                    tables[size][count].counts.update(row.counts)
                    tables[size][count].times += row.times
                    tables[size][count].areas += row.areas
                    tables[size][count].shrunk += row.shrunk
                    tables[size][count].view_times += row.view_times
                    tables[size][count].letters.update(row.letters)
            if args.minutes and time.perf_counter() - start > args.minutes * 60:
                pool.terminate()
                break
    print(f"{done} of {len(specs)} games measured in {time.perf_counter() - start:.0f} s "
          f"(--jobs {args.jobs})")  # fmt: skip
    for size in sizes:
        report(size, tables[size])


def restarts(specs: list[tuple[str, int, int, bool, int]], sizes: list[tuple[int, int]]) -> None:
    """The CPU time a fresh ``Layouts`` (a hub restarted there) takes for each round's last
    frame, the play map's and the whole view's, each round's prefixes laid out first."""
    for size in sizes:
        plays: list[float] = []
        views: list[float] = []
        worst = ""
        for spec in specs:
            game, last = Game(), None
            for event in [*play(*spec), None]:
                if event is not None:
                    game.apply(event)
                state = game.state
                if event is not None and state.table is not None and state.in_round:
                    last = (state.table.copy(), *play_map(size, state))
                    continue
                if last is None:
                    continue
                table, area, sizes_here = last
                t0 = time.process_time()
                Layouts().play_picture(table, area, sizes_here)
                t1 = time.process_time()
                Layouts().laid_out(table, whole_map(size), sizes_here)
                plays.append(t1 - t0)
                views.append(time.process_time() - t1)
                if plays[-1] == max(plays):
                    worst = f"{len(table.placed)} tiles"
                last = None
        print(f"{size[0]}x{size[1]}: {len(plays)} rounds' last frames, laid out after a restart: "
              f"play map median {statistics.median(plays):.2f} s, max {max(plays):.2f} s "
              f"({worst}); whole view median {statistics.median(views):.2f} s, max "
              f"{max(views):.2f} s")  # fmt: skip


def report(size: tuple[int, int], rows: dict[int, Row]) -> None:
    total = Row()
    area, sizes_4 = screen_map(size, 4)
    print(f"\n{size[0]}x{size[1]} (four players' map at the start {area.w}x{area.h} px, "
          f"numbers {sizes_4.number} px, at least {sizes_4.floor}; \"map\": the median map's "
          f"area a frame, kpx)")  # fmt: skip
    print("  " + " ".join(f"{name:>{width}}" for name, width in
                          {"feet": 5, **COLUMNS, "map": 5}.items()))  # fmt: skip
    for count, row in sorted(rows.items()):
        label = f"{count}+" if count == MOST_FEET else str(count)
        print(f"  {label:>5} {row.cells()} {_kpx(row.areas):>5}")
        total.counts.update(row.counts)
        total.times += row.times
        total.areas += row.areas
        total.shrunk += row.shrunk
        total.view_times += row.view_times
        total.letters.update(row.letters)
    print(f"  {'all':>5} {total.cells()} {_kpx(total.areas):>5}")
    print("  arms' letters: " + ", ".join(f"{name} {total.letters[name]}" for name in LETTERS))
    if total.shrunk:
        scales = sorted(scale for scale, _px in total.shrunk)
        pxs = sorted(px for _scale, px in total.shrunk)
        tenth = len(scales) // 10
        print(f"  shrunk frames {len(scales)}: scale median {statistics.median(scales):.2f}, "
              f"p10 {scales[tenth]:.2f}; the ends' numbers median {statistics.median(pxs):.0f} px, "
              f"p10 {pxs[tenth]} px")  # fmt: skip
    times = sorted(total.times)
    if times:
        p99 = times[min(len(times) - 1, len(times) * 99 // 100)]
        print(f"  layout CPU time a frame: median {statistics.median(times) * 1e3:.1f} ms, "
              f"p99 {p99 * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms; the whole view's max "
              f"{max(total.view_times) * 1e3:.1f} ms")  # fmt: skip


def _kpx(areas: list[int]) -> str:
    return f"{statistics.median(areas) / 1000:.0f}" if areas else "-"


if __name__ == "__main__":
    main()
