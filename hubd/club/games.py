"""The hubs' game files read as games: each version replayed, one version counted.

A game is named by its hub and its file name. Its versions are the file itself and any
conflicting copy Syncthing made of it; each is read only up to its last newline and replayed
through the same checks as ``hubd import``. A version that does not replay is set aside (one
line in the journal) and never used. Of the rest, a version replaces the one counted only when
it *continues* it (the shorter log is a line-for-line prefix of the longer): a finished game is
never rewritten. Any other version is a :class:`Conflict`, set aside until the organiser
chooses it. Two files with the same log are one game, whatever their names.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from engine import MAX_LOG_BYTES, Game, dump_line
from hubd.club.club_game import ClubGame, Conflict
from hubd.club.folder import complete_lines, hub_folders, versions_of
from hubd.club.nights import read_nights, read_tables
from hubd.club.view import ClubView, view_of
from hubd.store import ImportRefusedError, game_from_source, progress

log = logging.getLogger("hubd.club")


@dataclass(frozen=True)
class Version:
    """A version of a game that replays, with its log's text (what the store keeps) and the
    file it was read from ("" when it comes from the store)."""

    game: ClubGame
    text: str
    file: str = ""

    def continues(self, other: Version) -> bool:
        """Whether this log is ``other``'s with more lines after (or the same log)."""
        return self.text.startswith(other.text)


def resolve(
    base: Version | None, versions: Iterable[Version]
) -> tuple[Version | None, list[Version]]:
    """The version counted and the versions set aside as conflicts.

    ``base`` is the version counted so far (the stored one, the organiser's choice, or the
    file itself); a version replaces it only when it continues it. Without a base the
    shortest version starts (then the smaller digest), so the result does not depend on the
    order the versions are given in.
    """
    ordered = sorted(versions, key=lambda v: (v.game.lines, v.game.digest))
    counted = base
    aside: dict[str, Version] = {}
    for version in ordered:
        if counted is None or version.continues(counted):
            counted = version
        elif not counted.continues(version):
            aside[version.game.digest] = version
    # A version set aside early may be continued by the one counted at the end.
    kept = [v for v in aside.values() if counted is None or not counted.continues(v)]
    return counted, kept


@dataclass(frozen=True)
class SetAside:
    """A file that does not replay: never imported; ``why`` is the journal's one line."""

    path: Path
    why: str


def game_of(hub: str, name: str, game: Game, text: str | None = None) -> ClubGame:
    """The figures of a replayed game (``text``: its log as read, else written anew)."""
    import hashlib  # OpenSSL's libcrypto (3 MB resident): only once a club game is read

    state = game.state
    done = progress(state)
    if text is None:
        text = "".join(dump_line(event) + "\n" for event in game.log)
    return ClubGame(
        hub=hub,
        name=name,
        lines=len(game.log),
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        players=tuple(state.players),
        totals=done.totals,
        winners=done.winners,
        rounds=done.rounds_played,
        over=done.over,
    )


def read_version(hub: str, name: str, path: Path) -> Version | SetAside | None:
    """One file as a version of game ``name``; None while it holds no whole line yet.

    The version is the file's lines as they are (Syncthing copies them byte for byte), so
    the same file gives the same digest on every hub.
    """
    try:
        # O_NOFOLLOW: a symbolic link in a hub's folder is never followed out of it.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_LOG_BYTES:  # set aside by its size: never read, never in memory
                return SetAside(
                    path,
                    f"it holds {size:,} bytes, more than a game's log may ({MAX_LOG_BYTES:,})",
                )
            data = complete_lines(handle.read(MAX_LOG_BYTES + 1))
    except OSError as err:
        return SetAside(path, f"cannot be read ({err.strerror or err})")
    if not data.strip():
        return None
    lines = data.splitlines()
    try:
        game = game_from_source(lines)
    except ImportRefusedError as err:
        return SetAside(path, err.message)
    # Every line replayed, so each is UTF-8; blank lines (skipped by the replay) are dropped.
    text = "".join(line.decode("utf-8").strip() + "\n" for line in lines if line.strip())
    return Version(game_of(hub, name, game, text), text, path.name)


def version_of_text(hub: str, name: str, text: str, file: str = "") -> Version | None:
    """A whole log's text (as the store holds it) as a version; None if it does not replay."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    try:
        game = game_from_source(lines)
    except ImportRefusedError:
        return None
    whole = "".join(line + "\n" for line in lines)
    return Version(game_of(hub, name, game, whole), whole, file)


def game_files(club: Path) -> Iterator[tuple[str, str, Path]]:
    """(hub, game file name, path) of every version of every game in the club folder."""
    for folder in hub_folders(club):
        try:
            names = sorted(p.name for p in folder.iterdir())
        except OSError:
            continue
        for file_name in names:
            name = versions_of(file_name)
            if name is not None:
                yield folder.name, name, folder / file_name


def counted_in_folder(
    versions: Iterable[Version], chosen: Mapping[tuple[str, str], str] | None = None
) -> tuple[dict[tuple[str, str], Version], list[Conflict]]:
    """Each game's counted version and its conflicts, from the club folder alone.

    The file under the game's own name starts (Syncthing's conflicting copies are the
    others), unless the organiser chose another version's digest (``chosen``).
    """
    by_game: dict[tuple[str, str], list[Version]] = {}
    for version in versions:
        by_game.setdefault(version.game.key, []).append(version)
    counted: dict[tuple[str, str], Version] = {}
    conflicts: list[Conflict] = []
    for key, found in sorted(by_game.items()):
        wanted = (chosen or {}).get(key)
        base = next((v for v in found if v.game.digest == wanted), None)
        if base is None:
            base = next((v for v in found if v.file == key[1]), None)
        if base is None:  # only Syncthing's copies: the game's own file is still to come
            continue
        kept, aside = resolve(base, found)
        assert kept is not None
        counted[key] = kept
        conflicts += [Conflict(kept.game, v.game, kept.file, v.file) for v in aside]
    return counted, conflicts


def read_versions(club: Path) -> tuple[list[Version], list[SetAside]]:
    """Every version of every game in the club folder, and the files set aside."""
    versions: list[Version] = []
    aside: list[SetAside] = []
    for hub, name, path in game_files(club):
        found = read_version(hub, name, path)
        if isinstance(found, Version):
            versions.append(found)
        elif isinstance(found, SetAside):
            aside.append(found)
    return versions, aside


def read_club(club: Path) -> tuple[list[ClubGame], list[SetAside]]:
    """Every game in the club folder (its counted version) and the files set aside."""
    versions, aside = read_versions(club)
    counted, _ = counted_in_folder(versions)
    return [v.game for v in counted.values()], aside


def view_of_folder(club: Path, hub: str = "") -> ClubView:
    """From the club folder alone (``hubd club standings``): the same view every hub has."""
    versions, aside = read_versions(club)
    entries = [night for folder in hub_folders(club) for night in read_nights(folder)]
    counted, conflicts = counted_in_folder(versions)
    games = [version.game for version in counted.values()]
    lines = (f"{a.path}: {a.why}" for a in aside)
    return view_of(hub, games, read_tables(club), entries, lines, conflicts)
