"""The game store: every game's log in SQLite, each event committed before it is shown.

One file, ``hub.sqlite3`` in the data folder, in WAL mode with ``synchronous=FULL``: when
``append`` returns, the event is on the disk. A game is its log (the engine's JSON Lines, one
row per event, undos included), so resuming rebuilds the exact game, undo history and all.
The only other stored values are the history columns (totals, winners, rounds, finished time,
per-seat standings, the score sheet), derived from the log and written in the same
transaction as the event that changes them.

Faults never become a crash loop: a damaged or newer database (or a folder or empty file in
its place) is moved aside and a fresh one started (``recovered_from`` says so); a full or
read-only disk refuses new events with a ``StoreWriteError`` whose message fits a banner, and
loses nothing already committed (a data folder that cannot be used at all opens view-only,
``cannot_save`` says why and what to do). A -wal removed or replaced while the hub runs is
noticed and what it held is put back (``GameStore.check_files``); a crash before it was
noticed loses nothing either, since each committed event is also kept in a short journal
beside the database (``journal``), which the next start compares with what it finds. One
daemon per data folder: the folder itself is held with ``flock`` for the life of the store
(``hubd.lock`` only holds the pid, so no rename of it lets a second daemon in); commands
beside the daemon (export, backup) open it with ``readonly=True`` and take no lock.

It imports the engine, hubd.config.files and hubd.values, nothing that shows or sounds.

The parts, each readable alone:

- ``migrations``: the schema, one migration per version;
- ``lock``: the data folder, made if missing and held by one daemon;
- ``opening``: the checks, migrating, moving an unusable file aside, putting removed files back;
- ``readonly``: opening for reading only (beside the daemon, a read-only mount), view-only;
- ``files``: safe copies, moving aside, noticing a file removed or replaced under the store;
- ``journal``: the last events beside the database, put back after a crash that lost them;
- ``log``: each game's log, replaying it, setting a game aside, reading a log to import;
- ``history``: the derived history columns and what reads them (history, statistics);
- ``transfer``: export (JSON Lines, CSV) and backup;
- ``errors``: the one error family, with messages for people;
- ``roles``: what the loop, the command line and the club need of the store, as small
  interfaces (the game being played, the records, the club's games, the transfers);
- ``game_store``: ``GameStore``, which plays every role, and ``open_store``, the one place it
  is opened (opening, writes);
- ``reading``: what ``GameStore`` reads (logs, history, statistics, club games, exports).

Its users import this package, never its modules: the roles, ``open_store``, the errors, and
the two pure parts the club shares with ``hubd import`` (``game_from_source``, a log replayed
through the import's checks, and ``progress``, the figures the history keeps of a game).

The store reads the clock only through the ``clock`` it is given; tests pass fixed times.
"""

from hubd.store.club import ClubRow
from hubd.store.errors import (
    AlreadyStoredError,
    BackupError,
    ImportRefusedError,
    StoreCorruptError,
    StoreError,
    StoreFolderError,
    StoreFullError,
    StoreIOError,
    StoreLockedError,
    StoreReadOnlyError,
    StoreVersionError,
    StoreWriteError,
    UnknownGameError,
)
from hubd.store.game_store import GameStore, local_now, open_store
from hubd.store.history import Progress, progress
from hubd.store.lock import LOCK_NAME
from hubd.store.log import ImportSource, game_from_source
from hubd.store.opening import DATABASE_NAME
from hubd.store.roles import ClubGames, GameLog, HubStore, Records, Store, Transfers

__all__ = [
    "DATABASE_NAME",
    "LOCK_NAME",
    "AlreadyStoredError",
    "BackupError",
    "ClubGames",
    "ClubRow",
    "GameLog",
    "GameStore",
    "HubStore",
    "ImportRefusedError",
    "ImportSource",
    "Progress",
    "Records",
    "Store",
    "StoreCorruptError",
    "StoreError",
    "StoreFolderError",
    "StoreFullError",
    "StoreIOError",
    "StoreLockedError",
    "StoreReadOnlyError",
    "StoreVersionError",
    "StoreWriteError",
    "Transfers",
    "UnknownGameError",
    "game_from_source",
    "local_now",
    "open_store",
    "progress",
]
