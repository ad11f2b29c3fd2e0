"""The club folder: ``<data>/club/<hub-id>/<game-id>.jsonl``, one folder per hub.

Each hub writes only its own folder; Syncthing copies every folder to every hub. A game file
is the game's log exactly as the store holds it, one line per event, appended and flushed as
the game goes, so ``chickenfoot replay`` reads it. Its name is its start (local time) and the
hub's own game number, ``2026-12-01T193005-g12.jsonl``, which says the night it belongs to
and stays unique when the hub's database is ever started afresh.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

log = logging.getLogger("hubd.club")

CLUB_FOLDER = "club"
HUB_ID_FILE = "hub-id"
HUB_FILE = "hub.json"  # this hub's table name
NIGHTS_FILE = "nights.json"  # the nights' names and choices, as set on this hub
#: A hub id: eight lower-case hex digits, made once.
HUB_ID = re.compile(r"[0-9a-f]{8}")
GAME_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{6})-g(\d{1,9})\.jsonl")
#: A night runs from 06:00 to 06:00 the next morning: a game started at 00:30 belongs to
#: the evening before.
NIGHT_STARTS_HOUR = 6


def club_folder(data: Path) -> Path:
    return data / CLUB_FOLDER


def hub_id(data: Path) -> str:
    """This hub's id, made once and kept in the data folder (a damaged file is made again)."""
    path = data / HUB_ID_FILE
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        text = ""
    except (OSError, UnicodeDecodeError) as err:
        log.warning("cannot read the hub id in %s (%s); making a new one", path, err)
        text = ""
    if HUB_ID.fullmatch(text):
        return text
    if text:
        log.warning("%s holds no hub id; making a new one", path)
    made = os.urandom(4).hex()  # as secrets.token_hex(4), without OpenSSL's 3 MB at start
    write_atomically(path, made + "\n")
    return made


def hub_folders(club: Path) -> list[Path]:
    """The hubs' folders in the club folder, by hub id (anything else there is ignored)."""
    try:
        return sorted(p for p in club.iterdir() if HUB_ID.fullmatch(p.name) and p.is_dir())
    except OSError:
        return []


def strays(club: Path) -> list[Path]:
    """What the club folder holds that is neither a hub's folder nor a game, nor a file the
    hubs or Syncthing keep there (hidden and temporary ones, hub.json, nights.json)."""
    found: list[Path] = []
    try:
        entries = sorted(club.iterdir())
    except OSError:
        return []
    for entry in entries:
        if entry.name.startswith((".", "~")):
            continue
        if not (HUB_ID.fullmatch(entry.name) and entry.is_dir() and not entry.is_symlink()):
            found.append(entry)
            continue
        try:
            names = sorted(entry.iterdir())
        except OSError:
            continue
        found += [
            path
            for path in names
            if path.name not in (HUB_FILE, NIGHTS_FILE) and versions_of(path.name) is None
            and not path.name.startswith((".", "~"))
        ]  # fmt: skip
    return found


def game_file_name(started: datetime, local_id: int) -> str:
    return f"{started:%Y-%m-%dT%H%M%S}-g{local_id}.jsonl"


@dataclass(frozen=True, order=True)
class GameName:
    """What a game file's name says: when it started (local time) and its number there."""

    started: datetime
    number: int

    @property
    def night(self) -> date:
        return night_of(self.started)


def parse_game_name(name: str) -> GameName | None:
    """The name of one of the hubs' game files, or None for anything else."""
    found = GAME_NAME.fullmatch(name)
    if found is None:
        return None
    try:
        started = datetime.strptime(f"{found[1]}T{found[2]}", "%Y-%m-%dT%H%M%S")
    except ValueError:
        return None
    return GameName(started, int(found[3]))


def night_of(started: datetime) -> date:
    return (started - timedelta(hours=NIGHT_STARTS_HOUR)).date()


CONFLICT_MARK = ".sync-conflict-"


def versions_of(name: str) -> str | None:
    """The game file a file in a hub's folder is a version of, or None to ignore it.

    ``g.jsonl`` is itself; Syncthing's conflicting copy ``g.sync-conflict-20261201-193005-
    ABCDEFG.jsonl`` is another version of ``g.jsonl``; temporary files (``.syncthing.*``,
    ``~syncthing~*``, ours ``.*``) and everything else are ignored.
    """
    if name.startswith((".", "~")):
        return None
    if CONFLICT_MARK in name:
        stem, _, rest = name.partition(CONFLICT_MARK)
        suffix = rest[rest.find(".") :] if "." in rest else ""
        name = stem + suffix
    return name if parse_game_name(name) is not None else None


def complete_lines(data: bytes) -> bytes:
    """``data`` up to its last newline: a line still being written is never read."""
    return data[: data.rfind(b"\n") + 1]


def write_atomically(path: Path, text: str) -> None:
    """Through a temporary file beside ``path`` and a rename: a reader sees old or new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_json(path: Path, limit: int = 1 << 20) -> dict[str, Any] | None:
    """A small JSON object file (hub.json, nights.json), or None if missing or unusable."""
    try:
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return None
    if len(data) > limit:
        log.warning("%s is larger than %d bytes: ignored", path, limit)
        return None
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        log.warning("%s is not JSON: ignored", path)
        return None
    return value if isinstance(value, dict) else None
