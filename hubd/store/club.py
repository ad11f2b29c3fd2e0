"""The club table: every hub's games of the club nights, as imported from the club folder.

Kept apart from ``games`` (this hub's own games): an imported game is never resumed, never
in this hub's history or statistics. A row is one game, named by its hub and file name, with
its whole log and the figures the standings need (a JSON summary the club code writes and
reads). A version replaces the stored one only when it continues it (the stored log is a
line-for-line prefix of the new one): a finished game is never rewritten here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import datetime
from typing import NamedTuple


class ClubRow(NamedTuple):
    hub: str
    name: str
    lines: int
    digest: str
    log: str
    summary: str


def keep(db: sqlite3.Connection, rows: Iterable[ClubRow]) -> int:
    """Store each row new or continuing the stored version of its game; how many were stored."""
    stored = 0
    for row in rows:
        old = club_log(db, row.hub, row.name)
        if old is not None and (old == row.log or not row.log.startswith(old)):
            continue
        db.execute("INSERT OR REPLACE INTO club_games VALUES (?, ?, ?, ?, ?, ?)", tuple(row))
        stored += 1
    return stored


def summaries(db: sqlite3.Connection) -> list[tuple[str, str, int, str, str]]:
    """(hub, name, lines, digest, summary) of every stored game, without the logs."""
    rows = db.execute(
        "SELECT hub, name, lines, digest, summary FROM club_games ORDER BY hub, name"
    ).fetchall()
    return [(str(h), str(n), int(c), str(d), str(s)) for h, n, c, d, s in rows]


def club_log(db: sqlite3.Connection, hub: str, name: str) -> str | None:
    row = db.execute(
        "SELECT log FROM club_games WHERE hub = ? AND name = ?", (hub, name)
    ).fetchone()
    return None if row is None else str(row[0])


def started(db: sqlite3.Connection, game_id: int) -> datetime | None:
    """When one of this hub's own games began (local time), or None if there is no such game."""
    row = db.execute("SELECT created FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else datetime.fromisoformat(str(row[0]))
