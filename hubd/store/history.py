"""History and statistics: the columns derived from each game's log, and what reads them.

Everything here follows from a game's log; it is written in the same transaction as the
event that changes it (``write_progress``) and recomputed for every game after a migration
that adds a column (``hubd.store.opening``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from engine import GameState, Phase, name_key
from hubd.values.records import GameRecord, PlayerStats


@dataclass(frozen=True)
class Standing:
    total: int
    zero_rounds: int
    feet_opened: int
    won: bool


@dataclass(frozen=True)
class Progress:
    """The history columns of one game: everything here follows from its log."""

    over: bool
    rounds_played: int
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    standings: tuple[Standing, ...]
    doubles: tuple[int, ...]  # the score sheet: each round's starting double
    house: dict[str, int]  # and the house rules in force (Rules.house_rules)
    scores: tuple[tuple[int, ...], ...]  # and each scored round's scores, by seat


def progress(state: GameState) -> Progress:
    outcome = state.outcome
    won = set(outcome.winners) if outcome is not None else set()
    standings = tuple(
        Standing(
            total=total,
            zero_rounds=sum(1 for row in state.scores if row[seat] == 0),
            feet_opened=state.feet_opened[seat],
            won=seat in won,
        )
        for seat, total in enumerate(state.totals)
    )
    return Progress(
        over=state.phase is Phase.GAME_OVER,
        rounds_played=len(state.scores),
        totals=tuple(state.totals),
        winners=tuple(state.players[seat] for seat in sorted(won)),
        standings=standings,
        doubles=state.sheet_doubles,
        house=state.rules.house_rules if state.rules else {},
        scores=tuple(tuple(row) for row in state.scores),
    )


def write_progress(
    db: sqlite3.Connection, game_id: int, progress: Progress, finished_at: str
) -> None:
    """Store ``progress``; a game keeps its first finished time while it stays over."""
    db.execute(
        "UPDATE games SET rounds_played = ?, totals = ?, winners = ?, sheet = ?,"
        " finished = CASE WHEN ? THEN coalesce(finished, ?) ELSE NULL END WHERE id = ?",
        (
            progress.rounds_played,
            json.dumps(progress.totals),
            json.dumps(progress.winners, ensure_ascii=False),
            json.dumps(
                {"doubles": progress.doubles, "scores": progress.scores, "house": progress.house}
            ),
            progress.over,
            finished_at,
            game_id,
        ),
    )
    db.executemany(
        "UPDATE game_players SET total = ?, zero_rounds = ?, feet_opened = ?, won = ?"
        " WHERE game_id = ? AND seat = ?",
        [
            (s.total, s.zero_rounds, s.feet_opened, s.won, game_id, seat)
            for seat, s in enumerate(progress.standings)
        ],
    )


def stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def resumable(db: sqlite3.Connection) -> int | None:
    """The most recent game if it is not over (an older unfinished game was abandoned)."""
    row = db.execute(
        "SELECT id, finished, set_aside FROM games ORDER BY id DESC LIMIT 1"
    ).fetchone()
    if row is None or row[1] is not None or row[2] is not None:
        return None
    return int(row[0])


def latest_game(db: sqlite3.Connection) -> int | None:
    row = db.execute("SELECT max(id) FROM games").fetchone()
    return None if row[0] is None else int(row[0])


def history(db: sqlite3.Connection, limit: int, finished_only: bool) -> list[GameRecord]:
    """Games newest first (unfinished ones too, unless ``finished_only``)."""
    where = "WHERE finished IS NOT NULL" if finished_only else ""
    rows = db.execute(
        "SELECT id, created, finished, totals, winners, rounds_played, preset, sheet"
        f" FROM games {where} ORDER BY id DESC LIMIT ?",
        (limit,),
    ).fetchall()
    seats = _seated(db, [int(row[0]) for row in rows])
    playing = resumable(db)
    return [
        GameRecord(
            game_id=game_id,
            started=created,
            finished=finished,
            players=seats.get(game_id, ()),
            totals=tuple(json.loads(totals)),
            winners=tuple(json.loads(winners)),
            rounds_played=rounds,
            preset=preset,
            doubles=tuple(json.loads(sheet).get("doubles", ())),
            scores=tuple(tuple(row) for row in json.loads(sheet).get("scores", ())),
            in_progress=game_id == playing,
            house=tuple(json.loads(sheet).get("house", {}).items()),
        )
        for game_id, created, finished, totals, winners, rounds, preset, sheet in rows
    ]


def _seated(db: sqlite3.Connection, game_ids: list[int]) -> dict[int, tuple[str, ...]]:
    if not game_ids:
        return {}
    marks = ",".join("?" * len(game_ids))
    seated: dict[int, list[str]] = {}
    for game_id, name in db.execute(
        "SELECT gp.game_id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id"
        f" WHERE gp.game_id IN ({marks}) ORDER BY gp.game_id, gp.seat",
        game_ids,
    ):
        seated.setdefault(int(game_id), []).append(str(name))
    return {game_id: tuple(names) for game_id, names in seated.items()}


def player_stats(db: sqlite3.Connection) -> list[PlayerStats]:
    """Each player's figures over finished games: most wins first, then most games."""
    rows = db.execute(
        "SELECT p.name, count(*), sum(gp.won), sum(gp.total), sum(g.rounds_played),"
        " sum(gp.zero_rounds), sum(gp.feet_opened)"
        " FROM game_players gp JOIN games g ON g.id = gp.game_id"
        " JOIN players p ON p.id = gp.player_id"
        " WHERE g.finished IS NOT NULL GROUP BY p.id"
        " ORDER BY sum(gp.won) DESC, count(*) DESC, p.name"
    ).fetchall()
    return [
        PlayerStats(
            name=name,
            games=games,
            wins=wins,
            average_round_score=points / rounds if rounds else 0.0,
            zero_rounds=zero_rounds,
            feet_opened=feet,
        )
        for name, games, wins, points, rounds, zero_rounds, feet in rows
    ]


def player_id(db: sqlite3.Connection, name: str) -> int:
    """The player called ``name``, made if new: one player per name after NFC and
    casefolding (engine.name_key), spelt as first written ("ana" joins "Ana")."""
    key = name_key(name)
    row = db.execute("SELECT id FROM players WHERE key = ?", (key,)).fetchone()
    if row is None:  # a row written without its key (by an older hubd) gets it now
        unkeyed = "SELECT id FROM players WHERE name = ? AND key IS NULL"
        row = db.execute(unkeyed, (name,)).fetchone()
        if row is not None:
            db.execute("UPDATE players SET key = ? WHERE id = ?", (key, row[0]))
    if row is not None:
        return int(row[0])
    made = db.execute("INSERT INTO players (name, key) VALUES (?, ?)", (name, key)).lastrowid
    assert made is not None
    return made


def known_players(db: sqlite3.Connection, limit: int | None) -> list[str]:
    """Names from past games, the most recently used first (seat order within a game); a game
    left before anything was entered in it (set up, then set up again) teaches no name, so a
    name mistyped there is not offered ever after."""
    rows = db.execute(
        "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player_id"
        " WHERE EXISTS (SELECT 1 FROM events e WHERE e.game_id = gp.game_id AND e.seq >= 2)"
        " ORDER BY gp.game_id DESC, gp.seat"
    ).fetchall()
    names = list(dict.fromkeys(str(row[0]) for row in rows))
    return names if limit is None else names[:limit]
