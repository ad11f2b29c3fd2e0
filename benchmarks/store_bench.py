"""Store figures: committed events per second, and the time to resume a game.

Every commit is fsync-backed (WAL, synchronous=FULL), so run this on the disk that will hold
the data folder (on a Pi: the SD card), e.g.

    .venv/bin/python benchmarks/store_bench.py --dir /var/lib/hubd/bench

The folder is made, used and removed. Target: resume a finished 10-round game in < 200 ms.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from engine import Event, NewGame, dump_line
from engine.simulate import Simulator
from hubd.store import open_store

NOW = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
RESUME_TARGET_MS = 200.0


def game_log(seed: int) -> list[Event]:
    """A realistic finished 10-round game (classic, 4 players)."""
    return Simulator(4, {"preset": "classic"}, seed, check=False).play_game().log


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return times


def spread(times: Sequence[float]) -> str:
    return f"median {ms(statistics.median(times))}, max {ms(max(times))}"


def fsync_rate(folder: Path, count: int) -> float:
    """Small appends each followed by fsync: the disk's own ceiling for durable commits."""
    path = folder / "fsync.probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        started = time.perf_counter()
        for _ in range(count):
            os.write(fd, b"x" * 100)
            os.fsync(fd)
        return count / (time.perf_counter() - started)
    finally:
        os.close(fd)
        path.unlink()


def commit_rate(folder: Path, logs: list[list[Event]]) -> tuple[int, float, list[float]]:
    """Append every event of ``logs`` one commit at a time; (events, seconds, latencies)."""
    latencies: list[float] = []
    with open_store(folder, clock=lambda: NOW) as store:
        started = time.perf_counter()
        for log in logs:
            first = log[0]
            assert isinstance(first, NewGame)
            game_id = store.new_game(first, NOW)
            for event in log[1:]:
                before = time.perf_counter()
                store.append(game_id, event, NOW)
                latencies.append(time.perf_counter() - before)
        elapsed = time.perf_counter() - started
    return sum(len(log) for log in logs), elapsed, latencies


def resume_times(folder: Path, game_id: int, repeat: int) -> list[float]:
    def resume() -> None:
        with open_store(folder) as store:
            store.load(game_id)

    return timed(resume, repeat)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path.cwd(),
                        help="where to make the scratch data folder (default: here)")  # fmt: skip
    parser.add_argument("--games", type=int, default=3, help="games appended one by one")
    parser.add_argument("--history", type=int, default=1000,
                        help="finished games stored for the large-history figures")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="store-bench-", dir=args.dir))
    try:
        run(scratch, args)
    finally:
        shutil.rmtree(scratch)
    return 0


def run(scratch: Path, args: argparse.Namespace) -> None:
    folder = scratch / "data"
    logs = [game_log(seed) for seed in range(1, args.games + 1)]
    print(f"scratch folder {scratch}; SQLite WAL, synchronous=FULL: one fsync per commit")
    print(f"disk: {fsync_rate(scratch, 500):.0f} fsyncs/s for 100-byte appends (the ceiling)")

    events, elapsed, latencies = commit_rate(folder, logs)
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99)]
    print(f"append: {events} events in {elapsed:.2f} s = {events / elapsed:.0f} committed "
          f"events/s; commit {spread(latencies)}, p99 {ms(p99)}")  # fmt: skip

    finished = 1  # the first game above: finished, 10 rounds
    times = resume_times(folder, finished, args.repeat)
    verdict = "within" if max(times) < RESUME_TARGET_MS / 1000 else "OVER"
    print(f"resume a finished 10-round game ({len(logs[0])} events; open + load): "
          f"{spread(times)} ({verdict} the {RESUME_TARGET_MS:.0f} ms target)")  # fmt: skip

    with open_store(folder, clock=lambda: NOW) as store:
        lines = [dump_line(e) for e in logs[0]]
        store.import_log(lines[: len(lines) - 1])  # a game in its last round, the latest
    started = time.perf_counter()
    with open_store(folder) as store:
        game_id = store.unfinished_game()
        assert game_id is not None
        store.load(game_id)
    print(f"resume the unfinished game at start (open + unfinished_game + load): "
          f"{ms(time.perf_counter() - started)}")  # fmt: skip

    with open_store(folder, clock=lambda: NOW) as store:
        texts = ["\n".join(dump_line(e) for e in game_log(seed)) for seed in range(50)]
        started = time.perf_counter()
        for number in range(args.history):
            store.import_log(io.StringIO(texts[number % len(texts)]))
        imported = time.perf_counter() - started
        last = store.new_game(NewGame(("Ana", "Ben", "Cy", "Dee")), NOW)
    size = (folder / "hub.sqlite3").stat().st_size / 1e6
    print(f"history: imported {args.history} games in {imported:.1f} s "
          f"({args.history / imported:.0f} games/s); database {size:.1f} MB")  # fmt: skip
    times = resume_times(folder, finished, args.repeat)
    print(f"resume with {args.history} games of history (open incl. quick_check + load): "
          f"{spread(times)}")  # fmt: skip
    with open_store(folder) as store:
        assert store.unfinished_game() == last
        print(f"history(50): {spread(timed(lambda: store.history(50), args.repeat))}; "
              f"player_stats(): {spread(timed(store.player_stats, args.repeat))}; "
              f"known_players(): {spread(timed(store.known_players, args.repeat))}")  # fmt: skip
        backup = scratch / "backup.sqlite3"
        print(f"backup: {spread(timed(lambda: store.backup(backup), 3))}")


if __name__ == "__main__":
    sys.exit(main())
