"""The real daemon on a bad data folder or database: it starts (no traceback, no restart loop),
says what is wrong in one line, and loses nothing; a -wal removed mid-game, then kill -9."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess, check_resumable, ready_then_stopped

from hubd.store import DATABASE_NAME


def problems(daemon: DaemonProcess) -> list[str]:
    """What the daemon said at WARNING or above (one line each), tracebacks included."""
    said = [line for line in daemon.stderr_lines if line.startswith(("WARNING", "ERROR"))]
    assert not any("Traceback" in line for line in daemon.stderr_lines), daemon.stderr_lines
    return said


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_a_data_folder_that_is_a_file_starts_view_only_with_one_line(data: Path) -> None:
    data.write_text("")
    daemon = ready_then_stopped(data)
    assert daemon.proc.returncode == 0
    [line] = problems(daemon)
    assert f"The data folder {data} is a file, not a folder. Point --data" in line


def test_a_folder_where_the_database_should_be_is_moved_aside_with_one_line(data: Path) -> None:
    (data / DATABASE_NAME).mkdir(parents=True)
    daemon = ready_then_stopped(data)
    assert daemon.proc.returncode == 0
    [line] = problems(daemon)
    assert f"The folder {DATABASE_NAME} was moved to {DATABASE_NAME}.not-a-file-" in line
    assert (data / DATABASE_NAME).is_file()


def test_settings_of_300000_brackets_are_ignored_with_one_line(data: Path) -> None:
    data.mkdir()
    (data / "settings.json").write_text("[" * 300_000)
    daemon = ready_then_stopped(data)
    assert daemon.proc.returncode == 0
    [line] = problems(daemon)
    assert line.startswith("WARNING") and "ignoring unreadable" in line


def test_kill_minus_nine_after_the_wal_is_removed_mid_game_loses_nothing(data: Path) -> None:
    for _ in range(3):
        daemon = DaemonProcess(data, "--demo-fast")
        try:
            daemon.wait_message("READY=1")
            deadline = time.monotonic() + 30
            while len(daemon.committed) < 20 and time.monotonic() < deadline:
                time.sleep(0.005)
            (data / f"{DATABASE_NAME}-wal").unlink()
            seen = len(daemon.committed)
            while len(daemon.committed) < seen + 10 and time.monotonic() < deadline:
                time.sleep(0.005)
            daemon.kill()
        finally:
            daemon.close()
        assert any("was removed while the hub was running" in line for line in problems(daemon))
        assert check_resumable(data, daemon.committed) == []
