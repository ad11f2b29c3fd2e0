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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from hubd.devices.sounds import DEFAULT_SOUND_DIR, SOUND_NAMES, clamp_volume
from hubd.speech.render import Renderer, SpeechError, wav_seconds

#: The pause between the end of a sound and the words after it.
GAP_S = 0.15
DEFAULT_RATE = 160  # espeak-ng's words per minute (its own default, 175, rushes scores)
SPEECH_CHANNEL = 0  # reserved: the speaker's sounds never take it

#: Why there is no speech, as the settings screen names it.
NO_ESPEAK, NO_AUDIO, DFPLAYER = "espeak", "audio", "dfplayer"


class Speech:
    """Says phrases through the speaker. Every call returns at once and never raises.

    This base says nothing: :class:`HubSpeech` speaks, :class:`NoSpeech` says why it cannot.
    """

    def say(
        self,
        text: str,
        language: str,
        now: float,
        after: Sequence[str] = (),
        *,
        hold: float = 0.0,
        urgent: bool = True,
    ) -> None:
        """Say ``text`` once the sounds ``after`` (just started) end; supersedes the last.

        ``hold``: once playing, a later phrase that is not ``urgent`` waits this long (or to
        its end) instead of cutting it."""

    def hush(self) -> None:
        """Drop what is waiting and stop what is playing."""

    def tick(self, now: float) -> None:
        """Start a rendered phrase whose time has come (called by the main loop)."""

    def next_deadline(self) -> float | None:
        return None

    def set_rate(self, words_per_minute: int) -> None:
        pass

    def set_volume(self, level: float) -> None:
        pass

    def set_muted(self, muted: bool) -> None:
        pass

    @property
    def problem(self) -> str | None:
        """None when it can speak, else why not: :data:`NO_ESPEAK`, :data:`NO_AUDIO`, ..."""
        return None

    def close(self) -> None:
        pass


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

    The mixer is the speaker's: it may open late or be reopened (a USB sound card plugged in,
    or the device closed after a quiet spell), so the channel is reserved again at each
    phrase, and with no mixer a phrase is skipped. ``wake`` (the speaker's
    :meth:`~hubd.devices.mixer.MixerSpeaker.wake`) is called before each phrase: it opens a
    device closed after a quiet spell, and keeps it open while the phrase is said.
    """

    def __init__(
        self, log: logging.Logger | None = None, *, wake: Callable[[], bool] | None = None
    ) -> None:
        self._log = log or logging.getLogger(__name__)
        self._wake = wake
        self._sound: pygame.mixer.Sound | None = None

    def play(self, clip: Clip, volume: float) -> None:
        try:
            if self._wake is not None:
                self._wake()
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
            with contextlib.suppress(pygame.error):  # the mixer closed since: nothing plays
                self._sound.set_volume(volume)

    def stop(self) -> None:
        if self._sound is not None:
            with contextlib.suppress(pygame.error):
                self._sound.stop()
            self._sound = None


def sound_lengths(sound_dir: Path = DEFAULT_SOUND_DIR) -> dict[str, float]:
    """How long each of the hub's sounds plays, from its WAV file (0 when missing)."""
    return {name: wav_seconds(sound_dir / f"{name}.wav") for name in SOUND_NAMES}


@dataclass(eq=False)  # one phrase is one slot: compared by identity
class _Slot:
    """A phrase to say: rendered by the worker (``done``), then played from tick()."""

    text: str
    language: str
    rate: int
    start_at: float
    hold: float = 0.0  # once playing, not cut by a phrase that does not change the news
    follower: bool = False  # waits for the held phrase before it
    clip: Clip | None = None
    done: bool = False
    busy: bool = False


class HubSpeech(Speech):
    """Speech that renders on a worker thread (or, ``threaded=False``, within :meth:`tick`).

    At most two phrases wait: the latest, and before it a phrase it must not cut (the news
    within its hold). A phrase asked for again while it is still waiting or playing goes on
    as it is: it is never restarted for the same cause (a restart is heard as a click).
    """

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
        self._slots: list[_Slot] = []
        self._playing: tuple[str, str] | None = None  # (text, language) of the phrase heard
        self._playing_until = 0.0
        self._held_until = 0.0
        self._closing = False
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._work, name="hubd-speech", daemon=True)
            self._thread.start()

    # -- the loop's side ------------------------------------------------------------------

    def say(
        self,
        text: str,
        language: str,
        now: float,
        after: Sequence[str] = (),
        *,
        hold: float = 0.0,
        urgent: bool = True,
    ) -> None:
        if self._muted or not text:
            self.hush()
            return
        start = now + max((self._lengths.get(s, 0.0) for s in after), default=0.0)
        start += GAP_S if after else 0.0
        with self._lock:
            if self._slots and (self._slots[-1].text, self._slots[-1].language) == (text, language):
                return  # already on its way
            if not self._slots and self._playing == (text, language) and now < self._playing_until:
                return  # already being said
            first = self._slots[0] if self._slots else None
            held = (first is not None and first.hold > 0) or now < self._held_until
            if urgent or not held:
                slot = _Slot(text, language, self._rate, start, hold)
                self._slots = [slot]
                self._held_until = 0.0
                cut = True
            else:  # the news playing (or about to) is heard first; this follows it
                keep = [first] if first is not None and first.hold > 0 else []
                slot = _Slot(text, language, self._rate, start, hold, True)
                self._slots = [*keep, slot]
                cut = False
            self._queued(slot)
            self._lock.notify_all()
        if cut:
            self._stop()

    def hush(self) -> None:
        with self._lock:
            self._slots = []
            self._held_until = 0.0
        self._stop()

    def _stop(self) -> None:
        self._playing = None
        self._player.stop()

    def tick(self, now: float) -> None:
        if self._thread is None:
            while self.render_pending():
                pass
        if not self._slots:  # one read of a reference: no lock to find nothing to do
            return
        with self._lock:
            while self._slots and self._slots[0].done and self._slots[0].clip is None:
                self._slots.pop(0)  # could not be rendered (already logged)
            if not self._slots or not self._slots[0].done:
                return
            slot = self._slots[0]
            if now < self._start(slot):
                return
            self._slots.pop(0)
            clip = slot.clip
            assert clip is not None
            seconds = wav_seconds(clip.wav)
            self._playing, self._playing_until = (slot.text, slot.language), now + seconds
            self._held_until = now + min(slot.hold, seconds) if slot.hold else 0.0
        self._player.play(clip, self._volume)

    def _queued(self, slot: _Slot) -> None:
        """Called with the lock held for each phrase say() queues (the fakes record it)."""

    def _start(self, slot: _Slot) -> float:
        return max(slot.start_at, self._held_until) if slot.follower else slot.start_at

    def next_deadline(self) -> float | None:
        slots = self._slots
        return self._start(slots[0]) if slots else None

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
        """Stop now: a render under way is killed, so that the daemon stops within 2 s."""
        with self._lock:
            self._closing = True
            self._slots = []
            self._lock.notify_all()
        cancel = getattr(self._renderer, "cancel", None)
        if callable(cancel):
            cancel()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self._player.stop()

    # -- the worker's side ----------------------------------------------------------------

    def render_pending(self) -> bool:
        """Render the next waiting phrase now; False when there was none (tests, the worker)."""
        with self._lock:
            slot = next((s for s in self._slots if not s.done and not s.busy), None)
            if slot is None:
                return False
            slot.busy = True
        clip = None
        try:
            clip = self._render(slot)
        finally:
            with self._lock:
                slot.busy, slot.done, slot.clip = False, True, clip
                self._lock.notify_all()
        return True

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing is waiting to be rendered (tests and benchmarks only)."""
        with self._lock:
            return self._lock.wait_for(lambda: all(s.done for s in self._slots), timeout)

    def _render(self, slot: _Slot) -> Clip | None:
        try:
            return Clip(slot.text, self._renderer.render(slot.text, slot.language, slot.rate))
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
                self._lock.wait_for(
                    lambda: self._closing or any(not s.done and not s.busy for s in self._slots)
                )
                if self._closing:
                    return
            self.render_pending()


class NoSpeech(Speech):
    """Cannot speak (``problem`` says why): every call does nothing."""

    def __init__(self, problem: str) -> None:
        self._problem = problem

    @property
    def problem(self) -> str | None:
        return self._problem
