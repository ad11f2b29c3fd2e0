"""The next seating of a club night, proposed from each table's last finished game.

Pure and deterministic: the same games give the same proposal on every hub, whatever order
their files arrived in (even "random" is seeded by the night's games). The rules, as the
docs/club-night.md words them:

- ``11-3``: at each table the ``movers`` lowest totals move to the next table (the last
  table's go to the first); the others stay.
- ``winners``: each table's winner moves up one table (towards the head table, the first),
  and each table's last place moves down one; the head table's winner and the last table's
  last place stay.
- ``random``: everyone is seated again at tables of the same sizes, choosing among many
  shuffles the one with the fewest pairs who have already sat together tonight.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine import name_key
from hubd.club.club_game import ClubGame
from hubd.club.nights import Night, Seating

SHUFFLES = 100  # random: shuffles tried before improving the best one by swaps


@dataclass(frozen=True)
class Proposal:
    rule: Seating
    tables: tuple[tuple[str, tuple[str, ...]], ...]  # (hub, who sits there next), in order
    waiting: tuple[str, ...]  # tables still playing or behind: no proposal until they finish
    repeats: int  # pairs at the proposed tables who already sat together tonight
    aside: tuple[str, ...] = ()  # tables of the night the organiser set aside

    def to_json(self, table_name: Callable[[str], str]) -> dict[str, Any]:
        """The schema of ``hubd club seating --json``."""
        return {
            "rule": self.rule,
            "tables": [
                {"table": table_name(hub), "hub": hub, "players": list(names)}
                for hub, names in self.tables
            ],
            "waiting": [table_name(hub) for hub in self.waiting],
            "set_aside": [table_name(hub) for hub in self.aside],
            "repeats": self.repeats,
        }

    def next_at(self, hub: str) -> tuple[str, ...]:
        return dict(self.tables).get(hub, ())


def _places(game: ClubGame) -> list[str]:
    """The table's players from first to last place (a tie: seat order)."""
    seats = sorted(range(len(game.players)), key=lambda s: (game.totals[s], s))
    return [game.players[s] for s in seats]


def _pairs(games: Sequence[ClubGame]) -> set[frozenset[str]]:
    return {
        frozenset((name_key(a), name_key(b)))
        for game in games
        for a, b in combinations(game.players, 2)
    }


def _repeats(table: Sequence[str], met: set[frozenset[str]]) -> int:
    return sum(frozenset((name_key(a), name_key(b))) in met for a, b in combinations(table, 2))


def propose(games: Sequence[ClubGame], order: Sequence[str], night: Night) -> Proposal:
    """The next seating for ``night`` (its games are ``games``; its tables in ``order``).

    Every table of the night (every hub with a game that night) but those set aside takes
    part. A table is waited for while its latest game is not over, and while it has finished
    fewer games than another table (its latest game has not arrived yet).
    """
    aside = tuple(hub for hub in order if hub in night.aside)
    hubs = [hub for hub in order if hub not in night.aside]
    tonight = sorted(
        (g for g in games if g.night == night.day and g.hub in hubs), key=lambda g: g.name
    )
    latest: dict[str, ClubGame] = {}
    played: dict[str, int] = {}  # games finished
    sits: dict[str, ClubGame] = {}  # each player's last game tonight: where they sit now
    for game in tonight:  # names sort by start time, so the last one seen is the latest
        latest[game.hub] = game
        played[game.hub] = played.get(game.hub, 0) + game.over
        for name in game.players:
            sits[name_key(name)] = game
    most = max(played.values(), default=0)
    waiting = tuple(
        hub for hub in hubs if hub in latest and (not latest[hub].over or played[hub] < most)
    )
    if waiting:  # everyone moves at once: wait for the last game of the round to end
        return Proposal(night.seating, (), waiting, 0, aside)
    hubs = [hub for hub in hubs if hub in latest]
    # A table that has not played since its players moved on keeps only who is still there.
    places = [
        [name for name in _places(latest[hub]) if sits[name_key(name)] is latest[hub]]
        for hub in hubs
    ]
    if night.seating == "winners":
        tables = _ladder(places)
    elif night.seating == "random":
        tables = _random(places, _pairs(tonight), _seed(tonight))
    else:
        tables = _eleven_three(places, night.movers)
    met = _pairs(tonight)
    return Proposal(
        night.seating,
        tuple(zip(hubs, (tuple(t) for t in tables), strict=True)),
        waiting,
        sum(_repeats(t, met) for t in tables),
        aside,
    )


def _eleven_three(places: list[list[str]], movers: int) -> list[list[str]]:
    if len(places) < 2:
        return [list(p) for p in places]
    moving = [p[: min(movers, len(p))] for p in places]
    return [
        places[k][len(moving[k]) :] + moving[k - 1]  # k - 1 is the last table for the first
        for k in range(len(places))
    ]


def _ladder(places: list[list[str]]) -> list[list[str]]:
    last = len(places) - 1
    up = [p[0] if k > 0 else None for k, p in enumerate(places)]
    down = [p[-1] if k < last and p[-1] != up[k] else None for k, p in enumerate(places)]
    tables = []
    for k, p in enumerate(places):
        stay = [name for name in p if name not in (up[k], down[k])]
        arriving = [n for n in (up[k + 1] if k < last else None, down[k - 1] if k else None) if n]
        tables.append(stay + arriving)
    return tables


def _seed(games: Sequence[ClubGame]) -> int:
    import hashlib  # OpenSSL's libcrypto (3 MB resident): only when a club seats players

    digest = hashlib.sha256()
    for game in sorted(games, key=lambda g: (g.hub, g.name)):
        digest.update(f"{game.hub}/{game.name}/{game.digest}\n".encode())
    return int.from_bytes(digest.digest()[:8], "big")


def _random(places: list[list[str]], met: set[frozenset[str]], seed: int) -> list[list[str]]:
    if not places:
        return []
    rng = random.Random(seed)  # a local generator: the same seed on every hub
    everyone = sorted((n for p in places for n in p), key=lambda n: (name_key(n), n))
    keys = [name_key(n) for n in everyone]
    # Pairs by index, so a table's repeats are counted without building names' sets.
    seen = {
        (i, j)
        for i, j in combinations(range(len(everyone)), 2)
        if frozenset((keys[i], keys[j])) in met
    }
    sizes = [len(p) for p in places]

    def deal(order: list[int]) -> list[list[int]]:
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        return tables

    def repeats(table: list[int]) -> int:
        return sum((min(a, b), max(a, b)) in seen for a, b in combinations(table, 2))

    best = deal(list(range(len(everyone))))
    best_cost = sum(map(repeats, best))
    for _ in range(SHUFFLES):
        if best_cost == 0:
            break
        order = list(range(len(everyone)))
        rng.shuffle(order)
        tables = deal(order)
        if (found := sum(map(repeats, tables))) < best_cost:
            best, best_cost = tables, found
    improved = best_cost > 0
    while improved:  # swap two players at different tables while that lowers the repeats
        improved = False
        for a, b in combinations(range(len(best)), 2):
            before = repeats(best[a]) + repeats(best[b])
            if before == 0:
                continue
            for i in range(len(best[a])):
                for j in range(len(best[b])):
                    best[a][i], best[b][j] = best[b][j], best[a][i]
                    after = repeats(best[a]) + repeats(best[b])
                    if after < before:
                        improved, before = True, after
                    else:
                        best[a][i], best[b][j] = best[b][j], best[a][i]
    return [[everyone[i] for i in table] for table in best]
