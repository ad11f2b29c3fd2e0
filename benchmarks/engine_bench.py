"""Engine figures: events applied per second, microseconds per play, rounds simulated per
second, and the time to rebuild a finished 10-round game from its log.

    .venv/bin/python benchmarks/engine_bench.py            # or: make bench
    .venv/bin/python benchmarks/engine_bench.py --profile  # where the time goes

Everything runs on one core in this process. Targets (issue 2): a play applied in under 50 µs;
a complete 10-round game rebuilt from its log in under 20 ms. The figures are printed, never
asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from engine import Event, Game, Play, dump_line, parse_line
from engine.cli import replay_lines
from engine.simulate import Simulator

PLAY_TARGET_US = 50.0
REBUILD_TARGET_MS = 20.0
PLAYERS, RULES = 4, {"preset": "classic"}  # double-9, ten rounds


def finished_games(count: int, seed: int = 1) -> list[list[Event]]:
    """The logs of ``count`` complete classic four-player games of random legal play."""
    simulator = Simulator(PLAYERS, RULES, seed, check=False)
    return [simulator.play_game().log for _ in range(count)]


def apply_all(logs: Sequence[Sequence[Event]]) -> tuple[int, float, int, float]:
    """Apply every log to a new game: (events, seconds, plays, seconds spent in plays)."""
    events = plays = 0
    total = in_plays = 0.0
    clock = time.perf_counter
    for log in logs:
        game = Game()
        for event in log:
            started = clock()
            game.apply(event)
            spent = clock() - started
            total += spent
            events += 1
            if isinstance(event, Play):
                in_plays += spent
                plays += 1
    return events, total, plays, in_plays


def rounds_per_second(games: int) -> tuple[int, float]:
    simulator = Simulator(PLAYERS, RULES, seed=7, check=False)
    started = time.perf_counter()
    for _ in range(games):
        simulator.play_game()
    return simulator.stats.rounds, time.perf_counter() - started


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def typical(logs: list[list[Event]]) -> list[Event]:
    """The game of median length."""
    return sorted(logs, key=len)[len(logs) // 2]


def verdict(value: float, target: float) -> str:
    return "meets the target" if value < target else "MISSES the target"


def profile(logs: list[list[Event]]) -> None:
    """Where rebuilding games spends its time (cumulative, top entries)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for log in logs:
        Game.from_events(log)
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(15)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games applied (default 200)")
    parser.add_argument("--repeat", type=int, default=50, help="rebuilds timed (default 50)")
    parser.add_argument("--profile", action="store_true", help="profile the rebuilds too")
    args = parser.parse_args(argv)

    print(f"Python {sys.version.split()[0]}, one core; classic rules, {PLAYERS} players, "
          f"double-9, 10 rounds")  # fmt: skip
    logs = finished_games(args.games)
    apply_all(logs[:10])  # warm up
    events, seconds, plays, in_plays = apply_all(logs)
    per_play_us = in_plays / plays * 1e6
    print(
        f"events applied:   {events / seconds:,.0f} events/s "
        f"({events:,} events of {len(logs)} games, {seconds * 1e6 / events:.1f} µs each)"
    )
    print(
        f"a play applied:   {per_play_us:.1f} µs ({plays // len(logs)} plays a game on average)"
        f"  [target < {PLAY_TARGET_US:.0f} µs: {verdict(per_play_us, PLAY_TARGET_US)}]"
    )

    rounds, elapsed = rounds_per_second(max(args.games // 4, 10))
    print(
        f"rounds simulated: {rounds / elapsed:,.0f} rounds/s (Simulator(check=False), "
        f"dealing and choosing moves included)"
    )

    log = typical(logs)
    lines = [dump_line(event).encode() for event in log]
    parsed = [parse_line(line.decode()) for line in lines]
    from_events = median_time(lambda: Game.from_events(parsed), args.repeat) * 1e3
    from_text = median_time(lambda: replay_lines(lines), args.repeat) * 1e3
    print(f"rebuild a game:   {from_events:.2f} ms from its {len(log)} events "
          f"(median of {args.repeat})  [target < {REBUILD_TARGET_MS:.0f} ms: "
          f"{verdict(from_events, REBUILD_TARGET_MS)}]")  # fmt: skip
    print(f"                  {from_text:.2f} ms from its JSON lines (parse, apply, summary)")

    if args.profile or per_play_us >= PLAY_TARGET_US or from_events >= REBUILD_TARGET_MS:
        profile(logs[:50])
    return 0


if __name__ == "__main__":
    sys.exit(main())
