"""Export and backup: a game's log or score sheet out, the whole database copied.

Import is the other way (``hubd.store.log.game_from_source``): a log goes through the engine
like the game at the table did, so only a log the engine replays is stored.
"""

from __future__ import annotations

import csv
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TextIO

from engine import GameState
from hubd.config.files import FileRefused, OwnFile, check_destination
from hubd.store.errors import BackupError, backup_error
from hubd.store.files import SIDE_FILES, side, write_copy
from hubd.store.lock import LOCK_NAME
from hubd.store.log import log_lines


def export_jsonl(db: sqlite3.Connection, game_id: int, out: TextIO) -> None:
    """The game's log exactly as stored: ``chickenfoot replay`` reads it."""
    for _, line in log_lines(db, game_id):
        out.write(line + "\n")


def export_csv(state: GameState, out: TextIO) -> None:
    """The score sheet: a row per scored round (with its double), totals, the winner.

    The winner row is written only once the game is over.
    """
    assert state.rules is not None
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "double", *state.players])
    for number, row in enumerate(state.scores, start=1):
        double = state.doubles[number - 1]
        writer.writerow([number, f"{double}-{double}", *row])
    writer.writerow(["total", "", *state.totals])
    outcome = state.outcome
    if outcome is not None:
        writer.writerow(["winner", "", *(state.players[s] for s in outcome.winners)])


def own_files(live: Path) -> list[OwnFile]:
    """The store's own files, which no command may write over: the database, its -wal and
    -shm, and the lock."""
    files: list[OwnFile] = [
        (side(live, suffix), f"the live database's own file {live.name}{suffix}")
        for suffix in ("", *SIDE_FILES)
    ]
    files.append((live.with_name(LOCK_NAME), f"the hub's lock file {LOCK_NAME}"))
    return files


def backup(db: sqlite3.Connection, dest: Path, moment: datetime, own: Sequence[OwnFile]) -> Path:
    """Copy ``db`` to ``dest`` (a file, or a folder to name it in); see GameStore.backup.

    Only a new name or a regular file that is none of ``own`` (nor a link) is written.
    """
    if dest.is_dir() and not dest.is_symlink():
        dest = dest / f"hub-{moment:%Y%m%d-%H%M%S}.sqlite3"
    try:
        check_destination(dest, own)
    except FileRefused as refused:
        raise BackupError(
            f"Cannot back up to {dest}: {refused.reason}, which a backup would destroy. "
            "Choose a file outside the data folder."
            if refused.own
            else f"Cannot back up to {dest}: {refused.reason}. The saved games are unchanged."
        ) from None
    try:
        write_copy(db, dest)
    except (sqlite3.Error, OSError) as err:
        raise backup_error(err, dest) from err
    return dest
