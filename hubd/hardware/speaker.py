"""The hub's speaker: one small interface, chosen by config, with a real and a fake twin.

* :class:`MixerSpeaker` plays the WAVs in ``sounds/`` through ``pygame.mixer`` (the default);
* :class:`DFPlayerSpeaker` asks a DFPlayer Mini on a UART to play its SD card's MP3s (for a
  Pi Zero with no audio output);
* :class:`SilentSpeaker` is what is left when there is no device at all;
* :class:`FakeSpeaker` records what was asked, for the tests of other modules.

Whatever the device does, :meth:`Speaker.play` never raises, never blocks and never touches the
disk: a press must cackle at once. A missing or lost device logs one warning and the speaker
turns silent (``available`` False) so the screen can show a visual cue instead; the main loop
then tries it again on the schedule of :mod:`hubd.hardware.retry` (``next_retry``, ``retry``),
so a USB sound card or serial adapter that appears late is used as soon as it is there.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
import serial

from hubd.hardware.clock import Clock, MonotonicClock
from hubd.hardware.dfplayer import (
    MAX_VOLUME,
    STARTUP_TIMEOUT_S,
    DFPlayer,
    DFPlayerReply,
    Reply,
    SerialFactory,
    default_serial_factory,
)
from hubd.hardware.retry import Retry

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
#: Samples the mixer hands to the card at a time: a sound can start only at the next buffer,
#: so 256 is at most 11.6 ms at 22050 Hz (512 was 23 ms). ``[sound] buffer`` takes a bigger
#: one for a card that underruns (crackles) with this.
MIXER_BUFFER = 256
MIXER_BUFFERS: tuple[int, ...] = (128, 256, 512, 1024, 2048)
MIXER_FORMAT = (MIXER_FREQUENCY, -16, 1)  # what pygame.mixer.get_init() reports when it is ours
MIXER_CHANNELS = 8  # sounds that may overlap; the oldest is cut when all are busy

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

    def next_retry(self) -> float | None:
        """When the main loop should try a missing device again (None: nothing to try)."""
        ...

    def retry(self, now: float) -> bool:
        """Try a missing device again; True when it has just come back."""
        ...

    def close(self) -> None: ...


def clamp_volume(level: float) -> float:
    """A volume in 0.0-1.0 (NaN counts as silent)."""
    if math.isnan(level):
        return 0.0
    return min(1.0, max(0.0, level))


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


def open_mixer(buffer: int = MIXER_BUFFER) -> None:
    """Open pygame.mixer small and mono for the speaker, closing whatever was open before
    (``pygame.init()`` opens it at 44100 Hz stereo; the speaker is the mixer's only user).
    Raises pygame.error when no audio device opens."""
    pygame.mixer.quit()
    pygame.mixer.pre_init(frequency=MIXER_FREQUENCY, size=-16, channels=1, buffer=buffer)
    pygame.mixer.init()


class MixerSpeaker:
    """pygame.mixer with every sound loaded up front.

    The mixer is opened with a small buffer (:data:`MIXER_BUFFER`), so a sound starts within
    a few milliseconds of play(). If no audio device opens, the speaker logs one warning and
    is silent, and :meth:`retry` (called by the main loop at :meth:`next_retry`) opens it as
    soon as a device is there; a device lost while playing is retried the same way. A missing
    or corrupt WAV silences that sound only (one warning names them all), and the speaker is
    unavailable only if none loaded.

    ``opener`` opens the mixer (default :func:`open_mixer`); tests pass one that fails.
    """

    def __init__(
        self,
        sound_dir: Path,
        volume: float = 1.0,
        log: logging.Logger | None = None,
        *,
        buffer: int = MIXER_BUFFER,
        clock: Clock | None = None,
        opener: Callable[[int], None] = open_mixer,
    ) -> None:
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._owns_mixer = False
        self._sound_dir = sound_dir
        self._buffer = buffer
        self._clock = clock or MonotonicClock()
        self._opener = opener
        self._retry = Retry("The audio device", self._log)
        problem = self._open()
        if problem is not None:
            self._retry.lost(self._clock.now(), f"No audio device ({problem}): {_SILENT_NOTICE}")

    def _open(self) -> pygame.error | None:
        """Open the mixer and load the sounds; the error when no device opens."""
        try:
            self._opener(self._buffer)
            self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except pygame.error as exc:
            return exc
        self._load_sounds(self._sound_dir)
        return None

    def next_retry(self) -> float | None:
        return self._retry.next_deadline()

    def retry(self, now: float) -> bool:
        if not self._retry.due(now):
            return False
        problem = self._open()
        if problem is not None:
            self._retry.failed(now, problem)
            return False
        self._retry.back(now)
        if self._muted:
            pygame.mixer.stop()
        return True

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
        self._retry.cancel()  # closed: nothing more to try
        if self._owns_mixer:
            self._owns_mixer = False
            pygame.mixer.quit()

    def _lose(self, exc: pygame.error) -> None:
        self._sounds.clear()
        self._retry.lost(self._clock.now(), f"Audio stopped working ({exc}): {_SILENT_NOTICE}")


class DFPlayerSpeaker:
    """A DFPlayer Mini on a UART, playing ``mp3/0001.mp3`` ... by :data:`DFPLAYER_TRACKS`.

    Opening resets the module and waits for its start-up report (at most
    ``startup_timeout`` s, before the main loop runs). A missing port, or one that fails
    mid-game (a USB adapter pulled out), logs one warning and makes the speaker silent; the
    main loop then reopens the port by :meth:`retry` on the schedule of
    :class:`~hubd.hardware.retry.Retry` (a play() that finds a try due makes it too), never
    waiting, and it logs once when the module is back.
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
        startup_timeout: float = STARTUP_TIMEOUT_S,
    ) -> None:
        self.port = port
        self._clock = clock or MonotonicClock()
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._retry = Retry(f"DFPlayer on {port}", self._log)
        self._last_error = ""
        self._player = DFPlayer(
            port,
            serial_factory=serial_factory,
            clock=self._clock,
            sleep=sleep,
            startup_timeout=startup_timeout,
        )
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
        if track is None or self._muted:
            return
        if not self._player.is_open and not self.retry(self._clock.now()):
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
        self._retry.cancel()  # closed: nothing more to try
        self._player.close()

    def next_retry(self) -> float | None:
        return self._retry.next_deadline()

    def _device_volume(self) -> int:
        return round(self._volume * MAX_VOLUME)

    def _send_if_open(self, send: Callable[[], None]) -> None:
        if not self._player.is_open:
            return
        try:
            send()
        except _PORT_ERRORS as exc:
            self._lose(exc)

    def retry(self, now: float) -> bool:
        """Reopen a lost port if a try is due, without waiting; True when it is back."""
        if self._player.is_open or not self._retry.due(now):
            return False
        try:
            # No reset: a module that kept its power keeps playing at once; one that was
            # power-cycled boots by itself and says so (INITIALISED), and gets its volume then.
            self._player.open_port()
            self._player.set_volume(self._device_volume())
        except _PORT_ERRORS as exc:
            self._player.close()
            self._retry.failed(now, exc)
            return False
        self._retry.back(now)
        return True

    def _lose(self, exc: Exception) -> None:
        self._player.close()
        self._retry.lost(
            self._clock.now(), f"DFPlayer on {self.port} unavailable ({exc}): {_SILENT_NOTICE}"
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
