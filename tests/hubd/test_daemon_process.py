"""The real daemon in a child process: sd_notify, SIGTERM, kill -9 and resume, faults."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess, check_resumable, kill_at_random, ready_then_stopped

from hubd.store import GameStore

KILL_ROUNDS = 50


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_ready_status_watchdog_and_clean_stop(data: Path) -> None:
    daemon = DaemonProcess(data, env={"WATCHDOG_USEC": "400000"})
    try:
        daemon.wait_message("READY=1")
        daemon.wait_message("WATCHDOG=1", timeout=5)
        assert any(m.startswith("STATUS=") for m in daemon.messages)
        daemon.stop_cleanly()
    finally:
        daemon.close()


def test_demo_plays_a_whole_round_and_logs_each_committed_event(data: Path) -> None:
    daemon = DaemonProcess(data, "--demo-fast", "--demo-seed", "7")
    try:
        daemon.wait_message("READY=1")
        deadline = time.monotonic() + 60
        while "end_round" not in daemon.committed_types and time.monotonic() < deadline:
            time.sleep(0.05)
        daemon.terminate()
    finally:
        daemon.close()
    assert "end_round" in daemon.committed_types, daemon.stderr_lines[-20:]
    assert daemon.committed_types[:2] == ["new_game", "start_round"]
    game_ids = {g for g, _ in daemon.committed}
    store = GameStore.open(data)
    try:
        for game_id in game_ids:
            seqs = [s for g, s in daemon.committed if g == game_id]
            assert seqs == list(range(1, len(seqs) + 1))
            assert len(store.events(game_id)) == len(seqs)
    finally:
        store.close()


def test_kill_minus_nine_loses_no_logged_event(data: Path) -> None:
    rng = random.Random(2026)
    committed: list[tuple[int, int]] = []
    for _ in range(KILL_ROUNDS):
        committed.extend(kill_at_random(data, rng))
        lost = check_resumable(data, committed)
        assert not lost, lost
    assert committed, "the demo committed nothing in all runs"


def test_second_daemon_on_the_same_folder_refuses(data: Path) -> None:
    first = DaemonProcess(data)
    try:
        first.wait_message("READY=1")
        second = subprocess.run(
            [sys.executable, "-m", "hubd.cli.run", "--headless", "--mock-pins",
             "--data", str(data)],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    finally:
        first.close()
    assert second.returncode != 0
    assert "already" in second.stderr


def test_no_audio_device_keeps_running_silent(data: Path) -> None:
    daemon = ready_then_stopped(data, env={"SDL_AUDIODRIVER": "no-such-driver"})
    assert daemon.proc.returncode == 0
    warnings = [line for line in daemon.stderr_lines if line.startswith("WARNING")]
    assert len(warnings) == 1, daemon.stderr_lines
    assert "No audio device" in warnings[0] and "visual cue" in warnings[0]


def test_bad_config_value_stops_start_up_with_one_line(tmp_path: Path) -> None:
    config = tmp_path / "hub.toml"
    config.write_text("[display]\nrotation = 45\n")
    result = subprocess.run(
        [sys.executable, "-m", "hubd.cli.run", "--headless", "--config", str(config),
         "--data", str(tmp_path / "data")],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "rotation" in lines[0] and "45" in lines[0] and "270" in lines[0]


def test_no_screen_keeps_the_hub_running_without_one(data: Path) -> None:
    daemon = ready_then_stopped(data, env={"SDL_VIDEODRIVER": "no-such-driver"}, headless=False)
    assert daemon.proc.returncode == 0
    assert any("cannot open the screen" in line for line in daemon.stderr_lines)
