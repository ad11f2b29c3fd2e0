"""Soak: kill -9 the demo daemon at random moments, restart it, check nothing logged is lost.

    .venv/bin/python benchmarks/kill_soak.py [--runs 500] [--seed 1] [--remove-wal]

Each run starts ``hubd --headless --demo-fast`` on the same data folder (so it resumes the
game the last run left), waits for READY=1, lets it play for a random 0-300 ms and kills it
with SIGKILL. After every kill the store must hold every event whose "committed" line the
daemon printed, and every game must replay without error.

With ``--remove-wal`` each run also deletes ``hub.sqlite3-wal`` at a random moment while the
daemon plays (as ``rm`` would). The daemon must notice (one warning) and put back what the
removed file held; the run measures how long it took to notice, then kills the daemon a
random 0-300 ms later.

With ``--wal-then-kill`` each run deletes the -wal and kills the daemon 5-300 ms later,
whether it noticed or not: a kill before it noticed leaves the commits since the last
checkpoint only in the journal beside the database (hubd/store/journal.py), which the next
start puts back. Every run also checks that no (game, event) number was logged twice: a
number reused after a loss would hide it from the count.

With ``--phones`` (benchmarks/phone_soak.py) four phones enter their hands on the phones' page
and the daemon is killed after 1 to 4 were acknowledged, before the hub's tap scores the
round; after each restart every acknowledged hand must be back on the page.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

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


def kill_soon_after_removing_the_wal(
    data: Path, rng: random.Random
) -> tuple[list[tuple[int, int]], bool]:
    """One run: play, remove the -wal, kill -9 5-300 ms later, noticed or not; (logged
    events, whether the daemon had noticed before the kill)."""
    daemon = DaemonProcess(data, "--demo-fast")
    try:
        daemon.wait_message("READY=1")
        time.sleep(rng.uniform(0.2, 1.5))
        (data / "hub.sqlite3-wal").unlink(missing_ok=True)
        time.sleep(rng.uniform(0.005, 0.3))
        noticed = any(NOTICED in line for line in daemon.stderr_lines)
        daemon.kill()
    finally:
        daemon.close()
    return daemon.committed, noticed


def reused(committed: list[tuple[int, int]]) -> list[str]:
    """(game, event) numbers logged more than once: each is a number reused after a loss."""
    counts = Counter(committed)
    return [f"game {g} event {s} logged {n} times" for (g, s), n in counts.items() if n > 1][:5]


def checked(data: Path, committed: list[tuple[int, int]]) -> list[str]:
    """check_resumable, waiting up to 10 s for the killed daemon's lock to go (say who held it
    if it does not), and no number logged twice."""
    from hubd.store import StoreLockedError

    for _ in range(100):
        try:
            return check_resumable(data, committed) + reused(committed)
        except StoreLockedError:
            time.sleep(0.1)
    return [f"the data folder is still locked 10 s after the kill: held by {holders(data)}"]


def holders(data: Path) -> str:
    real = os.path.realpath(data)
    found = []
    for fd in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            if os.readlink(fd) == real:
                pid = fd.parts[2]
                found.append(f"{pid} {Path(f'/proc/{pid}/cmdline').read_text()[:120]!r}")
        except OSError:
            continue
    return ", ".join(found) or "nobody"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--remove-wal", action="store_true", help="delete the -wal each run")
    parser.add_argument("--wal-then-kill", action="store_true",
                        help="delete the -wal, kill -9 5-300 ms later")  # fmt: skip
    parser.add_argument("--phones", action="store_true",
                        help="kill -9 while phones enter their hands (0 hands lost)")  # fmt: skip
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.phones:
        return phones(args.runs, rng)
    data = Path(tempfile.mkdtemp(prefix="hubd-soak-")) / "data"
    committed: list[tuple[int, int]] = []
    noticed: list[float] = []
    unnoticed = 0  # --wal-then-kill: kills before the daemon noticed (the journal's case)
    started = time.perf_counter()
    for run in range(1, args.runs + 1):
        if args.wal_then_kill:
            logged, was_noticed = kill_soon_after_removing_the_wal(data, rng)
            committed.extend(logged)
            unnoticed += not was_noticed
        elif args.remove_wal:
            logged, took = kill_after_removing_the_wal(data, rng)
            committed.extend(logged)
            if took is None:
                print(f"run {run}: the removed -wal was not noticed within 2 s")
                return 1
            noticed.append(took)
        else:
            committed.extend(kill_at_random(data, rng))
        problems = checked(data, committed)
        if problems:
            print(f"run {run}: LOST: {'; '.join(problems)}")
            return 1
        if run % 50 == 0:
            print(f"{run} kills, {len(committed)} logged events, none lost", flush=True)
    games = len({g for g, _ in committed})
    removed = ""
    if args.wal_then_kill:
        removed = (f", the -wal removed 5-300 ms before each kill ({unnoticed} killed before "
                   "the daemon noticed)")  # fmt: skip
    if noticed:
        removed = (f", the -wal removed in each and noticed within {statistics.median(noticed):.1f}"
                   f" ms (median; max {max(noticed):.1f} ms, pipe included)")  # fmt: skip
    print(f"{args.runs} kill -9 runs{removed} in {time.perf_counter() - started:.0f} s: "
          f"{len(committed)} logged events in {games} games, 0 lost, all replay")  # fmt: skip
    return 0


def phones(runs: int, rng: random.Random) -> int:
    """``--phones``: kills while phones enter hands; every acknowledged hand comes back."""
    from phone_soak import PhoneSoak

    soak = PhoneSoak.prepared(Path(tempfile.mkdtemp(prefix="hubd-phone-soak-")))
    started = time.perf_counter()
    for run in range(1, runs + 1):
        problems = soak.run(rng)
        if problems:
            print(f"run {run}: LOST: {'; '.join(problems)}")
            return 1
        if run % 25 == 0:
            print(f"{run} kills, {soak.hands} hands acknowledged, none lost", flush=True)
    problems = soak.run(rng, enter=False)  # the last kill's hands, after one more start
    if problems:
        print(f"after the last kill: LOST: {'; '.join(problems)}")
        return 1
    after = ", ".join(f"{soak.kills_after[n]} after {n}" for n in sorted(soak.kills_after))
    print(f"{runs} kill -9 runs while phones entered hands in "
          f"{time.perf_counter() - started:.0f} s (kills {after} hands acknowledged): "
          f"{soak.hands} hands acknowledged, {soak.checked} looked for on the page after a "
          f"restart and found, 0 lost ({soak.in_flight} sent as the kill came: "
          f"{soak.in_flight_taken} taken), no round scored without the hub's tap")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
