"""Export and backup: a game's log or score sheet out, the whole database copied.

Import is the other way (``hubd.store.log.game_from_source``): a log goes through the engine
like the game at the table did, so only a log the engine replays is stored.
"""

from __future__ import annotations

import csv
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import TextIO

from engine import GameState
from hubd.store.errors import BackupError, backup_error
from hubd.store.files import SIDE_FILES, side, write_copy
from hubd.store.log import log_lines


def export_jsonl(db: sqlite3.Connection, game_id: int, out: TextIO) -> None:
    """The game's log exactly as stored: ``chickenfoot replay`` reads it."""
    for _, line in log_lines(db, game_id):
        out.write(line + "\n")


def export_csv(state: GameState, out: TextIO) -> None:
    """The score sheet: a row per scored round (with its double), totals, the winner.

    The winner row is written only once the game is over.
    """
    rules = state.rules
    assert rules is not None
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "double", *state.players])
    for number, row in enumerate(state.scores, start=1):
        double = rules.starting_double(number)
        writer.writerow([number, f"{double}-{double}", *row])
    writer.writerow(["total", "", *state.totals])
    outcome = state.outcome
    if outcome is not None:
        writer.writerow(["winner", "", *(state.players[s] for s in outcome.winners)])


def _refuse_live(live: Path, dest: Path) -> None:
    """BackupError if ``dest`` is the live database or its -wal or -shm (links resolved)."""
    for suffix in ("", *SIDE_FILES):
        part = side(live, suffix)
        same = dest.resolve() == part.resolve()
        if not same and dest.exists() and part.exists():
            same = os.path.samefile(dest, part)  # a hard link is the same file too
        if same:
            raise BackupError(
                f"Cannot back up to {dest}: it is the live database's own file {part.name}, "
                "which a backup would destroy. Choose a file outside the data folder."
            )


def backup(db: sqlite3.Connection, live: Path, dest: Path, moment: datetime) -> Path:
    """Copy ``db`` to ``dest`` (a file, or a folder to name it in); see GameStore.backup."""
    if dest.is_dir():
        dest = dest / f"hub-{moment:%Y%m%d-%H%M%S}.sqlite3"
    _refuse_live(live, dest)
    try:
        write_copy(db, dest)
    except (sqlite3.Error, OSError) as err:
        raise backup_error(err, dest) from err
    return dest
