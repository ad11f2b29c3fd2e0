"""Soak: kill -9 the demo daemon at random moments, restart it, check nothing logged is lost.

    .venv/bin/python benchmarks/kill_soak.py [--runs 500] [--seed 1]

Each run starts ``hubd --headless --demo-fast`` on the same data folder (so it resumes the
game the last run left), waits for READY=1, lets it play for a random 0-300 ms and kills it
with SIGKILL. After every kill the store must hold every event whose "committed" line the
daemon printed, and every game must replay without error.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from daemon_harness import check_resumable, kill_at_random


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="hubd-soak-")) / "data"
    committed: list[tuple[int, int]] = []
    started = time.perf_counter()
    for run in range(1, args.runs + 1):
        committed.extend(kill_at_random(data, rng))
        problems = check_resumable(data, committed)
        if problems:
            print(f"run {run}: LOST: {'; '.join(problems)}")
            return 1
        if run % 50 == 0:
            print(f"{run} kills, {len(committed)} logged events, none lost", flush=True)
    games = len({g for g, _ in committed})
    print(f"{args.runs} kill -9 runs in {time.perf_counter() - started:.0f} s: "
          f"{len(committed)} logged events in {games} games, 0 lost, all replay")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
