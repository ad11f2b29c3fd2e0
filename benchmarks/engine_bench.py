"""Engine figures: events per second on the workload of issue 39 (beside the peer's, when
its checkout is there), events applied per second, microseconds per play, rounds simulated
per second, and the time to rebuild a finished 10-round game from its log.

    .venv/bin/python benchmarks/engine_bench.py            # or: make bench
    .venv/bin/python benchmarks/engine_bench.py --profile  # where the time goes
    .venv/bin/python benchmarks/engine_bench.py --workload-only   # one line, for farm-bench
    .venv/bin/python benchmarks/engine_bench.py --peer ../mexican-train

The workload: 111 complete classic games of four players with a double-9 set, random legal
play (``Simulator``, seed 1, dealing and choosing moves included), no checking. The peer's
figure comes from ``benchmarks/peer_engine.sh`` on the same workload through the TypeScript
engine of JamesAtIntegratnIO/mexican-train, run from a checkout given with ``--peer`` (by
default ``../mexican-train`` beside this checkout, when it is there); the peer is not part of
this project. Side by side, whole processes: ``farm-bench --vs`` (benchmarks/README.md).

Everything runs on one core in this process. Targets (issue 2): a play applied in under 50 µs;
a complete 10-round game rebuilt from its log in under 20 ms. The figures are printed, never
asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import Event, Game, Play, dump_line, parse_line
from engine.simulate import Simulator

# The bench's own tools (the profiler, statistics, the replay command) are imported where they
# are used, so that --workload-only times and measures the engine and little else.

PLAY_TARGET_US = 50.0
REBUILD_TARGET_MS = 20.0
PLAYERS, RULES = 4, {"preset": "classic"}  # double-9, ten rounds
WORKLOAD_GAMES, WORKLOAD_SEED = 111, 1
HERE = Path(__file__).resolve().parent
DEFAULT_PEER = HERE.parent.parent / "mexican-train"


def workload(games: int = WORKLOAD_GAMES) -> tuple[int, float]:
    """Play the workload: (events, seconds)."""
    simulator = Simulator(PLAYERS, RULES, WORKLOAD_SEED, check=False)
    started = time.perf_counter()
    for _ in range(games):
        simulator.play_game()
    return simulator.stats.events, time.perf_counter() - started


def peak_mib() -> float:
    """This process's peak resident memory so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peer_figure(checkout: Path, games: int) -> tuple[str, float | None]:
    """The peer's line from peer_engine.sh and its events/s (None if it did not run)."""
    import re  # here, so that --workload-only's peak memory holds the engine and little else
    import subprocess

    script = HERE / "peer_engine.sh"
    done = subprocess.run(
        [str(script), str(checkout), str(games)], capture_output=True, text=True, check=False
    )
    line = (done.stdout.strip() or done.stderr.strip() or "no output").splitlines()[-1]
    found = re.search(r"([\d.]+) events/s", line)
    return line, float(found.group(1)) if done.returncode == 0 and found else None


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
    import statistics

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
    import cProfile
    import pstats

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
    parser.add_argument("--workload-only", action="store_true",
                        help="play the workload only and print its one line")  # fmt: skip
    parser.add_argument("--peer", type=Path, default=None,
                        help="a checkout of JamesAtIntegratnIO/mexican-train "
                        f"(default {DEFAULT_PEER}, when it is there)")  # fmt: skip
    args = parser.parse_args(argv)

    events, seconds = workload()
    print(f"workload: {WORKLOAD_GAMES} classic games of {PLAYERS}, double-9, random legal play, "
          f"seed {WORKLOAD_SEED}, no checking: {events:,} events in {seconds:.3f} s: "
          f"{events / seconds:,.0f} events/s, peak {peak_mib():.1f} MiB")  # fmt: skip
    if args.workload_only:
        return 0
    peer = args.peer or (DEFAULT_PEER if DEFAULT_PEER.is_dir() else None)
    if peer is not None:
        line, peer_rate = peer_figure(peer, WORKLOAD_GAMES)
        print(line)
        if peer_rate is not None:
            print(f"ours/peer wall per event (in process, one run each): "
                  f"{peer_rate / (events / seconds):.2f}  [goal <= 0.8]")  # fmt: skip

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

    from engine.cli import replay_lines

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
