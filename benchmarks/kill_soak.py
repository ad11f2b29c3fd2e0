"""Soak: kill -9 the demo daemon at random moments, restart it, check nothing logged is lost.

    .venv/bin/python benchmarks/kill_soak.py [--runs 500] [--seed 1] [--remove-wal]

Each run starts ``hubd --headless --demo-fast`` on the same data folder (so it resumes the
game the last run left), waits for READY=1, lets it play for a random 0-300 ms and kills it
with SIGKILL. After every kill the store must hold every event whose "committed" line the
daemon printed, and every game must replay without error.

With ``--remove-wal`` each run also deletes ``hub.sqlite3-wal`` at a random moment while the
daemon plays (as ``rm`` would). The daemon must notice (one warning) and put back what the
removed file held; the run measures how long it took to notice, then kills the daemon a
random 0-300 ms later. (A kill inside that short window, before it notices, would lose what
the removed file held: the store looks at every commit and every turn of its loop.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from daemon_harness import DaemonProcess, check_resumable, kill_at_random

NOTICED = "was removed while the hub was running"


def kill_after_removing_the_wal(
    data: Path, rng: random.Random
) -> tuple[list[tuple[int, int]], float | None]:
    """One run: play, remove the -wal, play on, kill -9; (logged events, ms to notice)."""
    daemon = DaemonProcess(data, "--demo-fast")
    noticed: float | None = None
    try:
        daemon.wait_message("READY=1")
        time.sleep(rng.uniform(0.02, 0.15))
        removed = time.perf_counter()
        (data / "hub.sqlite3-wal").unlink(missing_ok=True)
        while noticed is None and time.perf_counter() < removed + 2.0:
            if any(NOTICED in line for line in daemon.stderr_lines):
                noticed = (time.perf_counter() - removed) * 1000
            time.sleep(0.0005)
        time.sleep(rng.uniform(0.0, 0.3))
        daemon.kill()
    finally:
        daemon.close()
    return daemon.committed, noticed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--remove-wal", action="store_true", help="delete the -wal each run")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="hubd-soak-")) / "data"
    committed: list[tuple[int, int]] = []
    noticed: list[float] = []
    started = time.perf_counter()
    for run in range(1, args.runs + 1):
        if args.remove_wal:
            logged, took = kill_after_removing_the_wal(data, rng)
            committed.extend(logged)
            if took is None:
                print(f"run {run}: the removed -wal was not noticed within 2 s")
                return 1
            noticed.append(took)
        else:
            committed.extend(kill_at_random(data, rng))
        problems = check_resumable(data, committed)
        if problems:
            print(f"run {run}: LOST: {'; '.join(problems)}")
            return 1
        if run % 50 == 0:
            print(f"{run} kills, {len(committed)} logged events, none lost", flush=True)
    games = len({g for g, _ in committed})
    removed = ""
    if noticed:
        removed = (f", the -wal removed in each and noticed within {statistics.median(noticed):.1f}"
                   f" ms (median; max {max(noticed):.1f} ms, pipe included)")  # fmt: skip
    print(f"{args.runs} kill -9 runs{removed} in {time.perf_counter() - started:.0f} s: "
          f"{len(committed)} logged events in {games} games, 0 lost, all replay")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
