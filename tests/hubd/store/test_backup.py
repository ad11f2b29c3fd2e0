"""``GameStore.backup``: a consistent copy while the daemon writes, never onto the live database
(which once destroyed every game), written through a temporary file, its destination named in
every error."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from store_helpers import lines_of, played, python_process, raw, store_log

from hubd.store import DATABASE_NAME, BackupError, GameStore

pytest_plugins = ["store_fixtures"]


# -- backup ------------------------------------------------------------------------------


def test_backup_is_a_complete_self_contained_copy(store: GameStore, tmp_path: Path) -> None:
    game_id = store_log(store, played())
    dest = store.backup(tmp_path / "copy.sqlite3")
    assert dest == tmp_path / "copy.sqlite3"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]
    with raw(dest) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    restored = tmp_path / "restored"
    restored.mkdir()
    os.replace(dest, restored / DATABASE_NAME)
    with GameStore.open(restored) as copy:
        assert lines_of(copy, game_id) == lines_of(store, game_id)
        assert copy.history() == store.history()
    named = store.backup(tmp_path)
    assert named == tmp_path / "hub-20260314-203000.sqlite3"


WRITER = """
import sys
from datetime import datetime, timezone
from engine.simulate import Simulator
from hubd.store import GameStore

store = GameStore.open(sys.argv[1])
now = datetime(2026, 1, 1, tzinfo=timezone.utc)
for seed in (11, 12):
    log = Simulator(4, {"preset": "classic"}, seed, check=False).play_game().log
    game_id = store.new_game(log[0], now)
    for event in log[1:]:
        print(game_id, store.append(game_id, event, now), flush=True)
"""


def test_backup_while_another_process_writes(folder: Path, tmp_path: Path) -> None:
    GameStore.open(folder).close()
    writer = python_process(WRITER, folder, stdout=subprocess.PIPE)
    assert writer.stdout is not None
    copies: list[Path] = []
    with GameStore.open(folder, readonly=True) as reader:
        for number, _ in enumerate(writer.stdout):
            if number % 40 == 0:
                target = tmp_path / f"backup{number}"
                target.mkdir()
                copies.append(reader.backup(target / DATABASE_NAME))
    assert writer.wait() == 0
    assert len(copies) > 10
    for copy in copies:
        with GameStore.open(copy.parent, readonly=True) as backup:
            for record in backup.history():
                backup.load(record.game_id)  # every game in every copy replays
        with raw(copy) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def live_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name.startswith(DATABASE_NAME)}


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_backup_onto_the_live_database_or_its_wal_or_shm_is_refused(
    folder: Path, suffix: str
) -> None:
    with GameStore.open(folder) as daemon:
        game_id = store_log(daemon, played()[:30])
        with GameStore.open(folder, readonly=True) as command:
            target = folder / f"{DATABASE_NAME}{suffix}"
            with pytest.raises(BackupError) as refused:
                command.backup(target)
        assert refused.value.message == (
            f"Cannot back up to {target}: it is the live database's own file "
            f"{DATABASE_NAME}{suffix}, which a backup would destroy. Choose a file outside "
            "the data folder."
        )
        assert daemon.append(game_id, played()[30]) == 31  # the daemon goes on
    assert not [p for p in folder.iterdir() if p.name.endswith(".partial")]
    with GameStore.open(folder) as store:
        assert store.recovered_from is None
        assert len(store.events(game_id)) == 31


def test_a_backup_through_a_link_to_the_live_database_is_refused(
    store: GameStore, folder: Path, tmp_path: Path
) -> None:
    store_log(store, played()[:10])
    symlink, hardlink = tmp_path / "via-symlink.sqlite3", tmp_path / "via-hardlink.sqlite3"
    symlink.symlink_to(folder / DATABASE_NAME)
    os.link(folder / DATABASE_NAME, hardlink)
    before = live_files(folder)
    for target in (symlink, hardlink, folder / "." / DATABASE_NAME):
        with pytest.raises(BackupError, match="it is the live database's own file"):
            store.backup(target)
    assert live_files(folder) == before


def test_a_backup_into_a_missing_folder_names_it(store: GameStore, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "copy.sqlite3"
    with pytest.raises(BackupError) as refused:
        store.backup(target)
    assert refused.value.message == (
        f"Cannot write the backup {target}: the folder {target.parent} does not exist. "
        "The saved games are unchanged."
    )


def test_a_backup_onto_a_full_disk_names_the_destination_and_leaves_nothing(
    store: GameStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills as the copy is synced (emulated: fsync reports ENOSPC)."""
    store_log(store, played()[:10])
    target = tmp_path / "usb" / "copy.sqlite3"
    target.parent.mkdir()
    target.write_bytes(b"last week's backup")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(BackupError) as refused:
        store.backup(target)
    assert refused.value.message == (
        f"Cannot write the backup {target}: the disk holding {target.parent} is full. "
        "The saved games are unchanged."
    )
    assert [p.name for p in target.parent.iterdir()] == ["copy.sqlite3"]
    assert target.read_bytes() == b"last week's backup"
