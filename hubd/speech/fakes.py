"""The speech output's fakes: a renderer that makes no process, a player that records.

:class:`FakeSpeech` is the real :class:`~hubd.speech.output.HubSpeech` machine with both, so the
tests drive the same scheduling the hub uses.
"""

from __future__ import annotations

import io
import wave

from hubd.speech.output import Clip, HubSpeech, _Slot


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

    def _queued(self, slot: _Slot) -> None:
        self.said.append((slot.text, slot.language, self._start(slot)))

    @property
    def spoken(self) -> list[str]:
        return [text for text, _volume in self.player.played]
