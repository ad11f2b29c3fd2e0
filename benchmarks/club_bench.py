"""Club night figures: a night of 12 tables x 6 games, imported and ranked.

Each table (a hub's folder in the club folder) holds six finished 10-round games (classic,
4 players, played by the engine's simulator, the players moving between tables), written the
way a hub writes them. It prints:

- the import: reading and replaying all 72 files (the importer thread's first scan, what a
  hub does when it starts or joins late), then storing them (the loop's one transaction);
- its memory (tracemalloc's peak during the scan);
- the standings' recompute time (what every finished game anywhere costs the loop), and the
  seating proposals' (goal: the standings under 50 ms on this machine);
- on a real network (tests/hubd/club/test_hubs_in_network_namespaces.py: three hubs in network
  namespaces, each with its own Syncthing, paired by their screens): the time from a game finished
  on each table to every hub's standings, and the other times that test prints (needs root, ip and
  syncthing; else the reason is printed). ``--no-network`` leaves it out.

    .venv/bin/python benchmarks/club_bench.py [--dir FOLDER] [--no-network]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
import tracemalloc
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

from engine import dump_line
from engine.simulate import Simulator
from hubd.club.folder import game_file_name, write_atomically
from hubd.club.importer import ClubImporter
from hubd.club.night import ClubNight
from hubd.club.nights import write_table
from hubd.club.seating import propose
from hubd.club.standings import standings
from hubd.store import open_store

TABLES, GAMES = 12, 6
STANDINGS_GOAL_MS = 50.0
NIGHT = date(2026, 12, 1)


def write_night(club: Path) -> int:
    """The night's files; returns their total size in bytes."""
    size = 0
    for table in range(TABLES):
        hub = f"{table + 1:08x}"
        write_table(club / hub, f"Table {table + 1}")
        for game in range(GAMES):
            # The players move on after each game, so the night's pairs are mixed.
            names = tuple(
                f"P{(table * 4 + seat + game * 5) % (TABLES * 4) + 1}" for seat in range(4)
            )
            log = Simulator(4, {"preset": "classic"}, table * 100 + game, check=False,
                            names=names).play_game().log  # fmt: skip
            text = "".join(dump_line(event) + "\n" for event in log)
            started = datetime(2026, 12, 1, 19 + game // 2, (game % 2) * 30, table)
            write_atomically(club / hub / game_file_name(started, game + 1), text)
            size += len(text.encode())
    return size


def timed(runs: int, work: object) -> float:
    """The median time of ``work()`` in ms."""
    assert callable(work)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="where to make the data folder (removed)")
    parser.add_argument("--no-network", action="store_true",
                        help="leave out the namespaced network's figures")  # fmt: skip
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="club-bench-", dir=args.dir))
    try:
        data = root / "data"
        club = data / "club"
        size = write_night(club)
        print(f"a night of {TABLES} tables x {GAMES} games: {TABLES * GAMES} files, "
              f"{size / 1e6:.2f} MB")  # fmt: skip
        importer = ClubImporter(club, lambda _news: None)
        start = time.perf_counter()
        news = importer.scan()
        scanned = time.perf_counter() - start
        assert news is not None and len(news.versions) == TABLES * GAMES
        each = scanned * 1000 / len(news.versions)
        print(f"import, read and replay every file: {scanned * 1000:.0f} ms "
              f"({each:.1f} ms a game, on the importer's thread)")  # fmt: skip
        tracemalloc.start()
        again = ClubImporter(club, lambda _news: None).scan()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert again is not None
        print(f"import, peak memory (tracemalloc): {peak / 1e6:.1f} MB")
        print(f"import, a second look with nothing new: {timed(5, importer.scan):.1f} ms")
        with open_store(data) as store:
            night = ClubNight(data, store, "Table 1")
            start = time.perf_counter()
            night.arrived(news)
            stored = (time.perf_counter() - start) * 1000
            print(f"import, stored in the hub's database: {stored:.0f} ms")
            view = night.view
            board = view.standings(NIGHT)
            assert len(board.players) == TABLES * 4 and board.tables == TABLES
            # The pure functions themselves (a view keeps what it worked out once).
            took = timed(50, lambda: standings(view.games, NIGHT))
            verdict = "meets" if took < STANDINGS_GOAL_MS else "misses"
            print(f"standings recompute ({len(board.players)} players): {took:.2f} ms "
                  f"({verdict} the {STANDINGS_GOAL_MS:.0f} ms goal)")  # fmt: skip
            rebuilt = timed(20, night._rebuild)
            print(f"the view rebuilt from the store's rows: {rebuilt:.1f} ms")
            order = view.order(NIGHT)
            for rule in ("11-3", "winners", "random"):
                chosen = replace(view.night(NIGHT), seating=rule)
                took = timed(5, lambda c=chosen: propose(view.games, order, c))
                print(f"seating proposal, {rule}: {took:.1f} ms")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if not args.no_network:
        network_figures()


def network_figures() -> None:
    """The namespaced test's printed times (it makes and removes its own network)."""
    import subprocess
    import sys

    tests = Path(__file__).resolve().parents[1] / "tests"
    test = tests / "hubd" / "club" / "test_hubs_in_network_namespaces.py"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-rs", "-p", "no:cacheprovider", str(test)],
        capture_output=True, text=True, timeout=600, check=False, cwd=test.parents[1],
    )  # fmt: skip
    figures = [line for line in done.stdout.splitlines() if " s " in line or line.endswith(" s")]
    skipped = [line for line in done.stdout.splitlines() if "SKIPPED" in line]
    for line in figures:
        print(f"network: {line.strip()}")
    if skipped or done.returncode != 0:
        print(f"network: not measured ({(skipped or ['the test failed'])[0].strip()})")


if __name__ == "__main__":
    main()
