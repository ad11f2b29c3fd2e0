"""The speech output: phrases rendered off the loop, played after the sound, latest only.

:class:`HubSpeech` takes a phrase from the main loop (:meth:`~HubSpeech.say` only records it
and wakes the worker), renders it on its worker thread, and plays it from the loop's
:meth:`~HubSpeech.tick` once the sound it follows has ended. Each new phrase supersedes the one
before: a phrase still waiting to be rendered is dropped, one rendered for an older phrase is
never played, and one playing is cut short. :class:`FakeSpeech` is the same machine with a
renderer that makes no process and a player that records what it would have said.
"""

from __future__ import annotations

import contextlib
import io
import logging
import threading
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from hubd.hardware.speaker import DEFAULT_SOUND_DIR, SOUND_NAMES, clamp_volume
from hubd.speech.render import Renderer, SpeechError, wav_seconds

#: The pause between the end of a sound and the words after it.
GAP_S = 0.15
DEFAULT_RATE = 160  # espeak-ng's words per minute (its own default, 175, rushes scores)
SPEECH_CHANNEL = 0  # reserved: the speaker's sounds never take it

#: Why there is no speech, as the settings screen names it.
NO_ESPEAK, NO_AUDIO, DFPLAYER = "espeak", "audio", "dfplayer"


class Speech(Protocol):
    """Says phrases through the speaker. Every call returns at once and never raises."""

    def say(self, text: str, language: str, now: float, after: Sequence[str] = ()) -> None:
        """Say ``text`` once the sounds ``after`` (just started) end; supersedes the last."""
        ...

    def hush(self) -> None:
        """Drop what is waiting and stop what is playing."""
        ...

    def tick(self, now: float) -> None:
        """Start a rendered phrase whose time has come (called by the main loop)."""
        ...

    def next_deadline(self) -> float | None: ...

    def set_rate(self, words_per_minute: int) -> None: ...

    def set_volume(self, level: float) -> None: ...

    def set_muted(self, muted: bool) -> None: ...

    @property
    def problem(self) -> str | None:
        """None when it can speak, else why not: :data:`NO_ESPEAK`, :data:`NO_AUDIO`, ..."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Clip:
    text: str
    wav: bytes


class Player(Protocol):
    def play(self, clip: Clip, volume: float) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def stop(self) -> None: ...


class MixerPlayer:
    """pygame.mixer's channel 0, reserved so that the speaker's sounds never take it.

    The mixer is the speaker's: it may open late or be reopened (a USB sound card plugged in),
    so the channel is reserved again at each phrase, and with no mixer a phrase is skipped.
    """

    def __init__(self, log: logging.Logger | None = None) -> None:
        self._log = log or logging.getLogger(__name__)
        self._sound: pygame.mixer.Sound | None = None

    def play(self, clip: Clip, volume: float) -> None:
        try:
            if not pygame.mixer.get_init():
                return
            pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)
            # From the bytes in memory: SDL converts to the mixer's format, no disk here.
            self._sound = pygame.mixer.Sound(file=io.BytesIO(clip.wav))
            self._sound.set_volume(volume)
            pygame.mixer.Channel(SPEECH_CHANNEL).play(self._sound)
        except pygame.error as err:
            self._log.warning("cannot play speech: %s", err)

    def set_volume(self, volume: float) -> None:
        if self._sound is not None:
            self._sound.set_volume(volume)

    def stop(self) -> None:
        if self._sound is not None:
            with contextlib.suppress(pygame.error):
                self._sound.stop()
            self._sound = None


def sound_lengths(sound_dir: Path = DEFAULT_SOUND_DIR) -> dict[str, float]:
    """How long each of the hub's sounds plays, from its WAV file (0 when missing)."""
    return {name: wav_seconds(sound_dir / f"{name}.wav") for name in SOUND_NAMES}


@dataclass(frozen=True)
class _Request:
    generation: int
    text: str
    language: str
    rate: int
    start_at: float


@dataclass(frozen=True)
class _Ready:
    generation: int
    clip: Clip
    start_at: float


class HubSpeech:
    """Speech that renders on a worker thread (or, ``threaded=False``, within :meth:`tick`)."""

    def __init__(
        self,
        renderer: Renderer,
        player: Player,
        *,
        threaded: bool = True,
        lengths: dict[str, float] | None = None,
        rate: int = DEFAULT_RATE,
        volume: float = 1.0,
        log: logging.Logger | None = None,
    ) -> None:
        self._renderer = renderer
        self._player = player
        self._lengths = sound_lengths() if lengths is None else lengths
        self._rate = rate
        self._volume = clamp_volume(volume)
        self._muted = False
        self._log = log or logging.getLogger(__name__)
        self._warned: set[str] = set()
        self._lock = threading.Condition()
        self._generation = 0
        self._pending: _Request | None = None
        self._ready: _Ready | None = None
        self._busy = False
        self._closing = False
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._work, name="hubd-speech", daemon=True)
            self._thread.start()

    @property
    def problem(self) -> str | None:
        return None

    # -- the loop's side ------------------------------------------------------------------

    def say(self, text: str, language: str, now: float, after: Sequence[str] = ()) -> None:
        if self._muted or not text:
            self.hush()
            return
        start = now + max((self._lengths.get(s, 0.0) for s in after), default=0.0)
        start += GAP_S if after else 0.0
        with self._lock:
            self._generation += 1
            self._pending = _Request(self._generation, text, language, self._rate, start)
            self._ready = None
            self._lock.notify_all()
        self._player.stop()

    def hush(self) -> None:
        with self._lock:
            self._generation += 1
            self._pending = None
            self._ready = None
        self._player.stop()

    def tick(self, now: float) -> None:
        if self._thread is None:
            self.render_pending()
        ready = self._ready  # one read of a reference: no lock needed to find nothing to do
        if ready is None or now < ready.start_at:
            return
        with self._lock:
            if self._ready is not ready:
                return  # superseded meanwhile
            self._ready = None
            if ready.generation != self._generation:
                return
        self._player.play(ready.clip, self._volume)

    def next_deadline(self) -> float | None:
        ready, pending = self._ready, self._pending
        if ready is not None:
            return ready.start_at
        return pending.start_at if pending is not None else None

    def set_rate(self, words_per_minute: int) -> None:
        self._rate = words_per_minute

    def set_volume(self, level: float) -> None:
        self._volume = clamp_volume(level)
        self._player.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        self._muted = muted
        if muted:
            self.hush()

    def close(self) -> None:
        with self._lock:
            self._closing = True
            self._pending = None
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._player.stop()

    # -- the worker's side ----------------------------------------------------------------

    def render_pending(self) -> bool:
        """Render the waiting phrase now; False when there was none (tests, and the worker)."""
        with self._lock:
            request = self._pending
            if request is None:
                return False
            self._pending = None
            self._busy = True
        clip = None
        try:
            clip = self._render(request)
        finally:
            with self._lock:
                self._busy = False
                if clip is not None and request.generation == self._generation:
                    self._ready = _Ready(request.generation, clip, request.start_at)
                self._lock.notify_all()
        return True

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing is waiting to be rendered (tests and benchmarks only)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def _render(self, request: _Request) -> Clip | None:
        try:
            return Clip(request.text, self._renderer.render(request.text, request.language,
                                                            request.rate))  # fmt: skip
        except SpeechError as err:
            problem = str(err)
            if problem not in self._warned:  # each kind of failure is logged once
                self._warned.add(problem)
                self._log.warning("speech: %s; the hub goes on with its sounds", problem)
            return None
        except Exception:
            self._log.exception("speech: rendering failed; the hub goes on with its sounds")
            return None

    def _work(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closing)
                if self._closing:
                    return
            self.render_pending()


class NoSpeech:
    """Cannot speak (``problem`` says why): every call does nothing."""

    def __init__(self, problem: str) -> None:
        self._problem = problem

    @property
    def problem(self) -> str | None:
        return self._problem

    def say(self, text: str, language: str, now: float, after: Sequence[str] = ()) -> None:
        pass

    def hush(self) -> None:
        pass

    def tick(self, now: float) -> None:
        pass

    def next_deadline(self) -> float | None:
        return None

    def set_rate(self, words_per_minute: int) -> None:
        pass

    def set_volume(self, level: float) -> None:
        pass

    def set_muted(self, muted: bool) -> None:
        pass

    def close(self) -> None:
        pass


# -- the fake -------------------------------------------------------------------------------


def silent_wav(seconds: float = 0.1, rate: int = 22050) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"\0\0" * int(seconds * rate))
    return buffer.getvalue()


class FakeRenderer:
    """Renders at once, without a process; records what it was asked."""

    def __init__(self) -> None:
        self.rendered: list[tuple[str, str, int]] = []

    def render(self, text: str, language: str, rate: int) -> bytes:
        self.rendered.append((text, language, rate))
        return silent_wav()


class RecordingPlayer:
    """Records each phrase it would have played, with its volume."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.stops = 0
        self.volume = 1.0

    def play(self, clip: Clip, volume: float) -> None:
        self.volume = volume
        self.played.append((clip.text, volume))

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def stop(self) -> None:
        self.stops += 1


class FakeSpeech(HubSpeech):
    """Speech for tests: renders within tick(), records what was asked and what was said.

    ``said`` holds every say() call as (text, language, start time); ``spoken`` the texts a
    real hub would have played, in order.
    """

    def __init__(self, *, lengths: dict[str, float] | None = None) -> None:
        self.renderer = FakeRenderer()
        self.player = RecordingPlayer()
        self.said: list[tuple[str, str, float]] = []
        super().__init__(self.renderer, self.player, threaded=False, lengths=lengths)

    def say(self, text: str, language: str, now: float, after: Sequence[str] = ()) -> None:
        super().say(text, language, now, after)
        request = self._pending
        if request is not None:
            self.said.append((text, language, request.start_at))

    @property
    def spoken(self) -> list[str]:
        return [text for text, _volume in self.player.played]
