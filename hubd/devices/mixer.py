"""The speaker through ``pygame.mixer``: every WAV loaded up front, a missing device retried,
the device closed after a quiet spell."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from hubd.devices.alsa_messages import silence_alsa_errors
from hubd.devices.clock import Clock, MonotonicClock
from hubd.devices.retry import Retry
from hubd.devices.sounds import SILENT_NOTICE, SOUND_NAMES, clamp_volume

MIXER_FREQUENCY = 22050  # the WAVs' own rate, so the mixer never resamples
#: Samples the mixer hands to the card at a time: a sound can start only at the next buffer,
#: so 256 is at most 11.6 ms at 22050 Hz (512 was 23 ms). ``[sound] buffer`` takes a bigger
#: one for a card that underruns (crackles) with this.
MIXER_BUFFER = 256
MIXER_BUFFERS: tuple[int, ...] = (128, 256, 512, 1024, 2048)
MIXER_FORMAT = (MIXER_FREQUENCY, -16, 1)  # what pygame.mixer.get_init() reports when it is ours
MIXER_CHANNELS = 8  # sounds that may overlap; the oldest is cut when all are busy
#: Nothing played for this long: the audio device is closed (see :class:`MixerSpeaker`).
MIXER_QUIET_S = 30.0
#: A sound (or a phrase) still playing when the quiet spell is up: looked at again this soon.
MIXER_BUSY_RECHECK_S = 1.0


def open_mixer(buffer: int = MIXER_BUFFER) -> None:
    """Open pygame.mixer small and mono for the speaker, closing whatever was open before
    (``pygame.init()`` opens it at 44100 Hz stereo; the speaker is the mixer's only user).
    Raises pygame.error when no audio device opens (ALSA's own lines silenced: the speaker
    says it in one)."""
    silence_alsa_errors()
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

    Idle like an appliance: once nothing has played for ``quiet_s`` (:data:`MIXER_QUIET_S`),
    :meth:`tick` (called by the main loop at :meth:`next_deadline`) closes the audio device.
    An open device costs CPU even when silent: SDL's audio thread mixes and hands over a
    buffer of silence every 11.6 ms (86 wakeups a second; pausing the device does not stop
    it). The next :meth:`play` (or :meth:`wake`, which the speech calls before a phrase) opens
    it again at once, on the loop, and plays. No disk: the sounds are kept (pygame's sounds
    outlive ``mixer.quit()`` and play again in a mixer opened with the same format; another
    format reloads the files). The reopening delays that first sound by a median 0.5-3 ms
    under SDL's dummy driver, 5-6 ms through ALSA's null device (benchmarks/daemon_bench.py).

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
        quiet_s: float = MIXER_QUIET_S,
    ) -> None:
        self._log = log or logging.getLogger(__name__)
        self._volume = clamp_volume(volume)
        self._muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        # Closed after a quiet spell: the sounds are kept (their samples are plain memory, in
        # the format the mixer had), but none of them may be touched until it is open again.
        self._asleep = False
        self._asleep_format: tuple[int, int, int] | None = None
        self._quiet_s = quiet_s
        self._quiet_at: float | None = None  # when the quiet spell is up (None: closed)
        self.reopened = 0  # times the device was opened again after a quiet spell
        self._owns_mixer = False
        self._sound_dir = sound_dir
        self._buffer = buffer
        self._clock = clock or MonotonicClock()
        self._opener = opener
        self._retry = Retry("The audio device", self._log)
        problem = self._open()
        if problem is not None:
            self._retry.lost(self._clock.now(), f"No audio device ({problem}): {SILENT_NOTICE}")

    def _open(self) -> pygame.error | None:
        """Open the mixer and load the sounds; the error when no device opens."""
        try:
            self._opener(self._buffer)
            self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except pygame.error as exc:
            return exc
        self._load_sounds(self._sound_dir)
        self._asleep = False
        self._quiet_at = self._clock.now() + self._quiet_s
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
            self._log.warning("No sound could be loaded from %s: %s.", sound_dir, SILENT_NOTICE)
        elif problems:
            self._log.warning("These sounds will be silent: %s.", "; ".join(problems))

    @property
    def loaded_sounds(self) -> tuple[str, ...]:
        """The names of the sounds that loaded and can play."""
        return tuple(self._sounds)

    def next_deadline(self) -> float | None:
        """When the quiet spell is up (None: the device is closed or missing)."""
        return self._quiet_at

    def tick(self, now: float) -> None:
        """Close the audio device once nothing has played for the quiet spell."""
        if self._quiet_at is None or now < self._quiet_at:
            return
        if pygame.mixer.get_busy():  # a long phrase still being said
            self._quiet_at = now + MIXER_BUSY_RECHECK_S
            return
        self._asleep_format = pygame.mixer.get_init() or None
        self._asleep, self._quiet_at = True, None
        self._owns_mixer = False
        pygame.mixer.quit()

    @property
    def asleep(self) -> bool:
        """True while the device is closed after a quiet spell (the next sound opens it)."""
        return self._asleep

    def wake(self) -> bool:
        """The mixer open, now (the speech calls it before a phrase): True when it is.

        Opened again after a quiet spell, with the sounds from memory; the quiet spell starts
        again. False when no device opens (then lost and retried, as ever) or when closed."""
        if self._asleep and not self._reopen():
            return False
        if self._quiet_at is None:  # no device, or closed
            return False
        self._quiet_at = self._clock.now() + self._quiet_s
        return True

    def _reopen(self) -> bool:
        try:
            self._opener(self._buffer)
            self._owns_mixer = True
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            same = pygame.mixer.get_init() == self._asleep_format
        except pygame.error as exc:
            self._lose(exc)
            return False
        self.reopened += 1
        self._asleep = False
        if same:  # the format it was closed in: the sounds as they were, no disk
            self.set_volume(self._volume)  # a change while closed waited
        else:  # another card, another format: from the files
            self._sounds.clear()
            self._load_sounds(self._sound_dir)
        self._quiet_at = self._clock.now() + self._quiet_s
        return True

    def play(self, name: str) -> None:
        if self._muted or name not in self._sounds:
            return
        if not self.wake():
            return
        sound = self._sounds.get(name)
        if sound is None:
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
        if self._asleep:  # a closed mixer's sounds raise (or worse): applied at the reopening
            return
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted and self._sounds and not self._asleep:  # asleep: nothing plays
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
        self._asleep, self._quiet_at = False, None
        self._retry.cancel()  # closed: nothing more to try
        if self._owns_mixer:
            self._owns_mixer = False
            pygame.mixer.quit()

    def _lose(self, exc: pygame.error) -> None:
        self._sounds.clear()
        self._asleep, self._quiet_at = False, None
        self._retry.lost(self._clock.now(), f"Audio stopped working ({exc}): {SILENT_NOTICE}")
