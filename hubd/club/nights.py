"""Nights and tables as the hubs name them, merged the same way on every hub.

A night is a date (the evening it began, see ``night_of``), a name and its games, with the
organiser's choices for it: the seating rule, how many move under 11-3, the ranking, the
tables set aside for the night, and which version counts of a game that has two. A hub
writes the choices made on it to its own ``nights.json``; of the hubs' entries for a night
the one set last wins (then the larger hub id), so every hub shows the same. A hub's table
name is in its own ``hub.json``.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, Literal, get_args

from hubd.club.folder import (
    HUB_FILE,
    HUB_ID,
    NIGHTS_FILE,
    hub_folders,
    read_json,
    write_atomically,
)
from hubd.club.standings import RANKINGS, Ranking

log = logging.getLogger("hubd.club")

Seating = Literal["11-3", "winners", "random"]
SEATINGS: tuple[Seating, ...] = get_args(Seating)
MAX_MOVERS = 7
MAX_NAME = 40


@dataclass(frozen=True)
class Night:
    day: date
    name: str = ""  # "" until named: the date is shown
    seating: Seating = "11-3"
    movers: int = 3  # how many move to the next table under 11-3
    ranking: Ranking = "pips"
    set_at: str = ""  # ISO 8601 time it was set, with its offset
    hub: str = ""  # the hub it was set on
    aside: tuple[str, ...] = ()  # hubs (tables) set aside for the night, sorted
    #: ("<hub>/<game file>", digest): the version the organiser chose of a game with two
    chosen: tuple[tuple[str, str], ...] = ()

    def order(self) -> tuple[str, str]:
        return (self.set_at, self.hub)

    def choices(self) -> dict[tuple[str, str], str]:
        """The chosen versions by game: (hub, file name) -> digest."""
        found: dict[tuple[str, str], str] = {}
        for game, digest in self.chosen:
            hub, _, name = game.partition("/")
            found[hub, name] = digest
        return found

    def choosing(self, hub: str, name: str, digest: str) -> tuple[tuple[str, str], ...]:
        """``chosen`` with ``digest`` counted for the game ``hub``/``name``."""
        kept = {game: d for game, d in self.chosen if game != f"{hub}/{name}"}
        return tuple(sorted({**kept, f"{hub}/{name}": digest}.items()))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["day"], data["hub"]
        data["aside"] = list(self.aside)
        data["chosen"] = dict(self.chosen)
        return data


DIGEST = re.compile(r"[0-9a-f]{64}")
GAME_KEY = re.compile(r"[0-9a-f]{8}/[^/\x00]{1,200}")


def clean_name(text: str) -> str:
    """A night's or a table's name: one line, no control characters, at most 40 characters."""
    text = re.sub(r"[\x00-\x1f\x7f]+", " ", text).strip()
    return text[:MAX_NAME].strip()


def night_from_json(day: str, data: object, hub: str) -> Night | None:
    if not isinstance(data, Mapping):
        return None
    try:
        when = date.fromisoformat(day)
    except ValueError:
        return None
    name, seating, movers = data.get("name", ""), data.get("seating"), data.get("movers")
    ranking, set_at = data.get("ranking"), data.get("set_at", "")
    if not isinstance(name, str) or not isinstance(set_at, str):
        return None
    aside, chosen = data.get("aside", []), data.get("chosen", {})
    listed = aside if isinstance(aside, list) else []
    tables = sorted({h for h in listed if isinstance(h, str) and HUB_ID.fullmatch(h)})
    picks = sorted(
        (game, digest)
        for game, digest in (chosen.items() if isinstance(chosen, dict) else ())
        if isinstance(digest, str) and DIGEST.fullmatch(digest) and GAME_KEY.fullmatch(game)
    )
    return Night(
        when,
        clean_name(name),
        seating if seating in SEATINGS else "11-3",
        movers if type(movers) is int and 1 <= movers <= MAX_MOVERS else 3,
        ranking if ranking in RANKINGS else "pips",
        set_at,
        hub,
        tuple(tables),
        tuple(picks),
    )


def read_nights(folder: Path) -> list[Night]:
    """The nights set on one hub (its folder in the club folder)."""
    data = read_json(folder / NIGHTS_FILE) or {}
    entries = data.get("nights", {})
    if not isinstance(entries, dict):
        return []
    found = (night_from_json(day, value, folder.name) for day, value in entries.items())
    return [night for night in found if night is not None]


def merge(nights: Iterable[Night]) -> dict[date, Night]:
    """Each date's night as set last on any hub."""
    merged: dict[date, Night] = {}
    for night in nights:
        if night.day not in merged or night.order() > merged[night.day].order():
            merged[night.day] = night
    return merged


def write_night(folder: Path, night: Night) -> None:
    """Keep ``night`` in this hub's nights.json (its other nights stay)."""
    mine = {n.day: n for n in read_nights(folder)}
    mine[night.day] = night
    body = {"nights": {d.isoformat(): n.to_json() for d, n in sorted(mine.items())}}
    write_atomically(folder / NIGHTS_FILE, json.dumps(body, ensure_ascii=False, indent=1) + "\n")


def toggled(hubs: tuple[str, ...], hub: str) -> tuple[str, ...]:
    """The tables set aside with ``hub`` set aside, or brought back if it was."""
    return tuple(sorted(set(hubs) ^ {hub}))


def changed(night: Night, set_at: str, hub: str, **changes: Any) -> Night:
    return replace(night, set_at=set_at, hub=hub, **changes)


def read_tables(club: Path) -> dict[str, str]:
    """Each hub's table name, by hub id (a hub without a usable hub.json: none)."""
    tables: dict[str, str] = {}
    for folder in hub_folders(club):
        data = read_json(folder / HUB_FILE) or {}
        name = data.get("table")
        if isinstance(name, str) and clean_name(name):
            tables[folder.name] = clean_name(name)
    return tables


def write_table(folder: Path, name: str) -> None:
    """This hub's table name in its hub.json, written only when it changed."""
    body = json.dumps({"table": clean_name(name)}, ensure_ascii=False) + "\n"
    try:
        if (folder / HUB_FILE).read_text(encoding="utf-8") == body:
            return
    except (OSError, UnicodeDecodeError):
        pass
    write_atomically(folder / HUB_FILE, body)


def table_order(tables: Mapping[str, str], hubs: Iterable[str]) -> list[str]:
    """Hub ids in table order: by name, numbers compared as numbers (Table 2 before 10)."""

    def key(hub: str) -> tuple[Any, ...]:
        name = tables.get(hub, "")
        parts = re.split(r"(\d+)", name.casefold())
        natural = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts if p)
        return (name == "", natural, hub)

    return sorted(set(hubs), key=key)
