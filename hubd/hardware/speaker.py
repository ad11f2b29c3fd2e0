"""The hub's speaker: one small interface, chosen by config, with a real and a fake twin.

* :class:`MixerSpeaker` plays the WAVs in ``sounds/`` through ``pygame.mixer`` (the default);
* :class:`DFPlayerSpeaker` asks a DFPlayer Mini on a UART to play its SD card's MP3s (for a
  Pi Zero with no audio output);
* :class:`SilentSpeaker` is what is left when there is no device at all;
* :class:`FakeSpeaker` records what was asked, for the tests of other modules.

Whatever the device does, :meth:`Speaker.play` never raises, never blocks and never touches the
disk: a press must cackle at once. A missing or lost device logs one warning and the speaker
turns silent (``available`` False) so the screen can show a visual cue instead.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
import serial

from hubd.clock import Clock, MonotonicClock
from hubd.hardware.dfplayer import (
    MAX_VOLUME,
    STARTUP_TIMEOUT_S,
    DFPlayer,
    DFPlayerReply,
    Reply,
    SerialFactory,
    default_serial_factory,
)

SOUND_NAMES: tuple[str, ...] = ("cackle", "released", "out", "blocked", "game_over", "tap")
SPEAKER_KINDS: tuple[str, ...] = ("mixer", "dfplayer", "none")

# The DFPlayer plays files by number: sounds/README.md says how to lay out the SD card.
DFPLAYER_TRACKS: dict[str, int] = {
    "cackle": 1,
    "released": 2,
    "out": 3,
    "blocked": 4,
    "game_over": 5,
    "tap": 6,
}

# The WAVs in the source tree (an editable install or a checkout; the config may point elsewhere).
DEFAULT_SOUND_DIR = Path(__file__).resolve().parents[2] / "sounds"

MIXER_FREQUENCY = 22050  # the WAVs' own rate, so the mixer never resamples
MIXER_BUFFER = 512  # samples: about 23 ms at 22050 Hz, small enough to feel instant
MIXER_FORMAT = (MIXER_FREQUENCY, -16, 1)  # what pygame.mixer.get_init() reports when it is ours
MIXER_CHANNELS = 8  # sounds that may overlap; the oldest is cut when all are busy
DFPLAYER_REOPEN_INTERVAL_S = 5.0

# What a broken, missing or misnamed port raises (pyserial refuses an unknown URL scheme with a
# ValueError); caught at every call into the DFPlayer so none reaches the main loop.
_PORT_ERRORS = (serial.SerialException, OSError, ValueError)

_SILENT_NOTICE = "the hub stays silent and shows a visual cue instead"


class Speaker(Protocol):
    """Plays the hub's short sounds by name (see :data:`SOUND_NAMES`)."""

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

    def close(self) -> None: ...


def clamp_volume(level: float) -> float:
    """A volume in 0.0-1.0 (NaN counts as silent)."""
    if math.isnan(level):
        return 0.0
    return min(1.0, max(0.0, level))


class _Settings:
    """Volume and mute as remembered by a speaker that has nothing to pass them to."""

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


class MixerSpeaker:
    """pygame.mixer with every sound loaded up front.

    The mixer is pre-initialised with a small buffer, so a sound starts within a few
    milliseconds of play(). If no audio device opens, the speaker logs one warning and is
    silent; a missing or corrupt WAV silences that sound only (one warning names them all),
    and the speaker is unavailable only if none loaded.

    A mixer already opened with other settings (``pygame.init()`` opens it at 44100 Hz stereo)
    is closed and reopened with these: the speaker is its only user.
    """

    def __init__(
        self, sound_dir: Path, volume: float = 1.0, log: logging.Logger | None = None
    ) -> None:
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._owns_mixer = False
        try:
            if pygame.mixer.get_init() != MIXER_FORMAT:
                # pygame.init() opens the mixer with its own defaults (44100 Hz stereo); the
                # speaker is the mixer's only user, so it reopens it small and mono.
                pygame.mixer.quit()
                pygame.mixer.pre_init(
                    frequency=MIXER_FREQUENCY, size=-16, channels=1, buffer=MIXER_BUFFER
                )
                pygame.mixer.init()
                self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except pygame.error as exc:
            self._log.warning("No audio device (%s): %s.", exc, _SILENT_NOTICE)
            return
        self._load_sounds(sound_dir)

    def _load_sounds(self, sound_dir: Path) -> None:
        problems = []
        for name in SOUND_NAMES:
            path = sound_dir / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(path)
            except (pygame.error, OSError, ValueError) as exc:
                problems.append(f"{path} ({exc})")
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound
        if not self._sounds:
            self._log.warning("No sound could be loaded from %s: %s.", sound_dir, _SILENT_NOTICE)
        elif problems:
            self._log.warning("These sounds will be silent: %s.", "; ".join(problems))

    @property
    def loaded_sounds(self) -> tuple[str, ...]:
        """The names of the sounds that loaded and can play."""
        return tuple(self._sounds)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None or self._muted:
            return
        try:
            # force=True hands back the longest-playing channel when none is free: a new cackle
            # cuts the oldest sound rather than waiting for it.
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.play(sound)
        except pygame.error as exc:  # the mixer was shut down under us
            self._lose(exc)

    def set_volume(self, level: float) -> None:
        self._volume = clamp_volume(level)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted and self._sounds:
            try:
                pygame.mixer.stop()
            except pygame.error as exc:
                self._lose(exc)

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def close(self) -> None:
        self._sounds.clear()
        if self._owns_mixer:
            self._owns_mixer = False
            pygame.mixer.quit()

    def _lose(self, exc: pygame.error) -> None:
        self._log.warning("Audio stopped working (%s): %s.", exc, _SILENT_NOTICE)
        self._sounds.clear()


class DFPlayerSpeaker:
    """A DFPlayer Mini on a UART, playing ``mp3/0001.mp3`` ... by :data:`DFPLAYER_TRACKS`.

    Opening resets the module and waits for its start-up report (at most
    ``startup_timeout`` s). A missing port, or one that fails mid-game (a USB adapter pulled
    out), logs one warning and makes the speaker silent; play() then tries to reopen the port
    at most every ``reopen_interval`` s, without waiting, and logs when it is back.
    """

    def __init__(
        self,
        port: str,
        volume: float = 1.0,
        serial_factory: SerialFactory = default_serial_factory,
        clock: Clock | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
        log: logging.Logger | None = None,
        reopen_interval: float = DFPLAYER_REOPEN_INTERVAL_S,
        startup_timeout: float = STARTUP_TIMEOUT_S,
    ) -> None:
        self.port = port
        self._clock = clock or MonotonicClock()
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._reopen_interval = reopen_interval
        self._last_error = ""
        self._player = DFPlayer(
            port,
            serial_factory=serial_factory,
            clock=self._clock,
            sleep=sleep,
            startup_timeout=startup_timeout,
        )
        self._last_attempt = self._clock.now()
        try:
            started = self._player.open(wait=True)
            self._handle_replies(self._player.poll_replies())
            self._player.set_volume(self._device_volume())
        except _PORT_ERRORS as exc:
            self._lose(exc)
            return
        if not started:
            self._log.warning(
                "DFPlayer on %s did not report ready within %g s (is its TX wired to the "
                "Pi's RX?); sending it commands anyway.",
                port,
                startup_timeout,
            )

    def play(self, name: str) -> None:
        track = DFPLAYER_TRACKS.get(name)
        if track is None or self._muted or not self._ensure_open():
            return
        try:
            self._player.play_mp3_folder(track)
            self._handle_replies(self._player.poll_replies())
        except _PORT_ERRORS as exc:
            self._lose(exc)

    def set_volume(self, level: float) -> None:
        self._volume = clamp_volume(level)
        self._send_if_open(lambda: self._player.set_volume(self._device_volume()))

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted:
            self._send_if_open(self._player.stop)

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        return self._player.is_open

    def close(self) -> None:
        self._player.close()

    def _device_volume(self) -> int:
        return round(self._volume * MAX_VOLUME)

    def _send_if_open(self, send: Callable[[], None]) -> None:
        if not self._player.is_open:
            return
        try:
            send()
        except _PORT_ERRORS as exc:
            self._lose(exc)

    def _ensure_open(self) -> bool:
        """Reopen a lost port, at most every reopen_interval seconds, without waiting."""
        if self._player.is_open:
            return True
        now = self._clock.now()
        if now - self._last_attempt < self._reopen_interval:
            return False
        self._last_attempt = now
        try:
            # No reset: a module that kept its power keeps playing at once; one that was
            # power-cycled boots by itself and says so (INITIALISED), and gets its volume then.
            self._player.open_port()
            self._player.set_volume(self._device_volume())
        except _PORT_ERRORS as exc:
            self._player.close()
            self._log.debug("DFPlayer on %s still unavailable: %s", self.port, exc)
            return False
        self._log.info("DFPlayer on %s is back.", self.port)
        return True

    def _lose(self, exc: Exception) -> None:
        self._player.close()
        self._last_attempt = self._clock.now()
        self._log.warning(
            "DFPlayer on %s unavailable (%s): %s; retrying every %g s.",
            self.port,
            exc,
            _SILENT_NOTICE,
            self._reopen_interval,
        )

    def _handle_replies(self, replies: list[DFPlayerReply]) -> None:
        for reply in replies:
            kind = reply.kind
            if kind is Reply.INITIALISED:
                self._log.info("DFPlayer on %s %s.", self.port, reply.describe())
                if self._player.is_open:
                    self._player.set_volume(self._device_volume())
            elif kind in (Reply.ERROR, Reply.CARD_REMOVED):
                message = reply.describe()
                if message != self._last_error:  # a repeated error is logged once
                    self._last_error = message
                    self._log.warning("DFPlayer on %s: %s.", self.port, message)
            else:
                self._log.debug("DFPlayer on %s: %s.", self.port, reply.describe())


def make_speaker(
    kind: str,
    sound_dir: Path,
    serial_port: str,
    volume: float,
    log: logging.Logger | None = None,
) -> Speaker:
    """The speaker the config asks for ("mixer", "dfplayer" or "none").

    A mixer with no audio device falls back to :class:`SilentSpeaker` (its one warning is
    already logged). A DFPlayer is kept even when its port is missing at start-up, since it
    keeps trying to reopen it (a USB serial adapter may be plugged in later).
    """
    log = log or logging.getLogger(__name__)
    if kind == "none":
        return SilentSpeaker(volume)
    if kind == "mixer":
        mixer = MixerSpeaker(sound_dir, volume, log)
        if mixer.available:
            return mixer
        mixer.close()
        return SilentSpeaker(volume)
    if kind == "dfplayer":
        return DFPlayerSpeaker(serial_port, volume, log=log)
    raise ValueError(f"speaker kind must be one of {', '.join(SPEAKER_KINDS)}; got {kind!r}")
