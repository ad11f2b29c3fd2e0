"""With no sound card the hub says so in one line: ALSA's own ``ALSA lib ...`` lines silenced,
and the process still stops (the silencer is no Python callback SDL's threads could wait on)."""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

OPEN_TWICE = """
import sys
{silence}
import pygame
for _ in range(2):  # the speaker's first try and a retry
    try:
        pygame.mixer.init()
        print("opened")
    except pygame.error as err:
        print("no device:", err)
    pygame.mixer.quit()
pygame.quit()
"""


def open_the_mixer(silenced: bool) -> subprocess.CompletedProcess[str]:
    silence = "from hubd.devices.alsa_messages import silence_alsa_errors\n" + (
        "assert silence_alsa_errors()" if silenced else ""
    )
    environment = {**os.environ, "SDL_AUDIODRIVER": "alsa", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run(
        [sys.executable, "-c", OPEN_TWICE.format(silence=silence)],
        capture_output=True, text=True, timeout=60, check=False, env=environment,
    )  # fmt: skip


def no_sound_card() -> bool:
    cards = Path("/proc/asound/cards")
    return not cards.exists() or "no soundcards" in cards.read_text()


pytestmark = pytest.mark.skipif(
    ctypes.util.find_library("asound") is None, reason="no libasound on this machine"
)


def test_no_alsa_lines_and_the_process_ends() -> None:
    result = open_the_mixer(silenced=True)
    assert result.returncode == 0, result.stderr
    assert "ALSA lib" not in result.stderr
    assert result.stdout.count("\n") == 2


@pytest.mark.skipif(not no_sound_card(), reason="this machine has a sound card")
def test_without_the_silencer_alsa_floods() -> None:
    """The check above is not blind: the same two tries, unsilenced, print ALSA's lines."""
    result = open_the_mixer(silenced=False)
    assert result.stdout.count("no device") == 2
    assert result.stderr.count("ALSA lib") >= 2


def test_once_is_enough() -> None:
    from hubd.devices.alsa_messages import silence_alsa_errors

    assert silence_alsa_errors() and silence_alsa_errors()
