"""Score-keeper mode in the real daemon: kill -9 mid-foot and resume, and no screen at all.

The hub button is the mock pin, driven by SIGUSR1 (down) and SIGUSR2 (up); the light's mode
and the toes owed are read from the sd_notify status line.
"""

from __future__ import annotations

import time
from pathlib import Path

from daemon_harness import DaemonProcess, check_resumable

from engine import FootOpened, NewGame, StartRound, Toe
from hubd.store import GameStore

#: Longer than a double press (0.5 s): each press is one entry.
PRESS_GAP_S = 0.7


def presses(daemon: DaemonProcess, count: int, committed: int) -> None:
    """``count`` separate presses, each waited for until its entry is committed."""
    for _ in range(count):
        daemon.press()
        committed += 1
        daemon.wait_committed(committed)
        time.sleep(PRESS_GAP_S)


def test_kill_minus_nine_mid_foot_comes_back_pulsing_with_the_same_toes_owed(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    store = GameStore.open(data)
    game_id = store.new_game(NewGame(("Ana", "Ben"), {"mode": "scores"}))
    store.append(game_id, StartRound("Ana"))
    store.close()
    daemon = DaemonProcess(data)
    try:
        daemon.wait_message("READY=1")
        presses(daemon, 2, 0)  # the foot and one toe
        daemon.wait_message(f"STATUS=game {game_id}, round 1: chicken foot open, 2 to go; "
                            "light pulse")  # fmt: skip
        daemon.kill()
    finally:
        daemon.close()
    assert daemon.committed_types == ["foot_opened", "toe"]
    assert not check_resumable(data, [(game_id, 4)])
    again = DaemonProcess(data)
    try:
        again.wait_message("READY=1")
        again.wait_message(f"STATUS=game {game_id}, round 1: chicken foot open, 2 to go; "
                           "light pulse")  # fmt: skip
        presses(again, 2, 0)  # the two toes owed: the foot is released
        again.wait_message(f"STATUS=game {game_id}, round 1: no chicken foot open; light off")
        again.terminate()
    finally:
        again.close()
    assert again.proc.returncode == 0, again.stderr_lines
    assert again.committed_types == ["toe", "toe"]


def test_no_screen_from_start_to_sigterm(tmp_path: Path) -> None:
    config = tmp_path / "hub.toml"
    config.write_text("[display]\nenabled = false\n")
    data = tmp_path / "data"
    daemon = DaemonProcess(data, "--config", str(config), headless=False,
                           env={"SDL_VIDEODRIVER": "no-such-driver"})  # fmt: skip
    try:
        daemon.wait_message("READY=1")
        daemon.wait_message("STATUS=waiting for a new game")
        daemon.press()  # no game: a scores-only game, its first round and the foot
        daemon.wait_committed(3)
        time.sleep(PRESS_GAP_S)
        presses(daemon, 1, 3)
        daemon.wait_message("STATUS=game 1, round 1: chicken foot open, 2 to go; light pulse")
        daemon.stop_cleanly()
    finally:
        daemon.close()
    assert daemon.committed_types == ["new_game", "start_round", "foot_opened", "toe"]
    assert not any("screen" in line for line in daemon.stderr_lines), daemon.stderr_lines
    assert not check_resumable(data, daemon.committed)
    store = GameStore.open(data)
    try:
        events = store.events(1)
    finally:
        store.close()
    assert events[0] == NewGame(("Player 1", "Player 2", "Player 3", "Player 4"),
                                {"preset": "classic", "mode": "scores"})  # fmt: skip
    assert events[2:] == [FootOpened(), Toe()]
