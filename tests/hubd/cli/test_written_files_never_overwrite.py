"""Every command that writes a file (``export -o``, ``backup``) writes only a new name or a
regular file, never one of the hub's own files or a link to one, a device, a FIFO or a
link; every file the hub reads is a regular file read without blocking and bounded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from store_helpers import REPO, one_round_begun

from hubd.cli import run as cli
from hubd.cli.args import EXIT_ERROR, EXIT_OK, EXIT_USAGE
from hubd.config.files import FileRefused, read_regular
from hubd.config.settings import SETTINGS_FILE
from hubd.store import DATABASE_NAME, LOCK_NAME, GameStore


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = one_round_begun(tmp_path / "data", ("Ana", "Ben"))
    (folder / SETTINGS_FILE).write_text('{"volume": 40}')
    return folder


def one_error(capsys: Any) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return str(lines[0])


def hub_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


OWN = [
    DATABASE_NAME,
    f"{DATABASE_NAME}-wal",
    f"{DATABASE_NAME}-shm",
    f"{DATABASE_NAME}-events",  # the journal of the last events
    LOCK_NAME,
    SETTINGS_FILE,
]


@pytest.mark.parametrize("command", ["export", "backup"])
@pytest.mark.parametrize("name", OWN)
@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink"])
def test_no_command_writes_over_the_hubs_own_files(
    data: Path, tmp_path: Path, capsys: Any, command: str, name: str, how: str
) -> None:
    with GameStore.open(data) as daemon:  # running: the -wal, -shm and lock exist
        own = data / name
        assert own.exists()
        target = own
        if how == "symlink":
            target = tmp_path / "link"
            target.symlink_to(own)
        elif how == "hardlink":
            target = tmp_path / "hard"
            os.link(own, target)
        before = hub_files(data)
        argv = ["export", "--data", str(data), "-o", str(target)]
        if command == "backup":
            argv = ["backup", "--data", str(data), str(target)]
        assert cli.main(argv) == EXIT_ERROR
        line = one_error(capsys)
        assert str(target) in line and name in line, line
        assert hub_files(data) == before
        if how == "symlink":
            assert target.is_symlink()
        assert len(daemon.events(1)) == 2


def test_the_config_file_is_refused_too(data: Path, tmp_path: Path, capsys: Any) -> None:
    config = tmp_path / "hub.toml"
    config.write_text("[sound]\nvolume = 50\n")
    for argv in (
        ["export", "--config", str(config), "--data", str(data), "-o", str(config)],
        ["backup", "--config", str(config), "--data", str(data), str(config)],
    ):
        assert cli.main(argv) == EXIT_ERROR
        assert "config file" in one_error(capsys)
        assert config.read_text() == "[sound]\nvolume = 50\n"


@pytest.mark.parametrize("command", ["export", "backup"])
@pytest.mark.parametrize("what", ["device", "fifo", "symlink", "dangling symlink"])
def test_only_a_regular_file_or_a_new_name_is_written(
    data: Path, tmp_path: Path, capsys: Any, command: str, what: str
) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me")
    if what == "device":
        target = Path("/dev/null")
    elif what == "fifo":
        target = tmp_path / "pipe"
        os.mkfifo(target)
    else:
        target = tmp_path / "link"
        target.symlink_to(elsewhere if what == "symlink" else tmp_path / "nowhere")
    argv = ["export", "--data", str(data), "-o", str(target)]
    if command == "backup":
        argv = ["backup", "--data", str(data), str(target)]
    assert cli.main(argv) == EXIT_ERROR
    line = one_error(capsys)
    assert str(target) in line
    assert ("symbolic link" if "symlink" in what else "not a regular file") in line
    if what == "device":
        assert Path("/dev/null").is_char_device()
    elif what == "fifo":
        assert target.is_fifo()
    else:
        assert target.is_symlink() and elsewhere.read_text() == "keep me"


@pytest.mark.parametrize("command", ["export", "backup"])
def test_a_regular_file_is_replaced_whole(
    data: Path, tmp_path: Path, capsys: Any, command: str
) -> None:
    target = tmp_path / "out"
    target.write_text("last week's")
    argv = ["export", "--data", str(data), "-o", str(target)]
    if command == "backup":
        argv = ["backup", "--data", str(data), str(target)]
    assert cli.main(argv) == EXIT_OK
    assert target.read_bytes() != b"last week's"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


def test_export_to_a_full_stdout_is_one_line(data: Path) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "hubd.cli.run", "export", "--data", str(data)],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, cwd=REPO,
        )  # fmt: skip
    assert result.returncode == EXIT_ERROR
    assert (
        result.stderr
        == "hubd: cannot write the export to standard output: No space left on device\n"
    )


@pytest.mark.parametrize("number", ["99999999999999999999999", "1" * 5000, "-1", "x"])
def test_export_of_an_impossible_game_number_is_a_usage_error(
    data: Path, capsys: Any, number: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["export", "--data", str(data), number])
    assert stopped.value.code == EXIT_USAGE
    assert "is not a game number" in capsys.readouterr().err


@pytest.mark.parametrize("what", ["fifo", "device", "folder", "too big", "nul"])
def test_a_file_to_read_is_regular_and_bounded(tmp_path: Path, what: str) -> None:
    path: Path | str = tmp_path / "file"
    if what == "fifo":
        os.mkfifo(path)  # opened without blocking: no writer needed
    elif what == "device":
        path = "/dev/zero"
    elif what == "folder":
        path = tmp_path
    elif what == "too big":
        Path(path).write_bytes(b"x" * 101)
    else:
        path = "bad\0name"
    with pytest.raises(FileRefused):
        read_regular(path, 100)
    if what == "too big":
        assert read_regular(path, 100, cut=True) == b"x" * 101


@pytest.mark.parametrize("what", ["fifo", "device"])
def test_import_of_a_fifo_or_a_device_is_one_line(tmp_path: Path, capsys: Any, what: str) -> None:
    source = Path("/dev/zero") if what == "device" else tmp_path / "pipe"
    if what == "fifo":
        os.mkfifo(source)
    assert cli.main(["import", "--data", str(tmp_path / "d"), str(source)]) == EXIT_ERROR
    assert "not a regular file" in one_error(capsys)
