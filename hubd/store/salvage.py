"""Games read back from a damaged database after it was moved aside.

Whatever the damage (the header, the stored table definitions, a page of the log, the
-wal), every game whose events can still be read is put into the fresh database under its
own number. Three sources, each a copy of the moved-aside files in a scratch folder so the
damaged file itself is never changed:

1. SQLite reading the copy as it is, game by game (a damaged page spoils only its games);
2. SQLite's own ``.recover`` (the ``sqlite3`` command, when installed), which reads the pages
   without the damaged table definitions; its rows are taken only when they look like the
   log's (game, number, line) and the engine parses the line;
3. the journal of the last events (``hub.sqlite3-events``, hubd/store/journal.py).

A game is rebuilt from event 1 for as long as its events follow on and the engine takes
them. One that stops short of the last event read is set aside (never resumed: its next
event would take a lost number), and the notice says which events are missing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from engine import MAX_EVENTS, Game, RuleError, parse_line
from hubd.store.files import SIDE_FILES, side
from hubd.store.journal import JOURNAL_SUFFIX, read_journal
from hubd.store.log import insert_game
from hubd.store.pages import TABLE_LEAF, records

logger = logging.getLogger("hubd.store")

#: The longest ``.recover`` may take before it is given up (a Pi reads ~20 MB/s of pages).
RECOVER_SECONDS = 120
#: The most SQL text ``.recover`` may give back (a hub's database is a few MB).
MAX_RECOVERED_BYTES = 256 * 1024 * 1024

#: game -> event number -> line, and game -> its start time as stored.
Lines = dict[int, dict[int, str]]


@dataclass
class Salvaged:
    """What was read back: games whole, and games set aside (game: last event read back,
    and the last event seen or None when the end could not be known)."""

    whole: list[int] = field(default_factory=list)
    cut: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)

    def notice(self) -> str:
        if not self.whole and not self.cut:
            return "No game could be read back from it."
        parts = []
        if self.whole:
            count = len(self.whole)
            parts.append(f"{count} game{'' if count == 1 else 's'} read back whole")
        for game_id, (have, last) in sorted(self.cut.items()):
            missing = "later events may be missing" if last is None else f"{last - have} lost"
            parts.append(f"game {game_id} read back to event {have} and set aside ({missing})")
        return f"{'; '.join(parts).capitalize()} (from {' and '.join(self.sources)})."


def salvage(damaged: Path, db: sqlite3.Connection, moment: datetime) -> Salvaged:
    """Put every game readable in ``damaged`` (moved aside) into ``db`` (fresh, empty).

    Runs in its own transaction on ``db``; never raises for what the damaged file holds.
    """
    lines: Lines = {}
    started: dict[int, str] = {}
    done = Salvaged()
    with tempfile.TemporaryDirectory(prefix="hubd-salvage-") as scratch:
        copy = Path(scratch) / "damaged.sqlite3"
        try:
            _copy_files(damaged, copy)
        except OSError as err:
            logger.debug("cannot copy %s to read it back: %s", damaged, err)
        else:
            if _merge(lines, _read_direct(copy, started)):
                done.sources.append("the file itself")
            if _merge(lines, _read_recovered(copy, Path(scratch), started)):
                done.sources.append("SQLite's .recover")
            if _merge(lines, _read_pages(copy, started)):
                done.sources.append("its pages")
    journal: Lines = {}
    for record in read_journal(side(damaged, JOURNAL_SUFFIX)):
        journal.setdefault(record.game_id, {})[record.seq] = record.line
        if record.seq == 1:
            started.setdefault(record.game_id, record.stamp)
    if _merge(lines, journal):
        done.sources.append("the journal of the last events")
    db.execute("BEGIN IMMEDIATE")
    try:
        for game_id, events in sorted(lines.items()):
            confirmed = max(journal.get(game_id, {0: ""})) == max(events)
            _put_game(db, game_id, events, (started.get(game_id), confirmed), moment, done)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return done


def _copy_files(damaged: Path, copy: Path) -> None:
    shutil.copyfile(damaged, copy)
    for suffix in SIDE_FILES[:1]:  # the -wal holds commits; the -shm is rebuilt
        if side(damaged, suffix).is_file():
            shutil.copyfile(side(damaged, suffix), side(copy, suffix))


def _merge(into: Lines, found: Lines) -> bool:
    """Add the events ``into`` lacks; whether ``found`` gave any."""
    added = False
    for game_id, events in found.items():
        have = into.setdefault(game_id, {})
        for seq, line in events.items():
            if seq not in have:
                have[seq], added = line, True
    return added


def _text(raw: object) -> str | None:
    """A stored line as text, or None when it is not UTF-8 (that event is not readable)."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def _add_event(found: Lines, row: Sequence[object], *, check: bool = True) -> None:
    """Keep ``row`` if it is one of the log's: (game, number, line as UTF-8); ``check``: and
    the engine parses its line (a row found in loose pages could be anything)."""
    if len(row) != 3:
        return
    game_id, seq, line = row
    if type(game_id) is not int or type(seq) is not int:
        return
    text = _text(line)
    usable = game_id > 0 and 0 < seq <= MAX_EVENTS and text is not None
    if usable and text is not None and (not check or _parses(text)):
        found.setdefault(game_id, {})[seq] = text


def _read_direct(copy: Path, started: dict[int, str]) -> Lines:
    """What SQLite still reads of the copy, game by game."""
    found: Lines = {}
    try:
        db = sqlite3.connect(copy, isolation_level=None)
    except sqlite3.Error:
        return found
    try:
        db.text_factory = bytes
        games = _rows(db, "SELECT id, created FROM games")
        for game_id, created in games:
            if type(game_id) is int and isinstance(created, bytes):
                started.setdefault(game_id, created.decode("utf-8", "replace"))
        ids = {row[0] for row in games} | {
            row[0] for row in _rows(db, "SELECT DISTINCT game_id FROM events")
        }
        for game_id in sorted(i for i in ids if type(i) is int):
            query = "SELECT game_id, seq, line FROM events WHERE game_id = ? ORDER BY seq"
            for row in _rows(db, query, game_id):
                _add_event(found, row, check=False)
    finally:
        db.close()
    return found


def _rows(db: sqlite3.Connection, query: str, *args: object) -> list[tuple[object, ...]]:
    """The rows read before the first damaged page (none when the query cannot start)."""
    rows: list[tuple[object, ...]] = []
    try:
        for row in db.execute(query, args):
            rows.append(tuple(row))
    except (sqlite3.Error, UnicodeDecodeError, MemoryError) as err:
        logger.debug("reading back %r stopped: %s", query, err)
    return rows


def _read_recovered(copy: Path, scratch: Path, started: dict[int, str]) -> Lines:
    """The log's rows that SQLite's ``.recover`` finds in the copy's pages."""
    found: Lines = {}
    tool = shutil.which("sqlite3")
    if tool is None:
        return found
    recovered = scratch / "recovered.sqlite3"
    try:
        dump = subprocess.run(
            [tool, "-bail", str(copy), ".recover --ignore-freelist"],
            capture_output=True,
            timeout=RECOVER_SECONDS,
            check=False,
            stdin=subprocess.DEVNULL,
        ).stdout[:MAX_RECOVERED_BYTES]
        subprocess.run(
            [tool, str(recovered)],
            input=dump,
            capture_output=True,
            timeout=RECOVER_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as err:
        logger.debug(".recover of %s failed: %s", copy, err)
        return found
    if not recovered.exists():
        return found
    db = sqlite3.connect(recovered, isolation_level=None)
    try:
        db.text_factory = bytes
        tables = [
            row[0].decode("utf-8", "replace")
            for row in _rows(db, "SELECT name FROM sqlite_schema WHERE type = 'table'")
            if isinstance(row[0], bytes)
        ]
        for game_id, created in _rows(db, "SELECT id, created FROM games"):
            if type(game_id) is int and isinstance(created, bytes):
                started.setdefault(game_id, created.decode("utf-8", "replace"))
        rows = _rows(db, "SELECT game_id, seq, line FROM events")
        for table in tables:  # rows whose table definition was lost: (game, number, line)
            if table.startswith("lost_and_found"):
                rows += _rows(db, f'SELECT c0, c1, c2 FROM "{table}" WHERE nfield = 3')
        for row in rows:
            _add_event(found, row)
    finally:
        db.close()
        with contextlib.suppress(OSError):
            os.unlink(recovered)
    return found


def _read_pages(copy: Path, started: dict[int, str]) -> Lines:
    """The log's rows found in the copy's pages (and its -wal's), read one by one."""
    found: Lines = {}
    try:
        with copy.open("rb") as handle:
            data = handle.read(MAX_RECOVERED_BYTES)
        wal = side(copy, "-wal")
        frames = b""
        if wal.is_file():
            with wal.open("rb") as handle:
                frames = handle.read(MAX_RECOVERED_BYTES)
    except OSError:
        return found
    for kind, rowid, values in records(data, frames):
        if kind == TABLE_LEAF:  # a games row: (id as rowid) created, preset, ...
            if rowid and len(values) >= 3 and values[0] is None:
                created = _text(values[1])
                if created is not None and _is_time(created):
                    started.setdefault(rowid, created)
        else:  # the log: (game, number, line)
            _add_event(found, values)
    return found


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _parses(line: str) -> bool:
    try:
        parse_line(line)
    except RuleError:
        return False
    return True


def _put_game(
    db: sqlite3.Connection,
    game_id: int,
    events: dict[int, str],
    known: tuple[str | None, bool],
    moment: datetime,
    done: Salvaged,
) -> None:
    """Rebuild one game from event 1 while its events follow on; ``known``: its start
    time, and whether the journal holds its last event (then an unfinished game is whole)."""
    created, confirmed = known
    game, seq = Game(), 1
    while seq in events:
        try:
            game.apply(parse_line(events[seq]))
        except RuleError:
            break
        seq += 1
    if not game.log:
        return
    try:
        start = datetime.fromisoformat(created) if created else moment
    except ValueError:
        start = moment
    insert_game(db, game, start, game_id=game_id)
    last = max(events)
    if seq <= last:
        reason = f"events {seq} to {last} could not be read back from the damaged file"
        done.cut[game_id] = (seq - 1, last)
    elif game.state.outcome is None and not confirmed:
        # Not over, and nothing says its last event was read: resuming it could reuse the
        # number of an event that was lost.
        reason = f"events after {seq - 1} may be lost with the damaged file"
        done.cut[game_id] = (seq - 1, None)
    else:
        done.whole.append(game_id)
        return
    db.execute("UPDATE games SET set_aside = ? WHERE id = ?", (reason, game_id))
