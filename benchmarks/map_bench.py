"""How the table map holds up over many simulated rounds: figures, never pass/fail.

For every state of ``--games`` simulated four-player classic games it lays the map out at the
play screen's two official sizes and counts frames where two end targets touch (by how many
feet are on the table), ends that moved while another chain grew, and the time a layout takes.

    .venv/bin/python benchmarks/map_bench.py [--games 40]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from engine import Game, PlaceKind, Play, Tile
from engine.simulate import Simulator
from hubd.screens.table_map import Box, Metrics, table_map

#: The map's area on the play screen (hubd/screens/play.py) and its target side.
SIZES = {"800x480": (Box(8, 72, 514, 332), 64), "720x1280": (Box(8, 390, 704, 650), 80)}


def states(seed: int) -> list[Game]:
    events = Simulator(4, {"preset": "classic"}, seed, check=False).play_game().effective
    return [Game.from_events(events[: i + 1]) for i in range(len(events))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    games = [states(seed) for seed in range(args.games)]
    for name, (area, target) in SIZES.items():
        metrics = Metrics.for_area(area, target, 8)
        frames: dict[int, list[int]] = {}
        moved = 0
        times = []
        for game_states in games:
            previous: dict[Tile, Box] = {}
            for game in game_states:
                table = game.state.table
                if table is None or not game.state.in_round:
                    previous = {}
                    continue
                start = time.perf_counter()
                ends = {end.on: end.box for end in table_map(table, area, metrics).ends}
                times.append(time.perf_counter() - start)
                event = game.effective[-1]
                on = event.on if isinstance(event, Play) else None
                moved += sum(1 for k in ends.keys() & previous.keys()
                             if k != on and ends[k] != previous[k])  # fmt: skip
                previous = ends
                feet = min(5, sum(p.kind is PlaceKind.FOOT for p in table.placed.values()))
                touching = any(
                    a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom
                    for a, b in itertools.combinations(ends.values(), 2)
                )
                frames.setdefault(feet, [0, 0])
                frames[feet][0] += 1
                frames[feet][1] += touching
        total = sum(count for count, _ in frames.values())
        print(f"{name}: {total} frames from {args.games} games; ends that moved: {moved}")
        print(f"  layout median {statistics.median(times) * 1e3:.2f} ms, "
              f"max {max(times) * 1e3:.2f} ms")  # fmt: skip
        for feet, (count, bad) in sorted(frames.items()):
            label = f"{feet}+ feet" if feet == 5 else f"{feet} feet"
            print(f"  {label:>8}: {count:5} frames, touching targets in {100 * bad / count:.1f} %")


if __name__ == "__main__":
    main()
