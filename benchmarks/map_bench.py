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
counts frames, and is measured (benchmarks/map_checks.py) from the picture's boxes and
strokes and the engine's table alone (the last, "map", is the median area of the frames'
maps, in thousands of px):

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
  toe's, a folded run, an end's target on another line or starting one; the hub is no line's)
  than every piece of its own arm's line (its tiles, its open end's target): a family reads a
  letter as the nearest piece's (hubd/picture/arm_labels.py);
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
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from engine import Event, Game, PlaceKind, RuleError, make_rules
from engine.simulate import DoublesFirst, Simulator
from hubd.picture import Layouts
from hubd.picture.faithful import over
from hubd.screens.shots.log_layout import TABLE_NAMES, play_map, screen_map, whole_map

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its checks, loaded by path too

from map_checks import LETTERS, check  # found beside this script

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


#: Tables with this many feet or more share the table's last row.
MOST_FEET = 12

#: The table's counted columns, in order, and the width of each.
COLUMNS = {
    "frames": 7, "doubles": 8, "toes": 5, "order": 6, "touching": 9, "crossing": 9,
    "outside": 8, "text": 5, "tiles": 6, "undrawn": 8, "broken": 7, "small": 6, "folded": 7,
    "over": 5, "missed": 6, "l-near": 6, "l-miss": 6, "v-doubles": 9, "v-toes": 6,
    "v-touching": 10, "v-broken": 8, "v-text": 6, "v-over": 6,
}  # fmt: skip

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
