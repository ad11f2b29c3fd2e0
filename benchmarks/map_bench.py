"""How the table map holds up over whole simulated games: figures, never pass/fail.

Every state of every round of ``--games`` simulated games (every preset, 2-8 players, the
double-9, 12 and 15 sets, and a share of games whose players lay every double they can) is
laid out with the play screen's own map area and sizes at 800x480 and 720x1280, and counted
by size and by feet on the table:

- touching: frames where two end targets touch or overlap;
- crossing: frames where a stroke crosses a target (other than its own ends) or another stroke;
- outside: frames where something of the map lies outside the map's area;
- away: frames where a toe (its tile as drawn, or its end where no tile is drawn) or a
  foot's target lies more than one target's width from the foot's double;
- moved: ends nobody played on that are not exactly where they were before the play;
- folded: frames where a foot's double is not drawn (its cell given to a new end, its toes
  kept where they are), as a full table folds its complete feet.

    .venv/bin/python benchmarks/map_bench.py [--games 1000] [--seed 0] [--size WxH] [--family]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from engine import Event, Game, PlaceKind, Play, RuleError, Table, Tile, make_rules
from engine.simulate import DoublesFirst, Simulator
from hubd.screens.map.geometry import Box, TableMap
from hubd.screens.map.table_map import table_map
from hubd.screens.shots.log_layout import screen_map

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
    return list(kind(players, rules, seed, check=False).play_game().effective)


def _touch(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def _gap(a: Box, b: Box) -> int:
    """The distance between two boxes (0 if they touch)."""
    dx = max(0, b.x - a.right, a.x - b.right)
    dy = max(0, b.y - a.bottom, a.y - b.bottom)
    return max(dx, dy)


Segment = tuple[tuple[int, int], tuple[int, int]]


def _cross(p: Segment, q: Segment) -> bool:
    """Whether two strokes meet anywhere (sharing an end counts)."""

    def side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    def on(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(
            a[1], b[1]
        )

    (a, b), (c, d) = p, q
    s1, s2, s3, s4 = side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)
    if s1 != s2 and s3 != s4:
        return True
    return any(
        s == 0 and on(x, y, z)
        for s, x, y, z in ((s1, a, b, c), (s2, a, b, d), (s3, c, d, a), (s4, c, d, b))
    )


def _through(seg: Segment, box: Box) -> bool:
    """Whether a stroke enters a box."""
    (x1, y1), (x2, y2) = seg
    if box.x <= x1 <= box.right and box.y <= y1 <= box.bottom:
        return True
    if box.x <= x2 <= box.right and box.y <= y2 <= box.bottom:
        return True
    corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    return any(_cross(seg, (corners[i], corners[(i + 1) % 4])) for i in range(4))


#: Tables with this many feet or more share the table's last row.
MOST_FEET = 12

#: The table's counted columns, in order, and the width of each.
COLUMNS = {
    "frames": 8,
    "touching": 9,
    "crossing": 9,
    "outside": 8,
    "away": 6,
    "moved": 6,
    "folded": 7,
}


@dataclass
class Row:
    """One line of the table: the columns counted over its frames, and each layout's time."""

    counts: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)

    def cells(self) -> str:
        return " ".join(f"{self.counts[name]:{width}}" for name, width in COLUMNS.items())


def _line_end(table: Table, tile: Tile) -> Tile:
    """The last tile of the line that starts with ``tile`` (where its end lies)."""
    place = table.placed[tile]
    while place.children and place.kind is not PlaceKind.FOOT:
        place = table.placed[place.children[0]]
    return place.tile


def check(
    drawn: TableMap, table: Table, area: Box, table_toes: dict[Tile, list[Tile]], target: int
) -> tuple[bool, bool, bool, int]:
    """(touching, crossing, outside, toes away) of one frame."""
    ends = [end.box for end in drawn.ends]
    touching = any(_touch(a, b) for a, b in itertools.combinations(ends, 2))
    links = [(link.start, link.end) for link in drawn.links]
    crossing = any(_cross(p, q) for p, q in itertools.combinations(links, 2))
    crossing = crossing or any(_through(seg, box) for seg in links for box in ends)
    boxes = ends + [t.box for t in drawn.tiles] + [n.box for n in drawn.names]
    outside = any(
        b.x < area.x or b.y < area.y or b.right > area.right or b.bottom > area.bottom
        for b in boxes
    )
    tiles = {t.tile: t.box for t in drawn.tiles}
    end_of = {end.on: end.box for end in drawn.ends}
    away = 0
    for foot, toes in table_toes.items():
        double = tiles.get(foot)
        if double is None:
            continue
        if foot in end_of and _gap(double, end_of[foot]) > target:
            away += 1
        for toe in toes:
            last = _line_end(table, toe)  # the toe's tile as drawn: its latest, or its end
            box = tiles.get(toe) or tiles.get(last) or end_of.get(last)
            if box is not None and _gap(double, box) > target:
                away += 1
    return touching, crossing, outside, away


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--family", action="store_true",
                        help="a family's games only: classic, four players, double-9")  # fmt: skip
    parser.add_argument("--size", choices=[f"{w}x{h}" for w, h in SIZES],
                        help="one screen size only (default: both)")  # fmt: skip
    args = parser.parse_args()
    sizes = [s for s in SIZES if args.size in (None, f"{s[0]}x{s[1]}")]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    start = time.perf_counter()
    specs = game_specs(args.games, args.seed, args.family)
    logs = [(spec[1], play(*spec)) for spec in specs]
    print(f"{len(logs)} games simulated in {time.perf_counter() - start:.0f} s "
          f"({sum(len(log) for _, log in logs):,} events)")  # fmt: skip
    for size in sizes:
        rows: dict[int, Row] = defaultdict(Row)
        metrics_of = {n: screen_map(size, n) for n in range(2, 9)}
        for players, log in logs:
            area, metrics = metrics_of[players]
            game = Game()
            before: dict[Tile, Box] = {}
            for event in log:
                game.apply(event)
                state = game.state
                table = state.table
                if table is None or not state.in_round:
                    before = {}
                    continue
                t0 = time.perf_counter()
                drawn = table_map(table, area, metrics)
                elapsed = time.perf_counter() - t0
                feet = {t: list(p.children) for t, p in table.placed.items()
                        if p.kind is PlaceKind.FOOT}  # fmt: skip
                row = rows[min(MOST_FEET, len(feet))]
                row.counts["frames"] += 1
                row.times.append(elapsed)
                touching, crossing, outside, away = check(drawn, table, area, feet, metrics.target)
                row.counts.update(touching=touching, crossing=crossing, outside=outside)
                row.counts["away"] += away > 0
                drawn_tiles = {t.tile for t in drawn.tiles}
                row.counts["folded"] += any(foot not in drawn_tiles for foot in feet)
                now = {end.on: end.box for end in drawn.ends}
                on = event.on if isinstance(event, Play) else None
                row.counts["moved"] += sum(1 for k in now.keys() & before.keys()
                                 if k != on and now[k] != before[k])  # fmt: skip
                before = now
        total = Row()
        print(f"\n{size[0]}x{size[1]} (map {metrics_of[4][0].w}x{metrics_of[4][0].h} px, "
              f"cells {metrics_of[4][1].cell_w}x{metrics_of[4][1].cell_h}, "
              f"target {metrics_of[4][1].target} px)")  # fmt: skip
        print(f"  {'feet':>5} {'frames':>8} {'touching':>9} {'crossing':>9} {'outside':>8} "
              f"{'away':>6} {'moved':>6} {'folded':>7}")  # fmt: skip
        for count, row in sorted(rows.items()):
            label = f"{count}+" if count == MOST_FEET else str(count)
            print(f"  {label:>5} {row.cells()}")
            total.counts.update(row.counts)
            total.times += row.times
        print(f"  {'all':>5} {total.cells()}")
        print(f"  layout median {statistics.median(total.times) * 1e3:.2f} ms, "
              f"max {max(total.times) * 1e3:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
