"""The hub's speaker: its interface, the silent and fake speakers, and the one the config picks.

* :class:`~hubd.devices.mixer.MixerSpeaker` plays the WAVs in ``sounds/`` through
  ``pygame.mixer`` (the default);
* :class:`~hubd.devices.dfplayer_speaker.DFPlayerSpeaker` asks a DFPlayer Mini on a UART to
  play its SD card's MP3s (for a Pi Zero with no audio output);
* :class:`SilentSpeaker` is what is left when there is no device at all;
* :class:`FakeSpeaker` records what was asked, for the tests of other modules.

Whatever the device does, :meth:`Speaker.play` never raises, never blocks and never touches the
disk: a press must cackle at once. A missing or lost device logs one warning and the speaker
turns silent (``available`` False) so the screen can show a visual cue instead; the main loop
then tries it again on the schedule of :mod:`hubd.devices.retry` (``next_retry``, ``retry``),
so a USB sound card or serial adapter that appears late is used as soon as it is there. A
speaker may also have work of its own at a time (``next_deadline``, ``tick``): the mixer closes
its audio device after a quiet spell, so that an idle hub wakes no thread.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Protocol

from hubd.devices.clock import Clock
from hubd.devices.dfplayer_speaker import DFPlayerSpeaker
from hubd.devices.mixer import MIXER_BUFFER, MixerSpeaker
from hubd.devices.sounds import SOUND_NAMES, clamp_volume

SPEAKER_KINDS: tuple[str, ...] = ("mixer", "dfplayer", "none")


class Speaker(Protocol):
    """Plays the hub's short sounds by name (see :data:`~hubd.devices.sounds.SOUND_NAMES`)."""

    def play(self, name: str) -> None:
        """Start a sound now. Never raises, never blocks, never loads from disk."""
        ...

    def set_volume(self, level: float) -> None:
        """0.0 (silent) to 1.0 (loudest); out-of-range values are clamped."""
        ...

    def set_muted(self, muted: bool) -> None: ...

    @property
    def muted(self) -> bool: ...

    @property
    def available(self) -> bool:
        """False when no audio device works: the screen then shows a visual cue."""
        ...

    def next_retry(self) -> float | None:
        """When the main loop should try a missing device again (None: nothing to try)."""
        ...

    def retry(self, now: float) -> bool:
        """Try a missing device again; True when it has just come back."""
        ...

    def next_deadline(self) -> float | None:
        """When the main loop should call :meth:`tick` (None: nothing to do)."""
        ...

    def tick(self, now: float) -> None:
        """Do what is due (the mixer: close the audio device after a quiet spell)."""
        ...

    def close(self) -> None: ...


class _Settings:
    """Volume and mute as remembered by a speaker that has nothing to pass them to (and so
    nothing to retry)."""

    def __init__(self, volume: float = 1.0) -> None:
        self.volume = clamp_volume(volume)
        self._muted = False

    def set_volume(self, level: float) -> None:
        self.volume = clamp_volume(level)

    def set_muted(self, muted: bool) -> None:
        self._muted = muted

    @property
    def muted(self) -> bool:
        return self._muted

    def next_retry(self) -> float | None:
        return None

    def retry(self, now: float) -> bool:
        return False

    def next_deadline(self) -> float | None:
        return None

    def tick(self, now: float) -> None:
        pass


class SilentSpeaker(_Settings):
    """No audio device: remembers its settings, plays nothing, never available."""

    def play(self, name: str) -> None:
        pass

    @property
    def available(self) -> bool:
        return False

    def close(self) -> None:
        pass


class FakeSpeaker(_Settings):
    """Records what was asked, for tests.

    ``requested`` holds every play() call; ``played`` only those a real speaker would have
    sounded (not muted, available). Unlike a real speaker, an unknown sound name raises
    ValueError, so a typo in the code under test fails loudly.
    """

    def __init__(self, volume: float = 1.0, available: bool = True) -> None:
        super().__init__(volume)
        self._available = available
        self.requested: list[str] = []
        self.played: list[str] = []
        self.closed = False

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        self.requested.append(name)
        if self._available and not self._muted:
            self.played.append(name)

    @property
    def available(self) -> bool:
        return self._available

    @available.setter
    def available(self, value: bool) -> None:
        self._available = value

    def close(self) -> None:
        self.closed = True


def make_speaker(
    kind: str,
    sound_dir: Path,
    serial_port: str,
    volume: float,
    log: logging.Logger | None = None,
    *,
    buffer: int = MIXER_BUFFER,
    device: str | None = None,
    clock: Clock | None = None,
) -> Speaker:
    """The speaker the config asks for ("mixer", "dfplayer" or "none").

    A mixer or a DFPlayer is kept even when its device is missing at start-up (its one
    warning is already logged): the main loop keeps trying it, since a USB sound card or
    serial adapter may appear later. ``device`` names the ALSA device for the mixer
    (``[sound] device``), which SDL reads from ``AUDIODEV``; without it, ``AUDIODEV`` from
    the environment or ALSA's default is used.
    """
    log = log or logging.getLogger(__name__)
    if kind == "none":
        return SilentSpeaker(volume)
    if kind == "mixer":
        if device:
            os.environ["AUDIODEV"] = device
        return MixerSpeaker(sound_dir, volume, log, buffer=buffer, clock=clock)
    if kind == "dfplayer":
        return DFPlayerSpeaker(serial_port, volume, clock=clock, log=log)
    raise ValueError(f"speaker kind must be one of {', '.join(SPEAKER_KINDS)}; got {kind!r}")
