"""The store's schema, one migration per version, from version 1 upward.

A migration is frozen once released: never edit one, add the next. Migrations are plain SQL;
one that adds derived history columns says so (``rederive``) and the store then recomputes
those columns for every game from its log, with the current code, in the same transaction.

The version lives in ``PRAGMA user_version`` (0 for a new, empty file).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from engine import name_key


@dataclass(frozen=True)
class Migration:
    version: int  # the version the database is at after this migration
    purpose: str
    statements: tuple[str, ...]
    rederive: bool = False  # the derived history columns must be recomputed from the logs
    #: A step SQL cannot say, run after the statements (in the same transaction).
    then: Callable[[sqlite3.Connection], None] | None = None


def _one_player_per_name(db: sqlite3.Connection) -> None:
    """Each player's key (engine.name_key), and the players whose names are one name after
    NFC and casefolding merged into the first written, whose spelling is kept."""
    first: dict[str, int] = {}
    for player_id, name in db.execute("SELECT id, name FROM players ORDER BY id").fetchall():
        key = name_key(str(name))
        if key in first:
            db.execute(
                "UPDATE game_players SET player_id = ? WHERE player_id = ?",
                (first[key], player_id),
            )
            db.execute("DELETE FROM players WHERE id = ?", (player_id,))
        else:
            first[key] = player_id
            db.execute("UPDATE players SET key = ? WHERE id = ?", (key, player_id))
    db.execute("CREATE UNIQUE INDEX players_by_key ON players (key)")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "players, games with their seats, and each game's log",
        (
            """CREATE TABLE players (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE
            )""",
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                created TEXT NOT NULL,
                preset TEXT NOT NULL
            )""",
            """CREATE TABLE game_players (
                game_id INTEGER NOT NULL REFERENCES games(id),
                seat INTEGER NOT NULL,
                player_id INTEGER NOT NULL REFERENCES players(id),
                PRIMARY KEY (game_id, seat)
            )""",
            """CREATE TABLE events (
                game_id INTEGER NOT NULL REFERENCES games(id),
                seq INTEGER NOT NULL,
                line TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        2,
        "history: finished time, rounds, totals and winners per game; standings per seat",
        (
            "ALTER TABLE games ADD COLUMN finished TEXT",
            "ALTER TABLE games ADD COLUMN rounds_played INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE games ADD COLUMN totals TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE games ADD COLUMN winners TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE game_players ADD COLUMN total INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE game_players ADD COLUMN zero_rounds INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE game_players ADD COLUMN feet_opened INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE game_players ADD COLUMN won INTEGER NOT NULL DEFAULT 0",
        ),
        rederive=True,
    ),
    Migration(
        3,
        "indexes for statistics and the recently used names",
        ("CREATE INDEX game_players_by_player ON game_players (player_id, game_id)",),
    ),
    Migration(
        4,
        "a game whose log no longer replays is set aside (with the reason), not lost",
        ("ALTER TABLE games ADD COLUMN set_aside TEXT",),
    ),
    Migration(
        5,
        "history: each game's score sheet (every round's double, each scored round's scores)",
        ("ALTER TABLE games ADD COLUMN sheet TEXT NOT NULL DEFAULT '{}'",),
        rederive=True,
    ),
    Migration(
        6,
        "club night: the games of every hub in the club folder (the longest version of each)",
        (
            """CREATE TABLE club_games (
                hub TEXT NOT NULL,
                name TEXT NOT NULL,
                lines INTEGER NOT NULL,
                digest TEXT NOT NULL,
                log TEXT NOT NULL,
                summary TEXT NOT NULL,
                PRIMARY KEY (hub, name)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        7,
        "how each player's name sounds, for the hub's voice (typed on the players' page)",
        ("ALTER TABLE players ADD COLUMN sounds_like TEXT",),
    ),
    Migration(
        8,
        "one player per name after NFC and casefolding; games with names now refused set aside",
        ("ALTER TABLE players ADD COLUMN key TEXT",),
        rederive=True,
        then=_one_player_per_name,
    ),
    Migration(
        9,
        "the seats phones hold and the hands entered on phones, kept as they arrive",
        (
            """CREATE TABLE phone_desk (
                game_id INTEGER PRIMARY KEY REFERENCES games(id),
                desk TEXT NOT NULL
            )""",
        ),
    ),
)

CURRENT_VERSION = MIGRATIONS[-1].version


def version_of(connection: sqlite3.Connection) -> int:
    row = connection.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(connection: sqlite3.Connection) -> bool:
    """Run the missing migrations inside the caller's transaction; True if rederive is due.

    The caller opens the transaction (BEGIN IMMEDIATE) and commits it after rederiving, so a
    failure anywhere leaves the database at its old version, untouched.
    """
    current = version_of(connection)
    rederive = False
    for migration in MIGRATIONS:
        if migration.version <= current:
            continue
        for statement in migration.statements:
            connection.execute(statement)
        if migration.then is not None:
            migration.then(connection)
        connection.execute(f"PRAGMA user_version = {migration.version}")
        rederive = rederive or (migration.rederive and current > 0)
    return rederive
